"""Whether a finished match was played at a network table, read from its statistics record:
a network match's record names the people at the other computers as people (kind "human")
but only this computer's as its own (``human_seats``); at a local table, a hot seat
included, every person is this computer's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class _Record(Protocol):
    @property
    def players(self) -> Sequence[Any]: ...

    @property
    def human_seats(self) -> Sequence[int]: ...


def played_on_network(record: _Record) -> bool:
    """True when a person elsewhere sat at the match (see the module's words)."""
    mine = set(record.human_seats)
    return any(
        getattr(p, "kind", "") == "human" and i not in mine for i, p in enumerate(record.players)
    )
