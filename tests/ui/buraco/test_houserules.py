"""Buraco's house rules in Settings: every BURACO.md key on the page in words in every language,
refusals by the engine explained with nothing changed, the rules saved (old and damaged
settings files load) and used by Buraco's New game, the page drawn and reached by keyboard."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import re
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UIButton

from carioca_desktop import i18n
from carioca_desktop.rules.buraco.ruleset import KEYS, PRESETS, BuracoRules, preset_rules
from carioca_desktop.storage import DEFAULT_BURACO_RULES, Paths, Settings, load_settings
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import BuracoTableScene, houserules
from carioca_desktop.ui.scenes.buraco.newgame import HOUSE, BuracoNewGameScene
from carioca_desktop.ui.scenes.settings import Row, SettingsScene
from tests.fixtures.drawn import record_drawn_text

RAW_KEY = re.compile(r"[a-z_]+(\.[a-z0-9_A-Z]+)+")


def frames(app: App, n: int = 2) -> None:
    for _ in range(n):
        app.frame(0.016)


def key(app: App, code: int) -> None:
    app.process(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    frames(app, 1)


def page(app: App, lang: str = "en") -> SettingsScene:
    app.update_settings(app.settings.replace(language=lang))
    scene = SettingsScene(app, "rules", "buraco")
    app.reset(scene)
    frames(app)
    return scene


def row_of(scene: SettingsScene, label: str) -> tuple[int, Row]:
    return next((i, r) for i, r in enumerate(scene.rows()) if r.label == label)


def step_row(app: App, scene: SettingsScene, label: str, delta: int) -> None:
    """Focus a row's stepper with the keyboard's help and press ← or →, as a player would."""
    index, _ = row_of(scene, label)
    scene.first = index
    scene.rebuild()
    frames(app)
    stop = min(i for i, r in scene._row_of.items() if r == index)
    scene.focus.restore(stop)
    key(app, pygame.K_RIGHT if delta > 0 else pygame.K_LEFT)


def texts_of(lang: str) -> dict[str, str]:
    return {k: v for k, v in i18n.catalogue(lang).items() if k.startswith("buraco_houserules.")}


# ----------------------------------------------------------------------------- every key, in words
def test_the_page_covers_every_key_of_the_rule_set() -> None:
    assert set(houserules.PAGE_KEYS) == set(KEYS)
    ranks = [r for group in houserules.POINT_GROUPS.values() for r in group]
    assert sorted(ranks) == sorted(BuracoRules().points)
    assert set(houserules.BONUSES) == set(BuracoRules().bonuses)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_key_is_on_the_page_in_words_in_every_language(app: App, lang: str) -> None:
    scene = page(app, lang)
    own = texts_of(lang)
    rows = scene.rows()
    labels = {r.label: r for r in rows}
    wanted = [f"buraco_houserules.key.{k}" for k in houserules.CHOICES]
    wanted += [f"buraco_houserules.points.{g}" for g in houserules.POINT_GROUPS]
    wanted += [f"buraco_houserules.bonus.{b}" for b in houserules.BONUSES]
    for name in wanted:
        assert name in own, f"{name} has no {lang} text"
        row = labels.get(own[name])
        assert row is not None, f"{own[name]!r} is not on the {lang} page"
        assert row.about and not RAW_KEY.fullmatch(row.about) and "%{" not in row.about
    for r in rows:
        for text, _ in r.options:
            assert text and not RAW_KEY.fullmatch(text) and "%{" not in text, (lang, r.label)
    # Every word a value can take (not only those of the current rules) exists in the language.
    for k, options in houserules.CHOICES.items():
        for value in options:
            if isinstance(value, str) or k in ("players", "mortos", "stock_end_at"):
                assert f"buraco_houserules.val.{k}.{value}" in own, (lang, k, value)
    # Its home languages use their own words.
    home = {"pt": "canastra limpa", "it": "burraco pulito"}
    if lang in home:
        assert any(home[lang] in text for text in own.values())


def test_the_values_read_as_words() -> None:
    i18n.set_language("en")
    assert houserules.value_text("first_meld_min", 0) == "none"
    assert houserules.value_text("first_meld_min", 50) == "50 points"
    assert houserules.value_text("sets", "A_3_K") == "aces, 3s and kings only"
    assert houserules.value_text("open_hands", True) == "Yes"
    assert houserules.value_text("players", 2) == "2 (one against one)"


# ----------------------------------------------------------------------------- refusals
def test_an_unplayable_combination_is_refused_with_its_reason_and_nothing_saved(app: App) -> None:
    app.update_settings(app.settings.replace(buraco_rules={"game": "buraco", "preset": "italiano"}))
    scene = page(app)
    for group in ("JK", "2", "A", "3_7"):  # accepted: the 8s to kings still make 480
        _, row = row_of(scene, i18n.tr(f"buraco_houserules.points.{group}"))
        assert row.change is not None and row.change(0)
    label = i18n.tr("buraco_houserules.points.8_K")
    step_row(app, scene, label, -1)  # 10 → 5: still 240 for a first meld of 50
    assert not scene.message_bad
    before = app.paths.settings_file.read_bytes()
    step_row(app, scene, label, -1)  # 5 → 0: nothing is worth anything any more
    assert scene.message_bad
    assert "50" in scene.message and "Nothing was changed" in scene.message
    assert app.paths.settings_file.read_bytes() == before
    saved, _ = load_settings(app.paths)
    assert BuracoRules.from_dict(saved.buraco_rules).points["8"] == 5
    _, row = row_of(scene, label)
    assert row.value == 5  # the page still shows what is saved


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_engines_refusals_are_translated(lang: str) -> None:
    i18n.set_language(lang)
    zero = dict.fromkeys(BuracoRules().points, 0)
    for data, number in (
        ({"preset": "italiano", "points": zero}, "50"),
        ({"points": zero, "bonuses": {"limpo": 0, "sujo": 0, "going_out": 0}}, "3000"),
    ):
        with pytest.raises(ValueError) as err:
            BuracoRules.from_dict({"game": "buraco", **data})
        words = houserules.explain(err.value)  # type: ignore[arg-type]
        assert number in words and "%{" not in words
        assert words != i18n.tr("buraco_houserules.err.other", detail=str(err.value))


# ----------------------------------------------------------------------------- saved and used
def test_saved_rules_round_trip_and_reach_the_new_game(app: App) -> None:
    scene = page(app)
    _, players = row_of(scene, i18n.tr("buraco_houserules.key.players"))
    _, target = row_of(scene, i18n.tr("buraco_houserules.key.target"))
    assert players.change is not None and players.change(2)
    # Two players is exactly a preset: saved by its name, and named so on the page.
    assert app.settings.buraco_rules == {"game": "buraco", "preset": "dois_jogadores"}
    assert scene.rows()[0].about == i18n.tr(
        "buraco_houserules.is_preset", preset=houserules.preset_name("dois_jogadores")
    )
    assert BuracoNewGameScene(app).preset == "dois_jogadores"
    _, target = row_of(scene, i18n.tr("buraco_houserules.key.target"))
    assert target.change is not None and target.change(5000)
    wanted = preset_rules("dois_jogadores", target=5000)
    saved, notices = load_settings(app.paths)
    assert notices == [] and BuracoRules.from_dict(saved.buraco_rules) == wanted
    assert "(changed)" in scene.rows()[0].options[4][0]  # "Two players (changed)"
    # New game offers them first, chosen, and starts the match with them.
    new = BuracoNewGameScene(app)
    app.reset(new)
    frames(app)
    assert new.preset == HOUSE and new.rules == wanted
    new.start()
    frames(app)
    table = app.stack.top
    assert isinstance(table, BuracoTableScene) and table.session.game.rules == wanted


def test_old_settings_files_load_and_bad_buraco_rules_are_set_aside(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    paths.settings_file.parent.mkdir(parents=True, exist_ok=True)
    paths.settings_file.write_text(json.dumps({"schema": 1, "volume": 0.4}), encoding="utf-8")
    loaded, notices = load_settings(paths)
    assert notices == [] and loaded.buraco_rules == DEFAULT_BURACO_RULES
    for bad in (
        {"game": "buraco", "preset": "nope"},
        {"game": "buraco", "first_meld_min": 50, "points": {"JK": 0}, "target": 0},
        {"preset": "clasico"},  # Carioca's rules in Buraco's place
        ["game", "buraco"],
    ):
        doc = {"schema": 1, "volume": 0.4, "buraco_rules": bad}
        paths.settings_file.write_text(json.dumps(doc), encoding="utf-8")
        loaded, notices = load_settings(paths)
        assert loaded.buraco_rules == DEFAULT_BURACO_RULES and loaded.volume == 0.4
        assert [n.detail.split(":")[0] for n in notices] == ["buraco_rules"]
        assert notices[0].moved_to is not None
        assert json.loads(Path(notices[0].moved_to).read_text())["buraco_rules"] == bad
    with pytest.raises(ValueError):
        Settings().replace(buraco_rules={"preset": "brasileiro"})


def test_the_default_buraco_rules_are_the_engines_default() -> None:
    assert BuracoRules.from_dict(DEFAULT_BURACO_RULES) == BuracoRules()


# ----------------------------------------------------------------------------- drawn, reached
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_page_builds_and_paints_every_row(
    app: App, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    record_drawn_text(monkeypatch, drawn)
    scene = page(app, lang)
    total = len(scene.rows())
    for size in ((1600, 900), (1280, 720), (960, 600)):
        app.resize(size)
        _, _, fits = scene._metrics()
        for first in range(0, total, fits):
            scene.first = first
            scene.rebuild()
            frames(app)
            if size != (960, 600):  # every button's words fit on it
                wide = [
                    e.text
                    for e in scene.elements
                    if isinstance(e, UIButton) and e.font.size(e.text)[0] > e.rect.w - 8
                ]
                assert not wide, (lang, size, wide)
        raw = [t for t in drawn if RAW_KEY.fullmatch(t.strip()) or "%{" in t]
        assert not raw, (lang, size, raw)
        if size != (960, 600):  # 1280×720 and the default window: nothing cut short
            cut = [t for t in drawn if t.endswith("…")]
            assert not cut, (lang, size, cut)
        assert i18n.tr("buraco_houserules.title") in drawn
        drawn.clear()


def test_every_row_is_reached_by_keyboard_and_the_game_is_switched(app: App) -> None:
    scene = page(app)
    seen = set()
    for _ in range(len(scene.rows()) + len(scene.focus.items)):
        key(app, pygame.K_DOWN)
        row = scene._row_of.get(scene.focus.index)
        if row is not None:
            seen.add(row)
    assert seen == set(range(len(scene.rows())))
    # The game stepper at the top switches the page to Carioca's rules and back.
    scene.first = 0
    scene.rebuild()
    game = i18n.tr("buraco.newgame.game_buraco")
    scene.focus.restore(next(i for i, f in enumerate(scene.focus.items) if f.element.text == game))
    key(app, pygame.K_RIGHT)
    frames(app)
    assert scene.game == "carioca"
    assert scene.rows()[0].label == i18n.tr("houserules.preset_label")


def test_every_preset_is_named_exactly() -> None:
    for name in PRESETS:
        rules = preset_rules(name)
        assert rules.matching_preset() == name
        assert not houserules.changed(rules)
        assert houserules.canonical(rules) == {"game": "buraco", "preset": name}
