"""Benchmark (a script, not a test): the Buraco bots' strength ladder on the same deals, their
time per decision and per match. Prints Markdown tables for the README.

Paired design: for each match seed the deals are the same (the engine deals every round from
the match seed's generator, which play does not draw from). Three matches are played per
seed: the lower level on both sides (the baseline), and the upper level on side 0, then on
side 1. The gain of a level over the one below is, per seed, the mean over the two
orientations of (the changed side's points in the match − that side's points in the
baseline); its mean over seeds is reported with a 95% interval (t on the per-seed gains).

Run: python tools/bench/bench_buraco.py [--games 60] [--seed 1] [--jobs 2] [--players 4]
     [--preset P]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root


from carioca_desktop.bots.buraco.driver import BuracoMatch, play_buraco_match
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.simulate.tournament import wilson
from tests.fixtures.buraco_paired import Paired, interval, round_margins, seats

LADDER = [
    ("beginner", "random"),
    ("easy", "beginner"),
    ("normal", "easy"),
    ("hard", "normal"),
]


def one_seed(args: tuple[str, str, int, dict[str, object]]) -> tuple[Paired, list[BuracoMatch]]:
    upper, lower, seed, data = args
    rules = BuracoRules.from_dict(dict(data))
    played = [
        play_buraco_match(rules, seats(upper, lower, side, rules.players), seed)
        for side in (None, 0, 1)
    ]
    base, up0, up1 = (m.totals for m in played)
    wins = float(played[1].winner == 0) + float(played[2].winner == 1)
    return Paired((base[0], base[1]), (up0[0], up0[1]), (up1[0], up1[1]), wins), played


def ladder(
    games: int,
    seed: int,
    jobs: int,
    data: dict[str, object],
    steps: Sequence[tuple[str, str]] = tuple(LADDER),
) -> list[str]:
    rows = [
        "| upper vs lower | seeds | upper pts/match | baseline pts/match | gain (95% interval) "
        "| upper wins (95% interval) | upper − lower a round (95% interval) |",
        "|---|---|---|---|---|---|---|",
    ]
    times: dict[str, list[float]] = defaultdict(list)
    problems = 0
    for upper, lower in steps:
        tasks = [(upper, lower, seed + g, data) for g in range(games)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(one_seed, tasks, chunksize=2))
        pairs = [p for p, _ in results]
        margins: list[float] = []
        for _, matches in results:
            margins += round_margins(matches)
            for m in matches:
                times["match"].append(m.seconds)
                problems += len(m.stats.refused) + m.stats.capped + (not m.finished)
                for level, action, code in m.stats.refused:
                    print(f"refused: {level} seed {m.seed} {action} ({code})", flush=True)
        gain, low, high = interval([p.gain for p in pairs])
        up = statistics.fmean(p.upper_points for p in pairs)
        base = statistics.fmean(p.baseline_points for p in pairs)
        wins = sum(p.wins for p in pairs)
        wl, wh = wilson(wins, 2 * len(pairs))
        rows.append(
            f"| {upper} vs {lower} | {len(pairs)} | {up:.0f} | {base:.0f} | "
            f"{gain:+.0f} ({low:+.0f} to {high:+.0f}) | "
            f"{100 * wins / (2 * len(pairs)):.0f}% ({100 * wl:.0f}%-{100 * wh:.0f}%) | "
            "{:+.0f} ({:+.0f} to {:+.0f}) |".format(*interval(margins))
        )
        print(rows[-1], flush=True)
    ms = sorted(times["match"])
    rows.append("")
    rows.append(
        f"match time: mean {statistics.fmean(ms):.2f} s, max {ms[-1]:.2f} s over {len(ms)} "
        f"matches; refusals + capped turns + unfinished: {problems}"
    )
    return rows


def decisions(games: int, seed: int, data: dict[str, object]) -> list[str]:
    """Per-level time per decision (p50, p99, max) over whole 4-level matches."""
    rules = BuracoRules.from_dict(dict(data))
    times: dict[str, list[float]] = defaultdict(list)

    def clock(level: str, seconds: float) -> None:
        times[level].append(seconds)

    order = ["hard", "normal", "easy", "beginner", "random"]
    for g in range(games):
        levels = [order[(g + s) % len(order)] for s in range(rules.players)]
        play_buraco_match(rules, levels, seed + g, clock=clock)
    rows = ["| level | decisions | p50 ms | p99 ms | max ms |", "|---|---|---|---|---|"]
    for level in order:
        ts = sorted(times[level])
        if not ts:
            continue
        p = ts[min(len(ts) - 1, int(0.99 * len(ts)))]
        rows.append(
            f"| {level} | {len(ts)} | {1e3 * ts[len(ts) // 2]:.2f} | {1e3 * p:.2f} | "
            f"{1e3 * ts[-1]:.2f} |"
        )
    return rows


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=60, help="match seeds per ladder step")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--preset", default="brasileiro")
    p.add_argument("--skip-ladder", action="store_true")
    p.add_argument("--timing-games", type=int, default=10)
    p.add_argument(
        "--pair", default=None, help="one ladder step only, as UPPER:LOWER (e.g. hard:normal)"
    )
    args = p.parse_args()
    data: dict[str, object] = {"game": "buraco", "preset": args.preset, "players": args.players}
    print(f"Buraco {args.preset}, {args.players} players, seeds {args.seed}..")
    print("\n".join(decisions(args.timing_games, args.seed, data)), flush=True)
    if not args.skip_ladder:
        steps = LADDER if args.pair is None else [tuple(args.pair.split(":", 1))]
        print("\n".join(ladder(args.games, args.seed, args.jobs, data, steps)))


if __name__ == "__main__":
    main()
