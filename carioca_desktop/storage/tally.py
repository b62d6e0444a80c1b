"""Matches played and won, counted by what each match is (its bot levels, its preset): either
game's statistics count their records this way."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TypeVar

R = TypeVar("R")


@dataclass(frozen=True)
class WinCount:
    played: int = 0
    won: int = 0


def tally(
    matches: Iterable[R], keys_of: Callable[[R], set[str]], won: Callable[[R], bool]
) -> dict[str, WinCount]:
    """Per key, the matches that have it and those of them the players' side won."""
    counts: dict[str, WinCount] = {}
    for match in matches:
        win = won(match)
        for key in sorted(keys_of(match)):
            old = counts.get(key, WinCount())
            counts[key] = WinCount(old.played + 1, old.won + int(win))
    return counts
