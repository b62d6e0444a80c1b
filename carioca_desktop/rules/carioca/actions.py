"""Actions a player can take: immutable, hashable values checked and applied by the Game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..actioncodec import INDEX_LIMIT as INDEX_LIMIT  # the bound both games share
from ..actioncodec import ActionFields

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

    Strict and bounded (``rules.actioncodec``, shared with Buraco): numbers must be JSON
    integers within ``INDEX_LIMIT`` (not ``1.9``, ``"12"`` or ``true``), cards short strings,
    melds lists of lists; nothing is coerced, and no input makes it raise anything else.
    """
    fields = ActionFields(data, ACTION_TYPES, "Carioca")
    kind = fields.kind
    seat = fields.index("seat")
    if kind == "draw":
        return Draw(seat, fields.text("from", STOCK))
    if kind == "lay_down":
        return LayDown(seat, fields.melds("melds"))
    if kind in ("add", "swap"):
        cls = Add if kind == "add" else Swap
        return cls(seat, fields.index("meld"), fields.text("card"))
    if kind == "discard":
        return Discard(seat, fields.text("card"))
    if kind == "buy":
        return Buy(seat)
    if kind == "pass":
        return Pass(seat)
    if kind == "undo":
        return Undo(seat)
    return NextRound(seat)
