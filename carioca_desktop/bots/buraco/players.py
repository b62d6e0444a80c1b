"""Buraco bots (BURACO.md), one class per level, each seeing only its own observation.

Every level plays one action per call: in the draw phase it draws or takes the pile; in the
play phase it swaps, lays down, adds, and finally discards. Lay-downs (and ``take_pile``
with melds) are not among the legal actions (they are combinatorial): the bot builds them
from its hand with ``buraco_plan``, and checks the one-card rule itself (BURACO.md §5.3).

- ``random``: any legal action; lays down the natural melds it sees.
- ``beginner``: draws from the stock, lays down natural melds, adds naturals, discards its
  dearest loose card, goes out whenever it can.
- ``easy``: also takes the pile when its top card fits, uses wilds to make melds and adds
  them, keeps the cards that have partners.
- ``normal``: judges the pile by what the whole of it does for its hand (and its size
  against the stock left), keeps wilds for buracos (clean first when going out needs a
  clean one), swaps a sujo to a limpo, does not feed the opponents' melds, and goes out
  only when it does not lose points by it.
- ``hard``: also keeps the side's clean melds clean with the open pile (a wild goes on one
  only to make its buraco or to nearly empty the hand), remembers the pile when only its
  top is shown and what the next opponent took and threw, plays on while its side trails
  if the stock allows, and leaves the morto to a partner about to take it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from carioca_desktop.games import LEVELS
from carioca_desktop.rules.buraco.actions import (
    Action,
    Add,
    Discard,
    Draw,
    LayDown,
    NextRound,
    Swap,
    TakePile,
)
from carioca_desktop.rules.jsonstate import rng_to_json

from .melds import Meld, Spec, add_text, after_add, maybe_wild, read_meld, swap_card
from .plan import adds_for, hand_value, keep_scores, plan_melds
from .seen import Seen, read

BURACO_LEVELS = LEVELS  # every game has the same five levels (games.py)


class BuracoBot:
    """What every level shares: the seed, the RNG, the order of a turn, and the checks that
    keep its own actions legal. Levels differ by the knobs below and by overriding the
    judgements (``take_pile``, ``wants_out``, ``discard_value``)."""

    level = "base"
    take_piles = True
    wild_budget = 1  # melds a lay-down may complete with a wild
    add_wilds = True  # put wilds onto melds
    swaps = True
    add_first = True  # grow the side's melds before starting new ones (buracos need length)

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(seed * 1_000_003 + seat * 7919 + BURACO_LEVELS.index(self.level))

    # ------------------------------------------------------------------ protocol
    def choose(self, obs: Any, legal: Sequence[Action]) -> Action:
        for action in legal:
            if isinstance(action, NextRound):
                return action
        seen = read(obs)
        self.observe(obs, seen)
        if not seen.drawn:
            return self.draw(seen, legal)
        steps = (
            (self.swap, self.add, self.lay_down)
            if self.add_first
            else (
                self.swap,
                self.lay_down,
                self.add,
            )
        )
        for step in steps:
            move = step(seen, legal)
            if move is not None:
                return move
        return self.discard(seen, [a for a in legal if isinstance(a, Discard)], legal)

    def observe(self, obs: Any, seen: Seen) -> None:
        """Hook for levels with a memory."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "buraco",
            "level": self.level,
            "seat": self.seat,
            "seed": self.seed,
            "rng": rng_to_json(self.rng),
        }

    # ------------------------------------------------------------------ draw
    def draw(self, seen: Seen, legal: Sequence[Action]) -> Action:
        draw = next((a for a in legal if isinstance(a, Draw)), None)
        free = seen.rules.pile_take == "free"
        if self.take_piles and seen.pile_size > 0 and (seen.recent_takes < 4 or not free):
            take = self.take_pile(seen, legal)
            if take is not None:
                return take
        if draw is not None:
            return draw
        return legal[0]

    def take_pile(self, seen: Seen, legal: Sequence[Action]) -> Action | None:
        """A TakePile this level wants now, or None."""
        if not self.pile_worth(seen):
            return None
        return self.take_action(seen, legal)

    def pile_worth(self, seen: Seen) -> bool:
        top = seen.pile[-1]
        if any(m is not None and add_text(m, top, seen.spec) is not None for m in seen.our_melds):
            return True
        before = plan_melds(seen.hand, seen.spec, 0)
        after = plan_melds([*seen.hand, top], seen.spec, 0)
        return sum(map(len, after.melds)) > sum(map(len, before.melds))

    def take_action(self, seen: Seen, legal: Sequence[Action]) -> Action | None:
        """The take itself: plain when the pile is free, else with the top card's use."""
        plain = next((a for a in legal if isinstance(a, TakePile)), None)
        if seen.rules.pile_take == "free":
            return plain if plain is not None else TakePile(self.seat)
        return use_top(seen)

    # ------------------------------------------------------------------ play
    def swap(self, seen: Seen, legal: Sequence[Action]) -> Action | None:
        if not self.swaps or seen.spec.swap != "to_hand":
            return None
        for index, meld in seen.ours:
            if meld is None:
                continue
            natural = swap_card(meld)
            if natural is None or natural not in seen.hand or not self.swap_pays(seen, meld):
                continue
            left = [*without(seen.hand, natural), meld.wild_code or "JK"]
            if seen.may_leave(left, seen.our_melds):
                return Swap(self.seat, index, natural)
        return None

    def swap_pays(self, seen: Seen, meld: Meld) -> bool:
        return True

    def lay_down(self, seen: Seen, legal: Sequence[Action]) -> Action | None:
        plan = plan_melds(seen.hand, seen.spec, self.budget(seen))
        melds = list(plan.melds)
        if not melds:
            return None
        least = seen.rules.first_meld_min
        while melds:
            rest = _rest(seen.hand, melds)
            new = seen.our_melds + [read_meld(m, seen.spec) for m in melds]
            points = sum(seen.spec.value(c) for m in melds for c in m)
            if (seen.opened or points >= least) and self.may_empty(seen, rest, new):
                return LayDown(self.seat, tuple(melds))
            melds.pop()  # the least wanted last: drop it and try again
        return None

    def budget(self, seen: Seen) -> int:
        return self.wild_budget

    def add(self, seen: Seen, legal: Sequence[Action]) -> Action | None:
        chains = adds_for(seen.hand, seen.our_melds, seen.spec, wilds=self.add_wilds)
        chains.sort(key=lambda ic: -self.chain_value(seen, ic[0], ic[1]))
        for pos, chain in chains:
            index = seen.ours[pos][0]
            meld = seen.ours[pos][1]
            assert meld is not None
            cards = list(chain)
            while cards:
                if not self.chain_ok(seen, meld, cards):
                    cards.pop()
                    continue
                after = meld
                for text in cards:
                    after = after_add(after, text, seen.spec)
                new = [after if m is meld else m for m in seen.our_melds]
                rest = without_all(seen.hand, [t.split("=")[0] for t in cards])
                if self.may_empty(seen, rest, new):
                    return Add(self.seat, index, tuple(cards))
                cards.pop()
        return None

    def chain_value(self, seen: Seen, pos: int, chain: Sequence[str]) -> float:
        return float(len(chain))

    def chain_ok(self, seen: Seen, meld: Meld, cards: Sequence[str]) -> bool:
        """Whether this level wants to add these cards (a level may keep a wild back)."""
        return True

    def may_empty(self, seen: Seen, rest: Sequence[str], melds: Sequence[Meld | None]) -> bool:
        """The one-card rule, and whether this level wants the going out it would allow."""
        if not seen.may_leave(rest, melds):
            return False
        if len(rest) == 0 and not seen.morto_available:
            return self.wants_out(seen, melds)
        return True

    def wants_out(self, seen: Seen, melds: Sequence[Meld | None]) -> bool:
        return True

    # ------------------------------------------------------------------ discard
    def discard(self, seen: Seen, discards: list[Discard], legal: Sequence[Action]) -> Action:
        if not discards:
            return legal[0]
        codes = sorted({d.card for d in discards})
        if len(codes) == 1:
            return Discard(self.seat, codes[0])
        if len(seen.hand) == 1 or (
            len(seen.hand) == len(codes) == 1
        ):  # pragma: no cover - single card handled above
            return Discard(self.seat, codes[0])
        if len(seen.hand) <= 1:
            return Discard(self.seat, codes[0])
        keep = keep_scores(seen.hand, seen.our_melds, seen.spec)
        best = min(codes, key=lambda c: (self.discard_value(seen, c, keep), c))
        return Discard(self.seat, best)

    def discard_value(self, seen: Seen, card: str, keep: dict[str, float]) -> float:
        """The lower, the sooner this card goes."""
        return keep[card]


# --------------------------------------------------------------------------- helpers
def without(hand: Sequence[str], code: str) -> list[str]:
    rest = list(hand)
    rest.remove(code)
    return rest


def without_all(hand: Sequence[str], codes: Sequence[str]) -> list[str]:
    return list((Counter(hand) - Counter(codes)).elements())


def _rest(hand: Sequence[str], melds: Sequence[Sequence[str]]) -> list[str]:
    return without_all(hand, [c for m in melds for c in m])


def use_top(seen: Seen) -> TakePile | None:
    """A ``must_use_top`` take (BURACO.md §4.1): the top card added to a meld of the side,
    else new melds (one holding the top card) of it and cards already in hand."""
    top = seen.pile[-1]
    after_hand = [*seen.hand, *seen.pile]
    for index, meld in seen.ours:
        if meld is None:
            continue
        text = add_text(meld, top, seen.spec)
        if text is None:
            continue
        new = [after_add(m, text, seen.spec) if m is meld else m for m in seen.our_melds]
        if seen.may_leave(without(after_hand, top), new):
            return TakePile(seen.seat, add=index, card=text if "=" in text else None)
    for budget in (0, 1, 2):
        plan = plan_melds([*seen.hand, top], seen.spec, budget)
        holding = [m for m in plan.melds if top in m]
        if not holding:
            continue
        melds = [holding[0], *(m for m in plan.melds if m is not holding[0])]
        take = _take_laying(seen, melds, after_hand)
        if take is not None:
            return take
    for small in melds_with(top, seen.hand, seen.spec):
        others = plan_melds(without_all(seen.hand, small[1:]), seen.spec, 0).melds
        take = _take_laying(seen, [small, *others], after_hand)
        if take is not None:
            return take
    return None


def _take_laying(
    seen: Seen, melds: Sequence[tuple[str, ...]], after_hand: Sequence[str]
) -> TakePile | None:
    """The take laying ``melds`` down (the first holds the top card), if they reach the first
    meld's minimum when the side has not opened and the hand left may still go on."""
    points = sum(seen.spec.value(c) for m in melds for c in m)
    if not seen.opened and points < seen.rules.first_meld_min:
        return None
    rest = without_all(after_hand, [c for m in melds for c in m])
    new = seen.our_melds + [read_meld(m, seen.spec) for m in melds]
    if seen.may_leave(rest, new):
        return TakePile(seen.seat, melds=tuple(tuple(m) for m in melds))
    return None


def melds_with(top: str, hand: Sequence[str], spec: Spec) -> list[tuple[str, ...]]:
    """Three-card melds of ``top`` and two cards of ``hand``: natural ones first, then the
    dearest."""
    codes = sorted(set(hand))
    found: list[tuple[str, ...]] = []
    for i, a in enumerate(codes):
        for b in codes[i:]:
            if a == b and Counter(hand)[a] < 2:
                continue
            if read_meld((top, a, b), spec) is not None:
                found.append((top, a, b))
    found.sort(key=lambda m: (sum(maybe_wild(c) for c in m[1:]), -sum(spec.value(c) for c in m)))
    return found


class RandomBot(BuracoBot):
    """Uniformly random among the legal actions; lays down the natural melds it sees."""

    level = "random"
    wild_budget = 0

    def choose(self, obs: Any, legal: Sequence[Action]) -> Action:
        for action in legal:
            if isinstance(action, NextRound):
                return action
        seen = read(obs)
        if seen.drawn:
            lay = self.lay_down(seen, legal)
            if lay is not None:
                return lay
        options = list(legal)
        if not options:
            raise ValueError("no legal action to choose from")
        return self.rng.choice(options)


class BeginnerBot(BuracoBot):
    """Stock only, natural melds, natural adds, sheds its dearest loose card."""

    level = "beginner"
    wild_budget = 0
    swaps = False
    add_first = False

    def discard_value(self, seen: Seen, card: str, keep: dict[str, float]) -> float:
        if maybe_wild(card):
            return 1000.0
        fits = any(m is not None and add_text(m, card, seen.spec) for m in seen.our_melds)
        return 100.0 * fits + (40.0 if keep[card] > 10 else 0.0) - seen.spec.value(card)


class EasyBot(BuracoBot):
    """Takes the pile when its top card fits; melds with wilds; keeps cards with partners."""

    level = "easy"
    wild_budget = 2


def hand_after_pile(seen: Seen) -> list[str]:
    return [*seen.hand, *seen.pile]


def pile_gain(seen: Seen, pile: Sequence[str], unseen: int, budget: int) -> float:
    """What taking the pile does for the hand (``unseen``: pile cards not known)."""
    base = hand_value(seen.hand, seen.our_melds, seen.spec, budget)
    after = hand_value([*seen.hand, *pile], seen.our_melds, seen.spec, budget)
    return after - base + unseen * 2.0
