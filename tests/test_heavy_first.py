"""The long tests start first (tests/fixtures/heavy.py): each xdist worker's first share
begins with its part of them, longest first, and every test still runs once."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.fixtures import heavy


@dataclass(frozen=True)
class Item:
    nodeid: str


@pytest.fixture
def costs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        heavy, "HEAVY", {"t/a.py::long": 30, "t/b.py": 20, "t/b.py::longer": 40, "t/c.py::x": 5}
    )


def test_the_first_shares_are_the_sizes_xdist_sends() -> None:
    assert heavy.shares(10, 2) == [5, 5]
    assert heavy.shares(11, 2) == [5, 6]
    assert heavy.shares(7, 3) == [2, 2, 3]
    assert heavy.shares(3, 1) == [3]


@pytest.mark.usefixtures("costs")
def test_the_longest_prefix_gives_a_tests_seconds() -> None:
    assert heavy.seconds("t/b.py::longer[1]") == 40
    assert heavy.seconds("t/b.py::other") == 20
    assert heavy.seconds("t/a.py::long") == 30
    assert heavy.seconds("t/a.py::short") == 0


@pytest.mark.usefixtures("costs")
def test_each_worker_starts_with_its_part_of_the_long_tests() -> None:
    names = [f"t/a.py::s{i}" for i in range(6)] + ["t/a.py::long", "t/b.py::longer[1]"]
    names += ["t/b.py::other", "t/c.py::x"] + [f"t/d.py::s{i}" for i in range(6)]
    dealt = heavy.deal([Item(n) for n in names], 2)
    assert sorted(i.nodeid for i in dealt) == sorted(names)  # every test once
    first, second = dealt[:8], dealt[8:]
    # 40 to the first share, 30 to the second, 20 to the second (30 < 40), 5 to the first.
    assert [i.nodeid for i in first[:2]] == ["t/b.py::longer[1]", "t/c.py::x"]
    assert [i.nodeid for i in second[:2]] == ["t/a.py::long", "t/b.py::other"]
    shorts = [i.nodeid for i in dealt if heavy.seconds(i.nodeid) == 0]
    assert shorts == [n for n in names if heavy.seconds(n) == 0]  # the rest in their order


@pytest.mark.usefixtures("costs")
def test_one_worker_runs_the_long_tests_first() -> None:
    items = [Item("t/a.py::s"), Item("t/c.py::x"), Item("t/a.py::long")]
    assert [i.nodeid for i in heavy.deal(items, 1)] == ["t/a.py::long", "t/c.py::x", "t/a.py::s"]
