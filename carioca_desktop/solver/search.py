"""The lay-down solver: can a hand make the contract, with which cards, and how far is it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, pairwise, product
from typing import NamedTuple

from carioca_desktop.rules.cards import RANK_NAMES, parse_card
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.carioca.scoring import card_points
from carioca_desktop.rules.melds import position_rank

SUIT_LETTERS = "SHDC"
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


# --------------------------------------------------------------------------- distance
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


def _escala_targets(h: _Hand, r: _Rules) -> list[_Target]:
    sizes = [r.length]
    if not r.exact and r.maxw >= 2 and h.wilds >= 2:  # a longer escala can hold more wilds
        sizes = list(range(r.length, min(13, r.length + h.wilds) + 1))
    held = [0, 0, 0, 0]  # per suit, a bit for each rank held
    for f, n in enumerate(h.counts):
        if n:
            held[f % 4] |= 1 << (f // 4 + 1)
    out: list[_Target] = []
    for size in sizes:
        lim = r.lim(size)
        empty_kept = [False] * 4
        for si, start, faces, mask in _window_table(r.wrap, size):
            n = (held[si] & mask).bit_count()
            if n == 0:
                if empty_kept[si]:  # empty windows of one suit and size are all alike
                    continue
                empty_kept[si] = True
            out.append(_Target(n - size, si, start, faces, lim))
    out.sort(key=lambda w: (-w.score, w.faces))
    return out


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
        self, h: _Hand, r: _Rules, t: int, e: int, taken: int, target: int | None = None
    ) -> None:
        self.h, self.r, self.t, self.e, self.taken = h, r, t, e, taken
        # With a target score the search collects the outs of every plan that reaches it
        # instead of looking for the best score.
        self.target = target
        self.cut = _NONE if target is None else target - 1  # prune bounds at or below it
        self.stop = False
        self.outs: set[int] = set()
        self.wild_out = False
        self.leaves = 0
        self.trios = _trio_targets(h) if t else []
        self.wins = _escala_targets(h, r) if e else []
        if r.distinct:
            self.wins = [w for w in self.wins if not taken >> w.suit & 1]
        # Bounds: a meld never gets more naturals than the best target standing alone.
        self.top_e = e * (self.wins[0].score if self.wins else 0)
        wlim = max([r.lim(3)] * bool(t) + [w.lim for w in self.wins] + [0])
        self.wild_bound = min(h.wilds, (t + e) * wlim)
        self.d = [0] * 52
        self.w2 = 0  # wild 2s the chosen escalas surely take as naturals
        self.is_w2 = [f in r.wild2 for f in range(52)]
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
        for i in range(i0, len(self.wins)):
            w = self.wins[i]
            if score + left * w.score + min(self.wild_bound, self.h.wilds - self.w2) <= self.cut:
                break
            if self.r.distinct and suits >> w.suit & 1:
                continue
            gain = 0
            for f in w.faces:
                if d[f] < counts[f]:  # a copy is left for this escala
                    k = f // 4 + 1
                    if en[k] + 3 * tr[k] < held[k]:  # and no trío would take it anyway
                        gain += 1
                    en[k] += 1
                    self.w2 += self.is_w2[f]
                d[f] += 1
            self.chosen_e.append(w)
            self._pick_escala(i, left - 1, score + gain - len(w.faces), suits | 1 << w.suit)
            self.chosen_e.pop()
            for f in w.faces:
                d[f] -= 1
                if d[f] < counts[f]:
                    en[f // 4 + 1] -= 1
                    self.w2 -= self.is_w2[f]
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
            self.stop = score == 0

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


def _rank_faces(k: int) -> range:
    return range((k - 1) * 4, k * 4)


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


# --------------------------------------------------------------------------- specials
def _special_cover(h: _Hand, r: _Rules, special: str) -> tuple[int, list[int], list[int], int]:
    """Slots a 13-card contract gets from the hand: the cover, the faces held for it, the face
    each missing slot needs, and the wilds it takes."""
    best: tuple[int, list[int], list[int], int] = (_NONE, [], [], 0)
    for faces, wilds_ok in _special_options(h, r, special):
        filled = [f >= 0 for f in faces]
        cap = 0
        if wilds_ok:
            free = h.wilds - sum(1 for f in faces if f in r.wild2)
            cap = min(free, _escala_cap([not x for x in filled], r.lim(13), r.adjacent))
        if sum(filled) + cap > best[0]:
            held = [f for f in faces if f >= 0]
            best = (sum(filled) + cap, held, _special_missing(faces, cap, r), cap)
    return best


def _special_missing(faces: list[int], cap: int, r: _Rules) -> list[int]:
    """The holes that wilds do not fill (wilds go to the first holes they may take)."""
    missing: list[int] = []
    placed, prev_wild = 0, False
    for f in faces:
        if f >= 0:
            prev_wild = False
        elif placed < cap and (r.adjacent or not prev_wild):
            placed, prev_wild = placed + 1, True
        else:
            prev_wild = False
            missing.append(-2 - f)
    return missing


def _special_options(h: _Hand, r: _Rules, special: str) -> Iterator[tuple[list[int], bool]]:
    """Each reading of a 13-card contract: per rank A..K the face the hand holds for it, or
    ``-2 - face`` for a hole wanting that face; and whether wilds may fill holes."""
    counts = h.counts
    if special in ("ER", "ES"):
        suits = [(si,) for si in range(4)] if special == "ER" else [(0, 1, 2, 3)]
        for allowed in suits:
            yield [_held(counts, r, k, allowed) for k in range(13)], True
        return
    patterns = [[(k + start) % 2 for k in range(13)] for start in (0, 1)]
    if special == "EC":
        patterns = [[0] * 13, [1] * 13]
    for want in patterns:  # 0 black (S C), 1 red (H D)
        yield [_held(counts, r, k, (1, 2) if want[k] else (0, 3)) for k in range(13)], False


def _held(counts: Sequence[int], r: _Rules, k: int, suits: Sequence[int]) -> int:
    """A held face of rank index ``k`` in one of ``suits`` (a 2 that is not wild first)."""
    held = sorted((4 * k + s for s in suits if counts[4 * k + s]), key=lambda f: f in r.wild2)
    return held[0] if held else -2 - (4 * k + suits[0])


# --------------------------------------------------------------------------- public: reach
@lru_cache(maxsize=200_000)
def _reach_cached(
    hand: tuple[str, ...],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int],
    prior: frozenset[str],
    plan: bool,
) -> Reach:
    r = _rules(rules, round_index)
    h = _hand(hand, r)
    if r.special:
        if progress[1] >= 1:
            return Reach(0, (), ())
        cover, held, missing, wilds = _special_cover(h, r, r.special)
        if not plan:
            return Reach(13 - cover, (), ())
        used = [FACES[f] for f in held]
        used += _wild_codes(h, r, used, wilds)
        return Reach(13 - cover, tuple(used), tuple(FACES[f] for f in missing), (RANK_NAMES,))
    best: Reach | None = None
    for t, e in _remaining(r, progress):
        if t == e == 0:
            return Reach(0, (), ())
        search = _Cover(h, r, t, e, _suit_mask(prior))
        score = search.run()
        if score == _NONE or (best is not None and -score >= best.distance):
            continue
        if not plan:
            best = Reach(-score, (), ())
            continue
        best = _spell_reach(h, r, search, -score)
    return best if best is not None else Reach(99, (), ())


def _spell_reach(h: _Hand, r: _Rules, search: _Cover, distance: int) -> Reach:
    _, fill = _alloc(h, r, search.best_t, search.best_e, True)
    assert fill is not None
    used: list[str] = []
    missing: list[str] = []
    wilds = 0
    for k, (nat, w, miss) in zip(sorted(Counter(search.best_t).elements()), fill.trios):
        used += [FACES[f] for f in nat]
        wilds += w
        missing += [_trio_missing(h, k, j) for j in range(miss)]
    for tgt, states in zip(search.best_e, fill.escalas):
        for f, state in zip(tgt.faces, states):
            if state == 0:
                used.append(FACES[f])
            elif state == 1:
                wilds += 1
            else:
                missing.append(FACES[f])
    used += _wild_codes(h, r, used, wilds)
    melds: list[tuple[str, ...]] = [(RANK_NAMES[k - 1],) * 3 for k in sorted(search.best_t)]
    melds += [tuple(FACES[f] for f in tgt.faces) for tgt in search.best_e]
    return Reach(distance, tuple(used), tuple(missing), tuple(melds))


def _trio_missing(h: _Hand, k: int, j: int) -> str:
    """A card of rank ``k`` to complete a trío: the suits the hand holds least of first."""
    faces = sorted(_rank_faces(k), key=lambda f: (h.counts[f], f))
    return FACES[faces[j % 4]]


def _wild_codes(h: _Hand, r: _Rules, used: list[str], n: int) -> list[str]:
    pool = ["JK"] * h.jokers
    left = Counter({FACES[f]: h.counts[f] for f in r.wild2 if h.counts[f]})
    for code in used:
        if left.get(code):
            left[code] -= 1
    pool += sorted(left.elements())
    return pool[:n]


def reach(
    hand: Sequence[str],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int] = (0, 0),
    prior_suits: frozenset[str] = frozenset(),
) -> Reach:
    """How far ``hand`` is from the round's contract, with one best plan spelled out."""
    key = tuple(sorted(hand))
    return _reach_cached(key, rules, round_index, tuple(progress), prior_suits, True)


def distance(
    hand: Sequence[str],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int] = (0, 0),
    prior_suits: frozenset[str] = frozenset(),
) -> int:
    """Fewest cards still missing to make the contract (0: the hand can lay down now),
    assuming any natural card may still come. Cached: bots call it for every card."""
    key = tuple(sorted(hand))
    return _reach_cached(key, rules, round_index, tuple(progress), prior_suits, False).distance


def missing_cards(
    hand: Sequence[str],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int] = (0, 0),
    prior_suits: frozenset[str] = frozenset(),
) -> list[str]:
    """Natural cards that would let the hand make the contract (as many as ``distance``)."""
    return list(reach(hand, rules, round_index, progress, prior_suits).missing)


def useful_cards(
    hand: Sequence[str],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int] = (0, 0),
    prior_suits: frozenset[str] = frozenset(),
) -> list[str]:
    """The cards of ``hand`` that one best plan for the contract uses."""
    return list(reach(hand, rules, round_index, progress, prior_suits).used)


@lru_cache(maxsize=100_000)
def _outs_cached(
    hand: tuple[str, ...],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int],
    prior: frozenset[str],
    far: int,
) -> frozenset[str]:
    if far == 0 or far >= 99:
        return frozenset()
    r = _rules(rules, round_index)
    h = _hand(hand, r)
    if r.special:
        return _special_outs(h, r, r.special, 13 - far)
    faces: set[int] = set()
    wild = False
    owed = _remaining(r, progress)
    for t, e in owed:
        if len(owed) > 1 and _Cover(h, r, t, e, _suit_mask(prior)).run() != -far:
            continue
        search = _Cover(h, r, t, e, _suit_mask(prior), target=-far)
        search.run()
        faces |= search.outs
        wild = wild or search.wild_out
    if wild:  # any wild would do, the 2s that are wild as well as a joker
        faces.update(r.wild2)
    return frozenset({FACES[f] for f in faces} | ({"JK"} if wild else set()))


def _special_outs(h: _Hand, r: _Rules, special: str, cover: int) -> frozenset[str]:
    out: set[str] = set()
    for faces, wilds_ok in _special_options(h, r, special):
        filled = [f >= 0 for f in faces]
        cap = 0
        if wilds_ok:
            free = h.wilds - sum(1 for f in faces if f in r.wild2)
            room = _escala_cap([not x for x in filled], r.lim(13), r.adjacent)
            cap = min(free, room)
            if free < room and sum(filled) + cap == cover:
                out.update(["JK", *(FACES[f] for f in r.wild2)])
        if sum(filled) + cap != cover:
            continue
        for f in faces:
            if f >= 0:
                continue
            want = -2 - f
            if special == "ES":
                out.update(FACES[g] for g in _rank_faces(want // 4 + 1))
            elif special in ("EC", "EP"):
                pair = (1, 2) if want % 4 in (1, 2) else (0, 3)
                out.update(FACES[want // 4 * 4 + s] for s in pair)
            else:
                out.add(FACES[want])
    return frozenset(out)


def outs(
    hand: Sequence[str],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int] = (0, 0),
    prior_suits: frozenset[str] = frozenset(),
    known: int | None = None,
) -> frozenset[str]:
    """Cards whose draw would bring the hand one card closer to the contract: the cards
    missing from its best plans (up to a few hundred plans looked at), and the wilds when a
    wild would help. Empty when the hand can already lay down. ``known`` is the hand's
    distance when the caller already has it (it saves a search)."""
    key = tuple(sorted(hand))
    args = (rules, round_index, tuple(progress), prior_suits)
    far = _reach_cached(key, *args, False).distance if known is None else known
    return _outs_cached(key, *args, far)


def clear_caches() -> None:
    """Forget every hand searched so far (benchmarks start cold with it)."""
    _reach_cached.cache_clear()
    _outs_cached.cache_clear()


def discard_distances(
    hand: Sequence[str],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int] = (0, 0),
    prior_suits: frozenset[str] = frozenset(),
    codes: Iterable[str] | None = None,
) -> dict[str, int]:
    """For each distinct card of the hand (or each of ``codes``), the distance once one copy
    of it is gone. A card that one best plan does not use leaves the distance as it is
    (the plan still stands, and losing a card never brings the contract closer), so only
    the plan's own cards cost a search."""
    plan = reach(hand, rules, round_index, progress, prior_suits)
    spare = Counter(hand) - Counter(plan.used)
    out: dict[str, int] = {}
    for code in sorted(set(hand) if codes is None else set(codes)):
        if spare[code]:
            out[code] = plan.distance
            continue
        rest = list(hand)
        rest.remove(code)
        out[code] = distance(rest, rules, round_index, progress, prior_suits)
    return out


# --------------------------------------------------------------------------- lay-downs
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


# --------------------------------------------------------------------------- 13-card lay-downs
def _special_laydown(h: _Hand, r: _Rules, fv: Sequence[int], jv: int) -> tuple[int, Melds] | None:
    """The best 13-card meld (ER, ES, EC, EP), A to K, ace low."""
    assert r.special is not None
    if r.special in ("EC", "EP"):
        return _colour_laydown(h, r, fv)
    best: tuple[int, Melds] | None = None
    for allowed in [(si,) for si in range(4)] if r.special == "ER" else [(0, 1, 2, 3)]:
        for two in [-1, *(4 + s for s in allowed if h.counts[4 + s])]:
            found = _line_laydown(h, r, fv, jv, allowed, two)
            if found is not None and (best is None or found[0] > best[0]):
                best = found
    return best


def _line_laydown(
    h: _Hand, r: _Rules, fv: Sequence[int], jv: int, allowed: Sequence[int], two: int
) -> tuple[int, Melds] | None:
    """ER or ES with the 2 slot held by the natural ``two`` (or a wild when -1)."""
    nat: list[tuple[int, int] | None] = []
    for k in range(13):
        faces = [4 * k + s for s in allowed if h.counts[4 * k + s]]
        if k == 1:
            faces = [two] if two >= 0 else []
        else:
            faces.sort(key=lambda f: (-fv[f], f))
        nat.append((fv[faces[0]], faces[0]) if faces else None)
    pool = [(jv, "JK")] * h.jokers
    for f in r.wild2:
        pool += [(fv[f], FACES[f])] * (h.counts[f] - (f == two))
    pool.sort(key=lambda p: (-p[0], p[1]))
    best: tuple[int, Melds] | None = None
    for w, (value, wild) in _line_dp([n[0] if n else None for n in nat], r).items():
        if w > len(pool):
            continue
        total = value + sum(p[0] for p in pool[:w])
        if best is None or total > best[0]:
            codes, spare = [], [p[1] for p in pool[:w]]
            for k, (is_wild, n) in enumerate(zip(wild, nat)):
                if is_wild:
                    suit = SUIT_LETTERS[allowed[0]] if len(allowed) == 1 else ""
                    codes.append(f"{spare.pop(0)}={RANK_NAMES[k]}{suit}")
                else:
                    assert n is not None
                    codes.append(FACES[n[1]])
            best = (total, [codes])
    return best


def _line_dp(nat: Sequence[int | None], r: _Rules) -> dict[int, tuple[int, tuple[bool, ...]]]:
    """For each count of wilds, the most natural value over slots in a line, and which slots
    the wilds take (holes must; two wilds never side by side unless allowed)."""
    lim = r.lim(len(nat))
    states: dict[tuple[int, bool], tuple[int, tuple[bool, ...]]] = {(0, False): (0, ())}
    for v in nat:
        nxt: dict[tuple[int, bool], tuple[int, tuple[bool, ...]]] = {}
        for (w, prev), (val, path) in states.items():
            moves = [] if v is None else [((w, False), (val + v, (*path, False)))]
            if w < lim and (r.adjacent or not prev):
                moves.append(((w + 1, True), (val, (*path, True))))
            for key, cand in moves:
                if key not in nxt or cand[0] > nxt[key][0]:
                    nxt[key] = cand
        states = nxt
    out: dict[int, tuple[int, tuple[bool, ...]]] = {}
    for (w, _), cand in sorted(states.items()):
        if w not in out or cand[0] > out[w][0]:
            out[w] = cand
    return out


def _colour_laydown(h: _Hand, r: _Rules, fv: Sequence[int]) -> tuple[int, Melds] | None:
    """EC (one colour) or EP (colours alternating): naturals only."""
    best: tuple[int, Melds] | None = None
    for faces, _ in _special_options(h, r, r.special or ""):
        if any(f < 0 for f in faces):
            continue
        value = sum(fv[f] for f in faces)
        if best is None or value > best[0]:
            best = (value, [[FACES[f] for f in faces]])
    return best


# --------------------------------------------------------------------------- public: lay-downs
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
