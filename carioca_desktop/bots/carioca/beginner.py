"""The ``beginner`` bot: plays like a person learning the game. It sees the same obvious
melds as ``easy`` but makes a learner's mistakes, each at a rate of its own (measured by
``tests/bench_mistakes.py``): it overlooks some of the cards it could add and most of the
wilds it could swap, grabs the pozo (and buys) whenever the card pairs one in hand, holds
on to its dear cards and throws cheap ones instead, and lays down the moment it can."""

from __future__ import annotations

from collections.abc import Sequence

from carioca_desktop.rules.carioca.actions import Add, Discard, Swap
from carioca_desktop.rules.carioca.observation import Observation

from .base import Choice, points
from .sight import kinds, pairs_with, ties
from .simple import EasyBot


class BeginnerBot(EasyBot):
    """``EasyBot`` with a learner's habits; always legal, and every turn still ends in a
    discard, so a round never stalls on it."""

    level = "beginner"
    miss_add = 0.4  # the chance, each time it could add a card, that it does not see it
    miss_swap = 0.75  # the same for a wild it could swap off the table and place
    dear = 8  # cards worth this much or more it holds on to ("might use it later")
    patience = 25  # turns each after which it stops grabbing pairs and plans its discards
    # (a table of beginners passing pairs round the pozo would never reach the stock)

    def _wants(self, obs: Observation, card: str) -> bool:
        if (
            not obs.laid_down[obs.seat]
            and "trio" in kinds(obs)
            and obs.turn_number < self.patience * obs.players
            and pairs_with(card, obs.hand, obs.rules)
        ):
            return True  # a pair! (whether or not it makes a trío any likelier)
        return super()._wants(obs, card)

    def _shed(self, obs: Observation, legal: Sequence[Choice]) -> Choice | None:
        adds = [c for c in legal if isinstance(c, Add)]
        if adds and self.rng.random() >= self.miss_add:
            return self.rng.choice(adds)  # whichever it spots first, not the dearest
        if obs.laid_down[obs.seat] and not adds:
            for swap in (c for c in legal if isinstance(c, Swap)):
                if self._swap_sheds(obs, swap) and self.rng.random() >= self.miss_swap:
                    return swap
        return None

    def _discard(self, obs: Observation, discards: list[Discard]) -> Choice:
        """The loosest card, the cheapest first: dear cards are kept "for later"."""
        rules = obs.rules
        codes = sorted({d.card for d in discards})
        if self.stuck(obs):
            return self.planned_discard(obs, codes)
        round_kinds = kinds(obs)
        if obs.laid_down[obs.seat]:
            loose = [c for c in codes if points(c, rules) < self.dear] or codes
            return Discard(obs.seat, min(loose, key=lambda c: (points(c, rules), c)))
        return Discard(
            obs.seat,
            min(codes, key=lambda c: (ties(c, obs.hand, rules, round_kinds), points(c, rules), c)),
        )
