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

Run: python tests/bench_headroom.py [--matches 300] [--jobs 2] [--seed 1]
     [--rollout-deals 40] [--samples 6] [--round 7]  (--rollout-deals 0 skips part 2)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from carioca_desktop.bots.carioca.base import Choice, Pass, points, without
from carioca_desktop.bots.carioca.driver import bot_step, play_match
from carioca_desktop.bots.carioca.judge import discard_steps, live_outs
from carioca_desktop.bots.carioca.normal import NormalBot
from carioca_desktop.rules.carioca.actions import Discard, Draw
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.observation import Observation
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.carioca.scoring import hand_points

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run as a script: find tests/
from tests.simplay import hidden_permuted

ROUND_CAP = 400  # actions; a round of sound bots ends long before


# --------------------------------------------------------------------------- the margin
def totals_of(seed: int) -> list[int]:
    return list(play_match(CariocaRules(), ["normal"] * 4, seed).totals)


def win_share(totals: Sequence[Sequence[int]], saved: float) -> float:
    """The share of matches a seat wins if its total is ``saved`` points lower (ties
    shared), over every seat of every match."""
    won = 0.0
    for row in totals:
        for seat, total in enumerate(row):
            best_other = min(t for k, t in enumerate(row) if k != seat)
            mine = total - saved
            won += 1.0 if mine < best_other else 0.5 if mine == best_other else 0.0
    return won / (len(totals) * len(totals[0]))


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
class RolloutBot(NormalBot):
    """``normal``, except that before laying down it picks its draw and its discard (among
    the three ``normal`` likes best) by playing the round out from each candidate.

    It holds the Game only to copy the public state: the cards this seat cannot see (the
    other hands and the stock) are dealt afresh for every sample, so it knows no more than
    its observation and the discards it watched."""

    level = "normal"  # plays as normal wherever it does not search
    candidates = 3
    outs_weight = 40.0  # ranks its candidates by the odds too, as normal did when the README's
    # figures were measured (normal no longer weighs them; hard does)

    def __init__(self, seat: int, seed: int, game: Game, samples: int) -> None:
        super().__init__(seat, seed)
        self.game = game
        self.samples = samples

    def choose(self, obs: Observation, legal: Sequence[Choice]) -> Choice:
        if obs.laid_down[obs.seat] or any(isinstance(c, Pass) for c in legal):
            return super().choose(obs, legal)
        options: Sequence[Draw | Discard]
        if not obs.has_drawn:
            options = [c for c in legal if isinstance(c, Draw)]
        else:
            lay = self.lay_down(obs, self.view(obs))
            if lay is not None:
                return lay
            options = self.best_discards(obs, [c for c in legal if isinstance(c, Discard)])
        if len(options) <= 1:
            return super().choose(obs, legal)
        return self.search(obs.seat, options)

    def best_discards(self, obs: Observation, discards: list[Discard]) -> list[Discard]:
        """The discards ``normal`` rates highest (its step, outs and penalty terms)."""
        if not discards:
            return []
        view = self.view(obs)
        codes = sorted({d.card for d in discards})
        steps = discard_steps(obs, codes)
        least = min(steps.values())
        near = [c for c in codes if steps[c] <= least + 1]

        def rating(c: str) -> float:
            chance = live_outs(obs, without(obs.hand, c), view, steps[c])
            score = -self.step_cost * (steps[c] - least) + self.outs_weight * chance
            return score + self.points_weight * points(c, obs.rules)

        near.sort(key=rating, reverse=True)
        return [Discard(obs.seat, c) for c in near[: self.candidates]]

    def search(self, seat: int, options: Sequence[Draw | Discard]) -> Draw | Discard:
        rng = random.Random(self.rng.random())
        results = [0.0] * len(options)
        for _ in range(self.samples):
            sample = hidden_permuted(self.game, seat, rng)
            bots_seed = rng.randrange(1 << 30)
            for i, option in enumerate(options):
                results[i] += playout(sample.clone(), option, seat, bots_seed)
        return options[min(range(len(options)), key=results.__getitem__)]


def step(game: Game, bots: Sequence[NormalBot]) -> None:
    action = bot_step(game, bots, None)
    assert action is not None, "every seat is a bot"
    game.apply(action)


def playout(game: Game, first: Draw | Discard, seat: int, seed: int) -> float:
    """``seat``'s points minus the others' mean when ``normal`` bots finish the round."""
    bots = [NormalBot(s, seed) for s in range(game.players)]
    game.apply(first)
    for _ in range(ROUND_CAP):
        if game.state.round_over:
            break
        step(game, bots)
    if game.state.round_over:
        scores = list(game.state.points[-1])
    else:
        cards = game.state.cards
        scores = [hand_points([cards[c] for c in h], game.rules) for h in game.state.hands]
    others = [p for s, p in enumerate(scores) if s != seat]
    return scores[seat] - statistics.mean(others)


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
