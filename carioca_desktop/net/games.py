"""What the network table needs to know about each game, in one adapter per game: who acts
now, how a bot decides there, the action codec, and the lines printed at a round's and a
match's end. The host and the client never branch on the game's name beyond choosing one."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Protocol, cast

from carioca_desktop.play.buraco_session import BuracoSession
from carioca_desktop.play.session import MatchSession, SeatConfig
from carioca_desktop.storage.stats import any_to_dict

HOST = -2
"""``actor`` when nobody is asked: the host deals the next round itself, as a local session
does (``MatchSession.next_round``; ``buraco_step`` asks no bot for it either)."""


class _People:
    """Sessions whose people are only the host's own (remote seats are ``human`` seats of
    the session, but their matches are recorded on their own computers, not here)."""

    local_people: tuple[int, ...] = ()

    @property
    def human_seats(self) -> list[int]:
        return list(self.local_people)


class NetMatchSession(_People, MatchSession):
    """A Carioca session run by a host (see ``_People``)."""


class NetBuracoSession(_People, BuracoSession):
    """A Buraco session run by a host (see ``_People``)."""


Session = NetMatchSession | NetBuracoSession


class GameKind(Protocol):
    name: str
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


def bot_seed(seed: int, seat: int) -> int:
    """The seed a session gives the bot at ``seat`` (both sessions use this formula), which
    ``carioca join --bot-seed`` takes to play a seat as the local bot would."""
    return (seed * 7919 + seat * 104729) & 0x7FFFFFFF


class CariocaKind:
    name: str = "carioca"
    levels: tuple[str, ...] = ("random", "beginner", "easy", "normal", "hard")

    def new_session(self, rules: Any, seats: Sequence[SeatConfig], seed: int,
                    paths: Any, autosave: bool) -> Session:  # fmt: skip
        return cast(
            NetMatchSession, NetMatchSession.new(rules, seats, seed, paths, autosave, False)
        )

    def load_rules(self, data: dict[str, Any]) -> Any:
        from carioca_desktop.rules.carioca.ruleset import CariocaRules

        return CariocaRules.from_dict(data)

    def actor(self, game: Any) -> int | None:
        if game.is_over:
            return None
        return HOST if game.round_over else game.current_player

    def decide(self, game: Any, seat: int, bot: Any) -> Any:
        from carioca_desktop.bots.driver import bot_step

        return bot_step(game, {seat: bot})

    def make_bot(self, level: str, seat: int, seed: int) -> Any:
        from carioca_desktop.bots.base import make_bot

        return make_bot(level, seat, seed)

    def action_from_dict(self, data: Any) -> Any:
        from carioca_desktop.rules.carioca.actions import action_from_dict

        return action_from_dict(data)

    def action_to_dict(self, action: Any) -> dict[str, Any]:
        from carioca_desktop.rules.carioca.actions import action_to_dict

        return action_to_dict(action)

    def next_round(self) -> Any:
        from carioca_desktop.rules.carioca.actions import NextRound

        return NextRound()

    def round_points(self, game: Any) -> tuple[int, ...]:
        return tuple(game.round_points[-1])

    def final_line(self, game: Any) -> str:
        result = game.outcome()
        scores = result.tallies if game.rules.scoring == "tallies" else result.totals
        winners = " ".join(f"seat {s}" for s in result.winners)
        return f"match over: scores {list(scores)} winner {winners}"


class BuracoKind:
    name: str = "buraco"
    levels: tuple[str, ...] = ("random", "beginner", "easy", "normal", "hard")

    def new_session(self, rules: Any, seats: Sequence[SeatConfig], seed: int,
                    paths: Any, autosave: bool) -> Session:  # fmt: skip
        return cast(NetBuracoSession, NetBuracoSession.new(rules, seats, seed, paths, autosave))

    def load_rules(self, data: dict[str, Any]) -> Any:
        from carioca_desktop.rules.buraco.ruleset import BuracoRules

        return BuracoRules.from_dict({"game": "buraco", **data})

    def actor(self, game: Any) -> int | None:
        if game.is_over:
            return None
        return HOST if game.round_over else game.current_player

    def decide(self, game: Any, seat: int, bot: Any) -> Any:
        from carioca_desktop.bots.buraco_driver import buraco_step

        return buraco_step(game, {seat: bot})

    def make_bot(self, level: str, seat: int, seed: int) -> Any:
        from carioca_desktop.bots.buraco_driver import make_buraco_bot

        return make_buraco_bot(level, seat, seed)

    def action_from_dict(self, data: Any) -> Any:
        from carioca_desktop.rules.buraco.actions import action_from_dict

        return action_from_dict(data)

    def action_to_dict(self, action: Any) -> dict[str, Any]:
        from carioca_desktop.rules.buraco.actions import action_to_dict

        return action_to_dict(action)

    def next_round(self) -> Any:
        from carioca_desktop.rules.buraco.actions import NextRound

        return NextRound()

    def round_points(self, game: Any) -> tuple[int, ...]:
        return tuple(game.observation(0).history[-1])

    def final_line(self, game: Any) -> str:
        return f"match over: scores {list(game.scores)} winner side {game.winner}"


KINDS: dict[str, GameKind] = {"carioca": CariocaKind(), "buraco": BuracoKind()}


def record_for(session: Session, seat: int) -> dict[str, Any]:
    """The finished match as the statistics record of the person at ``seat`` (what their
    own computer appends to its statistics)."""
    record = session.record()
    mine: Any = [seat] if isinstance(record.human_seats, list) else (seat,)
    return any_to_dict(dataclasses.replace(record, human_seats=mine))
