"""Actions a player can take: immutable, hashable values checked and applied by the Game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import RulesError

STOCK = "stock"
POZO = "pozo"


@dataclass(frozen=True)
class Draw:
    """Draw the top card of the stock (mazo) or of the pozo."""

    seat: int
    source: str = STOCK


@dataclass(frozen=True)
class LayDown:
    """Put melds on the table: the contract (bajarse), a part of it, or extra melds.

    Each meld is a tuple of card codes; a wild may say what it stands for (``JK=7H``).
    """

    seat: int
    melds: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Add:
    """Add one card from the hand to a meld on the table (by its index)."""

    seat: int
    meld: int
    card: str


@dataclass(frozen=True)
class Swap:
    """Put a natural card in place of the wild on a meld that stands for it."""

    seat: int
    meld: int
    card: str


@dataclass(frozen=True)
class Discard:
    """Discard a card onto the pozo, ending the turn."""

    seat: int
    card: str


@dataclass(frozen=True)
class Buy:
    """Buy the pozo's top card out of turn, with the stock's top card as a penalty."""

    seat: int


@dataclass(frozen=True)
class Pass:
    """Decline the discard offered to this seat (the answer to an offer besides ``Buy``)."""

    seat: int


@dataclass(frozen=True)
class Undo:
    """Take back the last lay-down, add or swap made since this turn's draw (the Game keeps
    what can be undone; draws, discards and buys are final)."""

    seat: int


@dataclass(frozen=True)
class NextRound:
    """Deal the next round once the scores of the last one have been seen."""

    seat: int = -1


Action = Draw | LayDown | Add | Swap | Discard | Buy | Pass | NextRound | Undo
ACTION_TYPES: dict[str, type[Any]] = {
    "draw": Draw,
    "lay_down": LayDown,
    "add": Add,
    "swap": Swap,
    "discard": Discard,
    "buy": Buy,
    "pass": Pass,
    "next_round": NextRound,
    "undo": Undo,
}
KIND_OF: dict[type[Any], str] = {cls: name for name, cls in ACTION_TYPES.items()}


def action_to_dict(action: Action) -> dict[str, Any]:
    """A JSON-safe form of an action, e.g. ``{"do": "add", "seat": 1, "meld": 0, ...}``."""
    out: dict[str, Any] = {"do": KIND_OF[type(action)], "seat": action.seat}
    if isinstance(action, Draw):
        out["from"] = action.source
    elif isinstance(action, LayDown):
        out["melds"] = [list(m) for m in action.melds]
    elif isinstance(action, (Add, Swap)):
        out["meld"], out["card"] = action.meld, action.card
    elif isinstance(action, Discard):
        out["card"] = action.card
    return out


def action_from_dict(data: Any) -> Action:
    """Inverse of ``action_to_dict``; raises RulesError("bad_action") with a readable reason.

    Strict: numbers must be JSON integers (not ``1.9``, ``"12"`` or ``true``), cards strings,
    melds lists of lists; nothing is coerced, and no input makes it raise anything else.
    """
    if not isinstance(data, dict) or not isinstance(data.get("do"), str):
        raise RulesError("bad_action", 'an action is an object with a "do" kind')
    kind = data["do"]
    if kind not in ACTION_TYPES:
        raise RulesError("bad_action", f"unknown action kind {kind[:40]!r}")
    seat = _field_int(data, "seat", kind)
    if kind == "draw":
        return Draw(seat, _field_str(data, "from", kind, STOCK))
    if kind == "lay_down":
        melds = data.get("melds")
        if not isinstance(melds, list) or not all(isinstance(m, list) for m in melds):
            raise RulesError("bad_action", "lay_down: melds must be a list of lists of cards")
        if not all(isinstance(c, str) for m in melds for c in m):
            raise RulesError("bad_action", "lay_down: every card must be a string")
        return LayDown(seat, tuple(tuple(m) for m in melds))
    if kind in ("add", "swap"):
        cls = Add if kind == "add" else Swap
        return cls(seat, _field_int(data, "meld", kind), _field_str(data, "card", kind))
    if kind == "discard":
        return Discard(seat, _field_str(data, "card", kind))
    if kind == "buy":
        return Buy(seat)
    if kind == "pass":
        return Pass(seat)
    if kind == "undo":
        return Undo(seat)
    return NextRound(seat)


# Seats and meld indexes beyond this are refused outright (no table holds 10**6 melds).
INDEX_LIMIT = 10**6


def _field_int(data: dict[str, Any], key: str, kind: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError("bad_action", f"{kind}: {key} must be an integer, not {_shown(value)}")
    if not -INDEX_LIMIT <= value <= INDEX_LIMIT:
        raise RulesError("bad_action", f"{kind}: {key} is out of range")
    return value


def _field_str(data: dict[str, Any], key: str, kind: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise RulesError("bad_action", f"{kind}: {key} must be a string, not {_shown(value)}")
    return value


def _shown(value: Any) -> str:
    """A short description of a bad value (never a 10,000-digit number or a deep list)."""
    if isinstance(value, (bool, float)) or value is None:
        return repr(value)
    if isinstance(value, int):
        return "a huge integer" if abs(value) > INDEX_LIMIT else str(value)
    if isinstance(value, str):
        return repr(value[:20])
    return type(value).__name__
