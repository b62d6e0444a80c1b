"""What a meld is (RULES.md §3): its slots and layout, which cards are wild, and the limits every
meld keeps at all times."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Protocol

from ..cards import RANK_NAMES, Card, Marker, Suit
from ..errors import Refusal, refuse


class MeldRules(Protocol):
    """The keys meld checking reads; every game's rule set has them (BURACO.md §14)."""

    @property
    def wild_twos(self) -> str: ...
    @property
    def ace(self) -> str: ...
    @property
    def max_wilds_per_meld(self) -> int | None: ...
    @property
    def wilds_adjacent(self) -> bool: ...
    @property
    def escala_min(self) -> int: ...
    def twos_wild(self, suit_red: bool) -> bool: ...
    def __hash__(self) -> int: ...


TRIO = "trio"
ESCALA = "escala"


@dataclass(frozen=True)
class Slot:
    """One card of a meld: which card (an input index, or a physical id on the table), the
    rank (and suit, in an escala) it stands for, and whether it is there as a wild."""

    ref: int
    rank: int
    suit: Suit | None
    wild: bool

    @property
    def marker(self) -> Marker:
        return Marker(self.rank, self.suit)


@dataclass(frozen=True)
class Layout:
    """A legal meld: its kind, and its slots (an escala's in the order its ranks run).

    ``start`` is the position of the first slot of an escala: 1..13 are A..K and 14 is a high
    ace; with ``ace: "wrap"`` positions are taken modulo 13.
    """

    kind: str
    slots: tuple[Slot, ...]
    suit: Suit | None = None
    start: int = 0
    special: str | None = None

    @property
    def wilds(self) -> int:
        return sum(1 for s in self.slots if s.wild)

    @property
    def rank(self) -> int:
        """The rank of a trío."""
        return self.slots[0].rank

    def with_refs(self, refs: Sequence[int]) -> Layout:
        """The same layout with slot refs mapped through ``refs`` (input index → id)."""
        slots = tuple(Slot(refs[s.ref], s.rank, s.suit, s.wild) for s in self.slots)
        return Layout(self.kind, slots, self.suit, self.start, self.special)


Entry = tuple[Card, "Marker | None"]
"""A card offered for a meld, with what it stands for when the player said so."""


def is_wild(card: Card, rules: MeldRules) -> bool:
    """A joker, or a 2 that ``wild_twos`` makes wild (it may still stand in its own place)."""
    if card.is_joker:
        return True
    return card.rank == 2 and card.suit is not None and rules.twos_wild(card.suit.red)


def position_rank(pos: int, wrap: bool) -> int:
    """Rank at an escala position (14 is the high ace; with wrap, positions cycle)."""
    if wrap:
        return (pos - 1) % 13 + 1
    return 1 if pos == 14 else pos


# --------------------------------------------------------------------------- invariants
def check_layout(layout: Layout, rules: MeldRules, min_len: int) -> Refusal | None:
    """The §3 limits that hold for every meld at all times."""
    n, wilds = len(layout.slots), layout.wilds
    if layout.kind == TRIO and n < 3:
        return refuse("too_short", f"a trío needs 3 cards ({3 - n} missing)", missing=3 - n)
    if layout.kind == ESCALA and n < min_len:
        return refuse(
            "too_short",
            f"an escala needs {min_len} cards ({min_len - n} missing)",
            missing=min_len - n,
            need=min_len,
        )
    if n > 13 and layout.kind == ESCALA:
        return refuse("too_long", "an escala has at most 13 cards")
    limit = rules.max_wilds_per_meld
    if limit is not None and wilds > limit:
        return refuse("too_many_wilds", f"at most {limit} wild(s) in a meld", limit=limit)
    if wilds and n - wilds <= wilds:
        return refuse("wilds_outnumber", "a meld needs more natural cards than wilds")
    if layout.kind == ESCALA and not rules.wilds_adjacent:
        for a, b in pairwise(layout.slots):
            if a.wild and b.wild:
                return refuse("wilds_adjacent", "two wilds may not be side by side in an escala")
    return None


def slot_text(slot: Slot, card: Card) -> str:
    """How a placed card is written: ``7H``, or a wild with what it stands for ``JK=7H``."""
    if not slot.wild:
        return card.code
    return f"{card.code}={RANK_NAMES[slot.rank - 1]}{slot.suit.value if slot.suit else ''}"
