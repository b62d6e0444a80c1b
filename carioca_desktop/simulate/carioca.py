"""``carioca simulate``: a headless bot tournament with a table per bot level and per seat."""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from carioca_desktop.bots.carioca.driver import MatchResult, play_match
from carioca_desktop.games import LEVELS
from carioca_desktop.rules.carioca.ruleset import PRESETS, CariocaRules
from carioca_desktop.rules.errors import RulesError
from carioca_desktop.storage.jsonio import parse_object, read_capped
from carioca_desktop.storage.notices import FileProblem

R = TypeVar("R")


class _Parser(argparse.ArgumentParser):
    """Bad arguments: a one-line reason and the usage, exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: {message}\n")
        self.print_usage(sys.stderr)
        raise SystemExit(2)


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def level_list(known: Sequence[str]) -> Callable[[str], list[str]]:
    """An argument type: a comma-separated list of bot levels, each one of ``known``."""

    def levels_of(text: str) -> list[str]:
        levels = [part.strip() for part in text.split(",") if part.strip()]
        unknown = [lv for lv in levels if lv not in known]
        if not levels or unknown:
            shown = ", ".join(unknown) or "none given"
            raise argparse.ArgumentTypeError(f"unknown bot level ({shown}); use {', '.join(known)}")
        return levels

    return levels_of


def parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="carioca simulate",
        description="Headless bot tournament; seats rotate between games.",
    )
    p.add_argument("--players", type=_count, default=4, help="seats at the table (2-8)")
    add_common_arguments(p, LEVELS, PRESETS)
    return p


def add_common_arguments(
    p: argparse.ArgumentParser, levels: Sequence[str], presets: Iterable[str]
) -> None:
    """The arguments both games' tournaments take, after ``--players``."""
    p.add_argument(
        "--bots",
        type=level_list(levels),
        default=["normal"],
        help=f"comma-separated levels ({','.join(levels)}), cycled over the seats",
    )
    p.add_argument("--games", type=_count, default=10, help="matches to play")
    p.add_argument("--seed", type=int, default=0, help="seed of the first match")
    p.add_argument("--preset", choices=sorted(presets), default=None, help="rule preset")
    p.add_argument("--rules", metavar="FILE", default=None, help="JSON rule-set file")
    p.add_argument("--json", metavar="PATH", default=None, help="also write the figures here")


def check_common(args: argparse.Namespace, p: argparse.ArgumentParser) -> None:
    """Refuse (exit 2) more bot levels than seats and a --json path with no folder."""
    if len(args.bots) > args.players:
        p.error(f"{len(args.bots)} bot levels for {args.players} players")
    if args.json is not None and not Path(args.json).resolve().parent.is_dir():
        p.error(f"--json: no folder for {args.json}")


def rules_from_args(
    args: argparse.Namespace,
    p: argparse.ArgumentParser,
    load: Callable[[dict[str, Any]], R],
    fixed: dict[str, Any] | None = None,
) -> R:
    """The rule set from --rules FILE, then --preset, --players and ``fixed`` on top, through
    the game's own loader; a bad file or rule set exits 2 with a one-line reason."""
    data: dict[str, Any] = {}
    if args.rules is not None:
        try:
            data.update(read_rules_file(args.rules))
        except RulesFileError as err:
            p.error(str(err))
    data.update(fixed or {})
    if args.preset is not None:
        data["preset"] = args.preset
    data["players"] = args.players
    try:
        return load(data)
    except RulesError as err:
        where = f" in {args.rules}" if args.rules is not None else ""
        p.error(_one_line(f"bad rules{where}: {err.message}"))
    raise AssertionError("unreachable")


def write_figures(path: str, figures: dict[str, Any]) -> int:
    """Write the --json figures; 0, or 1 with a message when the file cannot be written."""
    try:
        Path(path).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    except OSError as err:
        sys.stderr.write(f"carioca simulate: cannot write {path}: {err}\n")
        return 1
    return 0


RULES_FILE_CAP = 1024 * 1024


class RulesFileError(ValueError):
    """A rules file that cannot be used; the message is one line."""


def read_rules_file(name: str) -> dict[str, Any]:
    """The JSON object in a rules file, read like the player's files: only a regular file,
    capped, strict JSON, bounded depth. RulesFileError (one line) when it cannot be used."""
    try:
        return parse_object(read_capped(Path(name), RULES_FILE_CAP))
    except FileProblem as problem:
        raise RulesFileError(_one_line(f"bad rules file {name}: {problem.detail}")) from None
    except OSError as err:
        reason = err.strerror or type(err).__name__
        raise RulesFileError(_one_line(f"cannot read the rules file {name}: {reason}")) from None


def _one_line(message: str) -> str:
    return " ".join(message.split())[:300]


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
        low, high = wilson(self.wins, self.seats)
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


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (shared wins count as fractions)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


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
    rules: CariocaRules, levels: Sequence[str], games: int, seed: int
) -> tuple[dict[str, Tally], list[Tally], int, float]:
    """Play the tournament: per-level and per-seat tallies, unfinished matches, seconds."""
    by_level = {lv: Tally() for lv in dict.fromkeys(levels)}
    by_seat = [Tally() for _ in range(rules.players)]
    unfinished = 0
    start = time.perf_counter()
    for game in range(games):
        seats = seating(levels, rules.players, game)
        result = play_match(rules, seats, seed + game)
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
    check_common(args, p)
    rules = rules_from_args(args, p, CariocaRules.from_dict)
    by_level, by_seat, unfinished, secs = run(rules, args.bots, args.games, args.seed)
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
        return write_figures(args.json, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
