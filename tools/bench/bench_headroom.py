"""Benchmark (a script, not a test): how much room there is above the ``normal`` bot.

Two measurements behind the strength goal of the bots (``hard`` wins 40% of four-seat games
against three ``normal``):

1. *The margin the goal asks for.* From all-``normal`` matches, the win rate a seat would have
   if its match total were ``s`` points lower, for several ``s``: how many points a match a
   stronger bot must save to win 40% of the time.
2. *One-step rollouts.* A bot that, before laying down, chooses its draw and its discard by
   playing the rest of the round out from each candidate (``--samples`` deals of the cards it
   cannot see, every seat then played by ``normal``; the same deals for every candidate) and
   keeping the candidate with the best mean result; otherwise it plays as ``normal``. It is
   compared with ``normal`` on the same deals of one round (paired: same match history up to
   that round, same seat). It costs far more than the 50 ms a decision that the bots are
   allowed; it is here to show whether policy improvement by search finds points at all.

Run: python tools/bench/bench_headroom.py [--matches 300] [--jobs 2] [--seed 1]
     [--rollout-deals 40] [--samples 6] [--round 7]  (--rollout-deals 0 skips part 2)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root


from carioca_desktop.bots.carioca.driver import play_match
from carioca_desktop.bots.carioca.normal import NormalBot
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from tests.fixtures.headroom import ROUND_CAP, RolloutBot, step, win_share


# --------------------------------------------------------------------------- the margin
def totals_of(seed: int) -> list[int]:
    return list(play_match(CariocaRules(), ["normal"] * 4, seed).totals)


def bench_margin(matches: int, jobs: int, seed: int) -> list[str]:
    with ProcessPoolExecutor(jobs) as pool:
        totals = list(pool.map(totals_of, range(seed, seed + matches)))
    rows = [
        f"{matches} clasico matches of four `normal` bots; mean total "
        f"{statistics.mean(t for row in totals for t in row):.1f}.",
        "",
        "| points saved a match | win rate |",
        "|---|---|",
    ]
    for saved in (0, 10, 20, 30, 40, 50, 60, 70, 80, 100):
        rows.append(f"| {saved} | {100 * win_share(totals, saved):.1f}% |")
    return rows


# --------------------------------------------------------------------------- rollouts


def one_round(args: tuple[int, int, int]) -> tuple[int, bool, float]:
    """Seat ``seed % 4``'s points and whether it went out in round ``round_index`` of the
    match ``seed`` (four ``normal`` bots up to that round), with ``samples`` > 0 searching."""
    seed, round_index, samples = args
    seat = seed % 4
    game = Game.new(CariocaRules(), seed)
    bots: list[NormalBot] = [NormalBot(s, seed) for s in range(4)]
    while game.round_index < round_index:
        step(game, bots)
    if samples:
        bots[seat] = RolloutBot(seat, seed, game, samples)
    start = time.perf_counter()
    for _ in range(ROUND_CAP):
        if game.state.round_over:
            break
        step(game, bots)
    return game.state.points[-1][seat], game.state.went_out[-1] == seat, time.perf_counter() - start


def bench_rollouts(deals: int, samples: int, round_number: int, jobs: int, seed: int) -> list[str]:
    round_index = round_number - 1
    seeds = range(seed, seed + deals)
    with ProcessPoolExecutor(jobs) as pool:
        plain = list(pool.map(one_round, [(s, round_index, 0) for s in seeds]))
        search = list(pool.map(one_round, [(s, round_index, samples) for s in seeds]))
    diff = [b[0] - a[0] for a, b in zip(plain, search, strict=True)]
    half = 1.96 * statistics.stdev(diff) / len(diff) ** 0.5
    rows = [
        f"Round {round_number} ({CariocaRules().rounds[round_index]}), {deals} paired deals, "
        f"{samples} samples a candidate:",
        "",
        "| seat played by | mean points | went out | seconds a round |",
        "|---|---|---|---|",
    ]
    for name, runs in (("normal", plain), ("rollouts", search)):
        rows.append(
            f"| {name} | {statistics.mean(r[0] for r in runs):.1f} | "
            f"{100 * statistics.mean(r[1] for r in runs):.0f}% | "
            f"{statistics.mean(r[2] for r in runs):.2f} |"
        )
    rows += [
        "",
        f"Rollouts minus normal, same deals: {statistics.mean(diff):+.1f} ± {half:.1f} points.",
    ]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollout-deals", type=int, default=40)
    parser.add_argument("--samples", type=int, default=6)
    parser.add_argument("--round", type=int, default=7)
    args = parser.parse_args()
    if args.matches:
        print("\n".join(bench_margin(args.matches, args.jobs, args.seed)), end="\n\n", flush=True)
    if args.rollout_deals:
        rows = bench_rollouts(args.rollout_deals, args.samples, args.round, args.jobs, args.seed)
        print("\n".join(rows))


if __name__ == "__main__":
    main()
