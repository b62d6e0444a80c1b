"""The lay-down search: the melds a hand can lay down now (the whole contract, or with
``partial_contract`` the most of it), choosing what to keep by card value."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, pairwise

from carioca_desktop.rules.cards import RANK_NAMES, parse_card
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.carioca.scoring import card_points

from .hand import (
    _BITS,
    _GUARD,
    _NONE,
    FACES,
    Melds,
    Value,
    _Hand,
    _hand,
    _rank_faces,
    _remaining,
    _Rules,
    _rules,
    _suit_mask,
    _windows,
)
from .thirteen import _special_laydown


@dataclass(frozen=True)
class _Cand:
    """One way to fill one meld from the hand. A trío lists its natural faces and its count
    of wilds; an escala lists the face of every slot and which slots wilds take."""

    upper: int  # value with every wild at the dearest wild's value (a bound)
    trio: bool
    suit: int
    start: int  # trío: its rank; escala: the position of its first slot
    faces: tuple[int, ...]
    wild_slots: tuple[int, ...]
    need: int  # the natural faces it takes, packed
    wilds: int
    value: int  # the value of its naturals


def _values(rules: CariocaRules, value: Value | None) -> tuple[Sequence[int], int]:
    """Each face's value and a joker's: the penalty points unless the caller says otherwise."""
    if value is None:
        return _penalties(rules)
    return [value(c) for c in FACES], value("JK")


@lru_cache(maxsize=64)
def _penalties(rules: CariocaRules) -> tuple[tuple[int, ...], int]:
    return tuple(card_points(parse_card(c), rules) for c in FACES), rules.points["JK"]


def _trio_cands(h: _Hand, r: _Rules, fv: Sequence[int], dear: int) -> list[_Cand]:
    out: list[_Cand] = []
    for k in range(1, 14):
        faces = [f for f in _rank_faces(k) if h.counts[f]]
        if not faces:
            continue
        top = 3 if r.exact else h.ranks[k] + min(h.wilds, r.maxw)
        for size in range(3, top + 1):
            for w in range(min(r.lim(size), h.wilds) + 1):
                for combo in _multisets(faces, h.counts, size - w):
                    need = sum(1 << (_BITS * f) for f in combo)
                    nat = sum(fv[f] for f in combo)
                    out.append(_Cand(nat + w * dear, True, -1, k, combo, (), need, w, nat))
    return out


def _multisets(faces: Sequence[int], counts: Sequence[int], n: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``n`` faces the counts allow, in sorted order."""
    if n <= 0 or n > sum(counts[f] for f in faces):
        return
    for combo in combinations_with_replacement(faces, n):
        if all(combo.count(f) <= counts[f] for f in set(combo)):
            yield combo


def _escala_cands(h: _Hand, r: _Rules, fv: Sequence[int], dear: int) -> list[_Cand]:
    out: list[_Cand] = []
    sizes = [r.length] if r.exact else list(range(r.length, 14))
    for si in range(4):
        for size in sizes:
            lim = min(r.lim(size), h.wilds)
            for start, ranks in _windows(r.wrap, size):
                faces = tuple((k - 1) * 4 + si for k in ranks)
                holes = tuple(j for j, f in enumerate(faces) if not h.counts[f])
                if len(holes) <= lim:
                    out += _escala_fills(faces, holes, lim, r, fv, dear, si, start)
    return out


def _escala_fills(
    faces: tuple[int, ...],
    holes: tuple[int, ...],
    lim: int,
    r: _Rules,
    fv: Sequence[int],
    dear: int,
    si: int,
    start: int,
) -> list[_Cand]:
    """Every legal choice of wild slots: the holes, plus naturals a wild may stand in for."""
    out: list[_Cand] = []
    held = [j for j in range(len(faces)) if j not in holes]
    for extra in range(lim - len(holes) + 1):
        for more in combinations(held, extra):
            wild = tuple(sorted(holes + more))
            if not r.adjacent and any(b - a == 1 for a, b in pairwise(wild)):
                continue
            nat = [faces[j] for j in held if j not in more]
            need = sum(1 << (_BITS * f) for f in nat)
            value = sum(fv[f] for f in nat)
            w = len(wild)
            out.append(_Cand(value + w * dear, False, si, start, faces, wild, need, w, value))
    return out


def _sorted(cands: list[_Cand]) -> list[_Cand]:
    return sorted(cands, key=lambda c: (-c.upper, c.wilds, c.suit, c.start, c.faces, c.wild_slots))


class _Best:
    """Branch and bound over candidate melds for the lay-down worth the most (by value)."""

    def __init__(
        self, h: _Hand, r: _Rules, t: int, e: int, taken: int, cands: tuple[list[_Cand], ...]
    ) -> None:
        self.h, self.r, self.t, self.e, self.taken = h, r, t, e, taken
        self.trios, self.escs = cands[0], cands[1]
        if r.distinct:
            self.escs = [c for c in self.escs if not taken >> c.suit & 1]
        self.best = _NONE
        self.best_melds: tuple[_Cand, ...] = ()
        self.best_rest = 0
        self.chosen: list[_Cand] = []
        self.fv: Sequence[int] = ()
        self.jv = 0

    def run(self, fv: Sequence[int], jv: int) -> int:
        self.fv, self.jv = fv, jv
        x0 = _GUARD | self.h.packed
        self._pick(True, 0, self.t, x0, 0, 0, 0)
        return self.best

    def _wild_pool(self, x: int) -> list[int]:
        pool = [self.jv] * self.h.jokers
        for f in self.r.wild2:
            pool += [self.fv[f]] * (x >> (_BITS * f) & 15)
        return sorted(pool, reverse=True)

    def _pick(
        self, trio: bool, i0: int, left: int, x: int, wilds: int, upper: int, su: int
    ) -> None:
        if left == 0:
            if trio:
                self._pick(False, 0, self.e, x, wilds, upper, 0)
            else:
                self._leaf(x, wilds)
            return
        cands = self.trios if trio else self.escs
        rest = self.e * self.escs[0].upper if trio and self.escs and self.e else 0
        for i in range(i0, len(cands)):
            c = cands[i]
            if upper + left * c.upper + rest <= self.best:
                break
            if not trio and self.r.distinct and su >> c.suit & 1:
                continue
            y = x - c.need
            if y & _GUARD != _GUARD:
                continue
            if wilds + c.wilds > self.h.jokers + sum(y >> (_BITS * f) & 15 for f in self.r.wild2):
                continue
            self.chosen.append(c)
            su2 = su if trio else su | 1 << c.suit
            self._pick(trio, i, left - 1, y, wilds + c.wilds, upper + c.upper, su2)
            self.chosen.pop()

    def _leaf(self, x: int, wilds: int) -> None:
        value = sum(c.value for c in self.chosen) + sum(self._wild_pool(x)[:wilds])
        if value > self.best:
            self.best, self.best_melds, self.best_rest = value, tuple(self.chosen), x

    def melds(self) -> Melds:
        """The best lay-down as card codes, wilds marked with the card they stand for."""
        pool = self._wild_codes(self.best_rest)
        out: Melds = []
        for c in self.best_melds:
            if c.trio:
                mark = RANK_NAMES[c.start - 1]
                out.append(
                    [FACES[f] for f in c.faces] + [f"{pool.pop(0)}={mark}" for _ in range(c.wilds)]
                )
            else:
                out.append(
                    [
                        f"{pool.pop(0)}={FACES[f]}" if j in c.wild_slots else FACES[f]
                        for j, f in enumerate(c.faces)
                    ]
                )
        return out

    def _wild_codes(self, x: int) -> list[str]:
        pool = [(-self.jv, "JK")] * self.h.jokers
        for f in self.r.wild2:
            pool += [(-self.fv[f], FACES[f])] * (x >> (_BITS * f) & 15)
        return [code for _, code in sorted(pool)]


def find_laydown(
    hand: Sequence[str],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int] = (0, 0),
    prior_suits: frozenset[str] = frozenset(),
    value: Value | None = None,
) -> Melds | None:
    """The whole (remaining) contract from ``hand``, or None when it cannot be made.

    Exact: it finds a lay-down whenever one exists, and of all of them the one whose laid
    cards are worth the most (by default their penalty points, so the cheapest hand is
    left). Wilds carry explicit markers (``JK=7H``); ``LayDown(seat, melds)`` takes it.
    """
    found = _solve(hand, rules, round_index, progress, prior_suits, value, partial=False)
    return found[1] if found else None


def find_partial_laydown(
    hand: Sequence[str],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int] = (0, 0),
    prior_suits: frozenset[str] = frozenset(),
    value: Value | None = None,
) -> Melds | None:
    """With ``partial_contract``: the most melds of the remaining contract the hand can lay
    down now (the most valuable such set), or None when it can make none."""
    found = _solve(hand, rules, round_index, progress, prior_suits, value, partial=True)
    return found[1] if found else None


def _solve(
    hand: Sequence[str],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int],
    prior_suits: frozenset[str],
    value: Value | None,
    partial: bool,
) -> tuple[int, Melds] | None:
    r = _rules(rules, round_index)
    h = _hand(hand, r)
    fv, jv = _values(rules, value)
    if r.special:
        return _special_laydown(h, r, fv, jv) if progress[1] == 0 else None
    owed = [f for f in _remaining(r, progress) if f != (0, 0)]
    if len(owed) < len(_remaining(r, progress)):
        return None  # the contract is already down
    dear = max([jv] * bool(h.jokers) + [fv[f] for f in r.wild2 if h.counts[f]] + [0])
    cands = (
        _sorted(_trio_cands(h, r, fv, dear)) if any(t for t, _ in owed) else [],
        _sorted(_escala_cands(h, r, fv, dear)) if any(e for _, e in owed) else [],
    )
    shapes = {(t, e) for t, e in owed}
    if partial:
        shapes = {(a, b) for t, e in owed for a in range(t + 1) for b in range(e + 1)} - {(0, 0)}
    best: tuple[int, int, Melds] | None = None
    for t, e in sorted(shapes, key=lambda s: (-(s[0] + s[1]), s)):
        if best is not None and t + e < best[0]:
            break
        search = _Best(h, r, t, e, _suit_mask(prior_suits), cands)
        found = search.run(fv, jv)
        if found != _NONE and (best is None or found > best[1]):
            best = (t + e, found, search.melds())
    return (best[1], best[2]) if best else None
