"""A person's own arrangement of their hand, kept with the match so Continue (and a hot seat's
next turn) shows the hand as it was left: the order of the cards and the cards set aside
(Carioca's lay-down slots, Buraco's melds staged for the next lay-down).

Shared by both games' sessions. It is a hint for the table, never part of the game: the
engine's hand stays the truth, a malformed entry is dropped on load (never a reason to refuse
the save), and an order that is not of the hand being shown is ignored (``fits``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Arrangement:
    """A person's hand as the table showed it: card codes in order, and per group set aside
    (a Carioca slot, a Buraco staged meld) its codes."""

    hand: tuple[str, ...]
    slots: tuple[tuple[str, ...], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"hand": list(self.hand), "slots": [list(g) for g in self.slots]}


def fits(order: Sequence[str], hand: Sequence[str]) -> bool:
    """Whether a saved ``order`` is of this ``hand`` (the engine's): it lacks at most one of
    its cards (the draw that came after it was saved); cards no longer held are dropped."""
    missing = Counter(hand) - Counter(order)
    return sum(missing.values()) <= 1


def arrangements_to_dict(arrangements: Mapping[int, Arrangement]) -> dict[str, Any]:
    return {str(k): a.to_dict() for k, a in sorted(arrangements.items())}


def parse_arrangements(raw: Any, humans: Sequence[int]) -> dict[int, Arrangement]:
    """The saved arrangements of the human seats; anything malformed is dropped (older saves
    have none)."""
    out: dict[int, Arrangement] = {}
    if not isinstance(raw, Mapping):
        return out
    for key, value in raw.items():
        try:
            seat = int(key)
            hand = value["hand"]
            slots = value.get("slots", [])
            codes = [hand, *slots]
            if seat not in humans or not all(
                isinstance(g, list) and all(isinstance(c, str) and len(c) <= 4 for c in g)
                for g in codes
            ):
                continue
            out[seat] = Arrangement(tuple(hand), tuple(tuple(g) for g in slots))
        except (KeyError, TypeError, ValueError, AttributeError):
            continue
    return out
