"""Where a table's toast goes: just above where the player acted when that covers nothing,
else the nearest spot that covers no meld, name or hand (both tables measure what they
show and pass those rectangles). A toast moves out of the way; it is never faded."""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Sequence
from functools import lru_cache

import pygame

Box = tuple[int, int, int, int]


def spot(
    size: tuple[int, int],
    anchor: tuple[int, int],
    avoid: Sequence[pygame.Rect],
    bounds: pygame.Rect,
    step: int,
    soft: Sequence[pygame.Rect] = (),
) -> pygame.Rect:
    """The toast's box: ``size`` with its bottom centre at ``anchor`` (kept in ``bounds``),
    or the nearest box in ``bounds`` on a ``step`` grid that meets none of ``avoid`` and,
    where one can, none of ``soft`` either; where there is none, the first place."""
    hard = tuple(tuple(r) for r in avoid if r.width > 0 and r.height > 0)
    both = hard + tuple(tuple(r) for r in soft if r.width > 0 and r.height > 0)
    area: Box = tuple(bounds)  # type: ignore[assignment]
    for boxes in (both, hard):
        found = _spot(size, anchor, boxes, area, max(1, step))
        if found is not None:
            return pygame.Rect(found)
    return pygame.Rect(_first(size, anchor, area))


def _first(size: tuple[int, int], anchor: tuple[int, int], bounds: Box) -> Box:
    first = pygame.Rect((0, 0), size)
    first.midbottom = anchor
    first.clamp_ip(pygame.Rect(bounds))
    return tuple(first)  # type: ignore[return-value]


@lru_cache(maxsize=64)
def _spot(
    size: tuple[int, int], anchor: tuple[int, int], avoid: tuple[Box, ...], bounds: Box, step: int
) -> Box | None:
    """The nearest free box, or None where every box meets one of ``avoid``."""
    area = pygame.Rect(bounds)
    first = pygame.Rect(_first(size, anchor, bounds))
    rects = [pygame.Rect(r) for r in avoid]
    if first.collidelist(rects) < 0:
        return tuple(first)  # type: ignore[return-value]
    cols, rows = area.width // step + 1, area.height // step + 1
    for dx, dy in _offsets(cols, rows):
        box = first.move(dx * step, dy * step)
        if area.contains(box) and box.collidelist(rects) < 0:
            return tuple(box)  # type: ignore[return-value]
    return None


def _offsets(cols: int, rows: int) -> Iterator[tuple[int, int]]:
    """Grid offsets nearest first (a step up or down counts a little less than one to the
    side: a toast stays over the place it speaks of), in the order of sorting the whole grid
    by (distance, below), read lazily from the grid's kept ordering."""
    return iter(_ordering(cols, rows))


class _Ordering:
    """A grid's offsets in order, produced only as far as a search has read and kept for the
    next search (which reads a list, not the heap). Sorting the whole grid (40,000 offsets at
    1600x900) cost 40-130 ms the first time a toast had to move; merging every column at
    once, 0.5 ms a search; this, the merge's cost once per offset ever read."""

    def __init__(self, cols: int, rows: int) -> None:
        self.read: list[tuple[int, int]] = []
        self._more = _merge(cols, rows)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        read = self.read
        n = 0
        while True:
            if n == len(read):
                ahead = next(self._more, None)
                if ahead is None:
                    return
                read.append(ahead)
            yield read[n]
            n += 1


@lru_cache(maxsize=8)
def _ordering(cols: int, rows: int) -> _Ordering:
    return _Ordering(cols, rows)


def _merge(cols: int, rows: int) -> Iterator[tuple[int, int]]:
    """Each column's offsets already come in order, so they are merged on a heap, a column
    joining only when the merge reaches its distance."""
    heap: list[tuple[float, bool, int, int, Iterator[tuple[float, bool, int, int]]]] = []
    joined = -1  # the columns -joined..joined are on the heap

    def join(dx: int) -> None:
        column = _column(dx, rows)
        heapq.heappush(heap, (*next(column), column))

    while True:
        while joined < cols and (not heap or (joined + 1) ** 2 <= heap[0][0]):
            joined += 1
            for dx in {-joined, joined}:
                join(dx)
        if not heap:
            return
        _key, _below, dx, dy, column = heap[0]
        ahead = next(column, None)
        if ahead is None:
            heapq.heappop(heap)
        else:
            heapq.heapreplace(heap, (*ahead, column))
        yield dx, dy


def _column(dx: int, rows: int) -> Iterator[tuple[float, bool, int, int]]:
    """One column's offsets by (distance, below): 0, then -1 before +1, -2 before +2..."""
    yield dx * dx + 0.0, False, dx, 0
    for n in range(1, rows + 1):
        far = dx * dx + 0.8 * n * n
        yield far, False, dx, -n
        yield far, True, dx, n


def spots(
    sizes: Sequence[tuple[int, int]],
    anchors: Sequence[tuple[int, int]],
    avoid: Sequence[pygame.Rect],
    bounds: pygame.Rect,
    step: int,
    soft: Sequence[pygame.Rect] = (),
) -> list[pygame.Rect]:
    """The boxes of several toasts, oldest first: each also keeps off the ones before it."""
    placed: list[pygame.Rect] = []
    for size, anchor in zip(sizes, anchors, strict=True):
        placed.append(spot(size, anchor, [*avoid, *placed], bounds, step, soft))
    return placed
