"""The toast's search order (tablekit/toast_spot._offsets) is yielded lazily, in exactly the
order of sorting the whole grid by distance, a step up or down counting 0.8 of one to the
side, above before below; and a search that finds a place near reads only a few offsets."""

from __future__ import annotations

import inspect
from itertools import islice

import pytest

from carioca_desktop.ui.tablekit.toast_spot import _offsets


def full_sort(cols: int, rows: int) -> list[tuple[int, int]]:
    """The whole grid sorted (the order the search has always used)."""
    grid = [(dx, dy) for dx in range(-cols, cols + 1) for dy in range(-rows, rows + 1)]
    return sorted(grid, key=lambda d: (d[0] * d[0] + 0.8 * d[1] * d[1], d[1] > 0))


@pytest.mark.parametrize(("cols", "rows"), [(0, 0), (1, 3), (5, 2), (17, 11), (40, 23)])
def test_lazy_order_is_the_full_sort(cols: int, rows: int) -> None:
    assert list(_offsets(cols, rows)) == full_sort(cols, rows)


def test_nearest_first_and_above_before_below() -> None:
    first = list(islice(_offsets(200, 113), 5))
    assert first == [(0, 0), (0, -1), (0, 1), (-1, 0), (1, 0)]


def test_reading_a_few_does_not_build_the_grid() -> None:
    """A 1600x900 grid at step 1 (1.4 million offsets): the offsets come one by one (a
    generator, not a sorted tuple of the whole grid), the first ten at once."""
    offsets = _offsets(1601, 901)
    assert inspect.isgenerator(offsets)
    assert len(list(islice(offsets, 10))) == 10


def test_a_later_search_reads_the_kept_order() -> None:
    """What one search read is kept for the next (a list, not the heap again)."""
    from carioca_desktop.ui.tablekit.toast_spot import _ordering

    _ordering.cache_clear()
    assert list(islice(_offsets(30, 20), 12)) == full_sort(30, 20)[:12]
    kept = _ordering(30, 20)
    assert len(kept.read) == 12
    assert list(islice(_offsets(30, 20), 5)) == kept.read[:5]
    assert len(kept.read) == 12  # read from the list: nothing more merged
