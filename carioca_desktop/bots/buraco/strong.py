"""The stronger Buraco bots: ``normal`` (judges the pile, builds buracos, guards its
discards, times the going out) and ``hard`` (keeps clean melds clean for their limpo, adds a
memory of the pile and of the next opponent, plays on while trailing, and leaves the morto
to a partner about to take it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from carioca_desktop.rules.buraco.actions import Action

from .melds import (
    Meld,
    add_text,
    after_add,
    maybe_wild,
    rank,
    set_rank_ok,
    split_marked,
    suit,
)
from .players import BuracoBot, pile_gain, use_top
from .seen import Seen

HAND_GUESS = 7.0  # points a card in a hidden hand is worth, on average, at the round's end
# What a discard that feeds the next opponent costs (see ``HardBot.gift``), in keep points:
# the pile makes a meld with it, or it joins their melds.
GIFT_PILE_MELD = 1.0
GIFT_FITS = 0.6
BONUS = {"limpo": 200, "sujo": 100, "going_out": 100, "no_morto": 100}


def bonuses(seen: Seen) -> dict[str, int]:
    given = seen.rules.bonuses
    out = dict(BONUS)
    if given is not None:
        out.update({str(k): int(v) for k, v in dict(given).items()})
    return out


def table_points(seen: Seen, melds: Sequence[Meld | None]) -> int:
    """Card points and buraco bonuses of these melds (BURACO.md §7)."""
    b = bonuses(seen)
    total = 0
    for m in melds:
        if m is None:
            continue
        total += sum(seen.spec.value(c) for c in m.cards)
        if m.buraco:
            total += b["limpo"] if m.clean else b["sujo"]
    return total


def threat(seen: Seen) -> float:
    """How near the opponents are to going out (0 far … 1 any moment)."""
    other = 1 - seen.side
    if seen.taken[other] < 1 and seen.mortos_left > 0:
        level = 0.15
    else:
        clean = seen.needs_clean
        ready = any(m is not None and m.buraco and (m.clean or not clean) for m in seen.theirs)
        level = 0.35 if not ready else 0.7
    sizes = [seen.hand_sizes[s] for s in range(seen.players) if s % 2 != seen.side]
    if min(sizes) <= 2:
        level += 0.3
    elif min(sizes) <= 4:
        level += 0.1
    return min(1.0, level)


class NormalBot(BuracoBot):
    level = "normal"
    wild_budget = 1
    take_margin = 10.0
    deny_weight = 0.5  # how much the pile's worth to the opponents counts in taking it
    feed_weight = 1.0  # with must_use_top only: a free pile is taken whatever its top

    # ------------------------------------------------------------------ the pile
    def take_pile(self, seen: Seen, legal: Sequence[Action]) -> Action | None:
        """With ``must_use_top`` every take puts its top card on the table at once, and the
        piles grow large: take whenever the top card can be used."""
        if seen.rules.pile_take == "must_use_top":
            return use_top(seen)
        return super().take_pile(seen, legal)

    def pile_worth(self, seen: Seen) -> bool:
        known, unseen = self.pile_cards(seen)
        gain = pile_gain(seen, known, unseen if seen.stock > 15 else -unseen, 1)
        gain += self.deny_weight * self.denial(seen, known)
        if seen.stock < 12:
            gain -= 0.5 * sum(seen.spec.value(c) for c in known)
        return gain > self.take_margin

    def pile_cards(self, seen: Seen) -> tuple[list[str], int]:
        """The pile cards the bot knows, and how many more there are."""
        return list(seen.pile), max(0, seen.pile_size - len(seen.pile))

    def denial(self, seen: Seen, pile: Sequence[str]) -> float:
        """What the pile would give the opponents: the cards fitting their melds."""
        worth = 0.0
        for c in pile:
            if maybe_wild(c):
                worth += 15.0
            elif any(m is not None and add_text(m, c, seen.spec) for m in seen.theirs):
                worth += seen.spec.value(c) + 10.0
        return worth

    # ------------------------------------------------------------------ melding
    def budget(self, seen: Seen) -> int:
        if seen.needs_clean and not self.clean_done(seen) and len(seen.hand) > 4:
            return 0  # clean first: a wild in a new meld rules out its limpo
        return 2

    def chain_ok(self, seen: Seen, meld: Meld, cards: Sequence[str]) -> bool:
        """Wilds go onto melds freely, unless going out needs a limpo the side lacks: then
        only to make a buraco or to empty the hand."""
        if not any("=" in t or maybe_wild(split_marked(t)[0]) for t in cards):
            return True
        after = meld
        for t in cards:
            after = after_add(after, t, seen.spec)
        if after.clean:
            return True  # a 2 gone home natural
        if seen.needs_clean and not self.clean_done(seen):
            return after.size >= 7 or len(seen.hand) - len(cards) <= 2
        return True

    def clean_done(self, seen: Seen) -> bool:
        return any(m is not None and m.buraco and m.clean for m in seen.our_melds)

    def chain_value(self, seen: Seen, pos: int, chain: Sequence[str]) -> float:
        meld = seen.ours[pos][1]
        assert meld is not None
        size = meld.size + len(chain)
        value = float(len(chain)) + (10.0 if meld.size < 7 <= size else 0.0)
        return value - (5.0 if any("=" in t for t in chain) else 0.0)

    def swap_pays(self, seen: Seen, meld: Meld) -> bool:
        return meld.size >= 5 or len(seen.hand) >= 4

    # ------------------------------------------------------------------ going out
    def wants_out(self, seen: Seen, melds: Sequence[Meld | None]) -> bool:
        ours, theirs = self.round_guess(seen, melds)
        ahead = seen.totals[seen.side] + ours >= seen.totals[1 - seen.side] + theirs
        return ahead or ours >= theirs or threat(seen) >= 0.6 or seen.stock < 20

    def round_guess(self, seen: Seen, melds: Sequence[Meld | None]) -> tuple[float, float]:
        """Round points of each side if this seat went out now with these melds."""
        b = bonuses(seen)
        partner = seen.partner
        ours = float(table_points(seen, melds) + b["going_out"])
        if partner is not None:
            ours -= HAND_GUESS * seen.hand_sizes[partner]
        theirs = float(table_points(seen, seen.theirs))
        theirs -= HAND_GUESS * sum(
            seen.hand_sizes[s] for s in range(seen.players) if s % 2 != seen.side
        )
        if seen.taken[1 - seen.side] < 1:
            theirs -= b["no_morto"]
        return ours, theirs

    # ------------------------------------------------------------------ discards
    def discard_value(self, seen: Seen, card: str, keep: dict[str, float]) -> float:
        value = keep[card]
        if maybe_wild(card):
            value += 100.0
        closed = seen.rules.pile_take == "must_use_top"
        if closed and any(m is not None and add_text(m, card, seen.spec) for m in seen.theirs):
            value += self.feed_weight * (15.0 + 1.5 * seen.pile_size)
        danger = threat(seen)
        value -= danger * 0.8 * seen.spec.value(card)
        return value + self.read_next(seen, card)

    def read_next(self, seen: Seen, card: str) -> float:
        return 0.0


class HardBot(NormalBot):
    level = "hard"
    take_margin = 8.0

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.pile_memory: list[str] = []
        self.took: list[str] = []  # what the next opponent took from the pile
        self.threw: list[str] = []  # what the next opponent discarded
        self.seen_events = 0

    def observe(self, obs: Any, seen: Seen) -> None:
        """Replay the events not seen yet: the pile, card by card, from the upcard on."""
        events = tuple(obs.events)
        if len(events) < self.seen_events:
            self.seen_events = 0
        for event in events[self.seen_events :]:
            self.remember(event, seen)
        self.seen_events = len(events)

    def remember(self, event: Any, seen: Seen) -> None:
        kind, cards, who = event.kind, tuple(event.cards), event.seat
        if kind in ("deal", "upcard"):
            if kind == "deal":
                self.took, self.threw = [], []
            self.pile_memory = list(cards) if kind == "upcard" else []
        elif kind == "discard" and cards:
            self.pile_memory.append(cards[0])
            if who == seen.next_seat:
                self.threw.append(cards[0])
        elif kind == "take_pile":
            if who == seen.next_seat:
                self.took.extend(cards)
            self.pile_memory = []

    def chain_ok(self, seen: Seen, meld: Meld, cards: Sequence[str]) -> bool:
        """A wild never dirties a clean meld of the side unless it makes the buraco or
        nearly empties the hand: a clean meld is a limpo (200) in the making, a wild caps it
        at a sujo (100). Open pile only: with the closed pile it was not measured to help."""
        free = seen.rules.pile_take == "free"
        if free and any("=" in t or maybe_wild(split_marked(t)[0]) for t in cards):
            after = meld
            for t in cards:
                after = after_add(after, t, seen.spec)
            if meld.clean and not after.clean:
                return after.size >= 7 or len(seen.hand) - len(cards) <= 2
        return super().chain_ok(seen, meld, cards)

    def pile_cards(self, seen: Seen) -> tuple[list[str], int]:
        if len(seen.pile) >= seen.pile_size:
            return list(seen.pile), 0
        known = self.pile_memory[-seen.pile_size :]
        return known, max(0, seen.pile_size - len(known))

    def read_next(self, seen: Seen, card: str) -> float:
        """Cards like those the next opponent took are worth more to them; like those they
        threw, less. With the open pile, what the card gives the next opponent instead."""
        if maybe_wild(card):
            return 0.0
        if seen.rules.pile_take != "must_use_top":
            return self.gift(seen, card)
        score = 0.0
        for other in self.took[-20:]:
            score += 4.0 * _kin(card, other)
        for other in self.threw[-10:]:
            score -= 2.0 * _kin(card, other)
        return score

    def gift(self, seen: Seen, card: str) -> float:
        """With the open pile, what discarding ``card`` hands the next opponent, who may take
        the whole pile: a meld made of the pile's own cards with it (two kings there, a third
        thrown), a card that joins their side's melds, the more so with a big pile and with
        their hand nearly empty (a card they can add may be their way out)."""
        known, _ = self.pile_cards(seen)
        weight = GIFT_PILE_MELD if _pile_meld(known, card, seen) else 0.0
        if any(m is not None and add_text(m, card, seen.spec) for m in seen.theirs):
            weight += GIFT_FITS
        if not weight:
            return 0.0
        if seen.hand_sizes[seen.next_seat] <= 2:
            weight *= 1.5
        return weight * min(60.0, 20.0 + 2.0 * seen.pile_size)

    def wants_out(self, seen: Seen, melds: Sequence[Meld | None]) -> bool:
        """Go out, unless that ends the match lost while the stock leaves time to meld on."""
        ours, theirs = self.round_guess(seen, melds)
        mine, other = seen.totals[seen.side] + ours, seen.totals[1 - seen.side] + theirs
        return not (other >= seen.target and other > mine and seen.stock > 6)

    def may_empty(self, seen: Seen, rest: Sequence[str], melds: Sequence[Meld | None]) -> bool:
        partner = seen.partner
        if (
            partner is not None
            and len(rest) == 1
            and seen.morto_available
            and seen.quota == 1
            and seen.hand_sizes[partner] <= 2
            and len(seen.hand) > 3
        ):
            return False  # let the partner take it; keep melding
        return super().may_empty(seen, rest, melds)

    def to_dict(self) -> dict[str, Any]:
        out = super().to_dict()
        out["memory"] = {"pile": self.pile_memory, "took": self.took, "threw": self.threw}
        return out


def _pile_meld(pile: Sequence[str], card: str, seen: Seen) -> bool:
    """Whether ``card`` on the pile makes a meld of natural cards with two of the pile's."""
    naturals = [c for c in pile if not maybe_wild(c)]
    r, st = rank(card), suit(card)
    if set_rank_ok(r, seen.spec) and sum(rank(c) == r for c in naturals) >= 2:
        return True
    have = {rank(c) for c in naturals if suit(c) == st}
    have |= {14 for c in naturals if suit(c) == st and rank(c) == 1}  # an ace above the king
    for high in (r, 14 if r == 1 else r):
        if any({high + a, high + b} <= have for a, b in ((-2, -1), (-1, 1), (1, 2))):
            return True
    return False


def _kin(card: str, other: str) -> float:
    if maybe_wild(other):
        return 0.0
    if rank(card) == rank(other):
        return 1.0
    if suit(card) == suit(other) and abs(rank(card) - rank(other)) <= 2:
        return 0.8
    return 0.0


__all__ = ["Action", "HardBot", "NormalBot"]
