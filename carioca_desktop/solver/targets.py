"""What the cover search aims at: the escala windows a hand may fill (with how many naturals
it holds for each) and the ranks a trío may be made of, best first."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .hand import _Hand, _Rules, _windows


class _Target(NamedTuple):
    """An escala the cover search may aim at: suit, start, the face of each slot."""

    score: int  # naturals the hand holds for it, minus its size
    suit: int
    start: int
    faces: tuple[int, ...]
    lim: int


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
