"""Carioca at the network table: how the host's and a joiner's bots decide (as ``bot_step``
does), the buy offer's countdown, and the observation's own fields (the rest is
``common.Adapter``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from carioca_desktop.net.common import Adapter, People, moves_this_turn
from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca import observation as cobs
from carioca_desktop.rules.carioca.ruleset import CariocaRules


class NetMatchSession(People, MatchSession):
    """A session run by a host: remote seats are its ``human`` seats, but only the host's
    own people are recorded here (each computer records its own person)."""


class CariocaKind(Adapter):
    name: str = "carioca"
    actions = "carioca_desktop.rules.carioca.actions"
    meld_view = cobs.MeldView
    observation_class = cobs.Observation
    partners: bool = False

    def new_session(self, rules: Any, seats: Sequence[SeatConfig], seed: int,
                    paths: Any, autosave: bool) -> NetMatchSession:  # fmt: skip
        return cast(
            NetMatchSession, NetMatchSession.new(rules, seats, seed, paths, autosave, False)
        )

    def load_rules(self, data: dict[str, Any]) -> Any:
        return CariocaRules.from_dict(data)

    def decide(self, game: Any, seat: int, bot: Any) -> Any:
        from carioca_desktop.bots.carioca.driver import bot_step

        return bot_step(game, {seat: bot})

    def make_bot(self, level: str, seat: int, seed: int) -> Any:
        from carioca_desktop.bots.carioca.base import make_bot

        return make_bot(level, seat, seed)

    def round_points(self, game: Any) -> tuple[int, ...]:
        return tuple(game.round_points[-1])

    def final_line(self, game: Any) -> str:
        result = game.outcome()
        scores = result.tallies if game.rules.scoring == "tallies" else result.totals
        winners = " ".join(f"seat {s}" for s in result.winners)
        return f"match over: scores {list(scores)} winner {winners}"

    def offer_open(self, game: Any, seat: int) -> bool:
        """Whether ``seat`` is being asked to buy the discard (its countdown runs)."""
        return bool(game.phase.value == "offer" and game.current_player == seat)

    def bot_from_dict(self, state: dict[str, Any]) -> Any:
        from carioca_desktop.bots.carioca.base import bot_from_dict

        return bot_from_dict(state)

    def driver_choice(self, bot: Any, obs: Any, legal: tuple[Any, ...]) -> Any:
        """What ``bot_step`` does for this seat on the host, from the seat's observation."""
        from carioca_desktop.bots.carioca.driver import MAX_ACTIONS_PER_TURN

        moves = moves_this_turn(obs, ("lay_down", "add", "swap"))
        if obs.phase == "play" and moves >= MAX_ACTIONS_PER_TURN:
            return self.fallback(legal)
        return bot.choose(obs, list(legal))

    def event_kind(self, value: str) -> Any:
        from carioca_desktop.rules.carioca.state import EventKind

        return EventKind(value)

    def obs_field(self, name: str, value: Any) -> Any:
        if name == "rules":
            return _rules_from(value)
        if name == "offer":
            return None if value is None else cobs.Offer(**value)
        return super().obs_field(name, value)

    def fallback(self, legal: tuple[Any, ...]) -> Any:
        """What a joiner plays when the engine refuses its bot's choice: a discard if any."""
        from carioca_desktop.rules.carioca.actions import Discard

        return next((a for a in legal if isinstance(a, Discard)), legal[0])


_last_rules: list[tuple[Any, CariocaRules]] = []


def _rules_from(data: Any) -> CariocaRules:
    """A match has one rule set: checked and built once, then known by equality with the
    last dict (a client is sent it again only after a welcome)."""
    last = _last_rules[:1]  # one list read: another thread may replace it meanwhile
    if last and last[0][0] == data:
        return last[0][1]
    rules = CariocaRules.from_dict(data)
    _last_rules[:] = [(data, rules)]
    return rules
