"""Carioca's table as a newcomer uses it: click-to-place adds the chosen cards to the slot
clicked (even on a card already in it), Ctrl/Shift-click chooses several cards, every refused
gesture says why, and the hint chooses its card so that D plays it."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from carioca_desktop.i18n import tr
from tests.ui.carioca.test_table_scene import (
    SIMPLE,
    card_pos,
    draw_from_stock,
    frames,
    press,
    table,
)

pytestmark = pytest.mark.usefixtures("spanish")


def ctrl_press(app: object, pos: tuple[int, int]) -> None:
    pygame.key.set_mods(pygame.KMOD_LCTRL)
    try:
        press(app, pos)  # type: ignore[arg-type]
    finally:
        pygame.key.set_mods(pygame.KMOD_NONE)


def slot_codes(scene: object, k: int) -> list[str]:
    return [scene.hand.code(u) for u in scene.slots.slots[k].uids]  # type: ignore[attr-defined]


def test_a_chosen_card_clicked_onto_a_slot_card_joins_that_slot(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    press(app, card_pos(scene, "7H"))
    press(app, scene.view.slots[0].rect.center)
    assert slot_codes(scene, 0) == ["7H"]
    press(app, card_pos(scene, "7S"))  # chosen, then a click on the 7H already in the slot
    press(app, scene.view.slots[0].card_rects[0].center)
    assert slot_codes(scene, 0) == ["7H", "7S"]  # added, the 7H not sent back
    press(app, scene.view.slots[0].card_rects[-1].center)  # nothing chosen: it goes back
    assert slot_codes(scene, 0) == ["7H"]


def test_ctrl_click_chooses_several_cards_and_one_click_places_them(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    press(app, card_pos(scene, "5C"))
    ctrl_press(app, card_pos(scene, "5D"))
    ctrl_press(app, card_pos(scene, "5S"))
    assert sorted(scene.hand.code(u) for u in scene.hand.picked) == ["5C", "5D", "5S"]
    press(app, scene.view.slots[1].rect.center)
    assert slot_codes(scene, 1) == ["5C", "5D", "5S"] and scene.hand.picked == []
    ctrl_press(app, card_pos(scene, "7H"))
    ctrl_press(app, card_pos(scene, "7S"))
    ctrl_press(app, card_pos(scene, "7S"))  # a second Ctrl-click puts it down again
    assert [scene.hand.code(u) for u in scene.hand.picked] == ["7H"]


def test_several_chosen_cards_on_the_pozo_are_refused_in_words(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    draw_from_stock(app, scene)
    press(app, card_pos(scene, "JH"))
    ctrl_press(app, card_pos(scene, "5C"))
    before = len(scene.session.game.state.events)
    press(app, scene.layout.pozo.center)
    frames(app)
    assert tr("keys.toast.one_card") in [t.text for t in scene.toasts]
    assert len(scene.session.game.state.events) == before


def test_the_hint_chooses_its_card_and_d_plays_it(tmp_path: Path) -> None:
    from carioca_desktop.rules.carioca.actions import Discard
    from tests.ui.carioca.test_table_scene import did

    app, scene = table(tmp_path, [SIMPLE[1], SIMPLE[0]])  # no contract in hand: a discard
    draw_from_stock(app, scene)
    app.process(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode=""))
    frames(app)
    advice = scene.advice.current
    assert advice is not None and isinstance(advice.action, Discard), advice
    assert [scene.hand.code(u) for u in scene.hand.picked] == [advice.action.card]
    app.process(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode=""))
    frames(app)
    assert did(scene, "discard", advice.action.card)


def test_after_continue_deshacer_says_the_moves_before_leaving_stay(tmp_path: Path) -> None:
    """The engine keeps no undo history in the save: Deshacer says so, not "nothing to undo"."""
    from carioca_desktop.play.carioca.session import SeatConfig
    from carioca_desktop.rules.carioca.actions import LayDown
    from carioca_desktop.rules.carioca.game import Game
    from tests.ui.carioca.test_table_scene import StubBot, open_table

    app, scene = table(tmp_path, SIMPLE)
    draw_from_stock(app, scene)
    game = scene.session.game
    scene.session.apply(LayDown(0, (("7H", "7S", "7D"), ("5C", "5D", "5S"))))
    assert game.can_undo(0)  # at this table it could be taken back
    loaded = Game.from_dict(game.to_dict())  # Continue: the match read back from its save
    seats = [SeatConfig("Tú", "human"), SeatConfig("Ana", "bot", "easy")]
    app, again = open_table(tmp_path / "again", loaded, seats, {1: StubBot(1)})
    again.undo()
    frames(app)
    assert [t.text for t in again.toasts][-1:] == [tr("table.undo_cleared")]
    assert loaded.has_laid_down(0)
