"""Buraco melds as the bots reason about them (BURACO.md §3), from card codes only: adding a
card to a meld, the natural 2 going home, the shifted wild, the swap; and the public face of
the bots' meld model, re-exporting the card codes and rule keys (buraco_cards.py) and the
meld and its reading (buraco_reading.py).

The engine is the judge of every action; this model is the bots' own, so that they can plan
lay-downs and adds from their hand without asking the Game (which they cannot reach).
"""

from __future__ import annotations

from .cards import (
    DEFAULT_POINTS,
    Spec,
    code_at,
    is_joker,
    maybe_wild,
    points_of,
    rank,
    rank_name,
    set_rank_ok,
    split_marked,
    suit,
    wild_ok_in_run,
)
from .reading import Meld, read_meld, read_table_meld, run_ends

__all__ = [
    "DEFAULT_POINTS",
    "Meld",
    "Spec",
    "add_text",
    "after_add",
    "code_at",
    "goes_home",
    "is_joker",
    "maybe_wild",
    "points_of",
    "rank",
    "rank_name",
    "read_meld",
    "read_table_meld",
    "run_ends",
    "set_rank_ok",
    "shift_end",
    "split_marked",
    "suit",
    "swap_card",
]


def add_text(m: Meld, code: str, spec: Spec) -> str | None:
    """How ``code`` would be added to ``m`` (its text, with a marker where needed), or None.

    Under ``swap: "to_hand"`` a natural whose place a wild holds is not an add (use swap);
    under ``"shift"`` it is, when the wild can move to an end. A same-suit 2 that can stand
    at position 2 goes there, natural.
    """
    both = spec.ace == "both_ends"
    if m.kind == "set":
        if code == "JK" or (rank(code) == 2 and m.rank != 2):
            return None if m.wild_at is not None else code
        return code if rank(code) == m.rank else None
    if m.size >= (14 if both else 13):
        return None
    ends = run_ends(m, both)
    if not maybe_wild(code) or (rank(code) == 2 and suit(code) == m.suit and m.low == 3):
        if suit(code) != m.suit:
            return None
        r = rank(code)
        wanted = [p for p in ends if (p - 1) % 13 + 1 == r]
        if wanted:
            return code
        if m.wild_at is None or (m.wild_at - 1) % 13 + 1 != r:
            return None
        if goes_home(m, code):
            return code
        if spec.swap == "shift" and shift_end(m, spec) is not None:
            return code
        return None
    if m.wild_at is not None:
        return None
    places = [p for p in ends if wild_ok_in_run(p, min(m.low, p), m.size + 1, spec)]
    if not places or sorted(places) == [1, 14]:
        # Both ends of a 2..K run are an ace: no marker tells them apart and the engine
        # refuses the add as ambiguous (reported to the engine's owner), so do not try it.
        return None
    return f"{code}={code_at(places[-1], m.suit)}"


def after_add(m: Meld, text: str, spec: Spec) -> Meld:
    """The meld once ``text`` (as add_text gave it) is added."""
    code, mark = split_marked(text)
    cards = (*m.cards, code)
    if m.kind == "set":
        wild = m.wild_at is not None or code == "JK" or (rank(code) == 2 and m.rank != 2)
        return Meld(
            "set",
            cards,
            rank=m.rank,
            wild_at=0 if wild else None,
            wild_code=m.wild_code or (code if wild and m.wild_at is None else None),
        )
    if mark is not None:
        p = _pos_of(mark, m)
        return _run_to(m, cards, p, p, code)
    r = rank(code)
    ends = run_ends(m, spec.ace == "both_ends")
    for p in ends:
        if (p - 1) % 13 + 1 == r:
            return _run_to(m, cards, p, m.wild_at, m.wild_code)
    if goes_home(m, code):
        return Meld("run", cards, suit=m.suit, low=2, high=m.high)
    # shift: the natural takes the wild's place; the wild moves to an end (high first)
    new = shift_end(m, spec)
    assert new is not None, "after_add of a shift that add_text refused"
    return _run_to(m, cards, new, new, m.wild_code)


def _run_to(
    m: Meld, cards: tuple[str, ...], p: int, wild_at: int | None, wild_code: str | None
) -> Meld:
    """The run ``m`` holding ``cards`` and reaching position ``p``, its wild at ``wild_at``."""
    return Meld(
        "run",
        cards,
        suit=m.suit,
        low=min(m.low, p),
        high=max(m.high, p),
        wild_at=wild_at,
        wild_code=wild_code,
    )


def goes_home(m: Meld, code: str) -> bool:
    """Whether adding ``code`` sends the run's own-suit wild 2 home (BURACO.md §3.5)."""
    return (
        m.kind == "run"
        and m.wild_at == 3
        and m.low == 3
        and m.wild_code is not None
        and m.wild_code == "2" + m.suit
        and code == "3" + m.suit
    )


def shift_end(m: Meld, spec: Spec) -> int | None:
    """Where a shifted wild goes: the high end if legal, else the low end."""
    for p in sorted(run_ends(m, spec.ace == "both_ends"), reverse=True):
        if wild_ok_in_run(p, min(m.low, p), m.size + 1, spec):
            return p
    return None


def _pos_of(mark: str, m: Meld) -> int:
    r = rank(mark[:-1] + "S")
    if r == 1:
        return 14 if m.high >= 13 else 1
    return r


def swap_card(m: Meld) -> str | None:
    """The natural that would take the place of a run's wild (for ``swap``)."""
    if m.kind != "run" or m.wild_at is None:
        return None
    return code_at(m.wild_at, m.suit)
