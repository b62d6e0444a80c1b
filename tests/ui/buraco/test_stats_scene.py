"""The statistics scene's two games: Buraco's tab (tiles, breakdowns, the match list, the chart
of the running scores against the target) and Carioca's beside it, in every language."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest
from pygame_gui.core.utility import translate

from carioca_desktop import i18n
from carioca_desktop.storage import (
    BuracoRecord,
    MatchRecord,
    PlayerRecord,
    append_match,
)
from carioca_desktop.ui import theme
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco.newgame import BuracoNewGameScene
from carioca_desktop.ui.scenes.buraco.stats import SideChart
from carioca_desktop.ui.scenes.levelchoice import LevelChoiceScene
from carioca_desktop.ui.scenes.stats import StatsScene
from carioca_desktop.ui.theme import seat_colour
from tests.fixtures.drawn import record_drawn_text

RAW_KEY = re.compile(r"[a-z_]+(\.[a-z0-9_]+)+")
ANA = PlayerRecord("Ana", "human")


def buraco_record(n: int, hands: tuple[tuple[int, int], ...], winner: int) -> BuracoRecord:
    scores = (sum(h[0] for h in hands), sum(h[1] for h in hands))
    preset = ("brasileiro", "italiano", "dois_jogadores")[n % 3]
    return BuracoRecord(
        finished_at=f"2026-11-2{n}T21:00:00+00:00",
        preset=preset,
        rules={"game": "buraco", "preset": preset, "target": 2500},
        players=(ANA, PlayerRecord("Beto", "bot", "hard")),
        sides=((0,), (1,)),
        hand_points=hands,
        scores=scores,
        target=2500,
        winner=winner,
        human_seats=(0,),
        match_id=f"b{n}",
    )


def carioca_record() -> MatchRecord:
    return MatchRecord(
        "2026-11-20T20:00:00+00:00", "clasico", {"preset": "clasico"},
        [ANA, PlayerRecord("Beto", "bot", "easy")], [[0, 30], [25, 0]], [25, 30], [0],
        "penalty", [0], "c1",
    )  # fmt: skip


WON = ((-150, 600), (1400, 700), (1450, 900))  # Ana below zero first, then past 2500
LOST = ((300, 1500), (200, 1300))


def fill(app: App) -> None:
    """A Carioca match, then two Buraco ones: the last played is Buraco's."""
    append_match(carioca_record(), app.paths)
    append_match(buraco_record(1, LOST, 1), app.paths)
    append_match(buraco_record(2, WON, 0), app.paths)


def frames(app: App, n: int = 2) -> None:
    for _ in range(n):
        app.frame(0.016)


def language(app: App, lang: str) -> None:
    app.update_settings(app.settings.replace(language=lang))


def widget_texts(app: App) -> list[str]:
    texts = []
    for element in app.manager.get_sprite_group().sprites():
        value = getattr(element, "text", None)
        if isinstance(value, str) and value:
            texts.append(translate(value, **(getattr(element, "text_kwargs", None) or {})))
    return texts


def button(app: App, text: str) -> Any:
    [found] = [
        e
        for e in app.manager.get_sprite_group().sprites()
        if isinstance(e, pygame_gui.elements.UIButton) and e.alive() and e.text == text
    ]
    return found


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.process(pygame.event.Event(kind, button=1, pos=pos, touch=False, window=None))
    frames(app)


def key(app: App, code: int) -> None:
    app.process(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    frames(app, 1)


# ---------------------------------------------------------------------- every language
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_both_games_draw_in_every_language_without_raw_keys(
    app: App, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    language(app, lang)
    fill(app)
    drawn: list[str] = []
    record_drawn_text(monkeypatch, drawn)
    for game in ("carioca", "buraco"):
        app.reset(StatsScene(app, game))
        for size in ((1600, 900), (960, 600)):
            app.resize(size)
            drawn.clear()
            frames(app)
            shown = widget_texts(app) + drawn
            raw = [t for t in shown if RAW_KEY.fullmatch(t.strip()) or "%{" in t]
            assert not raw, f"{game} at {size} in {lang} shows {raw}"
            words = i18n.tr("buraco_stats.won") if game == "buraco" else i18n.tr("stats.won")
            assert words in drawn, f"no {game} figures at {size} in {lang}"
        app.resize((1600, 900))
    assert i18n.tr("buraco_stats.target", n=2500) in drawn  # the chart's target line, named
    assert i18n.tr("buraco_stats.tab_buraco") in widget_texts(app)


# ---------------------------------------------------------------------- the figures
def test_the_buraco_tab_shows_the_players_figures(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    language(app, "en")
    fill(app)
    drawn: list[str] = []
    record_drawn_text(monkeypatch, drawn)
    scene = StatsScene(app)
    app.reset(scene)
    frames(app)
    assert scene.game == "buraco"  # the last match played was Buraco's
    assert [m.match_id for m in scene.views["buraco"].matches] == ["b2", "b1"]  # most recent first
    for text in ("Won", "50 %", "1600", "2700", "of 2", "2700–2200", "500–2800"):
        assert text in drawn, f"{text!r} not drawn: {drawn}"
    assert "Ana ★" in drawn and "Two players (changed)" in drawn
    assert "Running score, round by round" in drawn and "3 rounds" in " ".join(drawn)
    assert {"-150", "+1400", "+1450", "+900"} <= set(drawn)  # each round's points, in a table


def test_the_chart_draws_both_sides_and_the_target_line(app: App) -> None:
    fill(app)
    scene = StatsScene(app, "buraco")
    app.reset(scene)
    frames(app)
    _, box, _, _ = scene._areas()
    chart = SideChart(scene, box, scene.views["buraco"].matches[0])
    plot = chart.plot
    picture = app.screen.subsurface(plot)
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(plot.w) for y in range(plot.h)}
    for side in (0, 1):
        assert any(near(c, seat_colour(side, light=True)) for c in colours), f"no side {side}"
    _, y = chart._point(0, 2500)
    row = [tuple(app.screen.get_at((x, round(y))))[:3] for x in range(plot.x, plot.right)]
    assert sum(near(c, theme.GOLD, 30) for c in row) > len(row) // 4  # dashed, in gold
    assert chart.floor < 0 < 2500 < chart.ceiling  # below zero and above the target in view


def near(a: tuple[int, ...], b: tuple[int, ...], tol: int = 12) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


# ---------------------------------------------------------------------- moving about
def test_tabs_and_arrow_keys_switch_the_game(app: App) -> None:
    language(app, "pt")
    fill(app)
    scene = StatsScene(app)
    app.reset(scene)
    frames(app)
    click(app, button(app, i18n.tr("buraco_stats.tab_carioca")).rect.center)
    assert scene.game == "carioca" and scene.views["carioca"].summary.played == 1
    key(app, pygame.K_RIGHT)
    assert scene.game == "buraco"
    key(app, pygame.K_LEFT)
    assert scene.game == "carioca"
    assert StatsScene(app, "buraco").game == "buraco"


def test_a_clicked_or_keyed_match_is_the_one_charted(app: App) -> None:
    fill(app)
    scene = StatsScene(app, "buraco")
    app.reset(scene)
    frames(app)
    listing = scene._areas()[3]
    top, row_h, _ = scene._list_rows(listing)
    click(app, (listing.centerx, top + row_h + row_h // 2))
    assert scene.views["buraco"].selected == 1
    key(app, pygame.K_UP)
    # Carioca's choice is untouched
    assert scene.views["buraco"].selected == 0 and scene.views["carioca"].selected == 0


def test_the_empty_buraco_tab_offers_a_buraco_match(app: App) -> None:
    language(app, "it")
    append_match(carioca_record(), app.paths)
    scene = StatsScene(app)
    app.reset(scene)
    frames(app)
    assert scene.game == "carioca"
    key(app, pygame.K_RIGHT)
    assert scene.game == "buraco" and scene.views["buraco"].matches == []
    click(app, button(app, i18n.tr("common.new_game")).rect.center)
    frames(app)
    # A fresh home: the first New game asks the bots' level over Buraco's screen.
    assert isinstance(app.stack.top, LevelChoiceScene) and app.stack.top.game == "buraco"
    assert isinstance(app.stack.scenes[-2], BuracoNewGameScene)


def test_the_selftest_draws_the_buraco_tab(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from carioca_desktop.selftest import _buraco_statistics

    monkeypatch.setenv("CARIOCA_HOME", str(tmp_path))
    hands = _buraco_statistics(app)
    assert hands >= 1 and (tmp_path / "buraco statistics.png").stat().st_size > 0
    assert isinstance(app.stack.top, StatsScene) and app.stack.top.game == "buraco"


def test_the_buraco_tab_shows_the_persons_level_on_the_ladder(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from carioca_desktop.storage.buraco.rating import buraco_rating

    language(app, "es")
    fill(app)
    drawn: list[str] = []
    record_drawn_text(monkeypatch, drawn)
    app.reset(StatsScene(app, "buraco"))
    frames(app)
    rating = buraco_rating([buraco_record(1, LOST, 1), buraco_record(2, WON, 0)])
    assert rating is not None and i18n.tr("stats.level") in drawn
    assert f"{rating.value:.0f}" in drawn
    assert i18n.tr("stats.level_note", margin=f"{rating.margin:.0f}") in drawn
