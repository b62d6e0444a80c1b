"""The network table's registry of games: what it needs to know about each (who acts now, how
a bot decides there, the action codec, the observation's JSON, the lines printed at a round's
and a match's end) is one adapter per game, net/carioca.py and net/buraco.py; the host and the
client pick one by name (``KINDS``) and never test which game is played."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Protocol

from carioca_desktop.net.buraco import BuracoKind, NetBuracoSession
from carioca_desktop.net.carioca import CariocaKind, NetMatchSession
from carioca_desktop.net.common import HOST, moves_this_turn
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.storage.stats import any_to_dict

Session = NetMatchSession | NetBuracoSession
__all__ = ["HOST", "KINDS", "GameKind", "Session", "bot_seed", "moves_this_turn", "record_for"]


class GameKind(Protocol):
    name: str
    partners: bool  # sides of two, so a player may ask the partner before going out
    levels: tuple[str, ...]

    def new_session(self, rules: Any, seats: Sequence[SeatConfig], seed: int,
                    paths: Any, autosave: bool) -> Session: ...  # fmt: skip

    def load_rules(self, data: dict[str, Any]) -> Any: ...

    def actor(self, game: Any) -> int | None: ...

    def decide(self, game: Any, seat: int, bot: Any) -> Any: ...

    def make_bot(self, level: str, seat: int, seed: int) -> Any: ...

    def action_from_dict(self, data: Any) -> Any: ...

    def action_to_dict(self, action: Any) -> dict[str, Any]: ...

    def next_round(self) -> Any: ...

    def round_points(self, game: Any) -> tuple[int, ...]: ...

    def final_line(self, game: Any) -> str: ...

    def offer_open(self, game: Any, seat: int) -> bool: ...

    def bot_from_dict(self, state: dict[str, Any]) -> Any: ...

    def driver_choice(self, bot: Any, obs: Any, legal: tuple[Any, ...]) -> Any: ...

    def fallback(self, legal: tuple[Any, ...]) -> Any: ...

    def event_kind(self, value: str) -> Any: ...

    def obs_field(self, name: str, value: Any) -> Any: ...

    def observation(self, values: dict[str, Any], events: tuple[Any, ...]) -> Any: ...


def bot_seed(seed: int, seat: int) -> int:
    """The seed a session gives the bot at ``seat`` (both sessions use this formula), which
    ``carioca join --bot-seed`` takes to play a seat as the local bot would."""
    return (seed * 7919 + seat * 104729) & 0x7FFFFFFF


def _kinds() -> dict[str, GameKind]:
    return {kind.name: kind for kind in (CariocaKind(), BuracoKind())}


KINDS: dict[str, GameKind] = _kinds()


def record_for(session: Session, seat: int) -> dict[str, Any]:
    """The finished match as the statistics record of the person at ``seat`` (what their
    own computer appends to its statistics)."""
    record = session.record()
    mine: Any = [seat] if isinstance(record.human_seats, list) else (seat,)
    return any_to_dict(dataclasses.replace(record, human_seats=mine))
