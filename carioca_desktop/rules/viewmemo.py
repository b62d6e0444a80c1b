"""A game's memo of the parts of its observations that every seat sees alike.

After each action a network host builds every seat's observation, and a meld on the table
is the same for all of them (and for many actions in a row: most do not touch the table).
A meld's view is kept against the identity of its layout (layouts are immutable values: a
meld that changes gets a new one), so it is built once, not once a seat an action."""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")

LIMIT = 512  # views kept; a whole match makes a few hundred layouts, so this rarely clears


class ViewMemo:
    """Values built from immutable engine values, known by those values' identity."""

    def __init__(self) -> None:
        self._kept: dict[int, tuple[Any, Any]] = {}

    def find(self, source: Any) -> Any:
        """The value kept for ``source`` (this very object), or None."""
        hit = self._kept.get(id(source))
        return hit[1] if hit is not None and hit[0] is source else None

    def keep(self, source: Any, value: T) -> T:
        """Keep ``value`` for ``source``; returns ``value``."""
        if len(self._kept) >= LIMIT:
            self._kept.clear()
        self._kept[id(source)] = (source, value)  # the source is held: its id stays its own
        return value
