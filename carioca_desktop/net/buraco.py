"""Buraco at the network table: how the host's and a joiner's bots decide (as
``buraco_step`` does) and the observation's own fields (the rest is ``common.Adapter``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from carioca_desktop.net.common import Adapter, People, moves_this_turn
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco import observation as bobs


class NetBuracoSession(People, BuracoSession):
    """A session run by a host: remote seats are its ``human`` seats, but only the host's
    own people are recorded here (each computer records its own person)."""


class BuracoKind(Adapter):
    name: str = "buraco"
    actions = "carioca_desktop.rules.buraco.actions"
    meld_view = bobs.MeldView
    observation_class = bobs.BuracoObservation
    partners: bool = True

    def new_session(self, rules: Any, seats: Sequence[SeatConfig], seed: int,
                    paths: Any, autosave: bool) -> NetBuracoSession:  # fmt: skip
        return cast(NetBuracoSession, NetBuracoSession.new(rules, seats, seed, paths, autosave))

    def load_rules(self, data: dict[str, Any]) -> Any:
        from carioca_desktop.rules.buraco.ruleset import BuracoRules

        return BuracoRules.from_dict({"game": "buraco", **data})

    def decide(self, game: Any, seat: int, bot: Any) -> Any:
        from carioca_desktop.bots.buraco.driver import buraco_step

        return buraco_step(game, {seat: bot})

    def make_bot(self, level: str, seat: int, seed: int) -> Any:
        from carioca_desktop.bots.buraco.driver import make_buraco_bot

        return make_buraco_bot(level, seat, seed)

    def round_points(self, game: Any) -> tuple[int, ...]:
        return tuple(game.observation(0).history[-1])

    def final_line(self, game: Any) -> str:
        return f"match over: scores {list(game.scores)} winner side {game.winner}"

    def offer_open(self, game: Any, seat: int) -> bool:
        return False  # Buraco has no buy offer

    def bot_from_dict(self, state: dict[str, Any]) -> Any:
        """A Buraco bot is its level, seat and generator (a hard bot rebuilds its memory from
        the event log on its next move)."""
        bot = self.make_bot(str(state["level"]), int(state["seat"]), int(state.get("seed", 0)))
        version, internal, gauss = state["rng"]
        bot.rng.setstate((version, tuple(internal), gauss))
        return bot

    def driver_choice(self, bot: Any, obs: Any, legal: tuple[Any, ...]) -> Any:
        """What ``buraco_step`` does for this seat on the host, from the seat's observation
        (its safe move after a refusal is ``fallback``)."""
        from carioca_desktop.bots.buraco.driver import MAX_ACTIONS_PER_TURN

        if moves_this_turn(obs, ("lay_down", "add", "swap", "take_pile")) >= MAX_ACTIONS_PER_TURN:
            return self.fallback(legal)
        return bot.choose(obs, list(legal))

    def fallback(self, legal: tuple[Any, ...]) -> Any:
        from carioca_desktop.bots.buraco.driver import _safe

        return _safe(list(legal))

    def event_kind(self, value: str) -> Any:
        return value  # Buraco's event kinds are plain strings

    def obs_field(self, name: str, value: Any) -> Any:
        if name == "rules" and not isinstance(value, dict):
            raise TypeError("rules must be an object")
        return super().obs_field(name, value)
