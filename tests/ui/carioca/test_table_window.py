"""The table lays its layer back only where it changed or was drawn over (window.py): every
frame shown equals the same frame drawn whole (the layer copied over the whole window, then
the hand, flights, highlights, toasts and widgets), pixel for pixel. Checked over a round of
bots with their flights and over the table tests that drag, pick, drop, refuse, lay down,
undo, resize, open scenes over the table, play by keyboard, answer buy offers, light a hint
and hide the hand at a hot seat."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.carioca import TableScene
from carioca_desktop.ui.tablekit.blitter import Window
from tests.fixtures.pixels import same_rgb
from tests.fixtures.waiting import PATIENCE, wait_until
from tests.ui.carioca import (
    test_hints,
    test_hotseat,
    test_keyboard,
    test_table_offer,
    test_table_scene,
    test_table_ux,
)


class Checker:
    """After every frame the app drew: the window equals the frame drawn whole."""

    def __init__(self) -> None:
        self.checked = 0
        self.partial = 0  # frames laid in part (not the whole layer)
        self.kept = 0  # frames that left the hand row as the last frame painted it

    def check(self, app: App) -> None:
        tables = [s for s in app.stack.visible() if isinstance(s, TableScene)]
        if not tables:
            return
        saved = [(t.frame.window.__dict__.copy(), t.view._changes) for t in tables]
        scratch = pygame.Surface(app.screen.get_size())
        for table in tables:
            table.frame.window.lost()
        for scene in app.stack.visible():
            scene.draw(scratch)
        app.manager.draw_ui(scratch)
        for table, (window, changes) in zip(tables, saved):
            table.frame.window.__dict__.update(window)
            table.view._changes = changes
        assert same_rgb(app.screen, scratch), "the window differs"
        self.checked += 1


@pytest.fixture
def checker(monkeypatch: pytest.MonkeyPatch) -> Iterator[Checker]:
    checker = Checker()
    watch_frames(monkeypatch, checker)
    yield checker


def watch_frames(monkeypatch: pytest.MonkeyPatch, checker: Any) -> None:
    """``checker.check(app)`` after every frame the app flips; each ``Window.lay`` counted in
    ``checker.partial`` (laid in part) and ``checker.kept`` (the hand row left as it was).
    The Buraco table's test watches its frames with this too."""
    real_frame, real_lay = App.frame, Window.lay
    flips = [0]
    real_flip = pygame.display.flip

    def flip() -> None:
        flips[0] += 1
        real_flip()

    def frame(self: App, dt: float) -> None:
        before = flips[0]
        real_frame(self, dt)
        if flips[0] != before:
            checker.check(self)

    def lay(
        self: Window, surface: pygame.Surface, layer: pygame.Surface, changed: object,
        hand_key: object = None,
    ) -> bool:  # fmt: skip
        whole = getattr(self, "_over", None) is None or changed is None
        kept = real_lay(self, surface, layer, changed, hand_key)  # type: ignore[arg-type]
        checker.partial += 0 if whole else 1
        checker.kept += 1 if kept else 0
        return kept

    monkeypatch.setattr(pygame.display, "flip", flip)
    monkeypatch.setattr(App, "frame", frame)
    monkeypatch.setattr(Window, "lay", lay)


def test_a_round_of_bots_with_their_flights(tmp_path: Path, checker: Checker) -> None:
    seats = [SeatConfig(f"Bot {i}", "bot", "normal") for i in range(4)]
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 4})
    session = MatchSession.new(rules, seats, 21, autosave=False)
    app = App(size=(1024, 640), paths=Paths.under(tmp_path), fast=False)
    # Real pacing at the quickest speed a player can choose: every flight and pause still
    # happens, in about half the frames of the default speed (each frame is drawn twice).
    app.settings = app.settings.replace(animation_speed="fast")
    scene = TableScene(app, session)
    app.push(scene)
    # Paced, each bot move waits for the worker thread (a loaded machine starves it): the
    # frames go on until the round ends, or the wall clock's generous limit.
    wait_until(lambda: scene.game_over_round, PATIENCE * 8, "the round's end",
               step=lambda: app.frame(1 / 60))  # fmt: skip
    assert checker.checked > 300 and checker.partial > 0.9 * checker.checked
    assert checker.kept > 0.5 * checker.checked


TABLE_TESTS: list[Callable[[Path], None]] = [
    test_table_scene.test_dragging_a_card_to_the_pozo_discards_it,
    test_table_scene.test_an_illegal_drop_glides_back_and_says_why,
    test_table_scene.test_a_refused_move_with_slow_animation_flies_home,
    test_table_scene.test_dropping_on_a_meld_adds_the_card,
    test_table_scene.test_click_to_select_then_click_the_pozo_discards,
    test_table_scene.test_lay_down_slots_check_live_and_enable_bajarse,
    test_table_scene.test_a_card_in_a_slot_goes_back_with_one_click,
    test_table_scene.test_dragging_within_the_hand_reorders_it,
    test_table_scene.test_auto_fills_the_slots_from_the_solver,
    test_table_scene.test_the_table_relays_out_on_resize,
    test_table_scene.test_the_round_summary_follows_the_last_card,
    test_table_scene.test_dragging_the_pozo_card_into_the_hand_draws_it,
    test_table_scene.test_the_confirm_setting_asks_before_discarding,
    test_table_ux.test_undo_with_nothing_to_take_back_says_why,
    test_table_ux.test_escape_closes_the_discard_prompt,
    test_table_ux.test_the_greyed_lay_down_says_what_is_missing,
    test_table_ux.test_a_pozo_card_dropped_in_the_hand_lands_where_dropped,
    test_hotseat.test_between_two_people_the_bots_play_with_no_hand_face_up,
    test_hotseat.test_escape_on_the_privacy_screen_pauses_and_comes_back,
    test_table_offer.test_the_person_asked_buys_with_the_button,
    test_table_offer.test_a_person_who_does_nothing_passes_when_the_time_is_up,
    test_keyboard.test_a_whole_round_with_the_keyboard_alone,
    test_keyboard.test_arrows_move_a_visible_gold_focus_and_shift_moves_the_card,
    test_keyboard.test_space_picks_several_cards_and_a_number_puts_them_in_that_slot,
    test_keyboard.test_o_sorts_and_f1_shows_the_keys,
    test_keyboard.test_high_contrast_darkens_the_felt_and_brightens_the_focus,
    test_hints.test_the_pista_button_lights_a_discard_after_the_draw,
]


@pytest.mark.usefixtures("spanish")
@pytest.mark.parametrize("case", TABLE_TESTS, ids=lambda f: f.__name__[5:])
def test_the_table_tests_frame_by_frame(
    tmp_path: Path, checker: Checker, case: Callable[[Path], None]
) -> None:
    case(tmp_path)
    assert checker.checked > 0
