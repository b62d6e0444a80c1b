"""What both games' headless tournaments (``carioca simulate``) share: the command line's
common arguments and their checks, the rules file read like the player's files, the figures
file, ``--record``'s match files, and Wilson's interval of a win rate."""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from carioca_desktop.arguments import CommandParser
from carioca_desktop.rules.errors import RulesError
from carioca_desktop.storage.jsonio import parse_object, read_capped
from carioca_desktop.storage.notices import FileProblem

R = TypeVar("R")


def count(text: str) -> int:
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


def parser_for(
    prog: str, description: str | None, levels: Sequence[str], presets: Iterable[str],
    **players: Any,
) -> CommandParser:  # fmt: skip
    """A game's tournament command line: ``--players`` as ``players`` says, then the
    arguments both games take."""
    p = CommandParser(prog=prog, description=description)
    p.add_argument("--players", **players)
    add_common_arguments(p, levels, presets)
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
    p.add_argument("--games", type=count, default=10, help="matches to play")
    p.add_argument("--seed", type=int, default=0, help="seed of the first match")
    p.add_argument("--preset", choices=sorted(presets), default=None, help="rule preset")
    p.add_argument("--rules", metavar="FILE", default=None, help="JSON rule-set file")
    p.add_argument("--json", metavar="PATH", default=None, help="also write the figures here")
    p.add_argument(
        "--record", metavar="DIR", default=None, help="also write each match's file into DIR"
    )


def check_common(args: argparse.Namespace, p: argparse.ArgumentParser) -> None:
    """Refuse (exit 2) more bot levels than seats and a --json path with no folder."""
    if len(args.bots) > args.players:
        p.error(f"{len(args.bots)} bot levels for {args.players} players")
    if args.json is not None and not Path(args.json).resolve().parent.is_dir():
        p.error(f"--json: no folder for {args.json}")
    if args.record is not None:
        try:
            Path(args.record).mkdir(parents=True, exist_ok=True)
        except OSError as err:
            p.error(f"--record: cannot use the folder {args.record}: {err.strerror or err}")


def recorded_play(
    game_name: str, folder: str | None
) -> Callable[[Any, Sequence[str], int, int], Any] | None:
    """With ``--record DIR``: a function that plays match number ``n`` as the driver does
    and writes its match file into DIR (storage/match_file.py); None without it."""
    if folder is None:
        return None
    from carioca_desktop.replay_tool import record_bot_match, writer_to

    write = writer_to(Path(folder))

    def play(rules: Any, levels: Sequence[str], seed: int, number: int) -> Any:
        result, match, _game = record_bot_match(game_name, rules, levels, seed)
        if match is not None:
            write(match, number)
        return result

    return play


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


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (shared wins count as fractions)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
