"""The cover search: the melds of one contract form that leave the fewest slots missing
(branch and bound over tríos and escalas, wilds placed exactly at the leaves)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from typing import NamedTuple

from .hand import (
    _MAX_LEAVES,
    _NONE,
    _escala_cap,
    _Hand,
    _rank_faces,
    _Rules,
    _wild_flags,
    _windows,
)


class _Target(NamedTuple):
    """An escala the cover search may aim at: suit, start, the face of each slot."""

    score: int  # naturals the hand holds for it, minus its size
    suit: int
    start: int
    faces: tuple[int, ...]
    lim: int


@dataclass(frozen=True)
class Reach:
    """How far a hand is from a contract: ``distance`` cards missing, the hand's cards a best
    plan uses (``used``), natural cards that would complete it (``missing``), and the plan's
    melds (``melds``: a trío as its rank three times, ``("7", "7", "7")``; an escala as the
    card of each slot, ``("5H", "6H", "7H", "8H")``; a 13-card contract as its 13 ranks)."""

    distance: int
    used: tuple[str, ...]
    missing: tuple[str, ...]
    melds: tuple[tuple[str, ...], ...] = ()


def _escala_targets(h: _Hand, r: _Rules) -> tuple[_Target, ...]:
    sizes: tuple[int, ...] = (r.length,)
    if not r.exact and r.maxw >= 2 and h.wilds >= 2:  # a longer escala can hold more wilds
        sizes = tuple(range(r.length, min(13, r.length + h.wilds) + 1))
    return _targets(h.held, sizes, r)


@lru_cache(maxsize=4096)
def _targets(held: tuple[int, ...], sizes: tuple[int, ...], r: _Rules) -> tuple[_Target, ...]:
    """The escala targets of a hand holding the ranks ``held`` (a bit a rank, per suit):
    hands that hold the same ranks of each suit (the outs search after the reach search,
    most hands a discard leaves) aim at the same escalas."""
    out: list[_Target] = []
    for size in sizes:
        lim = r.lim(size)
        for si in range(4):
            out += _suit_targets(si, held[si], size, r.wrap, lim)
    out.sort(key=lambda w: (-w.score, w.faces))
    return tuple(out)


@lru_cache(maxsize=8192)
def _suit_targets(si: int, held: int, size: int, wrap: bool, lim: int) -> tuple[_Target, ...]:
    """The escalas of one suit and size for a hand holding the ranks ``held`` of that suit
    (a discard changes one suit: the other three are found here)."""
    out: list[_Target] = []
    empty_kept = False
    for suit, start, faces, mask in _window_table(wrap, size):
        if suit != si:
            continue
        n = (held & mask).bit_count()
        if n == 0:
            if empty_kept:  # empty windows of one suit and size are all alike
                continue
            empty_kept = True
        out.append(_Target(n - size, si, start, faces, lim))
    return tuple(out)


@lru_cache(maxsize=64)
def _window_table(wrap: bool, size: int) -> tuple[tuple[int, int, tuple[int, ...], int], ...]:
    """(suit, start, faces, mask of ranks) of every escala window of ``size`` cards."""
    return tuple(
        (si, start, tuple((k - 1) * 4 + si for k in ranks), sum(1 << k for k in ranks))
        for si in range(4)
        for start, ranks in _windows(wrap, size)
    )


def _trio_targets(h: _Hand) -> list[int]:
    ranks = [k for k in range(1, 14) if h.ranks[k]]
    empty = [k for k in range(1, 14) if not h.ranks[k]]
    ranks.sort(key=lambda k: (-min(3, h.ranks[k]), k))
    return ranks + empty[:1]


class _Cover:
    """Branch and bound over the melds of one form: the plan that leaves the fewest slots
    missing. Natural coverage is exact and incremental (a small max-flow per rank); wilds
    are placed exactly at the leaves by ``_alloc``."""

    def __init__(
        self,
        h: _Hand,
        r: _Rules,
        t: int,
        e: int,
        taken: int,
        target: int | None = None,
        floor: int | None = None,
        ceiling: int = 0,
    ) -> None:
        self.h, self.r, self.t, self.e, self.taken = h, r, t, e, taken
        # With a target score the search collects the outs of every plan that reaches it
        # instead of looking for the best score.
        self.target = target
        self.cut = _NONE if target is None else target - 1  # prune bounds at or below it
        # A best score known to be at least ``floor`` and at most ``ceiling``: plans that
        # cannot reach the floor are not looked at, and reaching the ceiling ends the search.
        # A result below the floor only says the best is below it too.
        if floor is not None and target is None:
            self.cut = floor - 1
        self.ceiling = ceiling
        self.stop = False
        self.outs: set[int] = set()
        self.wild_out = False
        self.leaves = 0
        self.trios = _trio_targets(h) if t else []
        self.wins = _escala_targets(h, r) if e else ()
        if r.distinct:
            self.wins = tuple(w for w in self.wins if not taken >> w.suit & 1)
        # Bounds: a meld never gets more naturals than the best target standing alone.
        self.top_e = e * (self.wins[0].score if self.wins else 0)
        wlim = max([r.lim(3)] * bool(t) + [w.lim for w in self.wins] + [0])
        self.wild_bound = min(h.wilds, (t + e) * wlim)
        self.d = [0] * 52
        self.w2 = 0  # wild 2s the chosen escalas surely take as naturals
        self.is_w2 = _wild_flags(r.wild2)
        self.en = [0] * 14
        self.tr = [0] * 14
        self.best = _NONE
        self.best_t: tuple[int, ...] = ()
        self.best_e: tuple[_Target, ...] = ()
        self.chosen_t: list[int] = []
        self.chosen_e: list[_Target] = []

    def run(self) -> int:
        """The best score: minus the number of missing slots (0 when the hand makes it)."""
        self._pick_trio(0, self.t, 0)
        return self.best

    def _rank_value(self, k: int) -> int:
        return min(self.h.ranks[k], self.en[k] + 3 * self.tr[k])

    def _pick_trio(self, i0: int, left: int, score: int) -> None:
        if left == 0:
            self._pick_escala(0, self.e, score, 0)
            return
        bound_rest = self.top_e + self.wild_bound
        for i in range(i0, len(self.trios)):
            k = self.trios[i]
            if score + left * (min(3, self.h.ranks[k]) - 3) + bound_rest <= self.cut:
                break
            before = self._rank_value(k)
            self.tr[k] += 1
            self.chosen_t.append(k)
            self._pick_trio(i, left - 1, score + self._rank_value(k) - before - 3)
            self.chosen_t.pop()
            self.tr[k] -= 1
            if self.stop:
                return

    def _pick_escala(self, i0: int, left: int, score: int, suits: int) -> None:
        if left == 0:
            self._leaf(score)
            return
        counts, d, en, tr, held = self.h.counts, self.d, self.en, self.tr, self.h.ranks
        wins, is_w2, distinct, chosen = self.wins, self.is_w2, self.r.distinct, self.chosen_e
        # The wilds still free: the same for every escala tried here (each one tried gives
        # back what it took before the next).
        spare = min(self.wild_bound, self.h.wilds - self.w2)
        for i in range(i0, len(wins)):
            w = wins[i]
            if score + left * w.score + spare <= self.cut:
                break
            if distinct and suits >> w.suit & 1:
                continue
            gain = w2 = 0
            for f in w.faces:
                if d[f] < counts[f]:  # a copy is left for this escala
                    k = f // 4 + 1
                    if en[k] + 3 * tr[k] < held[k]:  # and no trío would take it anyway
                        gain += 1
                    en[k] += 1
                    w2 += is_w2[f]
                d[f] += 1
            self.w2 += w2
            chosen.append(w)
            self._pick_escala(i, left - 1, score + gain - len(w.faces), suits | 1 << w.suit)
            chosen.pop()
            self.w2 -= w2
            for f in w.faces:
                d[f] -= 1
                if d[f] < counts[f]:
                    en[f // 4 + 1] -= 1
            if self.stop:
                return

    def _leaf(self, score: int) -> None:
        if self.h.wilds:
            lims = self.r.lim(3) * len(self.chosen_t) + sum(w.lim for w in self.chosen_e)
            if score + min(self.h.wilds - self.w2 - self._trio_twos(), lims) <= self.cut:
                return
            size = 3 * len(self.chosen_t) + sum(len(w.faces) for w in self.chosen_e)
            room = self._uncontested_wilds()
            if room is None and self.target is not None:  # outs need no exact score
                score += min(self.h.wilds - self.w2 - self._trio_twos(), lims)
            elif room is None:
                cover, _ = _alloc(self.h, self.r, self.chosen_t, self.chosen_e, False)
                score = cover - size
            else:
                score += min(room)
        if self.target is not None:
            self.leaves += 1
            if score == self.target:
                self._collect()
            self.stop = self.leaves * max(1, -self.target) >= _MAX_LEAVES
        elif score > self.best:
            self.best = self.cut = score
            self.best_t, self.best_e = tuple(self.chosen_t), tuple(self.chosen_e)
            self.stop = score >= self.ceiling

    def _collect(self) -> None:
        """Note the cards that would lift this best plan by one slot: a face some escala
        lacks a copy of, any card of a trío's rank while it is short, a wild while some
        slot could take one."""
        counts, d = self.h.counts, self.d
        for w in self.chosen_e:
            self.outs.update(f for f in w.faces if d[f] > counts[f])
        for k in set(self.chosen_t):
            if self._rank_value(k) < self.en[k] + 3 * self.tr[k]:
                self.outs.update(_rank_faces(k))
        if not self.wild_out:
            room = self._uncontested_wilds()
            self.wild_out = room is None or room[0] < room[1]

    def _trio_twos(self) -> int:
        """Wild 2s a trío of 2s surely takes as naturals (after the 2s that are not wild)."""
        if not self.tr[2] or not self.r.wild2:
            return 0
        counts, d = self.h.counts, self.d
        spare = [counts[f] - min(counts[f], d[f]) for f in range(4, 8)]
        plain = sum(n for f, n in zip(range(4, 8), spare) if not self.is_w2[f])
        return max(0, min(3 * self.tr[2], sum(spare)) - plain)

    def _uncontested_wilds(self) -> tuple[int, int] | None:
        """The free wilds and the slots that could take one, when no two melds want the
        same copy (the usual case: each meld takes the naturals it finds); None otherwise."""
        counts, d, r = self.h.counts, self.d, self.r
        caps = 0
        for w in self.chosen_e:
            empty = []
            for f in w.faces:
                if d[f] > counts[f]:
                    return None
                empty.append(not counts[f])
            caps += _escala_cap(empty, w.lim, r.adjacent)
        w2_used = sum(min(counts[f], d[f]) for f in r.wild2)
        for k in set(self.chosen_t):
            left = self.h.ranks[k] - self.en[k]
            if left < 3 * self.tr[k] and any(d[f] and counts[f] for f in _rank_faces(k)):
                return None
            used = min(left, 3 * self.tr[k])
            if k == 2:
                plain = sum(
                    counts[f] - min(counts[f], d[f]) for f in range(4, 8) if f not in r.wild2
                )
                w2_used += max(0, used - plain)
            if r.lim(3):
                caps += self.tr[k] - max(0, used - 2 * self.tr[k])
        return self.h.wilds - w2_used, caps


@dataclass
class _Fill:
    """Where the cards go in one plan: per trío (naturals, wilds, missing), per escala the
    state of each slot (0 natural, 1 wild, 2 missing)."""

    trios: list[tuple[tuple[int, ...], int, int]]
    escalas: list[list[int]]


def _alloc(
    h: _Hand, r: _Rules, trios: Sequence[int], escs: Sequence[_Target], want: bool
) -> tuple[int, _Fill | None]:
    """Exact best coverage of fixed melds: which copies go where when melds compete for a
    face, then wilds into the empty slots they may take."""
    counts = h.counts
    tr = Counter(trios)
    demand: dict[int, list[int]] = {}
    for i, w in enumerate(escs):
        for f in w.faces:
            demand.setdefault(f, []).append(i)
    leftover = [0] * 14
    for k in tr:
        leftover[k] = sum(max(0, counts[f] - len(demand.get(f, ()))) for f in _rank_faces(k))
    options: list[list[tuple[int, tuple[int, ...]]]] = []
    for f in sorted(demand):
        takers, k = demand[f], f // 4 + 1
        short_trio = tr[k] and counts[f] and leftover[k] < 3 * tr[k]
        if len(takers) <= counts[f] and not short_trio:
            continue
        top = min(counts[f], len(takers))
        sizes = range(top + 1) if tr[k] else range(top, top + 1)
        options.append([(f, combo) for n in sizes for combo in combinations(takers, n)])
    best, best_fill = _NONE, None
    base: dict[int, Sequence[int]] = dict(demand)
    for choice in product(*options):
        got = dict(base)
        got.update(choice)
        cover, fill = _evaluate(h, r, tr, escs, got, want)
        if cover > best:
            best, best_fill = cover, fill
    return best, best_fill


def _evaluate(
    h: _Hand,
    r: _Rules,
    tr: Counter[int],
    escs: Sequence[_Target],
    got: dict[int, Sequence[int]],
    want: bool,
) -> tuple[int, _Fill | None]:
    counts, wild2 = h.counts, r.wild2
    natural = 0
    w2_used = 0
    caps: list[int] = []
    slot_states: list[list[int]] = []
    for i, w in enumerate(escs):
        filled = [bool(counts[f]) and i in got[f] for f in w.faces]
        natural += sum(filled)
        w2_used += sum(1 for f, ok in zip(w.faces, filled) if ok and f in wild2)
        caps.append(_escala_cap([not x for x in filled], w.lim, r.adjacent))
        slot_states.append([0 if x else 2 for x in filled])
    trio_nat: dict[int, list[int]] = {}
    lim3 = r.lim(3)
    trio_caps: dict[int, int] = {}
    for k in sorted(tr):
        spare: list[int] = []
        for f in sorted(_rank_faces(k), key=lambda f: f in wild2):  # natural 2s before wild 2s
            spare += [f] * (counts[f] - len(got.get(f, ())))
        used = spare[: 3 * tr[k]]
        trio_nat[k] = used
        natural += len(used)
        w2_used += sum(1 for f in used if f in wild2)
        trio_caps[k] = tr[k] - max(0, len(used) - 2 * tr[k]) if lim3 else 0
    free_wilds = h.wilds - w2_used
    total_caps = sum(caps) + sum(trio_caps.values())
    cover = natural + min(free_wilds, total_caps)
    if not want:
        return cover, None
    return cover, _fill(r, tr, escs, slot_states, trio_nat, free_wilds)


def _fill(
    r: _Rules,
    tr: Counter[int],
    escs: Sequence[_Target],
    slot_states: list[list[int]],
    trio_nat: dict[int, list[int]],
    free: int,
) -> _Fill:
    """Spell a plan out: wilds go to the first slots they may take."""
    escalas: list[list[int]] = []
    for w, states in zip(escs, slot_states):
        placed = 0
        for j, state in enumerate(states):
            if state != 2 or placed >= min(w.lim, free):
                continue
            if not r.adjacent and j and states[j - 1] == 1:
                continue
            states[j] = 1
            placed += 1
        free -= placed
        escalas.append(states)
    trios: list[tuple[tuple[int, ...], int, int]] = []
    for k in sorted(tr):
        used = trio_nat[k]
        per = [used[j :: tr[k]] for j in range(tr[k])]  # deal the naturals round the tríos
        for nat in per:
            wilds = 1 if len(nat) < 3 and free and r.lim(3) else 0
            free -= wilds
            trios.append((tuple(nat), wilds, 3 - len(nat) - wilds))
    return _Fill(trios, escalas)
