"""The Buraco table from the keyboard alone: keys posted as pygame events (through the queue, as
the real loop reads them) and the moves checked in the engine; the focus ring, the targets lit
green or red under the keyboard's aim, Escape, and the help overlay with Buraco's keys."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from carioca_desktop import i18n
from carioca_desktop.bots.buraco.driver import make_buraco_bot
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import BuracoTableScene
from carioca_desktop.ui.scenes.buraco.keys import CLICKS, KEYS
from carioca_desktop.ui.scenes.keyhelp import KeysScene, click_rows, key_rows
from carioca_desktop.ui.scenes.pause import PauseScene
from carioca_desktop.ui.theme import GOLD, RED_BAD

NAMES = ("Ana", "Beto", "Carla", "Diego")
OTHERS = [["3S", "4S", "9D"], ["3D", "4D", "9C"], ["3C", "4C", "10D"]]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("es")


def seats() -> list[SeatConfig]:
    return [SeatConfig(NAMES[0], "human")] + [SeatConfig(n, "bot", "normal") for n in NAMES[1:]]


def table_at(tmp_path: Path, game: BuracoGame) -> tuple[App, BuracoTableScene]:
    bots = {i: make_buraco_bot("normal", i, 1) for i in (1, 2, 3)}
    session = BuracoSession(game, seats(), 1, bots, autosave=False)  # type: ignore[arg-type]
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(0.016)
    return app, scene


def press(app: App, *keys: int, shift: bool = False, text: str = "") -> None:
    """Post the keys to pygame's queue, then run them through the app as its loop does."""
    mod = pygame.KMOD_SHIFT if shift else 0
    pygame.event.clear()
    for key in keys:
        event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)
        pygame.event.post(event)
    for event in pygame.event.get():
        app.process(event)
    app.frame(0.016)


def focus_card(app: App, scene: BuracoTableScene, code: str) -> None:
    """Tab back to the hand, Home, then → until the focus is on ``code``."""
    for _ in range(3):
        if scene.keys.zone == "hand":
            break
        press(app, pygame.K_TAB)
    press(app, pygame.K_HOME)
    for _ in range(len(scene.hand.cards)):
        focus = scene.hand.focus
        if focus is not None and scene.hand.code(focus) == code:
            return
        press(app, pygame.K_RIGHT)
    raise AssertionError(f"{code} cannot be focused")


def last_move(game: BuracoGame) -> tuple[str, tuple[str, ...]]:
    """Seat 0's last move (the bots may have played on since: the table is in fast mode)."""
    event = [e for e in game.observation(0).events if e.seat == 0][-1]
    return event.kind, event.cards


def tab_to(app: App, scene: BuracoTableScene, zone: str) -> None:
    for _ in range(3):
        if scene.keys.zone == zone:
            return
        press(app, pygame.K_TAB)
    assert scene.keys.zone == zone


def test_a_turn_by_keys_draws_picks_and_discards(tmp_path: Path) -> None:
    session = BuracoSession.new(preset_rules("brasileiro"), seats(), 21, autosave=False)
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(0.016)
    game = session.game
    assert scene.keys.focus_rect() is None  # no ring before the keyboard is used
    press(app, pygame.K_s, text="s")
    assert game.phase.value == "play" and len(game.hand(0)) == 12
    press(app, pygame.K_RIGHT, pygame.K_RIGHT)
    focus = scene.hand.focus
    assert focus is not None and focus == scene.hand.uids()[1]
    rows = scene.moves.rows_by_uid()
    assert scene.keys.focus_rect() == rows[focus]  # the ring is on the focused card
    press(app, pygame.K_SPACE)
    assert scene.moves.picked == [focus]
    card = scene.hand.code(focus)
    tab_to(app, scene, "piles")
    assert scene.keys.index == 1  # after the draw the pile is where a card goes
    press(app, pygame.K_RETURN)
    assert last_move(game) == ("discard", (card,)) and len(game.hand(0)) == 11


def test_add_by_keys_lights_the_aimed_meld_green_or_red(tmp_path: Path) -> None:
    game = BuracoGame.from_position(
        preset_rules("brasileiro"), [["8H", "KC", "JK", "QS", "4H"], *OTHERS],
        stock=["9S", "10S", "JS"], pile=["2C"],
        table=[{"side": 1, "meld": ["9H", "10H", "JH"]}, {"side": 0, "meld": ["5H", "6H", "7H"]}],
    )  # fmt: skip
    app, scene = table_at(tmp_path, game)
    press(app, pygame.K_s)
    u = scene.layout.upx

    def frame_colour() -> tuple[int, int, int]:
        """The colour of the frame drawn round the aimed meld (index 1: our side's)."""
        box = scene.places.melds[1]
        frame = box.inflate(u(8), u(8))
        return tuple(app.screen.get_at((frame.left + u(1), frame.centery)))[:3]  # type: ignore[return-value]

    focus_card(app, scene, "KC")
    press(app, pygame.K_SPACE)
    tab_to(app, scene, "melds")
    assert scene.keys.melds() == [1]  # only the side's own melds are targets
    assert scene.keys.focus_meld() == 1 and scene.moves.accepts() == frozenset()
    assert frame_colour() == RED_BAD  # KC would be refused here
    press(app, pygame.K_RETURN)
    assert len(game.observation(0).table[1].cards) == 3 and scene.toasts  # refused in words
    press(app, pygame.K_ESCAPE)  # lets go of the pick and the aim, not a pause
    assert not scene.moves.picked and scene.keys.zone == "hand"
    assert app.stack.top is scene
    focus_card(app, scene, "8H")
    press(app, pygame.K_SPACE)
    tab_to(app, scene, "melds")
    assert scene.moves.accepts() == frozenset({1})
    assert frame_colour() == GOLD  # would take it: lit, gold under the aim
    press(app, pygame.K_RETURN)
    assert game.observation(0).table[1].cards == ("5H", "6H", "7H", "8H")
    assert "8H" not in game.hand(0) and game.current_player == 0


def test_lay_down_group_and_take_the_pile_by_keys(tmp_path: Path) -> None:
    game = BuracoGame.from_position(
        preset_rules("brasileiro"), [["9S", "10S", "JS", "4D", "5D", "6D", "KC"], *OTHERS],
        stock=["2S", "QH", "QC", "8C"], pile=["7C", "AD", "QD"],
    )  # fmt: skip
    app, scene = table_at(tmp_path, game)
    press(app, pygame.K_p, text="p")  # the draw phase: P takes the pile
    assert game.phase.value == "play" and sorted(game.hand(0)).count("QD") == 1
    assert len(game.hand(0)) == 10
    for code in ("9S", "10S", "JS"):
        focus_card(app, scene, code)
        press(app, pygame.K_SPACE)
    press(app, pygame.K_g, text="g")  # set aside as one meld
    assert scene.moves.staged and not scene.moves.picked
    for code in ("4D", "5D", "6D"):
        focus_card(app, scene, code)
        press(app, pygame.K_SPACE)
    press(app, pygame.K_l, text="l")  # both melds go down in one action
    melds = sorted(m.cards for m in game.observation(0).table)
    assert melds == [("4D", "5D", "6D"), ("9S", "10S", "JS")]
    assert not scene.moves.staged and game.current_player == 0
    focus_card(app, scene, "KC")
    press(app, pygame.K_d, text="d")  # D discards the focused card when none is picked
    assert last_move(game) == ("discard", ("KC",)) and "KC" not in game.hand(0)


def test_shift_arrow_moves_a_card_and_escape_pauses_when_nothing_is_picked(
    tmp_path: Path,
) -> None:
    game = BuracoGame.from_position(
        preset_rules("brasileiro"), [["3H", "9S", "KD", "5C"], *OTHERS], stock=["2S"], pile=["7C"]
    )
    app, scene = table_at(tmp_path, game)
    before = scene.hand.codes()
    focus_card(app, scene, before[0])
    press(app, pygame.K_RIGHT, pygame.K_RIGHT, shift=True)
    assert scene.hand.codes() == (*before[1:3], before[0], before[3])
    assert scene.hand.code(scene.hand.focus or -1) == before[0]  # the focus goes with it
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)


@pytest.mark.parametrize("language", ["es", "en", "fr", "sv", "pt", "it"])
def test_help_overlay_lists_the_buraco_keys(tmp_path: Path, language: str) -> None:
    game = BuracoGame.from_position(
        preset_rules("brasileiro"), [["3H", "9S"], *OTHERS], stock=["2S"], pile=["7C"]
    )
    app, scene = table_at(tmp_path, game)
    i18n.set_language(language)
    press(app, pygame.K_F1)
    top = app.stack.top
    assert isinstance(top, KeysScene) and top.keys == KEYS and top.clicks == CLICKS
    rows = key_rows(top.keys)
    shown = [keys for keys, _ in rows]
    assert "G" in shown and "B" not in shown and "1 – 4" not in shown  # Buraco's, not Carioca's
    for words in [w for _, w in rows] + click_rows(top.clicks):
        assert words and not words.startswith(("keys.", "buraco_keys."))
    app.frame(0.016)  # draws
    press(app, pygame.K_F1)
    assert app.stack.top is scene
    button = scene.buttons["keys"].rect.center  # the bar's button, as at the Carioca table
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.process(pygame.event.Event(kind, pos=button, button=1))
        app.frame(0.016)
    assert isinstance(app.stack.top, KeysScene) and app.stack.top.keys == KEYS


def test_closed_pile_taken_with_its_top_card_by_keys(tmp_path: Path) -> None:
    """``fechado``: Space picks the cards that meld with the pile's top, P takes the pile and
    lays them down with it in one action."""
    game = BuracoGame.from_position(
        preset_rules("fechado"), [["5H", "6H", "KC", "QS"], *OTHERS], stock=["9S", "10S"],
        pile=["2C", "KD", "7H"],
    )  # fmt: skip
    app, scene = table_at(tmp_path, game)
    press(app, pygame.K_p)  # nothing picked: the top card has no use, refused in words
    assert game.phase.value == "draw" and scene.toasts
    for code in ("5H", "6H"):
        focus_card(app, scene, code)
        press(app, pygame.K_SPACE)
    press(app, pygame.K_p)
    assert game.observation(0).table[0].cards == ("5H", "6H", "7H")
    assert sorted(game.hand(0)) == sorted(["KC", "QS", "2C", "KD"])
