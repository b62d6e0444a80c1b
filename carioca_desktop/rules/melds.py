"""Melds (RULES.md §3): tríos and escalas with positional wilds, adding to them, swapping wilds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise, product
from typing import Protocol

from .cards import RANK_NAMES, Card, Marker, Suit
from .errors import Refusal, refuse


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


# --------------------------------------------------------------------------- analysis
def analyse(
    entries: Sequence[Entry],
    rules: MeldRules,
    kind: str | None = None,
    min_len: int | None = None,
    special: str | None = None,
) -> Layout | Refusal:
    """The legal layout of these cards as one meld (picking wild positions when unmarked),
    or the reason they are not one. ``kind`` restricts to a trío or an escala; ``special``
    asks for a 13-card contract meld (ER, ES, EC, EP)."""
    key = (tuple(entries), _rules_key(rules), kind, min_len, special)
    return _analyse_cached(key, rules)


def _rules_key(rules: MeldRules) -> tuple[object, ...]:
    return (
        rules.wild_twos,
        rules.ace,
        rules.max_wilds_per_meld,
        rules.wilds_adjacent,
        rules.escala_min,
    )


def clear_caches() -> None:
    """Forget every meld analysed so far (the cache below holds at most 65 536 entries)."""
    _analyse_cached.cache_clear()


@lru_cache(maxsize=65536)  # (cards, rule keys, kind) → layout: a few hundred bytes each
def _analyse_cached(key: tuple[object, ...], rules: MeldRules) -> Layout | Refusal:
    entries, _, kind, min_len, special = key
    assert isinstance(entries, tuple)
    assert kind is None or isinstance(kind, str)
    length = rules.escala_min if min_len is None else min_len
    assert isinstance(length, int)
    if special is not None:
        assert isinstance(special, str)
        return _analyse_special(entries, rules, special)
    marker_problem = _marker_problem(entries, rules)
    if marker_problem:
        return marker_problem
    reasons: list[Refusal] = []
    if kind in (None, TRIO):
        trio = _best(_trio_layouts(entries, rules), rules, 3, reasons)
        if isinstance(trio, Layout):
            return trio
    if kind in (None, ESCALA):
        escala = _best(_escala_layouts(entries, rules, length), rules, length, reasons)
        if isinstance(escala, Layout):
            return escala
    return _diagnose(entries, rules, kind, length, reasons)


def _marker_problem(entries: Sequence[Entry], rules: MeldRules) -> Refusal | None:
    for card, marker in entries:
        if marker is not None and not is_wild(card, rules):
            return refuse(
                "marker_on_natural",
                f"only a wild can stand for another card ({card.code})",
                card=card.code,
            )
    return None


def _best(
    candidates: list[Layout], rules: MeldRules, min_len: int, reasons: list[Refusal]
) -> Layout | None:
    """The preferred legal layout: most naturals, then no wild at the low end, then lowest."""
    legal: list[Layout] = []
    for layout in candidates:
        problem = check_layout(layout, rules, min_len)
        if problem is None:
            legal.append(layout)
        else:
            reasons.append(problem)
    if not legal:
        return None
    return min(legal, key=lambda lay: (lay.wilds, lay.slots[0].wild, lay.start))


def _choices(entries: Sequence[Entry], rules: MeldRules) -> list[tuple[bool, ...]]:
    """Every way to read the cards as wild or natural: an unmarked wild 2 may be either."""
    options: list[tuple[bool, ...]] = []
    for card, marker in entries:
        if card.is_joker or marker is not None:
            options.append((True,))
        elif is_wild(card, rules):
            options.append((False, True))
        else:
            options.append((False,))
    return [tuple(c) for c in product(*options)]


def _trio_layouts(entries: Sequence[Entry], rules: MeldRules) -> list[Layout]:
    out: list[Layout] = []
    for wild_flags in _choices(entries, rules):
        naturals = {entries[i][0].rank for i, w in enumerate(wild_flags) if not w}
        if len(naturals) != 1:
            continue
        rank = naturals.pop()
        slots = []
        for i, ((card, marker), wild) in enumerate(zip(entries, wild_flags)):
            if wild and marker is not None and marker.rank != rank:
                break
            slots.append(Slot(i, rank, None if wild else card.suit, wild))
        else:
            out.append(Layout(TRIO, tuple(slots)))
    return out


def _escala_layouts(entries: Sequence[Entry], rules: MeldRules, min_len: int) -> list[Layout]:
    n = len(entries)
    if n < min_len or n > 13:
        return []
    wrap = rules.ace == "wrap"
    starts = range(1, 14) if wrap else range(1, 16 - n)
    out: list[Layout] = []
    for wild_flags in _choices(entries, rules):
        suits = {entries[i][0].suit for i, w in enumerate(wild_flags) if not w}
        if len(suits) != 1:
            continue
        suit = suits.pop()
        for start in starts:
            layout = _place_escala(entries, wild_flags, suit, start, wrap)
            if layout is not None:
                out.append(layout)
    return out


def _place_escala(
    entries: Sequence[Entry],
    wild_flags: tuple[bool, ...],
    suit: Suit | None,
    start: int,
    wrap: bool,
) -> Layout | None:
    """Put the cards in the window of positions start..start+n-1, or None if they do not fit."""
    n = len(entries)
    rank_at = {position_rank(start + i, wrap): i for i in range(n)}
    placed: list[Slot | None] = [None] * n
    free_wilds: list[int] = []
    for i, ((card, marker), wild) in enumerate(zip(entries, wild_flags)):
        if wild and marker is None:
            free_wilds.append(i)
            continue
        rank = marker.rank if (wild and marker) else card.rank
        if wild and marker is not None and marker.suit not in (None, suit):
            return None
        at = rank_at.get(rank)
        if at is None or placed[at] is not None:
            return None
        placed[at] = Slot(i, rank, suit, wild)
    holes = [k for k in range(n) if placed[k] is None]
    for k, i in zip(holes, free_wilds):
        placed[k] = Slot(i, position_rank(start + k, wrap), suit, True)
    slots = tuple(s for s in placed if s is not None)
    return Layout(ESCALA, slots, suit, start)


def _analyse_special(entries: Sequence[Entry], rules: MeldRules, special: str) -> Layout | Refusal:
    """ER, ES, EC, EP: exactly 13 cards, one of each rank A to K, ace low (RULES.md §4)."""
    if len(entries) != 13:
        missing = 13 - len(entries)
        return refuse(
            "special_13", "this contract is one meld of exactly 13 cards, A to K", missing=missing
        )
    problem = _marker_problem(entries, rules)
    if problem:
        return problem
    reasons: list[Refusal] = []
    candidates = [
        lay
        for lay in (_special_layout(entries, f, special) for f in _choices(entries, rules))
        if lay is not None
    ]
    if special in ("EC", "EP"):
        candidates = [lay for lay in candidates if lay.wilds == 0]
    best = _best(candidates, rules, 13, reasons)
    if best is not None:
        return best
    if reasons:
        return reasons[0]
    names = {
        "ER": "escala real",
        "ES": "escala sucia",
        "EC": "escala de color",
        "EP": "escala pintada",
    }
    return refuse("not_special", f"these cards are not an {names[special]}", special=special)


def _special_layout(
    entries: Sequence[Entry], wild_flags: tuple[bool, ...], special: str
) -> Layout | None:
    naturals = [entries[i][0] for i, w in enumerate(wild_flags) if not w]
    suit: Suit | None = None
    if special == "ER":
        suits = {c.suit for c in naturals}
        if len(suits) != 1:
            return None
        suit = suits.pop()
        return _place_escala(entries, wild_flags, suit, 1, False)
    placed: list[Slot | None] = [None] * 13
    free: list[int] = []
    for i, ((card, marker), wild) in enumerate(zip(entries, wild_flags)):
        if wild and marker is None:
            free.append(i)
            continue
        rank = marker.rank if (wild and marker) else card.rank
        if placed[rank - 1] is not None:
            return None
        placed[rank - 1] = Slot(i, rank, None if wild else card.suit, wild)
    holes = [k for k in range(13) if placed[k] is None]
    for k, i in zip(holes, free):
        placed[k] = Slot(i, k + 1, None, True)
    slots = tuple(s for s in placed if s is not None)
    if special == "EC":
        colours = {s.suit.red for s in slots if s.suit is not None}
        if len(colours) != 1:
            return None
    if special == "EP":
        reds = [s.suit.red for s in slots if s.suit is not None]
        if len(reds) != 13 or any(a == b for a, b in pairwise(reds)):
            return None
    return Layout(ESCALA, slots, None, 1, special)


def _diagnose(
    entries: Sequence[Entry],
    rules: MeldRules,
    kind: str | None,
    min_len: int,
    reasons: list[Refusal],
) -> Refusal:
    """The clearest reason why no reading of the cards is a legal meld."""
    n = len(entries)
    wild_cards = sum(1 for c, _ in entries if c.is_joker or is_wild(c, rules))
    naturals = [c for c, _ in entries if not (c.is_joker or is_wild(c, rules))]
    need = 3 if kind == TRIO else (min_len if kind == ESCALA else min(3, min_len))
    if n < need:
        return refuse(
            "too_short",
            f"a meld needs at least {need} cards ({need - n} missing)",
            missing=need - n,
            need=need,
        )
    for preferred in ("too_many_wilds", "wilds_outnumber", "wilds_adjacent", "too_long"):
        for reason in reasons:
            if reason.code == preferred:
                return reason
    if wild_cards >= n - wild_cards and not reasons:
        return refuse("wilds_outnumber", "a meld needs more natural cards than wilds")
    ranks = {c.rank for c in naturals}
    suits = {c.suit for c in naturals}
    if kind == TRIO or (kind is None and len(suits) > 1):
        return refuse("not_trio", "a trío is cards of one rank")
    if len(suits) > 1:
        return refuse("mixed_suits", "an escala is cards of one suit")
    if len(ranks) < len(naturals):
        return refuse("repeated_rank", "an escala cannot have the same rank twice")
    for reason in reasons:
        if reason.code == "too_short":
            return reason
    return refuse("not_consecutive", "these cards are not consecutive")


# --------------------------------------------------------------------------- add and swap
def extend(
    layout: Layout, card: Card, marker: Marker | None, ref: int, rules: MeldRules
) -> list[Layout] | Refusal:
    """Every legal way to add one card to a meld (natural placements first), or the reason."""
    if layout.special is not None:
        return refuse("meld_complete", "this meld already has all 13 cards")
    if marker is not None and not is_wild(card, rules):
        return refuse(
            "marker_on_natural",
            f"only a wild can stand for another card ({card.code})",
            card=card.code,
        )
    options = (
        _trio_extensions(layout, card, marker, ref, rules)
        if layout.kind == TRIO
        else _escala_extensions(layout, card, marker, ref, rules)
    )
    legal: list[Layout] = []
    first_problem: Refusal | None = None
    for candidate in options:
        problem = check_layout(candidate, rules, 3)
        if problem is None:
            legal.append(candidate)
        elif first_problem is None:
            first_problem = problem
    if legal:
        naturals = [lay for lay in legal if lay.wilds == layout.wilds]
        if naturals:
            return naturals[:1]
        # A 12-card wrapping escala takes the missing card at either end: one meaning, one place.
        by_marker = {_new_slot(lay, ref).marker: lay for lay in reversed(legal)}
        return list(reversed(by_marker.values()))
    if first_problem is not None:
        return first_problem
    what = "trío" if layout.kind == TRIO else "escala"
    return refuse("does_not_fit", f"{card.code} does not fit this {what}", card=card.code)


def _new_slot(layout: Layout, ref: int) -> Slot:
    return next(slot for slot in layout.slots if slot.ref == ref)


def _trio_extensions(
    layout: Layout, card: Card, marker: Marker | None, ref: int, rules: MeldRules
) -> list[Layout]:
    rank = layout.rank
    out = []
    if marker is None and card.rank == rank:
        out.append(Slot(ref, rank, card.suit, False))
    elif is_wild(card, rules) and (marker is None or marker.rank == rank):
        out.append(Slot(ref, rank, None, True))
    return [Layout(TRIO, (*layout.slots, s)) for s in out]


def _escala_extensions(
    layout: Layout, card: Card, marker: Marker | None, ref: int, rules: MeldRules
) -> list[Layout]:
    wrap = rules.ace == "wrap"
    n = len(layout.slots)
    if n >= 13:
        return []
    ends = []
    if wrap or layout.start > 1:
        ends.append((layout.start - 1, True))
    if wrap or layout.start + n <= 14:
        ends.append((layout.start + n, False))
    out: list[Layout] = []
    for pos, low in ends:
        rank = position_rank(pos, wrap)
        natural = marker is None and card.suit == layout.suit and card.rank == rank
        if natural or (is_wild(card, rules) and _marker_fits(marker, rank, layout.suit)):
            slot = Slot(ref, rank, layout.suit, not natural)
            slots = (slot, *layout.slots) if low else (*layout.slots, slot)
            start = layout.start - 1 if low else layout.start
            if wrap:
                start = (start - 1) % 13 + 1
            out.append(Layout(ESCALA, slots, layout.suit, start))
    out.sort(key=lambda lay: lay.wilds)
    return out


def _marker_fits(marker: Marker | None, rank: int, suit: Suit | None) -> bool:
    return marker is None or (marker.rank == rank and marker.suit in (None, suit))


def swap_slot(layout: Layout, card: Card) -> int | None:
    """Index of the wild slot that ``card`` (a natural) replaces, or None."""
    for k, slot in enumerate(layout.slots):
        if not slot.wild or slot.rank != card.rank:
            continue
        if slot.suit is None or slot.suit == card.suit:
            return k
    return None


def swapped(layout: Layout, k: int, ref: int, card: Card) -> Layout:
    """The meld with the wild at slot ``k`` replaced by the natural ``card`` (physical ``ref``)."""
    old = layout.slots[k]
    slots = list(layout.slots)
    slots[k] = Slot(ref, old.rank, card.suit, False)
    return Layout(layout.kind, tuple(slots), layout.suit, layout.start, layout.special)


def slot_text(slot: Slot, card: Card) -> str:
    """How a placed card is written: ``7H``, or a wild with what it stands for ``JK=7H``."""
    if not slot.wild:
        return card.code
    return f"{card.code}={RANK_NAMES[slot.rank - 1]}{slot.suit.value if slot.suit else ''}"
