"""The cover search's leaves: the exact best coverage of a fixed set of melds (which copies
go where when melds compete for a face, then the wilds into the slots they may take), and the
plan spelled out slot by slot."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, product

from .hand import _NONE, _escala_cap, _Hand, _rank_faces, _Rules
from .targets import _Target


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
