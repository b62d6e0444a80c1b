"""Both engines keep the table's meld views (and Buraco's rules dict) for every seat's
observation (rules/viewmemo.py): built once, not once a seat an action, and always equal to
an observation built afresh, undo included."""

from __future__ import annotations

from typing import Any

import pytest

from carioca_desktop.net.games import KINDS
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco import observation as bobs
from carioca_desktop.rules.carioca import observation as cobs


def _fresh(game: str, g: Any, seat: int) -> Any:
    if game == "carioca":
        return cobs.observe(g.state, seat)
    return bobs.observe(g.state, seat, [])


@pytest.mark.parametrize(("game", "rules"), [("carioca", {"preset": "chico", "buy": True}),
                                             ("buraco", {"preset": "brasileiro"})])  # fmt: skip
def test_kept_views_equal_fresh_ones_and_are_shared_by_the_seats(
    game: str, rules: dict[str, Any]
) -> None:
    kind = KINDS[game]
    seats = [SeatConfig(f"B{i}", "bot", "normal") for i in range(4)]
    g = kind.new_session(kind.load_rules({**rules, "players": 4}), seats, 5, None, False).game
    bots = [kind.make_bot("normal", s, s) for s in range(4)]
    shared = 0
    for _ in range(400):
        if g.is_over:
            break
        seat = g.current_player
        g.apply(kind.next_round() if g.round_over else kind.decide(g, seat, bots[seat]))
        views = [g.observation(s) for s in range(4)]
        assert views == [_fresh(game, g, s) for s in range(4)]
        if views[0].table:
            assert all(v.table[0] is views[0].table[0] for v in views)
            shared += 1
    assert shared > 20  # melds were on the table for a good part of the match


def test_an_undo_gives_back_the_views_of_the_melds_before() -> None:
    from carioca_desktop.rules.buraco.actions import Undo

    kind = KINDS["buraco"]
    seats = [SeatConfig(f"B{i}", "bot", "normal") for i in range(4)]
    g = kind.new_session(kind.load_rules({"preset": "brasileiro", "players": 4}), seats, 2,
                         None, False).game  # fmt: skip
    bots = [kind.make_bot("normal", s, s) for s in range(4)]
    for _ in range(600):
        seat = g.current_player
        before = g.observation(seat)
        g.apply(kind.next_round() if g.round_over else kind.decide(g, seat, bots[seat]))
        if g.can_undo(seat):
            g.apply(Undo(seat))
            assert g.observation(seat).table == before.table == _fresh("buraco", g, seat).table
            return
    pytest.fail("no undoable move in 600 actions")
