"""Benchmark (a script, not a test): solver speed, the bots' strength ladder and their time
per decision. Prints Markdown tables for the README.

Run: python tools/bench/bench_bots.py [--games 300] [--jobs 2] [--seed 1] [--skip-ladder]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root


from carioca_desktop import solver
from carioca_desktop.bots.carioca import base
from carioca_desktop.bots.carioca.driver import MatchResult, play_match
from carioca_desktop.rules.cards import full_deck, parse_card
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.melds import is_wild
from carioca_desktop.simulate.carioca import Tally, seating

LADDER = [
    ("hard vs 3 normal", ["hard", "normal", "normal", "normal"]),
    ("normal vs 3 easy", ["normal", "easy", "easy", "easy"]),
    ("easy vs 3 random", ["easy", "random", "random", "random"]),
    ("all levels", ["hard", "normal", "easy", "random"]),
]


def cold() -> None:
    """Empty the solver's and the bots' caches, so that a match does not profit from the
    positions an earlier match of the same seed already solved."""
    solver.clear_caches()
    base._layout.cache_clear()
    base._fits.cache_clear()


def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# --------------------------------------------------------------------------- the solver
def bench_solver(hands: int, seed: int) -> list[str]:
    """Median and p99 of find_laydown and distance on 13-card hands of rounds 7 and 8."""
    rows = ["| rules | round | call | p50 ms | p99 ms | max ms |", "|---|---|---|---|---|---|"]
    rng = random.Random(seed)
    for preset in ("clasico", "dos_libres", "cuatro_o_cuatro"):
        rules = CariocaRules.from_dict({"preset": preset})
        deck = [c.code for c in full_deck(rules.deck_count, rules.jokers_per_deck)]
        wilds = [c for c in deck if is_wild(parse_card(c), rules)]
        plain = [c for c in deck if c not in wilds]
        for ri in (6, 7):
            times: dict[str, list[float]] = defaultdict(list)
            for i in range(hands):
                w = i % 5  # 0 to 4 wilds
                hand = rng.sample(wilds, w) + rng.sample(plain, 13 - w)
                for name, call in (
                    ("find_laydown", solver.find_laydown),
                    ("distance", solver.distance),
                ):
                    solver.clear_caches()  # measure the search, not the cache
                    start = time.perf_counter()
                    call(hand, rules, ri)
                    times[name].append(time.perf_counter() - start)
            contract = rules.rounds[ri].replace("|", "\\|")  # a bar would split the cell
            for name, ts in times.items():
                rows.append(
                    f"| {preset} | {ri + 1} ({contract}) | {name} | "
                    f"{1e3 * pct(ts, 0.5):.2f} | {1e3 * pct(ts, 0.99):.2f} | {1e3 * max(ts):.2f} |"
                )
    return rows


# --------------------------------------------------------------------------- the ladder
def one_match(args: tuple[list[str], int, int]) -> tuple[list[str], MatchResult]:
    levels, game, seed = args
    seats = seating(levels, len(levels), game)
    return seats, play_match(CariocaRules(), seats, seed + game)


def bench_ladder(games: int, jobs: int, seed: int) -> list[str]:
    rows = [
        "| table | level | seats | mean total | win rate | 95% interval |",
        "|---|---|---|---|---|---|",
    ]
    with ProcessPoolExecutor(jobs) as pool:
        for name, levels in LADDER:
            tallies = {level: Tally() for level in levels}
            work = [(levels, g, seed) for g in range(games)]
            for seats, result in pool.map(one_match, work, chunksize=4):
                if not result.finished:
                    continue
                for s, level in enumerate(seats):
                    tallies[level].add(result, s)
            for level, tally in tallies.items():
                f = tally.figures()
                rows.append(
                    f"| {name} | {level} | {f['seats']} | {f['mean_total']:.1f} | "
                    f"{100 * f['win_rate']:.1f}% | "
                    f"{100 * f['win_low']:.1f}%-{100 * f['win_high']:.1f}% |"
                )
    return rows


# --------------------------------------------------------------------------- time per decision
def bench_decisions(matches: int, seed: int) -> list[str]:
    """Every decision of every level at mixed tables, one process; the random bot's cost is
    the engine's own (observation and legal actions), so each level is shown against it."""
    times: dict[str, list[float]] = defaultdict(list)
    late: dict[str, list[float]] = defaultdict(list)

    def clock(level: str, round_index: int, seconds: float) -> None:
        times[level].append(seconds)
        if round_index >= 6:
            late[level].append(seconds)

    for game in range(matches):
        weakest = "random" if game % 2 else "beginner"
        seats = seating(["hard", "normal", "easy", weakest], 4, game // 2)
        cold()
        play_match(CariocaRules(), seats, seed + game, clock=clock)
    base50, base99 = pct(times["random"], 0.5), pct(times["random"], 0.99)
    rows = [
        "| level | decisions | p50 ms | p99 ms | p50 / random | p99 / random "
        "| rounds 7-8 p50 ms | rounds 7-8 p99 ms |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for level in base.LEVELS:
        ts, tl = times[level], late[level]
        rows.append(
            f"| {level} | {len(ts)} | {1e3 * pct(ts, 0.5):.2f} | {1e3 * pct(ts, 0.99):.2f} | "
            f"{pct(ts, 0.5) / base50:.1f} | {pct(ts, 0.99) / base99:.1f} | "
            f"{1e3 * pct(tl, 0.5):.2f} | {1e3 * pct(tl, 0.99):.2f} |"
        )
    return rows


def bench_matches(matches: int, seed: int) -> list[str]:
    """Whole matches, each started with cold caches: every level but random alone at the
    table (a table of random bots rarely finishes a round), and one hard seat among normal."""
    rows = [
        "| table | matches | mean s | max s | CPU mean s | CPU max s | actions |",
        "|---|---|---|---|---|---|---|",
    ]
    tables = [(f"4 {lv}", [lv] * 4) for lv in ("beginner", "easy", "normal", "hard")]
    tables.append(("hard + 3 normal", ["hard", "normal", "normal", "normal"]))
    for level, seats in tables:
        secs, cpus, actions = [], [], []
        for game in range(matches):
            cold()
            # The CPU time too: on a shared machine the wall clock counts the other programs.
            cpu = time.process_time()
            result = play_match(CariocaRules(), seats, seed + game)
            cpus.append(time.process_time() - cpu)
            secs.append(result.seconds)
            actions.append(result.actions)
        rows.append(
            f"| {level} | {matches} | {statistics.mean(secs):.2f} | {max(secs):.2f} | "
            f"{statistics.mean(cpus):.2f} | {max(cpus):.2f} | {statistics.mean(actions):.0f} |"
        )
    return rows


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=300, help="matches per ladder line")
    p.add_argument("--jobs", type=int, default=2, help="processes for the ladder")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--hands", type=int, default=500, help="hands per solver line")
    p.add_argument("--matches", type=int, default=40, help="matches for the timing tables")
    p.add_argument("--skip-ladder", action="store_true")
    p.add_argument("--skip-solver", action="store_true")
    args = p.parse_args()
    start = time.perf_counter()
    if not args.skip_solver:
        print("## Solver (13-card hands, 0-4 wilds, no cache)\n")
        print("\n".join(bench_solver(args.hands, args.seed)))
    print("\n## Time per decision (clasico, mixed tables, one process)\n")
    print("\n".join(bench_decisions(args.matches, args.seed)))
    print("\n## Whole matches\n")
    print("\n".join(bench_matches(max(5, args.matches // 4), args.seed)))
    if not args.skip_ladder:
        print(f"\n## Strength ladder (clasico, 4 seats, {args.games} matches a line)\n")
        print("\n".join(bench_ladder(args.games, args.jobs, args.seed)))
    print(f"\n(benchmark took {time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
