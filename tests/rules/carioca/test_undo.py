"""Undo within a turn, through the engine: lay-downs, adds and swaps since the draw are taken
back one by one, exactly; draws, discards and everything before the draw are final."""

from __future__ import annotations

import json

import pytest

from carioca_desktop.rules.carioca.actions import (
    Add,
    Discard,
    Draw,
    LayDown,
    Swap,
    Undo,
    action_from_dict,
    action_to_dict,
)
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.position import from_position
from carioca_desktop.rules.errors import IllegalAction
from carioca_desktop.rules.ruleset import RuleSet

HAND = ["5H", "5D", "5S", "9C", "9D", "9H", "7H", "5C", "KD", "QC"]
TRIOS = (("5H", "5D", "5S"), ("9C", "9D", "9H"))


def snapshot(game: Game) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def seen(game: Game, seat: int) -> str:
    """What a seat's observation shows (its event log, hand, table), as text."""
    obs = game.observation(seat)
    return repr((obs.events, obs.hand, obs.table))


def refused(game: Game, seat: int) -> str | None:
    refusal = game.check(Undo(seat))
    return None if refusal is None else refusal.code


@pytest.fixture
def game() -> Game:
    rules = RuleSet.from_dict({"players": 2, "add_same_turn": True})
    return from_position(
        rules,
        [HAND, ["3C", "4C", "6D", "8S", "10S", "JS", "QS", "KC", "AC", "AD"]],
        stock=["KS", "QD", "4H", "6C"],
        pozo=["3D"],
        table=[{"owner": 1, "meld": ["5H", "6H", "JK=7H", "8H"]}],
    )


def test_nothing_to_undo_before_the_draw_or_after_it(game: Game) -> None:
    assert refused(game, 0) == "nothing_to_undo"
    assert refused(game, 1) == "not_your_turn"
    game.apply(Draw(0, "stock"))
    assert refused(game, 0) == "nothing_to_undo"  # a draw is final
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply(Undo(0))
    assert snapshot(game) == before  # a refused undo changes nothing
    assert not game.can_undo(0)


def test_undo_a_lay_down_an_add_and_a_swap_exactly(game: Game) -> None:
    game.apply(Draw(0, "pozo"))
    drawn, drawn_view = snapshot(game), seen(game, 1)
    game.apply(LayDown(0, TRIOS))
    laid = snapshot(game)
    trio = next(i for i, m in enumerate(game.state.table) if m.owner == 0)
    game.apply(Add(0, trio, "5C"))
    added, added_view = snapshot(game), seen(game, 1)
    swap_event = game.apply(Swap(0, 0, "7H"))
    assert "JK" in game.hand(0)
    seen(game, 1)  # fill the observation cache with the swap, which undo must forget

    assert game.apply(Undo(0)) == swap_event  # undo answers with the event it took back
    assert snapshot(game) == added and seen(game, 1) == added_view
    assert game.apply(Undo(0)).kind == "add"
    assert snapshot(game) == laid
    assert game.apply(Undo(0)).kind == "lay_down"
    assert snapshot(game) == drawn and seen(game, 1) == drawn_view
    assert game.hand(0) == [*HAND, "3D"]  # the hand's order too
    assert refused(game, 0) == "nothing_to_undo"  # the draw stays
    game.validate()


def test_a_discard_is_final_and_ends_what_can_be_undone(game: Game) -> None:
    game.apply(Draw(0, "stock"))
    game.apply(LayDown(0, TRIOS))
    assert game.can_undo(0)
    game.apply(Discard(0, "KD"))
    assert refused(game, 0) == "not_your_turn"
    assert refused(game, 1) == "nothing_to_undo"
    game.apply(Draw(1, "stock"))
    assert refused(game, 1) == "nothing_to_undo"  # nothing of seat 0's turn carries over


def test_undo_then_play_on(game: Game) -> None:
    game.apply(Draw(0, "stock"))
    game.apply(LayDown(0, TRIOS))
    game.apply(Undo(0))
    game.apply(LayDown(0, (TRIOS[1], ("5H", "5D", "5C"))))  # a different lay-down
    game.apply(Discard(0, "5S"))
    game.validate()
    assert [e.kind for e in game.state.events[-3:]] == ["draw", "lay_down", "discard"]


def test_a_loaded_match_has_nothing_to_undo(game: Game) -> None:
    game.apply(Draw(0, "stock"))
    game.apply(LayDown(0, TRIOS))
    loaded = Game.from_dict(game.to_dict())
    assert loaded == game and refused(loaded, 0) == "nothing_to_undo"


def test_undo_round_trips_as_a_dict() -> None:
    assert action_to_dict(Undo(2)) == {"do": "undo", "seat": 2}
    assert action_from_dict({"do": "undo", "seat": 2}) == Undo(2)


def test_a_clone_for_looking_ahead_keeps_nothing_to_undo(game: Game) -> None:
    game.apply(Draw(0, "stock"))
    twin = game.clone()
    twin.apply(LayDown(0, TRIOS))
    assert refused(twin, 0) == "nothing_to_undo"
    game.apply(LayDown(0, TRIOS))
    assert game.can_undo(0)  # the original still can
