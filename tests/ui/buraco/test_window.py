"""The Buraco table lays its layer back only where it changed or was drawn over
(ui/scenes/carioca/window.py, as at the Carioca table): every frame shown equals the same
frame drawn whole (the layer copied over the whole window, then the hand, targets, flights,
toasts and widgets), pixel for pixel. Checked over a round of bots with their flights, from
the busiest table, and over the Buraco table tests that click, drag, refuse, play by keys,
take the pile and open the pause."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from carioca_desktop import i18n
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import BuracoTableScene
from carioca_desktop.ui.scenes.buraco.paint import MeldPlaces
from tests.fixtures.pixels import same_rgb
from tests.ui.buraco import test_keys as test_buraco_keys
from tests.ui.buraco import test_table as test_buraco_table
from tests.ui.carioca.test_table_window import watch_frames


class Checker:
    """After every frame the app drew: the window equals the frame drawn whole."""

    def __init__(self) -> None:
        self.checked = 0
        self.partial = 0  # frames laid in part (not the whole layer)
        self.kept = 0  # frames that left the hand row as the last frame painted it
        self.places_before: dict[int, MeldPlaces] = {}

    def check(self, app: App) -> None:
        tables = [s for s in app.stack.visible() if isinstance(s, BuracoTableScene)]
        if not tables:
            return
        saved = [(t.window.__dict__.copy(), t.layer._changes, t.places) for t in tables]
        scratch = pygame.Surface(app.screen.get_size())
        for table in tables:
            table.window.lost()
            # The places the frame was drawn from (the keyboard's ring is placed by the
            # melds' places of the frame before: after a move, a frame late, as before).
            table.places = self.places_before.get(id(table), table.places)
        for scene in app.stack.visible():
            scene.draw(scratch)
        app.manager.draw_ui(scratch)
        for table, (window, changes, places) in zip(tables, saved):
            table.window.__dict__.update(window)
            table.layer._changes = changes
            table.places = places
        assert same_rgb(app.screen, scratch), "the window differs"
        self.checked += 1


@pytest.fixture
def checker(monkeypatch: pytest.MonkeyPatch) -> Iterator[Checker]:
    checker = Checker()
    real_draw = BuracoTableScene.draw

    def draw(self: BuracoTableScene, surface: pygame.Surface) -> None:
        checker.places_before[id(self)] = self.places
        real_draw(self, surface)

    monkeypatch.setattr(BuracoTableScene, "draw", draw)
    watch_frames(monkeypatch, checker)
    yield checker


@pytest.mark.parametrize(("size", "preset"), [((1600, 900), "brasileiro"),
                                              ((1024, 640), "dois_jogadores")])  # fmt: skip
def test_a_round_of_bots_with_their_flights(
    tmp_path: Path, checker: Checker, size: tuple[int, int], preset: str
) -> None:
    rules = preset_rules(preset)
    names = ("Ana", "Beto", "Carla", "Diego")[: rules.players]
    seats = [SeatConfig(n, "bot", "normal") for n in names]
    session = BuracoSession.new(rules, seats, 5, autosave=False)
    app = App(size=size, paths=Paths.under(tmp_path), fast=False)
    # Real pacing at the quickest speed a player can choose: every flight and pause still
    # happens, in about half the frames of the default speed (each frame is drawn twice).
    app.settings = app.settings.replace(animation_speed="fast")
    scene = BuracoTableScene(app, session)
    app.push(scene)
    for _ in range(200_000):  # the round ends long before; a loaded machine waits on bots
        if session.game.round_over:
            break
        app.frame(1 / 60)
    for _ in range(30):  # the round's last frames and the sheet over the table
        app.frame(1 / 60)
    assert session.game.round_over
    assert checker.checked > 200 and checker.partial > 0.9 * checker.checked


TABLE_TESTS: list[Callable[..., None]] = [
    test_buraco_table.test_a_card_dragged_onto_the_pile_is_discarded,
    test_buraco_table.test_closed_pile_taken_with_its_top_card_melded_in_one_click,
    test_buraco_table.test_closed_pile_taken_with_two_melds_in_one_gesture,
    test_buraco_keys.test_a_turn_by_keys_draws_picks_and_discards,
    test_buraco_keys.test_add_by_keys_lights_the_aimed_meld_green_or_red,
    test_buraco_keys.test_lay_down_group_and_take_the_pile_by_keys,
    test_buraco_keys.test_shift_arrow_moves_a_card_and_escape_pauses_when_nothing_is_picked,
    test_buraco_keys.test_closed_pile_taken_with_its_top_card_by_keys,
    test_buraco_table.test_a_persons_clicks_refused_in_words_then_accepted,
    test_buraco_table.test_adding_to_a_side_meld_by_click,
    test_buraco_table.test_keys_and_the_hint,
]


@pytest.mark.usefixtures("spanish")
@pytest.mark.parametrize("case", TABLE_TESTS, ids=lambda f: f.__name__[5:])
def test_the_table_tests_frame_by_frame(
    tmp_path: Path, checker: Checker, case: Callable[..., None]
) -> None:
    if "lang" in case.__code__.co_varnames[: case.__code__.co_argcount]:
        try:
            case(tmp_path, None)
        finally:
            i18n.set_language("es")
    else:
        case(tmp_path)
    assert checker.checked > 0
