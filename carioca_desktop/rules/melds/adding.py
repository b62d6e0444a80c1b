"""Changing a meld on the table (RULES.md §3): adding one card to it, and swapping a wild in it
for the natural card it stands for."""

from __future__ import annotations

from ..cards import Card, Marker, Suit
from ..errors import Refusal, refuse
from .layout import ESCALA, TRIO, Layout, MeldRules, Slot, check_layout, is_wild, position_rank


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
