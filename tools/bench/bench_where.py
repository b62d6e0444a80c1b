"""Benchmark (a script, not a test): where a seat loses its points. Plays matches of four
bots of one level and, for every seat and round, records how the round ended for it: went
out, caught before laying down, or caught after it (with the cards and points held), the
own turns from its lay-down to the end, its pozo takes, and, at the lay-down, how many of
the cards it kept fit the table (free next turn) and whether another lay-down the solver
could have made would have left fewer cards that fit nowhere or fewer points.

Run: python tools/bench/bench_where.py [--matches 40] [--seed 1] [--level normal]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root


from carioca_desktop.bots.carioca.base import make_bot
from carioca_desktop.bots.carioca.driver import bot_step
from carioca_desktop.bots.carioca.layplan import Plan, alternatives, plan_of
from carioca_desktop.rules.carioca.actions import POZO, Buy, Draw, LayDown, NextRound
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules


@dataclass
class SeatRound:
    """One seat's round."""

    round: int
    points: int = 0
    margin: float = 0.0  # its points minus the mean of the other seats'
    went_out: bool = False
    laid: bool = False
    own_turns: int = 0
    turns_at_lay: int = 0
    pozo: int = 0
    buys: int = 0
    held: int = 0  # cards held at the end
    lay: Plan | None = None  # the plan it laid down
    best_loose: Plan | None = None  # the alternative with the fewest cards fitting nowhere
    options: int = 0


def play(rules: CariocaRules, level: str, seed: int) -> list[SeatRound]:
    game = Game.new(rules, seed)
    bots = [make_bot(level, s, seed) for s in range(rules.players)]
    rows: list[SeatRound] = []
    current = [SeatRound(0) for _ in range(rules.players)]
    while not game.is_over:
        action = bot_step(game, bots)
        assert action is not None
        seat = getattr(action, "seat", 0)
        if isinstance(action, Draw):
            current[seat].own_turns += 1
            current[seat].pozo += action.source == POZO
        elif isinstance(action, Buy):
            current[seat].buys += 1
        elif isinstance(action, LayDown):
            obs = game.observation(seat)
            row = current[seat]
            row.turns_at_lay = row.own_turns
            row.lay = plan_of(obs, action.melds)
            options = alternatives(obs)
            row.options = len(options)
            if options:
                row.best_loose = min(options, key=lambda p: (p.loose, p.loose_points))
        if isinstance(action, NextRound):
            game.apply(action)
            continue
        game.apply(action)
        if game.round_over:
            index = game.round_index
            obs = game.observation(-1)
            for s in range(rules.players):
                row = current[s]
                row.round = index
                row.points = obs.round_points[-1][s]
                others = [p for t, p in enumerate(obs.round_points[-1]) if t != s]
                row.margin = row.points - sum(others) / len(others)
                row.went_out = obs.went_out[-1] == s
                row.laid = obs.laid_down[s]
                row.held = obs.hand_sizes[s]
                rows.append(row)
            current = [SeatRound(index + 1) for _ in range(rules.players)]
    return rows


def mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else float("nan")


def report(rows: list[SeatRound], matches: int) -> str:
    by_round: dict[int, list[SeatRound]] = defaultdict(list)
    for r in rows:
        by_round[r.round].append(r)
    lines = [
        f"{matches} matches; points a seat a match, by round and how its round ended "
        "(share of seat-rounds, mean points when it happens)",
        "round | total | out | caught before lay-down | caught after | turns lay->end | "
        "kept at lay: cards, fit, pts | alt leaves fewer loose | pozo takes",
    ]
    for index in sorted(by_round):
        rs = by_round[index]
        n = len(rs)
        before = [r for r in rs if not r.laid]
        after = [r for r in rs if r.laid and not r.went_out]
        laid = [r for r in rs if r.lay is not None]
        better = [
            r
            for r in laid
            if r.best_loose is not None and r.lay is not None and r.best_loose.loose < r.lay.loose
        ]
        lines.append(
            f"{index + 1} | {sum(r.points for r in rs) / n:5.1f} | "
            f"{sum(r.went_out for r in rs) / n:.2f} | "
            f"{len(before) / n:.2f} x {mean([r.points for r in before]):5.1f} = "
            f"{sum(r.points for r in before) / n:5.1f} | "
            f"{len(after) / n:.2f} x {mean([r.points for r in after]):4.1f} "
            f"({mean([r.held for r in after]):.1f} cards) = "
            f"{sum(r.points for r in after) / n:4.1f} | "
            f"{mean([r.own_turns - r.turns_at_lay for r in laid]):.1f} | "
            f"{mean([len(r.lay.kept) for r in laid if r.lay]):.1f}, "
            f"{mean([r.lay.fitting for r in laid if r.lay]):.1f}, "
            f"{mean([r.lay.kept_points for r in laid if r.lay]):.1f} | "
            f"{len(better)}/{len(laid)} | {mean([r.pozo for r in rs]):.1f}"
        )
    lines.append("round | margin a seat-round when it went out | caught before | caught after")
    for index in sorted(by_round):
        rs = by_round[index]
        out = [r.margin for r in rs if r.went_out]
        before = [r.margin for r in rs if not r.laid]
        after = [r.margin for r in rs if r.laid and not r.went_out]
        lines.append(
            f"{index + 1} | {mean(out):+6.1f} | {mean(before):+6.1f} | {mean(after):+6.1f}"
        )
    total = sum(r.points for r in rows) / (len(rows) / len(by_round))
    before_all = sum(r.points for r in rows if not r.laid) / (len(rows) / len(by_round))
    after_all = sum(r.points for r in rows if r.laid) / (len(rows) / len(by_round))
    lines.append(
        f"a seat a match: {total:.1f} points; caught before lay-down {before_all:.1f}, "
        f"after {after_all:.1f}"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="normal")
    args = parser.parse_args(argv)
    rules = CariocaRules.from_dict({"preset": "clasico"})
    rows: list[SeatRound] = []
    for k in range(args.matches):
        rows += play(rules, args.level, args.seed + k)
    print(report(rows, args.matches))
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main())
