"""Buraco melds (BURACO.md §3): Carioca's positional-wild melds with escala_min 3, every 2 wild
unless natural in its place, at most one wild, plus the Buraco limits (``sets``,
``sets_of_twos``, ``run_wilds``, ``ace``), the natural 2 going home and the Italian shift."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import product

from ..cards import Card, Marker, Suit
from ..errors import Refusal, refuse
from ..melds import (
    ESCALA,
    TRIO,
    Entry,
    Layout,
    Slot,
    analyse,
    check_layout,
    extend,
    position_rank,
    slot_text,
    swap_slot,
    swapped,
)
from .ruleset import BuracoRules

__all__ = [
    "ESCALA",
    "TRIO",
    "Entry",
    "Layout",
    "Slot",
    "add_card",
    "analyse_meld",
    "buraco_kind",
    "is_wild",
    "layout_problem",
    "meld_problem",
    "slot_text",
    "swap_card",
]


@dataclass(frozen=True)
class MeldProfile:
    """The keys the shared meld machinery reads (``rules.melds.MeldRules``), set as Buraco's:
    every 2 may be wild, runs of 3 or more, one wild a meld (BURACO.md §14). The ace's
    both-ends option is Buraco's own and is handled in this module."""

    wild_twos: str = "all"
    ace: str = "high_or_low"
    max_wilds_per_meld: int | None = 1
    wilds_adjacent: bool = True
    escala_min: int = 3

    def twos_wild(self, suit_red: bool) -> bool:
        return True


PROFILE = MeldProfile()
"""The shared meld machinery set up as Buraco's."""

CardOf = Callable[[int], Card]
LIMPO = "limpo"
SUJO = "sujo"


def is_wild(card: Card) -> bool:
    """A joker or any 2 (it may still stand as a natural in its own place)."""
    return card.is_joker or card.rank == 2


def buraco_kind(layout: Layout) -> str | None:
    """``"limpo"``, ``"sujo"`` or None (fewer than 7 cards), as the meld is now (§3.4)."""
    if len(layout.slots) < 7:
        return None
    return LIMPO if layout.wilds == 0 else SUJO


def max_run(rules: BuracoRules) -> int:
    return 14 if rules.ace == "both_ends" else 13


# --------------------------------------------------------------------------- limits
def meld_problem(layout: Layout, card_of: CardOf, rules: BuracoRules) -> Refusal | None:
    """The limits of §3 that hold for every meld at all times (given a consistent layout)."""
    n, wilds = len(layout.slots), layout.wilds
    if wilds > 1:
        return refuse("too_many_wilds", "at most one wild in a meld", limit=1)
    if layout.kind == TRIO:
        if n < 3:
            return refuse("too_short", f"a set needs 3 cards ({3 - n} missing)", missing=3 - n)
        rank = layout.rank
        if rules.sets == "none":
            return refuse("set_rank_not_allowed", "sets are not played with these rules")
        if rank == 2:
            if rules.sets != "any" or not rules.sets_of_twos:
                return refuse("set_rank_not_allowed", "sets of 2s are not played with these rules")
            for slot in layout.slots:
                if slot.wild and card_of(slot.ref).rank == 2:
                    return refuse("marker_on_natural", "in a set of 2s every 2 is natural")
        if rules.sets == "A_3_K" and rank not in (1, 3, 13):
            return refuse("set_rank_not_allowed", "only sets of aces, 3s or kings are played")
        return None
    if n < 3:
        return refuse("too_short", f"a run needs 3 cards ({3 - n} missing)", missing=3 - n)
    if n > max_run(rules):
        return refuse("too_long", f"a run has at most {max_run(rules)} cards")
    if layout.start < 1 or layout.start + n - 1 > 14:
        return refuse("not_consecutive", "a run never turns the corner")
    if wilds:
        if rules.run_wilds == "none":
            return refuse("wild_not_allowed_here", "no wild may stand in a run")
        if rules.run_wilds == "long_runs":
            if n < 4:
                return refuse("wild_not_allowed_here", "a wild needs a run of 4 or more cards")
            if layout.slots[0].wild and layout.start != 1:
                return refuse(
                    "wild_not_allowed_here", "a wild may not start a run unless it is the ace"
                )
    return None


def layout_problem(layout: Layout, card_of: CardOf, rules: BuracoRules) -> Refusal | None:
    """Whether a stored layout is consistent with its cards and legal (state validation)."""
    if layout.kind not in (TRIO, ESCALA) or not layout.slots:
        return refuse("bad_meld", "a meld is a set or a run")
    for k, slot in enumerate(layout.slots):
        card = card_of(slot.ref)
        if slot.wild and not is_wild(card):
            return refuse("marker_on_natural", f"{card.code} cannot stand as a wild")
        if layout.kind == TRIO:
            if slot.rank != layout.rank or (slot.suit is not None and slot.wild):
                return refuse("not_trio", "a set is cards of one rank")
            if not slot.wild and (card.rank != slot.rank or card.suit != slot.suit):
                return refuse("not_trio", f"{card.code} is not a {slot.rank}")
        else:
            rank = position_rank(layout.start + k, False)
            if slot.rank != rank or slot.suit != layout.suit or layout.suit is None:
                return refuse("not_consecutive", "a run is consecutive cards of one suit")
            if not slot.wild and (card.rank != rank or card.suit != layout.suit):
                return refuse("not_consecutive", f"{card.code} is out of place in this run")
    if layout.kind == ESCALA and len(layout.slots) <= 13:
        problem = check_layout(layout, PROFILE, 3)
        if problem:
            return problem
    return meld_problem(layout, card_of, rules)


# --------------------------------------------------------------------------- laying down
def analyse_meld(
    entries: Sequence[Entry], rules: BuracoRules, kind: str | None = None
) -> Layout | Refusal:
    """The legal layout of these cards as one new meld (the engine placing unmarked wilds as
    §3.3 says), or why not. Slot refs are indices into ``entries``."""
    cards = [card for card, _ in entries]

    def card_of(i: int) -> Card:
        return cards[i]

    if len(entries) == 14 and rules.ace == "both_ends" and kind in (None, ESCALA):
        return _fourteen(entries, rules, card_of)
    result = analyse(entries, PROFILE, kind, 3)
    if isinstance(result, Refusal):
        return result
    return meld_problem(result, card_of, rules) or result


def _fourteen(entries: Sequence[Entry], rules: BuracoRules, card_of: CardOf) -> Layout | Refusal:
    """An ace-to-ace run (``ace: "both_ends"``): positions 1..14 of one suit, one wild."""
    best: Layout | None = None
    for flags in _choices(entries):
        if sum(flags) > 1:
            continue
        suits = {entries[i][0].suit for i, w in enumerate(flags) if not w}
        if len(suits) != 1:
            continue
        suit = suits.pop()
        placed: dict[int, Slot] = {}
        free: list[int] = []
        ok = True
        for i, ((card, marker), wild) in enumerate(zip(entries, flags)):
            if wild and marker is None:
                free.append(i)
                continue
            rank = marker.rank if (wild and marker) else card.rank
            if wild and marker is not None and marker.suit not in (None, suit):
                ok = False
                break
            spots = (1, 14) if rank == 1 else (rank,)
            pos = next((p for p in spots if p not in placed), None)
            if pos is None:
                ok = False
                break
            placed[pos] = Slot(i, rank, suit, wild)
        if not ok:
            continue
        holes = [p for p in range(1, 15) if p not in placed]
        for p, i in zip(holes, free):
            placed[p] = Slot(i, position_rank(p, False), suit, True)
        if len(placed) != 14:
            continue
        layout = Layout(ESCALA, tuple(placed[p] for p in range(1, 15)), suit, 1)
        if meld_problem(layout, card_of, rules) is None and (
            best is None or layout.wilds < best.wilds
        ):
            best = layout
    if best is None:
        return refuse("not_consecutive", "these cards are not an ace-to-ace run")
    return best


def _choices(entries: Sequence[Entry]) -> list[tuple[bool, ...]]:
    options: list[tuple[bool, ...]] = []
    for card, marker in entries:
        if card.is_joker or marker is not None:
            options.append((True,))
        elif card.rank == 2:
            options.append((False, True))
        else:
            options.append((False,))
    return list(product(*options))


# --------------------------------------------------------------------------- adding
def _ends(layout: Layout, rules: BuracoRules) -> list[tuple[int, bool]]:
    """Open positions of a run where one more card may go: (position, at the low end)."""
    n = len(layout.slots)
    if n + 1 > max_run(rules):
        return []
    out = []
    if layout.start > 1:
        out.append((layout.start - 1, True))
    if layout.start + n <= 14:
        out.append((layout.start + n, False))
    return out


def _placed(layout: Layout, slot: Slot, low: bool) -> Layout:
    slots = (slot, *layout.slots) if low else (*layout.slots, slot)
    return Layout(ESCALA, slots, layout.suit, layout.start - 1 if low else layout.start)


def add_card(
    layout: Layout,
    card: Card,
    marker: Marker | None,
    ref: int,
    card_of: CardOf,
    rules: BuracoRules,
) -> Layout | Refusal:
    """The meld after adding one card (§3.5: add, the natural 2 going home, the shift)."""
    if marker is not None and not is_wild(card):
        return refuse(
            "marker_on_natural",
            f"only a wild can stand for another card ({card.code})",
            card=card.code,
        )
    if layout.kind == TRIO:
        options = extend(layout, card, marker, ref, PROFILE)
        if isinstance(options, Refusal):
            return options
        new = options[0]
    else:
        result = _add_to_run(layout, card, marker, ref, card_of, rules)
        if isinstance(result, Refusal):
            return result
        new = result

    def joined(i: int) -> Card:
        return card if i == ref else card_of(i)

    return meld_problem(new, joined, rules) or new


def _add_to_run(
    layout: Layout,
    card: Card,
    marker: Marker | None,
    ref: int,
    card_of: CardOf,
    rules: BuracoRules,
) -> Layout | Refusal:
    suit = layout.suit
    ends = _ends(layout, rules)
    if marker is None and not card.is_joker and card.suit == suit:
        for pos, low in ends:  # a natural at an open end (the low end first)
            if position_rank(pos, False) == card.rank:
                return _placed(layout, Slot(ref, card.rank, suit, False), low)
        k = next(
            (
                i
                for i, s in enumerate(layout.slots)
                if s.wild and s.rank == card.rank and s.suit == suit
            ),
            None,
        )
        if k is not None:
            return _natural_on_wild(layout, k, card, ref, card_of, rules)
    if not is_wild(card):
        if not ends:
            return refuse("meld_complete", "this run is complete: nothing can be added")
        return refuse("does_not_fit", f"{card.code} does not fit this run", card=card.code)
    options: list[Layout] = []
    problem: Refusal | None = None

    def joined(i: int) -> Card:
        return card if i == ref else card_of(i)

    for pos, low in ends:
        rank = position_rank(pos, False)
        if marker is not None and (marker.rank != rank or marker.suit not in (None, suit)):
            continue
        option = _placed(layout, Slot(ref, rank, suit, True), low)
        reason = meld_problem(option, joined, rules)
        if reason is None:
            options.append(option)
        else:
            problem = problem or reason
    if not options:
        if problem is not None:
            return problem
        if not ends:
            return refuse("meld_complete", "this run is complete: nothing can be added")
        return refuse("does_not_fit", f"{card.code} does not fit this run there", card=card.code)
    if len(options) > 1:
        places = ", ".join(slot_text(_slot_of(lay, ref), card) for lay in options)
        return refuse(
            "ambiguous_wild", f"say which card the wild stands for: {places}", options=places
        )
    return options[0]


def _slot_of(layout: Layout, ref: int) -> Slot:
    return next(s for s in layout.slots if s.ref == ref)


def _natural_on_wild(
    layout: Layout, k: int, card: Card, ref: int, card_of: CardOf, rules: BuracoRules
) -> Layout | Refusal:
    """A natural added where a run's wild stands: the 2 goes home, or the wild shifts."""
    suit = layout.suit
    wild = layout.slots[k]
    wild_card = card_of(wild.ref)
    slots = list(layout.slots)
    slots[k] = Slot(ref, card.rank, suit, False)
    if wild_card.rank == 2 and wild_card.suit == suit and layout.start == 3:
        home = Slot(wild.ref, 2, suit, False)
        return Layout(ESCALA, (home, *slots), suit, 2)
    if rules.swap == "to_hand":
        return refuse(
            "use_swap",
            f"a wild holds the place of {card.code}: swap it to take the wild into your hand",
            card=card.code,
        )
    base = Layout(ESCALA, tuple(slots), suit, layout.start)

    def joined(i: int) -> Card:
        return card if i == ref else card_of(i)

    for pos, low in sorted(_ends(base, rules), key=lambda e: e[1]):  # high end first
        moved = _placed(base, Slot(wild.ref, position_rank(pos, False), suit, True), low)
        if meld_problem(moved, joined, rules) is None:
            return moved
    return refuse(
        "no_place_for_wild", f"the wild that {card.code} replaces has no open end to move to"
    )


# --------------------------------------------------------------------------- swapping
def swap_card(layout: Layout, card: Card, ref: int) -> tuple[Layout, int] | Refusal:
    """Put a natural card in place of the run's wild that stands for it (``swap: "to_hand"``);
    returns the new layout and the wild's ref (it goes to the hand)."""
    if card.is_joker:
        return refuse("swap_needs_natural", "swap a wild for the natural card it stands for")
    if layout.kind != ESCALA:
        return refuse("no_wild_for_that_card", "a wild in a set stands for no particular card")
    k = swap_slot(layout, card)
    if k is None or layout.slots[k].suit != layout.suit:
        return refuse(
            "no_wild_for_that_card", f"no wild in this run stands for {card.code}", card=card.code
        )
    return swapped(layout, k, ref, card), layout.slots[k].ref


def suit_name(suit: Suit | None) -> str:
    return "" if suit is None else suit.value
