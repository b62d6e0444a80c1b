"""Hands and rules as the solver packs them: card faces as indexes, a hand as counts per
face, and what the solver needs from a rule set for one round."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from carioca_desktop.rules.cards import RANK_NAMES, SUIT_LETTERS, parse_card
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.melds import position_rank

FACES: tuple[str, ...] = tuple(RANK_NAMES[f // 4] + SUIT_LETTERS[f % 4] for f in range(52))
"""Natural card faces by index: ``(rank - 1) * 4 + suit`` (suits in S H D C order)."""

Value = Callable[[str], int]
Melds = list[list[str]]

# Hands are packed into one int, 5 bits a face: 4 for the count and a guard bit that a
# subtraction borrows from when it takes more copies than the hand holds (one test per meld).
_BITS = 5
_GUARD = sum(1 << (_BITS * f + 4) for f in range(52))
_NONE = -(10**9)
_MAX_LEAVES = 300  # plans an outs search looks at before it settles for what it has


_FACE_INDEX = {code: f for f, code in enumerate(FACES)} | {"JK": -1}


def face_of(code: str) -> int:
    """The face index of a natural card code (``"7H"``); -1 for a joker."""
    f = _FACE_INDEX.get(code)
    if f is None:
        parse_card(code)  # raises CardError naming the bad code
        raise AssertionError(code)
    return f


# --------------------------------------------------------------------------- rules and hands
@dataclass(frozen=True)
class _Rules:
    """What the solver needs from a rule set for one round."""

    wrap: bool
    maxw: int
    adjacent: bool
    exact: bool
    length: int
    distinct: bool
    wild2: tuple[int, ...]
    special: str | None
    forms: tuple[tuple[int, int], ...]

    def lim(self, size: int) -> int:
        """Most wilds in a meld of ``size`` cards: the limit, and naturals outnumber wilds."""
        return min(self.maxw, (size - 1) // 2)


@lru_cache(maxsize=256)
def _rules(rules: CariocaRules, round_index: int) -> _Rules:
    contract = rules.contract(round_index)
    wild2 = tuple(4 + si for si, s in enumerate(SUIT_LETTERS) if rules.twos_wild(s in "HD"))
    maxw = 99 if rules.max_wilds_per_meld is None else rules.max_wilds_per_meld
    return _Rules(
        wrap=rules.ace == "wrap",
        maxw=maxw,
        adjacent=rules.wilds_adjacent,
        exact=rules.exact_laydown,
        length=contract.escala_length(rules.escala_min),
        distinct=rules.distinct_escala_suits,
        wild2=wild2,
        special=contract.special,
        forms=tuple((f.trios, f.escalas) for f in contract.forms),
    )


@dataclass(frozen=True)
class _Hand:
    counts: tuple[int, ...]
    jokers: int
    wilds: int
    ranks: tuple[int, ...]  # naturals of each rank, index 1..13

    @cached_property
    def held(self) -> tuple[int, ...]:
        """Per suit, a bit for each rank of it the hand holds (bit k for rank k)."""
        held = [0, 0, 0, 0]
        for f, n in enumerate(self.counts):
            if n:
                held[f % 4] |= 1 << (f // 4 + 1)
        return tuple(held)

    @property
    def packed(self) -> int:
        return sum(n << (_BITS * f) for f, n in enumerate(self.counts) if n)


def _hand(codes: Sequence[str], r: _Rules) -> _Hand:
    counts = [0] * 52
    jokers = 0
    for code in codes:
        f = face_of(code)
        if f < 0:
            jokers += 1
        else:
            counts[f] += 1
    ranks = (0, *(sum(counts[4 * k : 4 * k + 4]) for k in range(13)))
    wilds = jokers + sum(counts[f] for f in r.wild2)
    return _Hand(tuple(counts), jokers, wilds, ranks)


@lru_cache(maxsize=4096)
def _hand_of(codes: tuple[str, ...], r: _Rules) -> _Hand:
    """``_hand`` of a sorted hand, kept: the distance and the outs of one hand are asked
    one after the other."""
    return _hand(codes, r)


@lru_cache(maxsize=16)
def _wild_flags(wild2: tuple[int, ...]) -> tuple[bool, ...]:
    """For each natural face, whether it is a wild 2."""
    return tuple(f in wild2 for f in range(52))


def _remaining(r: _Rules, progress: tuple[int, int]) -> list[tuple[int, int]]:
    """The melds still owed for each form of the contract that the progress fits."""
    out = []
    for t, e in r.forms:
        if progress[0] <= t and progress[1] <= e:
            out.append((t - progress[0], e - progress[1]))
    return out


def _suit_mask(suits: frozenset[str]) -> int:
    return sum(1 << SUIT_LETTERS.index(s) for s in suits if s in SUIT_LETTERS)


@lru_cache(maxsize=64)
def _windows(wrap: bool, size: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(start, ranks) of every escala window of ``size`` cards (position 14 is a high ace)."""
    starts = range(1, 14) if wrap else range(1, 16 - size)
    return tuple((p, tuple(position_rank(p + i, wrap) for i in range(size))) for p in starts)


def _escala_cap(empty: Sequence[bool], lim: int, adjacent: bool) -> int:
    """Most wilds that fit the empty slots of an escala (never two side by side unless allowed)."""
    if adjacent:
        return min(lim, sum(empty))
    total = run = 0
    for slot in empty:
        if slot:
            run += 1
        else:
            total += (run + 1) // 2
            run = 0
    return min(lim, total + (run + 1) // 2)


def _rank_faces(k: int) -> range:
    return range((k - 1) * 4, k * 4)


def _wild_codes(h: _Hand, r: _Rules, used: list[str], n: int) -> list[str]:
    pool = ["JK"] * h.jokers
    left = Counter({FACES[f]: h.counts[f] for f in r.wild2 if h.counts[f]})
    for code in used:
        if left.get(code):
            left[code] -= 1
    pool += sorted(left.elements())
    return pool[:n]
