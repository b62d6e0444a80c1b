"""The paired-deal comparison: its arithmetic, a control (a level against itself reads 0
within its interval), a real difference it must see, and the script's JSON."""

from __future__ import annotations

import json
import math
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

from carioca_desktop.rules.carioca.ruleset import CariocaRules
from tests.fixtures.carioca_paired import (
    DealResult,
    bots_for,
    estimate,
    margin,
    paired_deal,
    play,
)

RULES = CariocaRules()
ROOT = Path(__file__).resolve().parents[3]


def _deal(args: tuple[str, str, int, list[int]]) -> DealResult:
    return paired_deal(RULES, *args)


def deals(
    candidate: str, baseline: str, count: int, seed: int, rounds: list[int]
) -> list[DealResult]:
    """``count`` paired deals from match seed ``seed`` on, as the benchmark plays them: each
    deal is independent and seeded, played here in order. Not in a process pool: forked from
    a test worker (which runs threads), the pool hung once with its children waiting for
    work and the worker for their results; the suite's workers already use every core."""
    return [_deal((candidate, baseline, seed + k, rounds)) for k in range(count)]


def script(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    """A benchmark run as INTERFACES.md gives it, from the repository root (tests import no
    benchmark: the script is checked through its command line)."""
    return subprocess.run(
        [sys.executable, f"tools/bench/{name}", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_estimate_is_the_mean_with_a_normal_95_interval() -> None:
    values = [1.0, 2.0, 3.0, 4.0]
    est = estimate(values)
    half = 1.96 * statistics.stdev(values) / 2
    assert est.mean == 2.5
    assert est.lo == pytest.approx(2.5 - half) and est.hi == pytest.approx(2.5 + half)
    assert estimate([7.0]).lo == estimate([7.0]).hi == 7.0
    assert math.isnan(estimate([]).mean)


def test_margin_is_own_total_minus_the_mean_of_the_others() -> None:
    assert margin((10, 20, 30, 40), 0) == 10 - 30
    assert margin((10, 20, 30, 40), 3) == 40 - 20
    assert sum(margin((5, 9, 1, 30), s) for s in range(4)) == pytest.approx(0)


def test_rounds_are_dealt_as_in_the_whole_match() -> None:
    whole = play(RULES, bots_for(["easy"] * 4, 3), 3)
    alone = play(RULES, bots_for(["easy"] * 4, 3), 3, rounds=[2])
    assert alone.points == [whole.points[2]]  # easy is deterministic: the same deal, same play
    assert alone.rounds == [2]


def test_a_deterministic_level_against_itself_is_exactly_even() -> None:
    deal = paired_deal(RULES, "normal", "normal", 11, rounds=[0, 1])
    assert deal.points == deal.margin == 0.0
    assert deal.per_round == [0.0, 0.0]
    assert deal.share == pytest.approx(0.25) and deal.base_share == pytest.approx(0.25)


def test_control_beginner_against_itself_reads_zero_within_its_interval() -> None:
    # beginner draws on its own RNG, and the candidate's seed differs, so the swapped
    # matches really differ from the baseline's; only the skill is the same.
    results = deals("beginner", "beginner", 40, 40, rounds=[0, 3])
    est = estimate([r.margin for r in results])
    assert any(r.margin != 0 for r in results)
    assert est.lo < 0 < est.hi
    share = estimate([r.share for r in results])
    assert share.lo < 0.25 < share.hi


def test_a_real_difference_is_seen() -> None:
    results = deals("beginner", "easy", 16, 40, rounds=[0, 3])
    assert estimate([r.margin for r in results]).lo > 0  # beginner loses points to easy


def test_script_writes_the_json_figures(tmp_path: Path) -> None:
    out = tmp_path / "paired.json"
    done = script(
        "bench_paired.py",
        *("--candidate", "easy", "--baseline", "beginner", "--deals", "3", "--rounds", "1"),
        *("--json", str(out)),
    )
    assert done.returncode == 0, done.stderr
    assert "easy in place of beginner, 3 deals, rounds 1" in done.stdout
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["candidate"] == "easy" and data["baseline"] == "beginner"
    assert data["deals"] == 3 and data["rounds"] == [1]
    for key in ("margin", "points", "win_share"):
        assert set(data[key]) == {"mean", "lo", "hi"}
        assert data[key]["lo"] <= data[key]["mean"] <= data[key]["hi"]
    assert set(data["per_round"]) == {"1"}


def test_script_refuses_rounds_out_of_range() -> None:
    done = script("bench_paired.py", "--candidate", "easy", "--baseline", "easy", "--rounds", "9")
    assert done.returncode == 2 and "--rounds must be numbers between 1 and 8" in done.stderr


def test_the_oracle_bench_plays_paired_deals() -> None:
    """tools/bench/bench_oracles.py, run as a script: the cheating bots play paired deals to
    the end, and the dumper gives up round 8's race for good (a win share of 0)."""
    dump = script(
        "bench_oracles.py", "--candidate", "dump", "--deals", "1", "--seed", "3", "--rounds", "8"
    )
    assert dump.returncode == 0, dump.stderr
    assert dump.stdout.startswith("dump -> normal, 1 deals: margin ")
    assert "win share 0.000, per round " in dump.stdout
    stock = script(
        "bench_oracles.py", "--candidate", "stock", "--deals", "1", "--seed", "3", "--rounds", "8"
    )
    assert stock.returncode == 0, stock.stderr
    assert stock.stdout.startswith("stock -> normal, 1 deals: margin ")
