"""Benchmark (a script, not a test): the Buraco bots' strength ladder on paired deals and
their time per decision. Each deal is played twice, the two levels swapping sides; the
figure is the upper level's side total minus the lower one's, per match, with its 95%
interval over deals.

Run: python tests/bench_buraco_bots.py [--deals 40] [--seed 1] [--preset brasileiro]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from carioca_desktop.bots.buraco_driver import play_buraco_match
from carioca_desktop.rules.buraco.ruleset import preset_rules

PAIRS = [("hard", "normal"), ("normal", "easy"), ("easy", "random")]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="brasileiro")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    rules = preset_rules(args.preset, players=args.players)
    times: list[float] = []
    match_secs: list[float] = []
    print(
        f"| pair ({args.preset}, {args.players} players) | deals | upper - lower, "
        "points a match (95%) | upper wins |"
    )
    print("| --- | --- | --- | --- |")
    for upper, lower in PAIRS:
        diffs: list[float] = []
        wins = 0.0
        for deal in range(args.deals):
            seed = args.seed + deal
            per_deal = 0.0
            for upper_side in (0, 1):
                seats = [upper if s % 2 == upper_side else lower for s in range(args.players)]
                result = play_buraco_match(rules, seats, seed, record_times=True)
                times += result.decisions
                match_secs.append(result.seconds)
                mine, theirs = result.totals[upper_side], result.totals[1 - upper_side]
                per_deal += (mine - theirs) / 2
                wins += 0.5 if result.winner is None else float(result.winner == upper_side)
            diffs.append(per_deal)
        mean = statistics.fmean(diffs)
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0
        print(
            f"| {upper} vs {lower} | {args.deals} | {mean:+.0f} ({mean - half:+.0f} to "
            f"{mean + half:+.0f}) | {wins / (2 * args.deals):.0%} |"
        )
    times.sort()
    p99 = times[int(0.99 * (len(times) - 1))] * 1000
    print(
        f"\ndecisions {len(times)}: median {statistics.median(times) * 1000:.2f} ms, "
        f"p99 {p99:.1f} ms, max {times[-1] * 1000:.1f} ms; matches {len(match_secs)}: "
        f"mean {statistics.fmean(match_secs):.2f} s, max {max(match_secs):.2f} s"
    )


if __name__ == "__main__":
    main()
