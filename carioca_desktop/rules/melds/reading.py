"""Reading cards as one meld (RULES.md §3, §4): the legal layout, wild positions picked when
unmarked, the 13-card contract melds, and the clearest reason when the cards are no meld."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise, product

from ..cards import Suit
from ..errors import Refusal, refuse
from .layout import (
    ESCALA,
    TRIO,
    Entry,
    Layout,
    MeldRules,
    Slot,
    check_layout,
    is_wild,
    position_rank,
)


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
