"""A real match saved mid-round, the base that hostile tests spoil (not a test module).

Round 2 (1 trío + 1 escala), a seat to draw, a trío and an escala on the table, a seat that
has not laid down, a hard bot with memory, and one finished round with its score."""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from carioca_desktop.bots.carioca.base import make_bot
from carioca_desktop.bots.carioca.driver import bot_step
from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca.ruleset import CariocaRules

SEATS = [
    SeatConfig("Tú", "human"),
    SeatConfig("Ana", "bot", "hard"),
    SeatConfig("Beto", "bot", "easy"),
    SeatConfig("Carla", "bot", "normal"),
]


def stand_ins(session: MatchSession) -> dict[int, Any]:
    """The session's bots plus a bot playing each person's seat."""
    out: dict[int, Any] = dict(session.bots)
    for seat in session.human_seats:
        out[seat] = make_bot("easy", seat, 100 + seat)
    return out


def play_step(session: MatchSession, players: dict[int, Any]) -> bool:
    """One action by whoever must act (a bot stands in for people); False when over."""
    if session.game.is_over:
        return False
    action = bot_step(session.game, players)
    if action is None:
        session.next_round()
    else:
        session.apply(action)
    return True


def _wanted(session: MatchSession) -> bool:
    s = session.game.state
    kinds = {m.layout.kind for m in s.table}
    return (
        s.round_index == 1
        and s.phase.value == "draw"
        and kinds == {"trio", "escala"}
        and any(at is None for at in s.laid_down_at)
        and any(e.kind == "lay_down" for e in s.events if e.round == 1)
    )


@cache
def _base_text() -> str:
    for seed in range(1, 60):
        session = MatchSession.new(CariocaRules(), SEATS, seed, autosave=False)
        players = stand_ins(session)
        while session.game.round_index <= 1 and play_step(session, players):
            if _wanted(session):
                return json.dumps(session.to_dict())
    raise AssertionError("no seed gives the wanted position")


def base_session_dict() -> dict[str, Any]:
    """A fresh deep copy of the saved session dict."""
    return copy.deepcopy(json.loads(_base_text()))
