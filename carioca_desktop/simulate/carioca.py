"""``carioca simulate``: a headless bot tournament with a table per bot level and per seat."""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from carioca_desktop.bots.carioca.driver import MatchResult, play_match
from carioca_desktop.games import LEVELS
from carioca_desktop.rules.carioca.ruleset import PRESETS, CariocaRules
from carioca_desktop.simulate import tournament
from carioca_desktop.simulate.tournament import RulesFileError as RulesFileError  # net/cli.py's
from carioca_desktop.simulate.tournament import read_rules_file as read_rules_file  # net/cli.py's


def parser() -> argparse.ArgumentParser:
    description = "Headless bot tournament; seats rotate between games."
    players = {"type": tournament.count, "default": 4, "help": "seats at the table (2-8)"}
    return tournament.parser_for("carioca simulate", description, LEVELS, PRESETS, **players)


# --------------------------------------------------------------------------- figures
@dataclass
class Tally:
    """Running figures for one bot level (or one seat)."""

    wins: float = 0.0
    totals: list[int] = field(default_factory=list)
    round_points: list[int] = field(default_factory=list)
    round_turns: list[int] = field(default_factory=list)
    laid: int = 0
    out: int = 0

    @property
    def seats(self) -> int:
        return len(self.totals)

    def add(self, result: MatchResult, seat: int) -> None:
        if seat in result.winners:
            self.wins += 1 / len(result.winners)
        self.totals.append(result.totals[seat])
        for rnd in result.rounds:
            self.round_points.append(rnd.points[seat])
            self.round_turns.append(rnd.turns)
            self.laid += rnd.laid_down[seat]
            self.out += rnd.went_out == seat

    def figures(self) -> dict[str, Any]:
        rate = self.wins / self.seats if self.seats else 0.0
        low, high = tournament.wilson(self.wins, self.seats)
        rounds = max(1, len(self.round_points))
        return {
            "seats": self.seats,
            "mean_total": _mean(self.totals),
            "wins": round(self.wins, 2),
            "win_rate": round(rate, 4),
            "win_low": round(low, 4),
            "win_high": round(high, 4),
            "points_per_round": _mean(self.round_points),
            "turns_per_round": _mean(self.round_turns),
            "laydown_rate": round(self.laid / rounds, 4),
            "out_rate": round(self.out / rounds, 4),
        }


def _mean(values: Sequence[int]) -> float:
    return round(sum(values) / len(values), 2) if values else 0.0


def seating(levels: Sequence[str], players: int, game: int) -> list[str]:
    """Who sits where in game ``game``. Within each block of ``players`` games the levels
    are rotated one seat per game, so every level sits in every seat; from block to block
    the order around the table changes, so no level keeps the same neighbours (the player
    before you feeds your pozo, so a fixed order would favour whoever sits after the
    weakest)."""
    cycled = [levels[s % len(levels)] for s in range(players)]
    orders = _table_orders(tuple(cycled))
    order = list(orders[(game // players) % len(orders)])
    shift = game % players
    return order[-shift:] + order[:-shift] if shift else order


@lru_cache(maxsize=8)
def _table_orders(cycled: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The distinct orders around the table, the first seat's level fixed (the rotation
    moves it anyway); the given order comes first."""
    first, rest = cycled[0], cycled[1:]
    others = sorted({(first, *p) for p in itertools.permutations(rest)} - {cycled})
    return [cycled, *others]


def run(
    rules: CariocaRules,
    levels: Sequence[str],
    games: int,
    seed: int,
    play: Callable[[Any, Sequence[str], int, int], Any] | None = None,
) -> tuple[dict[str, Tally], list[Tally], int, float]:
    """Play the tournament: per-level and per-seat tallies, unfinished matches, seconds.
    ``play`` (see ``recorded_play``) plays each match instead of the driver alone."""
    by_level = {lv: Tally() for lv in dict.fromkeys(levels)}
    by_seat = [Tally() for _ in range(rules.players)]
    unfinished = 0
    start = time.perf_counter()
    for game in range(games):
        seats = seating(levels, rules.players, game)
        if play is None:
            result = play_match(rules, seats, seed + game)
        else:
            result = play(rules, seats, seed + game, game)
        if not result.finished:  # a table that never lays down: see MAX_TURNS_PER_ROUND
            unfinished += 1
            continue
        for seat, level in enumerate(seats):
            by_level[level].add(result, seat)
            by_seat[seat].add(result, seat)
    return by_level, by_seat, unfinished, time.perf_counter() - start


def report(
    by_level: dict[str, Tally], by_seat: list[Tally], games: int, unfinished: int, secs: float
) -> str:
    head = (
        f"{'':8} {'seats':>5} {'total':>7} {'wins':>7} {'win %':>6} {'95% interval':>14} "
        f"{'pts/rnd':>7} {'turns/rnd':>9} {'down':>5} {'out':>5}"
    )
    lines = ["by level", head]
    rows = [(lv, t) for lv, t in by_level.items()] + [(None, None)]
    rows += [(f"seat {i}", t) for i, t in enumerate(by_seat)]
    for name, tally in rows:
        if tally is None:
            lines += ["by seat", head]
            continue
        f = tally.figures()
        lines.append(
            f"{name:8} {f['seats']:5d} {f['mean_total']:7.1f} {f['wins']:7.1f} "
            f"{100 * f['win_rate']:5.1f}% {100 * f['win_low']:5.1f}%-{100 * f['win_high']:5.1f}% "
            f"{f['points_per_round']:7.1f} {f['turns_per_round']:9.1f} "
            f"{f['laydown_rate']:5.2f} {f['out_rate']:5.2f}"
        )
    done = games - unfinished
    lines.append(
        f"{games} games ({unfinished} unfinished) in {secs:.1f} s: "
        f"{games / secs if secs else 0:.2f} games per second"
        + ("" if done else "; no match finished")
    )
    return "\n".join(lines)


def main(argv: Sequence[str]) -> int:
    """``carioca simulate`` for Carioca (the package's ``main`` took ``--game`` out)."""
    p = parser()
    args = p.parse_args(argv)
    if not 2 <= args.players <= 8:
        p.error(f"players must be 2 to 8, not {args.players}")
    tournament.check_common(args, p)
    rules = tournament.rules_from_args(args, p, CariocaRules.from_dict)
    play = tournament.recorded_play("carioca", args.record)
    by_level, by_seat, unfinished, secs = run(rules, args.bots, args.games, args.seed, play)
    print(report(by_level, by_seat, args.games, unfinished, secs))
    if args.json is not None:
        figures = {
            "games": args.games,
            "unfinished": unfinished,
            "players": args.players,
            "bots": args.bots,
            "seed": args.seed,
            "rules": rules.to_dict(),
            "seconds": round(secs, 3),
            "games_per_second": round(args.games / secs, 3) if secs else 0.0,
            "levels": {lv: t.figures() for lv, t in by_level.items()},
            "seats": [t.figures() for t in by_seat],
        }
        return tournament.write_figures(args.json, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
