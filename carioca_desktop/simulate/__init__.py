"""``carioca simulate``: headless bot tournaments, a module per game chosen with ``--game NAME``."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from carioca_desktop import games


def split_game(argv: Sequence[str]) -> tuple[str, list[str]]:
    """Take ``--game NAME`` (or ``--game=NAME``) out of the arguments."""
    rest: list[str] = []
    game = games.DEFAULT
    items = list(argv)
    i = 0
    while i < len(items):
        arg = items[i]
        if arg == "--game" and i + 1 < len(items):
            game = items[i + 1]
            i += 2
            continue
        if arg.startswith("--game="):
            game = arg.split("=", 1)[1]
        else:
            rest.append(arg)
        i += 1
    return game, rest


def main(argv: Sequence[str]) -> int:
    """Run the chosen game's tournament (its exit code), or refuse an unknown game (2)."""
    game, rest = split_game(argv)
    if game not in games.REGISTRY:
        known = ", ".join(games.GAMES)
        sys.stderr.write(f"carioca simulate: unknown game {game!r}; games are {known}\n")
        return 2
    run: int = games.entry(game).module("simulate").main(rest)
    return run
