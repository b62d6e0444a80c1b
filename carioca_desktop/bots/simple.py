"""The baseline bots: ``random`` (uniform legal play) and ``easy`` (a simple greedy player)."""

from __future__ import annotations

from collections.abc import Sequence

from carioca_desktop.rules.cards import base_code
from carioca_desktop.rules.carioca.actions import POZO, Add, Buy, Discard, Draw, NextRound
from carioca_desktop.rules.carioca.observation import Observation
from carioca_desktop.solver import discard_distances, distance

from .base import BaseBot, Choice, Pass, fits_table, laydown_proposal, points, table_layouts


def forced(legal: Sequence[Choice]) -> Choice | None:
    """The choice every level makes the same way: dealing the next round."""
    for choice in legal:
        if isinstance(choice, NextRound):
            return choice
    return None


class RandomBot(BaseBot):
    """Uniformly random legal play; it lays down whenever the solver finds a lay-down."""

    level = "random"

    def choose(self, obs: Observation, legal: Sequence[Choice]) -> Choice:
        done = forced(legal)
        if done is not None:
            return done
        lay = laydown_proposal(obs)
        if lay is not None:
            return lay
        return self.rng.choice(list(legal))


class EasyBot(BaseBot):
    """In the spirit of OpenSpiel's simple gin rummy bot: take the pozo only when it brings
    the contract closer, lay down as soon as possible, add what fits, and discard the card
    that hurts least (the dearest of the cards the contract does not need)."""

    level = "easy"

    def choose(self, obs: Observation, legal: Sequence[Choice]) -> Choice:
        done = forced(legal)
        if done is not None:
            return done
        if any(isinstance(c, Pass) for c in legal):
            return self._buy(obs, legal)
        if not obs.has_drawn:
            return self._draw(obs)
        lay = laydown_proposal(obs)
        if lay is not None:
            return lay
        adds = [c for c in legal if isinstance(c, Add)]
        if adds:
            return max(adds, key=lambda a: (points(base_code(a.card), obs.rules), a.card))
        return self._discard(obs, [c for c in legal if isinstance(c, Discard)])

    def _helps(self, obs: Observation, card: str) -> bool:
        if obs.laid_down[obs.seat]:
            return fits_table(card, table_layouts(obs), obs.rules)
        args = (obs.rules, obs.round_index, obs.progress[obs.seat])
        return distance([*obs.hand, card], *args) < distance(obs.hand, *args)

    def _draw(self, obs: Observation) -> Draw:
        top = obs.pozo_top
        take = top is not None and self._helps(obs, top)
        return Draw(obs.seat, POZO if take else "stock")

    def _buy(self, obs: Observation, legal: Sequence[Choice]) -> Choice:
        card = obs.buy_card
        if card is not None and not obs.laid_down[obs.seat] and self._helps(obs, card):
            return Buy(obs.seat)
        return Pass(obs.seat)

    def _discard(self, obs: Observation, discards: list[Discard]) -> Choice:
        rules = obs.rules
        if obs.laid_down[obs.seat]:
            return max(discards, key=lambda d: (points(d.card, rules), d.card))
        args = (rules, obs.round_index, obs.progress[obs.seat])
        steps = discard_distances(obs.hand, *args, codes=[d.card for d in discards])
        return min(discards, key=lambda d: (steps[d.card], -points(d.card, rules), d.card))
