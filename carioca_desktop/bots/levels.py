"""The bot of a level, for either game: each game lists its five bot classes weakest first,
as games.LEVELS names them, and this picks one (one table, one refusal for a bad level)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from carioca_desktop.games import LEVELS

T = TypeVar("T")


def bot_class(classes: Sequence[type[T]], level: str) -> type[T]:
    """The class of ``level`` among ``classes`` (one per level, in the order of LEVELS);
    ValueError naming the levels for any other level."""
    table = dict(zip(LEVELS, classes, strict=True))
    if level not in table:
        raise ValueError(f"unknown bot level {level!r}; levels are: {', '.join(LEVELS)}")
    return table[level]
