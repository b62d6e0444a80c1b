"""A Buraco rule vector with a huge morto count is refused cleanly by the vector runner, before
anything is allocated for it (issue 29 item 8): an error line naming the case, not an
exception escaping the runner nor 800 MB of holder lists."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from carioca_desktop.conformance import Report, run_case

HUGE_COUNTS = [3, 10**8, 10**9, 10**5000]


@pytest.mark.parametrize("count", HUGE_COUNTS, ids=["3", "1e8", "1e9", "5000 digits"])
def test_a_huge_morto_count_is_an_error_line(count: int) -> None:
    case = {
        "id": "huge-morto",
        "type": "scenario",
        "rules": {"game": "buraco", "players": 2},
        "hands": [["3H", "4H", "5H"], ["KS", "4D", "9C"]],
        "stock": ["2C", "3C", "4C"],
        "took_morto": [count, 0],
    }
    lines: list[str] = []
    report = Report()
    tracemalloc.start()
    try:
        run_case(Path("vectors.json"), 0, case, set(), report, lines.append)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert report.errors == 1 and report.passed == report.failed == 0
    assert len(lines) == 1 and lines[0].startswith("ERROR vectors.json:huge-morto")
    assert peak < 5 * 1024 * 1024, peak
