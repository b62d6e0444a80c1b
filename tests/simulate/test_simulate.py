"""`carioca simulate`: seating, the figures it prints and writes, and bad arguments."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from carioca_desktop.simulate import main
from carioca_desktop.simulate.carioca import seating
from carioca_desktop.simulate.tournament import wilson

LEVELS = ["hard", "normal", "easy", "random"]


def test_every_level_sits_in_every_seat_after_every_other_level() -> None:
    seat_counts: Counter[tuple[str, int]] = Counter()
    before: Counter[tuple[str, str]] = Counter()
    for game in range(24):  # 4 seats x 6 orders around the table
        seats = seating(LEVELS, 4, game)
        assert sorted(seats) == sorted(LEVELS)
        for i, level in enumerate(seats):
            seat_counts[level, i] += 1
            before[level, seats[i - 1]] += 1
    assert set(seat_counts.values()) == {6}
    assert len(seat_counts) == 16
    assert set(before.values()) == {8}  # each level follows each other level equally often
    assert len(before) == 12


def test_each_block_of_games_is_a_rotation() -> None:
    """Within a block of `players` games every level takes every seat, whatever the block."""
    for block in range(5):
        games = [seating(LEVELS, 4, block * 4 + k) for k in range(4)]
        for seat in range(4):
            assert sorted(g[seat] for g in games) == sorted(LEVELS)


def test_repeated_levels_fill_larger_tables() -> None:
    seats = seating(["hard", "normal"], 5, 7)
    assert Counter(seats) == Counter({"hard": 3, "normal": 2})
    big = seating(LEVELS, 8, 123)
    assert Counter(big) == Counter({lv: 2 for lv in LEVELS})


def test_wilson_interval_brackets_the_rate() -> None:
    low, high = wilson(30, 100)
    assert 0.2 < low < 0.3 < high < 0.4
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_json_figures_per_level(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.json"
    args = ["--players", "4", "--bots", "hard,normal,easy,random", "--games", "4"]
    code = main([*args, "--seed", "3", "--json", str(out)])
    assert code == 0
    printed = capsys.readouterr().out
    assert "by level" in printed and "games per second" in printed
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["games"] == 4 and data["players"] == 4
    assert set(data["levels"]) == set(LEVELS)
    finished = data["games"] - data["unfinished"]
    for figures in data["levels"].values():
        assert figures["seats"] == finished  # one seat per finished game for each level
        assert figures["mean_total"] >= 0
        assert 0.0 <= figures["win_low"] <= figures["win_rate"] <= figures["win_high"] <= 1.0
    assert sum(f["wins"] for f in data["levels"].values()) == pytest.approx(finished)
    assert data["levels"]["random"]["mean_total"] > data["levels"]["hard"]["mean_total"]


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--bots", "hard,grandmaster"], "unknown bot level"),
        (["--players", "9"], "players must be 2 to 8"),
        (["--players", "2", "--bots", "hard,normal,easy"], "3 bot levels for 2 players"),
        (["--games", "0"], "must be at least 1"),
        (["--preset", "nope"], "invalid choice"),
        (["--rules", "/nonexistent/rules.json"], "rules"),
        (["--json", "/nonexistent/dir/out.json"], "no folder"),
    ],
)
def test_bad_arguments_exit_2_with_a_reason(args: list[str], reason: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "carioca_desktop", "simulate", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2, proc.stderr
    assert reason in proc.stderr
    assert "Traceback" not in proc.stderr
    assert "usage:" in proc.stderr
