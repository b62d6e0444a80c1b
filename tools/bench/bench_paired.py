"""Benchmark (a script, not a test): one bot level against another on the same deals.

For each deal (match seed ``seed + k``), the match with ``baseline`` in every seat and the
matches with ``candidate`` swapped into each seat in turn. Prints the change in the
candidate seat's points a match and in its margin (its total minus the mean of the other
three), its share of wins (0.25 is even), each with a 95% interval, a per-round breakdown,
the candidate's decision times and the match times. Lower is better in Carioca: a negative
margin means the candidate is stronger.

Run: python tools/bench/bench_paired.py --candidate hard --baseline normal --deals 500 --jobs 2
     --seed 1 [--rounds 5,6,7,8] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

from carioca_desktop.bots.carioca.base import LEVELS
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from tests.fixtures.carioca_paired import DealResult, Estimate, estimate, paired_deal


def _one(args: tuple[str, str, int, list[int] | None, str]) -> DealResult:
    candidate, baseline, seed, rounds, preset = args
    return paired_deal(
        CariocaRules.from_dict({"preset": preset}), candidate, baseline, seed, rounds
    )


def run(
    candidate: str,
    baseline: str,
    deals: int,
    seed: int,
    rounds: list[int] | None = None,
    jobs: int = 1,
    preset: str = "clasico",
) -> list[DealResult]:
    """The paired results of ``deals`` deals (rounds are 0-based indices here)."""
    work = [(candidate, baseline, seed + k, rounds, preset) for k in range(deals)]
    if jobs <= 1:
        return [_one(w) for w in work]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(_one, work, chunksize=4))


def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def summary(
    candidate: str, baseline: str, results: list[DealResult], rounds: list[int] | None
) -> dict[str, Any]:
    times = [t for r in results for t in r.times]
    played = rounds if rounds is not None else list(range(max(len(r.per_round) for r in results)))
    return {
        "candidate": candidate,
        "baseline": baseline,
        "deals": len(results),
        "rounds": [i + 1 for i in played],
        "unfinished": [r.seed for r in results if not r.finished],
        "margin": estimate([r.margin for r in results]).as_dict(),
        "points": estimate([r.points for r in results]).as_dict(),
        "win_share": estimate([r.share for r in results]).as_dict(),
        "baseline_win_share": statistics.fmean(r.base_share for r in results),
        "per_round": {
            str(i + 1): estimate(
                [r.per_round[k] for r in results if len(r.per_round) > k]
            ).as_dict()
            for k, i in enumerate(played)
        },
        "decision_ms": {
            "p50": 1000 * pct(times, 0.5),
            "p99": 1000 * pct(times, 0.99),
            "max": 1000 * max(times, default=float("nan")),
        },
        "match_s": {
            "baseline_mean": statistics.fmean(r.base_seconds for r in results),
            "baseline_max": max(r.base_seconds for r in results),
            "candidate_mean": statistics.fmean(r.cand_seconds for r in results),
        },
    }


def report(s: dict[str, Any], wall: float) -> str:
    def est(key: str, digits: int = 1) -> str:
        d = s[key]
        return Estimate(d["mean"], d["lo"], d["hi"]).text(digits)

    lines = [
        f"{s['candidate']} in place of {s['baseline']}, {s['deals']} deals, "
        f"rounds {','.join(map(str, s['rounds']))}, {wall:.0f} s",
        f"  unfinished (a round hit the turn cap), by seed: {s['unfinished'] or 'none'}",
        f"  points a match (candidate - baseline): {est('points')}",
        f"  margin a match (candidate - baseline): {est('margin')}   (negative: candidate better)",
        f"  candidate's win share: {est('win_share', 3)} (baseline seat: "
        f"{s['baseline_win_share']:.3f})",
        "  per round (points, candidate - baseline):",
    ]
    for rnd, d in s["per_round"].items():
        lines.append(f"    round {rnd}: {Estimate(d['mean'], d['lo'], d['hi']).text()}")
    dm, ms = s["decision_ms"], s["match_s"]
    lines.append(
        f"  {s['candidate']} decisions: p50 {dm['p50']:.2f} ms, p99 {dm['p99']:.2f} ms, "
        f"max {dm['max']:.1f} ms"
    )
    lines.append(
        f"  match time: all-{s['baseline']} {ms['baseline_mean']:.2f} s (max "
        f"{ms['baseline_max']:.2f}), one {s['candidate']} seat {ms['candidate_mean']:.2f} s"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--candidate", required=True, choices=LEVELS)
    parser.add_argument("--baseline", required=True, choices=LEVELS)
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", default=None, help="1-based rounds to play, e.g. 5,6,7,8")
    parser.add_argument("--preset", default="clasico")
    parser.add_argument("--json", default=None, help="write the figures to this file")
    args = parser.parse_args(argv)
    rounds = None
    if args.rounds:
        count = len(CariocaRules.from_dict({"preset": args.preset}).rounds)
        try:
            rounds = sorted({int(x) - 1 for x in args.rounds.split(",")})
        except ValueError:
            parser.error(f"--rounds must be numbers between 1 and {count}")
        if rounds[0] < 0 or rounds[-1] >= count:
            parser.error(f"--rounds must be numbers between 1 and {count}")
    start = time.perf_counter()
    results = run(
        args.candidate, args.baseline, args.deals, args.seed, rounds, args.jobs, args.preset
    )
    s = summary(args.candidate, args.baseline, results, rounds)
    print(report(s, time.perf_counter() - start))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(s, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
