"""``carioca simulate --game buraco``: a headless Buraco bot tournament, reported by side.

Deals are paired: game ``2k`` and ``2k + 1`` use the same seed with the levels moved one seat
round the table, so each side plays the same cards with the other levels; every level thus
meets every deal from both sides.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from carioca_desktop.bots.buraco.driver import BuracoMatch, play_buraco_match
from carioca_desktop.bots.buraco.players import BURACO_LEVELS as LEVELS
from carioca_desktop.rules.buraco.ruleset import PRESETS, BuracoRules
from carioca_desktop.simulate import tournament


def parser() -> argparse.ArgumentParser:
    prog = "carioca simulate --game buraco"
    return tournament.parser_for(
        prog, __doc__, LEVELS, PRESETS, type=int, choices=(2, 4), default=4
    )


@dataclass
class Tally:
    """Figures of one side of the table, or of one bot level (a seat's side total)."""

    wins: float = 0.0
    totals: list[int] = field(default_factory=list)
    rounds: int = 0
    out: int = 0

    def add(self, result: BuracoMatch, side: int) -> None:
        self.totals.append(result.totals[side])
        self.wins += result.winner == side
        self.rounds += len(result.rounds)
        self.out += sum(1 for seat in result.went_out if seat is not None and seat % 2 == side)

    def figures(self) -> dict[str, Any]:
        n = len(self.totals)
        mean = sum(self.totals) / n if n else 0.0
        sd = math.sqrt(sum((t - mean) ** 2 for t in self.totals) / (n - 1)) if n > 1 else 0.0
        half = 1.96 * sd / math.sqrt(n) if n > 1 else 0.0
        low, high = tournament.wilson(self.wins, n)
        return {
            "matches": n,
            "mean_total": round(mean, 1),
            "total_low": round(mean - half, 1),
            "total_high": round(mean + half, 1),
            "wins": self.wins,
            "win_rate": round(self.wins / n, 4) if n else 0.0,
            "win_low": round(low, 4),
            "win_high": round(high, 4),
            "out_per_round": round(self.out / self.rounds, 4) if self.rounds else 0.0,
        }


def seating(levels: Sequence[str], players: int, game: int) -> list[str]:
    """The levels by seat in game ``game``: cycled over the seats, moved one seat round the
    table in every odd game (so the pair of games plays one deal from both sides)."""
    cycled = [levels[s % len(levels)] for s in range(players)]
    return cycled[-1:] + cycled[:-1] if game % 2 else cycled


def run(
    rules: BuracoRules,
    levels: Sequence[str],
    games: int,
    seed: int,
    play: Callable[[Any, Sequence[str], int, int], Any] | None = None,
) -> dict[str, Any]:
    sides = [Tally(), Tally()]
    by_level = {lv: Tally() for lv in dict.fromkeys(levels)}
    unfinished = actions = refused = 0
    start = time.perf_counter()
    seconds: list[float] = []
    for game in range(games):
        seats = seating(levels, rules.players, game)
        if play is None:
            result = play_buraco_match(rules, seats, seed + game // 2)
        else:  # --record: the same match, its file written too
            result = play(rules, seats, seed + game // 2, game)
        seconds.append(result.seconds)
        actions += result.actions
        refused += len(result.stats.refused) + result.stats.capped
        if not result.finished:
            unfinished += 1
            continue
        for side in (0, 1):
            sides[side].add(result, side)
        for level, side in {(lv, seat % 2) for seat, lv in enumerate(seats)}:
            by_level[level].add(result, side)
    return {
        "sides": sides,
        "levels": by_level,
        "unfinished": unfinished,
        "seconds": time.perf_counter() - start,
        "match_seconds": seconds,
        "actions": actions,
        "refused": refused,
    }


def report(fig: dict[str, Any], games: int) -> str:
    head = (
        f"{'':10} {'matches':>7} {'points/match':>12} {'95% interval':>17} {'wins':>6} "
        f"{'win %':>6} {'95% interval':>14} {'out/rnd':>7}"
    )
    lines = [head]
    rows = [(f"side {i}", t) for i, t in enumerate(fig["sides"])]
    rows += list(fig["levels"].items())
    for name, tally in rows:
        f = tally.figures()
        lines.append(
            f"{name:10} {f['matches']:7d} {f['mean_total']:12.1f} "
            f"{f['total_low']:8.1f}-{f['total_high']:8.1f} {f['wins']:6.1f} "
            f"{100 * f['win_rate']:5.1f}% {100 * f['win_low']:5.1f}%-{100 * f['win_high']:5.1f}% "
            f"{f['out_per_round']:7.2f}"
        )
    secs = fig["seconds"]
    slowest = max(fig["match_seconds"], default=0.0)
    lines.append(
        f"{games} matches ({fig['unfinished']} unfinished, {fig['refused']} bot actions "
        f"refused or cut) in {secs:.1f} s "
        f"(slowest match {slowest:.1f} s)"
    )
    return "\n".join(lines)


def main(argv: Sequence[str]) -> int:
    p = parser()
    args = p.parse_args(list(argv))
    tournament.check_common(args, p)
    rules = tournament.rules_from_args(args, p, BuracoRules.from_dict, {"game": "buraco"})
    fig = run(
        rules, args.bots, args.games, args.seed, tournament.recorded_play("buraco", args.record)
    )
    print(report(fig, args.games))
    if args.json is not None:
        out = {
            "game": "buraco",
            "games": args.games,
            "unfinished": fig["unfinished"],
            "players": args.players,
            "bots": args.bots,
            "seed": args.seed,
            "rules": rules.to_dict(),
            "seconds": round(fig["seconds"], 3),
            "refused": fig["refused"],
            "levels": {lv: t.figures() for lv, t in fig["levels"].items()},
            "sides": [t.figures() for t in fig["sides"]],
        }
        return tournament.write_figures(args.json, out)
    return 0
