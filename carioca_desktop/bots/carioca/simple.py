"""The baseline bots: ``random`` (uniform legal play) and ``easy`` (plays what it sees)."""

from __future__ import annotations

from collections.abc import Sequence

from carioca_desktop.rules.carioca.actions import (
    POZO,
    STOCK,
    Add,
    Buy,
    Discard,
    Draw,
    NextRound,
    Swap,
)
from carioca_desktop.rules.carioca.observation import Observation
from carioca_desktop.solver import discard_distances

from .base import BaseBot, Choice, Pass, fits_table, laydown_proposal, points, table_layouts, wild
from .sight import kinds, ties


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
    """Plays the obvious melds it sees and nothing cleverer: it lays down as soon as it can,
    adds every card that fits (dearest first), swaps a table wild when that wild can go
    straight onto another meld, and judges its hand at a glance (``sight``), not with the
    solver's plans: it keeps the cards that already pair or run with others, throws the
    dearest loose card, and takes the pozo (or buys) only to complete a visible group of
    three."""

    level = "easy"
    patience = 20  # turns each in a round before it plans its discards (see ``stuck``)

    def choose(self, obs: Observation, legal: Sequence[Choice]) -> Choice:
        done = forced(legal)
        if done is not None:
            return done
        if any(isinstance(c, Pass) for c in legal):
            return self._buy(obs)
        if not obs.has_drawn:
            return self._draw(obs)
        lay = laydown_proposal(obs)
        if lay is not None:
            return lay
        move = self._shed(obs, legal)
        if move is not None:
            return move
        return self._discard(obs, [c for c in legal if isinstance(c, Discard)])

    # ------------------------------------------------------------------ decisions
    def _wants(self, obs: Observation, card: str) -> bool:
        if obs.laid_down[obs.seat]:
            return fits_table(card, table_layouts(obs), obs.rules)
        if wild(card, obs.rules):
            return True
        return ties(card, [*obs.hand, card], obs.rules, kinds(obs)) >= 2

    def _draw(self, obs: Observation) -> Draw:
        top = obs.pozo_top
        take = top is not None and self._wants(obs, top)
        return Draw(obs.seat, POZO if take else STOCK)

    def _buy(self, obs: Observation) -> Choice:
        card = obs.buy_card
        if card is not None and not obs.laid_down[obs.seat] and self._wants(obs, card):
            return Buy(obs.seat)
        return Pass(obs.seat)

    def _shed(self, obs: Observation, legal: Sequence[Choice]) -> Choice | None:
        adds = [c for c in legal if isinstance(c, Add)]
        if adds:
            return max(adds, key=lambda a: (points(a.card.split("=")[0], obs.rules), a.card))
        if obs.laid_down[obs.seat]:
            for swap in (c for c in legal if isinstance(c, Swap)):
                if self._swap_sheds(obs, swap):
                    return swap
        return None

    def _swap_sheds(self, obs: Observation, swap: Swap) -> bool:
        """A swap takes a table wild into the hand: worth it when that wild can go straight
        onto another meld, so the hand is one card lighter."""
        meld = obs.table[swap.meld]
        code = meld.cards[next(i for i, s in enumerate(meld.stands_for) if s is not None)]
        others = [lay for i, lay in enumerate(table_layouts(obs)) if i != swap.meld]
        return fits_table(code, others, obs.rules)

    def stuck(self, obs: Observation) -> bool:
        """Long into a round and still not down: what it sees has not worked, so it plans
        its discard with the solver, as a stuck player thinks harder (without this a table
        of easy players, each hoarding what it sees, could pass cards round for ever)."""
        return not obs.laid_down[obs.seat] and obs.turn_number >= self.patience * obs.players

    def planned_discard(self, obs: Observation, codes: list[str]) -> Discard:
        """The discard that leaves the hand closest to the contract (dearest on ties)."""
        rules = obs.rules
        args = (rules, obs.round_index, obs.progress[obs.seat])
        steps = discard_distances(obs.hand, *args, codes=codes)
        return Discard(obs.seat, min(codes, key=lambda c: (steps[c], -points(c, rules), c)))

    def _discard(self, obs: Observation, discards: list[Discard]) -> Choice:
        rules = obs.rules
        codes = sorted({d.card for d in discards})
        if self.stuck(obs):
            return self.planned_discard(obs, codes)
        if obs.laid_down[obs.seat]:
            return Discard(obs.seat, max(codes, key=lambda c: (points(c, rules), c)))
        round_kinds = kinds(obs)
        return Discard(
            obs.seat,
            min(codes, key=lambda c: (ties(c, obs.hand, rules, round_kinds), -points(c, rules), c)),
        )
