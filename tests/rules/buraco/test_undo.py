"""Undo within a turn at Buraco's table (issue 28, item 11), as at Carioca's: the engine keeps
the lay-downs, adds and swaps made since the draw and takes them back one by one; a draw, a
pile taken, a morto taken and a discard are final."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from carioca_desktop.rules.buraco.actions import (
    Add,
    Discard,
    Draw,
    LayDown,
    TakePile,
    Undo,
    action_from_dict,
    action_to_dict,
)
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.rules.errors import IllegalAction

HAND = ["5C", "6C", "7C", "KS", "KH", "KD", "8C", "JK", "9D", "3H"]
OTHERS = [["QS", "QH", "4S"], ["8S", "8H", "4D"], ["JS", "JD", "4H"]]


def game(**kw: object) -> BuracoGame:
    defaults: dict[str, object] = {
        "stock": ["9C", "10S", "10H"],
        "pile": ["3S", "QC"],
        "mortos": [["5D", "6D", "7D"], ["5H", "7H", "8D"]],
    }
    return BuracoGame.from_position(
        preset_rules("brasileiro"), [HAND, *OTHERS], **{**defaults, **kw}
    )


def snap(g: BuracoGame) -> str:
    return json.dumps(g.to_dict(), sort_keys=True)


def test_melds_adds_and_swaps_come_back_one_by_one_to_the_draw() -> None:
    g = game()
    g.apply(Draw(0))
    states = [snap(g)]
    for action in (
        LayDown(0, (("5C", "6C", "7C"), ("KS", "KH", "KD"))),
        Add(0, 0, ("8C",)),
        Add(0, 0, ("JK=4C",)),
        Add(0, 0, ("9C",)),
    ):
        assert not g.check(action), (action, g.check(action))
        g.apply(action)
        assert g.can_undo(0)
        states.append(snap(g))
    states.pop()
    while states:
        g.apply(Undo(0))
        assert snap(g) == states.pop()
    assert not g.can_undo(0)
    refusal = g.check(Undo(0))
    assert refusal is not None and refusal.code == "nothing_to_undo"
    with pytest.raises(IllegalAction):
        g.apply(Undo(0))
    assert g.hand(0)[-1] == "9C" and g.state.phase.value == "play"  # the draw stays


@pytest.mark.parametrize("first", [Draw(0), TakePile(0)])
def test_a_draw_and_a_pile_taken_are_final(first: Draw | TakePile) -> None:
    g = game()
    g.apply(first)
    assert not g.can_undo(0)
    g.apply(LayDown(0, (("KS", "KH", "KD"),)))
    g.apply(Undo(0))
    assert not g.can_undo(0) and len(g.hand(0)) == len(HAND) + (1 if first == Draw(0) else 2)


def test_a_discard_ends_what_can_be_undone_and_only_the_turns_seat_may() -> None:
    g = game()
    g.apply(Draw(0))
    g.apply(LayDown(0, (("KS", "KH", "KD"),)))
    assert not g.can_undo(1)
    g.apply(Discard(0, "3H"))
    assert not g.can_undo(0) and not g.can_undo(1)
    g.apply(Draw(1))
    assert not g.can_undo(1)


def test_a_morto_taken_by_melding_is_final() -> None:
    hands = [["5C", "6C", "7C"], *OTHERS]
    g = BuracoGame.from_position(
        preset_rules("brasileiro"),
        hands,
        stock=["8C", "10S"],
        pile=["3S"],
        mortos=[["5D", "6D", "7D"], ["5H", "7H", "8D"]],
    )
    g.apply(Draw(0))
    g.apply(LayDown(0, (("5C", "6C", "7C", "8C"),)))  # the hand empties: the morto comes
    assert g.hand(0) and not g.can_undo(0)


def test_undo_travels_as_an_action() -> None:
    assert action_from_dict(action_to_dict(Undo(2))) == Undo(2)


def test_deshacer_and_ctrl_z_at_the_table(tmp_path: Path) -> None:
    from tests.ui.buraco.test_keys import table_at

    g = game()
    g.apply(Draw(0))
    app, scene = table_at(tmp_path, g)
    button = scene.buttons["undo"]
    assert not button.is_enabled
    g_before = snap(g)
    uid = {c.code: c.uid for c in scene.hand.cards}
    scene.hand.picked = [uid["KS"], uid["KH"], uid["KD"]]
    scene.moves.lay_down()
    app.frame(0.016)
    assert g.observation(0).table and button.is_enabled
    lines = list(scene.log_lines)
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")
    app.process(event)
    app.frame(0.016)
    assert snap(g) == g_before and not g.observation(0).table
    assert sorted(scene.hand.codes()) == sorted(g.hand(0))
    assert len(scene.log_lines) == len(lines) - 1  # the lay-down's line is gone
    assert not button.is_enabled
