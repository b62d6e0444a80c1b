"""The move log wraps a long move onto indented rows instead of cutting it with "…"."""

from __future__ import annotations

import textwrap

from carioca_desktop.ui.hud import log_rows


def wrap(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width)  # one "pixel" per character


def test_a_long_move_wraps_and_nothing_is_cut() -> None:
    lines = ["Ana robó del mazo", "Beto se bajó: K♥ K♦ K♣ 5♥ 5♦ 5♣ 9♠ 10♠ J♠ Q♠"]
    rows = log_rows(lines, 10, wrap, 20, 2)
    assert rows[0] == (1, "Ana robó del mazo", True)
    assert [first for _, _, first in rows[1:]] == [True] + [False] * (len(rows) - 2)
    assert all(age == 0 for age, _, _ in rows[1:])
    assert all(len(text) <= 18 for _, text, first in rows if not first)  # room for the indent
    said = " ".join(text for _, text, _ in rows[1:])
    assert said == lines[1]  # every word of the move is shown


def test_only_the_newest_rows_that_fit_are_shown() -> None:
    lines = [f"move {k} " + "word " * 6 for k in range(5)]
    rows = log_rows(lines, 3, wrap, 20, 2)
    assert len(rows) == 3 and rows[-1][0] == 0  # the newest move's rows end the log
    assert {age for age, _, _ in rows} <= {0, 1}


def test_a_move_keeps_its_spacing() -> None:
    """Melds in a lay-down are set apart by two spaces; wrapping keeps them on every row."""
    line = "Beto se bajó: K♥ K♦ K♣  5♥ 5♦ 5♣  9♠ 10♠ J♠ Q♠"
    assert log_rows([line], 5, wrap, 60, 2) == [(0, line, True)]
    rows = log_rows([line], 5, wrap, 30, 2)
    assert rows[0][1] == "Beto se bajó: K♥ K♦ K♣  5♥ 5♦"
