"""The menu screens headless: every scene builds and draws at two sizes in Spanish and English
with no raw key on screen; settings persist; bad house rules are refused; the stats chart."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest
from pygame_gui.core.utility import translate

from carioca_desktop import i18n
from carioca_desktop.games import LEVELS
from carioca_desktop.resources import asset
from carioca_desktop.rules.carioca.actions import Discard, Draw, LayDown, NextRound
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.position import from_position
from carioca_desktop.rules.carioca.ruleset import PRESETS, CariocaRules
from carioca_desktop.rules.errors import RuleSetError
from carioca_desktop.storage import (
    MatchRecord,
    Notice,
    Paths,
    PlayerRecord,
    append_match,
    load_settings,
)
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scene import Scene
from carioca_desktop.ui.scenes.carioca.chart import Chart as _Chart
from carioca_desktop.ui.scenes.carioca.final import FinalScoreScene, winners_text
from carioca_desktop.ui.scenes.carioca.houserules import CariocaHouseRules
from carioca_desktop.ui.scenes.carioca.newgame import NewGameScene
from carioca_desktop.ui.scenes.carioca.rules import (
    CHOICES,
    CONTRACTS,
    RulesScene,
    contract_text,
    explain,
    key_label,
    preset_name,
    value_text,
)
from carioca_desktop.ui.scenes.carioca.summary import RoundSummaryScene
from carioca_desktop.ui.scenes.confirm import ConfirmScene
from carioca_desktop.ui.scenes.menu import MenuScene
from carioca_desktop.ui.scenes.pause import PauseScene
from carioca_desktop.ui.scenes.settings import SettingsScene
from carioca_desktop.ui.scenes.stats import StatsScene
from carioca_desktop.ui.theme import seat_colour
from carioca_desktop.ui.widgets import Stepper
from tests.fixtures.drawn import record_drawn_text

NAMESPACES = ("menu", "newgame", "summary", "final", "pause", "settings", "stats", "rules",
              "common", "notice", "houserules")  # fmt: skip
RAW_KEY = re.compile(r"[a-z_]+(\.[a-z0-9_]+)+")
NAMES = ("Ana", "Beto", "Carla", "Diego", "Elena")
LEFT = ("AS", "KH", "JK", "4C"), ("QS", "QD", "2H", "8C", "10S"), ("3C", "6H"), ("AH", "9C")


# ----------------------------------------------------------------------------- fixtures
@dataclass(frozen=True)
class FakeSeat:
    name: str
    kind: str = "bot"
    level: str | None = "normal"


class FakeSession:
    """What the score screens use of a MatchSession: game, seats, next_round()."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.seats = [FakeSeat(game.state.names[0], "human", None)]
        self.seats += [FakeSeat(n, "bot", "hard") for n in game.state.names[1:]]

        self.dealt = 0

    def next_round(self) -> None:
        """A described position holds too few cards to deal again: count the call."""
        assert self.game.can(NextRound())
        self.dealt += 1


def finished_round(players: int = 4, last: bool = False, tie: bool = False) -> FakeSession:
    """Seat 0 has just gone out of round 2 (or of the last round, ending the match)."""
    rules = CariocaRules.from_dict({"preset": "chico" if last else "clasico", "players": players})
    number = len(rules.rounds) if last else 2
    melds = (
        (("3D", "4D", "5D", "6D"), ("8S", "9S", "10S", "JS"), ("2H", "3H", "4H", "5H"))
        if last
        else (("7S", "7H", "7D"), ("3D", "4D", "5D", "6D"))
    )
    hands = [[c for m in melds for c in m]] + [list(LEFT[i % 4]) for i in range(players - 1)]
    game = from_position(
        rules, hands, round_number=number, stock=["QC", "8H"], pozo=["10H"],
        names=NAMES[:players],
    )  # fmt: skip
    for r in range(number - 1):
        game.state.points[r] = [0 if s == r % players else 5 * (s + r + 1) for s in range(players)]
        game.state.went_out[r] = r % players
    if tie:  # seat 1 catches up exactly with seat 0, with as many rounds won
        game.state.points[0] = [40, 0, 30, 30][:players]
    game.apply(Draw(0))
    game.apply(LayDown(0, melds))
    game.apply(Discard(0, "QC"))
    return FakeSession(game)


class Under(Scene):
    """A stand-in for the table below an overlay, with a widget of its own."""

    def enter(self) -> None:
        self.widget = pygame_gui.elements.UIButton(
            pygame.Rect(10, 10, 120, 40), "X", self.app.manager
        )

    def exit(self) -> None:
        self.widget.kill()


def frames(app: App, n: int = 2) -> None:
    for _ in range(n):
        app.frame(0.016)


def language(app: App, lang: str) -> None:
    app.update_settings(app.settings.replace(language=lang))


def shown_text(app: App) -> list[str]:
    """Every text a widget shows now, as pygame_gui renders it (translated)."""
    texts = []
    for element in app.manager.get_sprite_group().sprites():
        for attr in ("text", "html_text", "placeholder_text"):
            value = getattr(element, attr, None)
            if isinstance(value, str) and value:
                texts.append(translate(value, **(getattr(element, "text_kwargs", None) or {})))
    return texts


def click(app: App, element: Any) -> None:
    """A left click in the middle of a widget, through the app like a real one."""
    pos = element.rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.process(pygame.event.Event(kind, button=1, pos=pos, touch=False, window=None))
    frames(app)


def key(app: App, code: int, mod: int = 0) -> None:
    app.process(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    frames(app, 1)


def buttons(app: App, text: str) -> list[Any]:
    return [
        e
        for e in app.manager.get_sprite_group().sprites()
        if isinstance(e, pygame_gui.elements.UIButton) and e.alive() and e.text == text
    ]


def add_matches(app: App, count: int = 3) -> None:
    for m in range(count):
        players = [PlayerRecord("Ana", "human", None), PlayerRecord("Beto", "bot", "easy"),
                   PlayerRecord("Carla", "bot", "hard")]  # fmt: skip
        points = [[30, 12 + m, 0], [25, 0, 8], [40, 44, 0], [0, 9, 17]]  # Ana above the rest
        totals = [sum(r[s] for r in points) for s in range(3)]
        winners = [totals.index(min(totals))]
        record = MatchRecord(f"2025-03-1{m}T20:00:00+00:00", "clasico", {"preset": "clasico"},
                             players, points, totals, winners, "penalty", [0])  # fmt: skip
        append_match(record, app.paths)


SCENES: dict[str, Callable[[App], Scene]] = {
    "menu": MenuScene,
    "newgame": NewGameScene,
    "settings": SettingsScene,
    "settings_display": lambda a: SettingsScene(a, "display"),
    "settings_sound": lambda a: SettingsScene(a, "sound"),
    "settings_rules": lambda a: SettingsScene(a, "rules"),
    "stats_empty": StatsScene,
    "stats": lambda a: (add_matches(a), StatsScene(a))[1],
    "rules": RulesScene,
    "pause": PauseScene,
    "summary": lambda a: RoundSummaryScene(a, finished_round(5)),
    "final": lambda a: FinalScoreScene(a, finished_round(4, last=True)),
    "confirm": lambda a: ConfirmScene(
        a,
        i18n.tr("newgame.abandon_title"),
        ["Ana, Beto", i18n.tr("newgame.abandon_lost")],
        i18n.tr("newgame.abandon_yes"),
        i18n.tr("newgame.abandon_no"),
        lambda: None,
    ),
}


# ----------------------------------------------------------------------------- tests
@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_scene_draws_at_both_sizes_without_raw_keys(
    app: App, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    language(app, lang)
    drawn: list[str] = []
    record_drawn_text(monkeypatch, drawn)
    by_hand = 0
    for name, make in SCENES.items():
        app.reset(Under(app))
        app.push(make(app))
        for size in ((1600, 900), (960, 600)):
            app.resize(size)
            frames(app)
            shown = shown_text(app) + drawn
            raw = [t for t in shown if RAW_KEY.fullmatch(t.strip())]
            assert not raw, f"{name} at {size} in {lang} shows raw keys: {raw}"
            by_hand += len(drawn)
            drawn.clear()
        app.resize((1600, 900))
    assert by_hand > 0  # the hand-drawn text was seen (the recorder works)


def test_catalogues_have_the_same_keys_in_spanish_and_english() -> None:
    for namespace in NAMESPACES:
        keys = {}
        for lang in ("es", "en"):
            path = asset("i18n", f"{namespace}.{lang}.json")
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            keys[lang] = set(i18n_keys(data[lang]))
        assert keys["es"] == keys["en"], namespace


def i18n_keys(node: dict[str, Any], prefix: str = "") -> Iterator[str]:
    for name, value in node.items():
        if isinstance(value, dict):
            yield from i18n_keys(value, f"{prefix}{name}.")
        else:
            yield prefix + name


def test_volume_changed_with_the_keyboard_is_saved(app: App) -> None:
    scene = SettingsScene(app, "sound")
    app.push(scene)
    frames(app)
    slider = next(
        e for e in scene.elements if isinstance(e, pygame_gui.elements.UIHorizontalSlider)
    )
    scene.focus.restore(next(i for i, f in enumerate(scene.focus.items)
                             if f.element is slider.sliding_button))  # fmt: skip
    before = app.settings.volume
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    saved, _ = load_settings(app.paths)
    assert saved.volume == pytest.approx(before - 0.2)


def test_a_clicked_setting_is_saved(app: App) -> None:
    app.push(SettingsScene(app, "display"))
    frames(app)
    before = app.settings.four_colour
    # The second stepper of the page is the four-colour deck; its ▶ is the 2nd "▶" button.
    click(app, buttons(app, "▶")[1])
    saved, _ = load_settings(app.paths)
    assert saved.four_colour is (not before)


def test_an_invalid_house_rule_is_refused_with_a_message_and_not_saved(app: App) -> None:
    app.update_settings(app.settings.replace(house_rules={"preset": "escala_real"}))
    scene = SettingsScene(app, "rules")
    app.push(scene)
    frames(app)
    row = next(
        i for i, r in enumerate(scene.rows()) if r.label == tr_key("houserules.key.hand_size")
    )
    scene.first = row
    scene.rebuild()
    frames(app)
    # The first "◀" is the game's (Carioca / Buraco); the next, the first visible row's,
    # now "cards in a hand".
    stepper_left = buttons(app, "◀")[1]
    click(app, stepper_left)
    assert scene.message_bad and "13" in scene.message  # round 9 needs 13 cards
    saved, _ = load_settings(app.paths)
    assert saved.house_rules == {"preset": "escala_real"}


def tr_key(key: str) -> str:
    return i18n.tr(key)


def test_a_valid_house_rule_is_saved(app: App) -> None:
    scene = SettingsScene(app, "rules")
    app.push(scene)
    frames(app)
    assert CariocaHouseRules(scene)._change_rule("wild_twos", "red")
    saved, _ = load_settings(app.paths)
    assert CariocaRules.from_dict(saved.house_rules).wild_twos == "red"
    assert not scene.message_bad


def test_new_game_explains_and_refuses_seven_players_with_two_decks(app: App) -> None:
    app.update_settings(app.settings.replace(house_rules={"preset": "clasico", "decks": 2}))
    scene = NewGameScene(app)
    app.push(scene)
    frames(app)
    for _ in range(3):  # 4 → 7 seats with the seat-count stepper's ▶
        click(app, buttons(app, "▶")[0])
    assert scene.count == 7
    assert scene.rules() is None and "7" in scene.problem
    start = buttons(app, i18n.tr("newgame.start"))[0]
    assert not start.is_enabled
    click(app, start)
    assert app.stack.top is scene


def test_stats_draws_the_chart_of_the_last_match(app: App) -> None:
    add_matches(app, 3)
    scene = StatsScene(app)
    app.push(scene)
    frames(app)
    assert scene.views["carioca"].summary.played == 3
    _, chart, _, _ = scene._areas()
    plot = _Chart(scene, chart, scene.views["carioca"].matches[0]).plot  # the lines, not the legend
    picture = app.screen.subsurface(plot)
    colours = {tuple(picture.get_at((x, y)))[:3] for x in range(plot.w) for y in range(plot.h)}
    for seat in range(3):
        assert any(near(c, seat_colour(seat, light=True)) for c in colours), (
            f"no line for seat {seat}"
        )


def near(a: tuple[int, ...], b: tuple[int, ...], tol: int = 12) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def test_menu_shows_a_storage_notice_once(app: App) -> None:
    language(app, "es")
    moved = str(app.paths.settings_file) + ".corrupt-20250101-120000"
    app.notices = [Notice("settings", "bad_json", "not JSON", moved)]
    menu = MenuScene(app)
    app.push(menu)
    frames(app)
    assert len(menu.messages) == 1
    assert "configuración" in menu.messages[0] and "settings.json.corrupt-" in menu.messages[0]
    assert MenuScene(app).messages == []
    menu.back()  # Esc closes the notice
    assert menu.messages == []


def test_summary_deals_the_next_round_and_leaves(app: App) -> None:
    session = finished_round(4)
    app.push(Under(app))
    app.push(RoundSummaryScene(app, session))
    frames(app)
    key(app, pygame.K_RETURN)
    frames(app)
    assert session.dealt == 1
    assert isinstance(app.stack.top, Under)


def test_final_names_a_shared_win() -> None:
    assert "Ana" in winners_text(["Ana", "Beto"], (0,))
    shared = winners_text(["Ana", "Beto", "Carla"], (0, 2))
    assert "Ana" in shared and "Carla" in shared and "Beto" not in shared


def test_overlay_swallows_clicks_meant_for_the_scene_below(app: App) -> None:
    under = Under(app)
    app.push(under)
    app.push(PauseScene(app))
    frames(app)
    pressed = []
    under.widget.bind(pygame_gui.UI_BUTTON_PRESSED, lambda: pressed.append(1))
    click(app, under.widget)
    assert not pressed


def test_escape_goes_back_and_tab_moves_focus(app: App) -> None:
    app.push(MenuScene(app))
    settings = SettingsScene(app)
    app.push(settings)
    frames(app)
    key(app, pygame.K_TAB)
    first = settings.focus.index
    key(app, pygame.K_TAB)
    assert settings.focus.index == first + 1
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)


def test_stepper_refusal_keeps_its_value(app: App) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    frames(app)
    stepper = Stepper(scene, pygame.Rect(0, 0, 300, 40), [("a", 1), ("b", 2)], 1, lambda v: False)
    stepper.step(1)
    assert stepper.index == 0


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_rule_value_preset_and_contract_has_words(lang: str) -> None:
    old = i18n.language()
    i18n.set_language(lang)
    try:
        words = [key_label(k) for k in (*CHOICES, "rounds", "points")]
        words += [value_text(k, v) for k, values in CHOICES.items() for v in values]
        words += [preset_name(p) for p in PRESETS] + [contract_text(c) for c in CONTRACTS]
        words += [i18n.tr(f"houserules.preset_desc.{p}") for p in PRESETS]
        words += [i18n.tr(f"common.level_{v}") for v in LEVELS]
        words += [explain(refusal(data), data) for data in BAD_RULES]
    finally:
        i18n.set_language(old)
    assert not [w for w in words if RAW_KEY.search(w)]


BAD_RULES = (
    {"preset": "clasico", "players": 7, "decks": 2},
    {"preset": "escala_real", "hand_size": 11},
    {"preset": "clasico", "escala_min": 5},
)


def refusal(data: dict[str, Any]) -> RuleSetError:
    with pytest.raises(RuleSetError) as caught:
        CariocaRules.from_dict(data)
    return caught.value


def test_a_damaged_settings_file_is_reported_on_the_menu(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARIOCA_LANG", "es")
    (tmp_path / "settings.json").write_text("{ not json", encoding="utf-8")
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    menu = MenuScene(app)
    app.push(menu)
    frames(app)
    assert any("configuración" in m and "settings.json.corrupt-" in m for m in menu.messages)


def test_new_game_asks_before_abandoning_the_saved_match(app: App) -> None:
    from carioca_desktop.play.carioca.session import MatchSession
    from carioca_desktop.play.seated import SeatConfig
    from carioca_desktop.storage import flush_autosaves

    language(app, "en")
    seats = [SeatConfig("Ana", "human"), SeatConfig("Beto", "bot", "easy")]
    MatchSession.new(CariocaRules.from_dict({"players": 2}), seats, 5, paths=app.paths)
    assert flush_autosaves(10.0)
    saved = app.paths.autosave_file.read_bytes()
    scene = NewGameScene(app)
    app.reset(scene)
    frames(app)
    click(app, buttons(app, i18n.tr("newgame.start"))[0])
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene)
    assert dialog.question == "Abandon the match in progress?"
    assert "Ana, Beto" in dialog.details and any("round 1 of 8" in d for d in dialog.details)
    key(app, pygame.K_RETURN)  # the focused answer is the safe one: keep it
    assert app.stack.top is scene and dialog.answered is False
    assert app.paths.autosave_file.read_bytes() == saved
    click(app, buttons(app, i18n.tr("newgame.start"))[0])
    key(app, pygame.K_ESCAPE)  # Esc keeps it too
    assert app.stack.top is scene and app.paths.autosave_file.read_bytes() == saved
    click(app, buttons(app, i18n.tr("newgame.start"))[0])
    click(app, buttons(app, "Abandon it and start")[0])
    assert type(app.stack.top).__name__ == "TableScene"
    assert flush_autosaves(10.0)
    assert app.paths.autosave_file.read_bytes() != saved  # the new match's save


def test_new_game_without_a_saved_match_starts_at_once(app: App) -> None:
    scene = NewGameScene(app)
    app.reset(scene)
    frames(app)
    click(app, buttons(app, i18n.tr("newgame.start"))[0])
    assert type(app.stack.top).__name__ == "TableScene"


def test_hot_seat_default_names_are_numbered_players(app: App) -> None:
    language(app, "en")
    scene = NewGameScene(app)
    app.reset(scene)
    frames(app)
    assert [s.name for s in scene.seats[:2]] == ["You", "Beto"]
    scene._set_kind(1, "human")
    frames(app)
    assert [s.name for s in scene.seats[:3]] == ["Player 1", "Player 2", "Carla"]
    assert "Player 2" in shown_text(app)  # the name entry shows it
    scene._set_kind(1, "easy")  # one person again: "You"
    frames(app)
    assert [s.name for s in scene.seats[:2]] == ["You", "Beto"]
    scene._set_kind(2, "human")
    scene.seats[0].name = "Ana"  # a typed name stays
    scene._set_kind(3, "human")
    frames(app)
    assert [s.name for s in scene.seats[:4]] == ["Ana", "Beto", "Player 2", "Player 3"]
    click(app, buttons(app, i18n.tr("newgame.start"))[0])
    table = next(s for s in app.stack.scenes if type(s).__name__ == "TableScene")
    session = table.session  # type: ignore[attr-defined]
    assert [s.name for s in session.seats] == ["Ana", "Beto", "Player 2", "Player 3"]


def test_the_players_own_name_stays_in_hot_seat(app: App) -> None:
    app.update_settings(app.settings.replace(player_name="Ana", language="es"))
    scene = NewGameScene(app)
    app.reset(scene)
    frames(app)
    scene._set_kind(1, "human")
    assert [s.name for s in scene.seats[:2]] == ["Ana", "Jugador 2"]


def test_avatar_labels_tell_players_with_the_same_initial_apart() -> None:
    from carioca_desktop.ui.hud import initials

    assert initials(["Du", "Beto", "Diego"]) == ["Du", "B", "Di"]
    assert initials(["Jugador 1", "Jugador 2", "Carla"]) == ["J1", "J2", "C"]
    assert initials(["Ana María", "Ana", "Beto"]) == ["AM", "An", "B"]
    assert initials(["Diego", "Dina", "Du"]) == ["D1", "D2", "D3"]  # two would still clash
    assert initials(["Ana", "ana"]) == ["A1", "A2"]
    assert initials(["", "Beto"]) == ["?", "B"]


@pytest.mark.parametrize(
    ("desktop", "expected"),
    [((1280, 720), (1240, 610)), ((1366, 768), (1326, 658)), ((1920, 1080), (1600, 900))],
)
def test_the_first_window_fits_the_desktop(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    desktop: tuple[int, int],
    expected: tuple[int, int],
) -> None:
    from carioca_desktop.ui import desktop as desktop_module

    monkeypatch.setattr(desktop_module, "desktop_size", lambda: desktop)
    application = App(paths=Paths.under(tmp_path), fast=True)
    assert application.size == expected
    w, h = application.size
    assert w <= desktop[0] - 40 and h <= desktop[1] - 100  # title bar and taskbar in view


def test_the_window_size_the_player_chose_is_remembered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from carioca_desktop.ui import desktop as desktop_module

    monkeypatch.setattr(desktop_module, "desktop_size", lambda: (1920, 1080))
    paths = Paths.under(tmp_path)
    first = App(paths=paths)
    first.resize((1200, 700))
    first.push(MenuScene(first))
    first.quit()
    first.run()  # the loop ends at once and saves the size
    settings, _ = load_settings(paths)
    assert settings.window_size == (1200, 700)
    assert App(paths=paths, fast=True).size == (1200, 700)
    monkeypatch.setattr(desktop_module, "desktop_size", lambda: (1280, 720))  # a smaller screen
    assert App(paths=paths, fast=True).size == (1200, 610)


def test_changed_rules_are_named_changed_and_described(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from carioca_desktop.ui.scenes.carioca.ruleset_names import (
        changes_text,
        record_rules_name,
        rules_name,
    )

    language(app, "en")
    one = CariocaRules.from_dict({"preset": "clasico", "rounds": ["2T"], "buy": True, "players": 2})
    assert rules_name(one) == "Classic (changed)"
    assert rules_name(CariocaRules.from_dict({"preset": "clasico", "players": 2})) == "Classic"
    text = changes_text(one)
    assert (
        text.startswith("Changed from Classic: ") and "1 round" in text and "1 rounds" not in text
    )
    assert "Yes" in text and changes_text(CariocaRules()) == ""
    third = CariocaRules().with_changes(
        rounds=["2T", "1T1E", "3E", "3T", "2T1E", "1T2E", "3E", "4T"]
    )
    assert "Round 3 (3 runs)" in changes_text(third)
    assert record_rules_name("clasico", one.to_dict()) == "Classic (changed)"
    assert record_rules_name("clasico", {"preset": "clasico", "bad": 1}) == "Classic"
    # New game shows the changed house rules by that name, with what changed
    app.update_settings(app.settings.replace(house_rules=one.to_dict()))
    drawn: list[str] = []
    record_drawn_text(monkeypatch, drawn)
    app.reset(NewGameScene(app))
    frames(app)
    assert "Classic (changed)" in shown_text(app)
    assert any(t.startswith("Changed from Classic") for t in drawn)
    assert not any("The usual rules" in t for t in drawn)
    app.reset(SettingsScene(app, "rules"))
    frames(app)
    assert "Classic (changed)" in shown_text(app)


def test_the_stats_say_changed_rules_and_1_round(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    language(app, "en")
    one = CariocaRules.from_dict({"preset": "clasico", "rounds": ["2T"], "players": 2})
    players = [PlayerRecord("Ana", "human", None), PlayerRecord("Beto", "bot", "easy")]
    record = MatchRecord("2025-03-10T20:00:00+00:00", "clasico", one.to_dict(), players,
                         [[5, 0]], [5, 0], [1], "penalty", [0])  # fmt: skip
    append_match(record, app.paths)
    drawn: list[str] = []
    record_drawn_text(monkeypatch, drawn)
    app.reset(StatsScene(app))
    frames(app)
    shown = " ".join(drawn)
    assert "Classic (changed)" in shown and "1 round" in shown and "1 rounds" not in shown
    scene = app.stack.top
    assert isinstance(scene, StatsScene)
    assert [name for name, _ in scene.views["carioca"]._by_rules()] == ["Classic (changed)"]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_seat_level_says_how_that_bot_plays_when_the_pointer_rests_on_it(
    app: App, lang: str
) -> None:
    """Each bot level of both games' New game has a line saying how it plays (levels
    namespace), shown as the seat's tooltip and following the level as it is stepped."""
    import html

    from carioca_desktop.i18n import tr
    from carioca_desktop.play.buraco.text import level_name
    from carioca_desktop.ui.scenes.buraco.newgame import BuracoNewGameScene
    from carioca_desktop.ui.scenes.carioca.newgame import kind_text

    language(app, lang)
    for scene_class, game in ((NewGameScene, "carioca"), (BuracoNewGameScene, "buraco")):
        scene = scene_class(app)
        app.replace(scene)
        frames(app)
        shown = kind_text("normal") if game == "carioca" else level_name("normal")
        levels = buttons(app, shown)
        assert levels, game
        value = levels[0]

        def tip(button: Any = value) -> str:  # the words: Stepper breaks its lines itself
            return html.unescape(str(button.tool_tip_text).replace("<br>", " "))

        assert tip() == tr(f"levels.{game}.normal")
        assert "<br>" in value.tool_tip_text  # a line each, not pygame_gui's own wrap
        click(app, value)  # steps on to the next level: hard
        assert tip() == tr(f"levels.{game}.hard")
        texts = {tr(f"levels.{game}.{lv}") for lv in ("random", "beginner", "easy", "normal")}
        assert len(texts | {tip()}) == 5 and not any("levels." in t for t in texts)
