"""The cover search: the melds of one contract form that leave the fewest slots missing
(branch and bound over tríos and escalas, wilds placed exactly at the leaves: alloc.py; the
escalas and tríos it tries: targets.py)."""

from __future__ import annotations

from dataclasses import dataclass

from .alloc import _alloc
from .hand import (
    _MAX_LEAVES,
    _NONE,
    _escala_cap,
    _Hand,
    _rank_faces,
    _Rules,
    _wild_flags,
)
from .targets import _escala_targets, _Target, _trio_targets


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
