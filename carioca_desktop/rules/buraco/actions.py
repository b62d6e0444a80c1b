"""Buraco actions (BURACO.md §10): immutable values checked and applied by the BuracoGame."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..actioncodec import (
    MISSING,
    ActionFields,
    capped,
    cards_problem,
    is_card_text,
    is_index,
    melds_problem,
)
from ..errors import Refusal, refuse

Melds = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Draw:
    """Take the top card of the stock (a morto replaces an empty stock, §6)."""

    seat: int


@dataclass(frozen=True)
class TakePile:
    """Take the whole pile. With ``pile_take: "must_use_top"`` the top card goes to the table
    in the same action: new ``melds`` holding it, or ``add`` to a meld (``card`` may carry the
    top card's marker, ``"JK=9H"``)."""

    seat: int
    melds: Melds = ()
    add: int | None = None
    card: str | None = None


@dataclass(frozen=True)
class LayDown:
    """Put one or more new melds of the side on the table."""

    seat: int
    melds: Melds


@dataclass(frozen=True)
class Add:
    """Add cards from the hand to one of the side's melds, in order, as one action."""

    seat: int
    meld: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Swap:
    """Put a natural card in place of the run's wild standing for it; the wild comes to hand."""

    seat: int
    meld: int
    card: str


@dataclass(frozen=True)
class Discard:
    """Put a card on the pile, ending the turn (or taking a morto, or going out)."""

    seat: int
    card: str


@dataclass(frozen=True)
class Undo:
    """Take back the last lay-down, add or swap made since this turn's draw (the game keeps
    what can be undone; a draw, a pile taken, a morto taken and a discard are final)."""

    seat: int


@dataclass(frozen=True)
class NextRound:
    """Deal the next round once the scores have been seen."""

    seat: int = -1


Action = Draw | TakePile | LayDown | Add | Swap | Discard | NextRound | Undo
ACTION_TYPES: dict[str, type[Any]] = {
    "draw": Draw,
    "take_pile": TakePile,
    "lay_down": LayDown,
    "add": Add,
    "swap": Swap,
    "discard": Discard,
    "next_round": NextRound,
    "undo": Undo,
}
KIND_OF: dict[type[Any], str] = {cls: name for name, cls in ACTION_TYPES.items()}


def action_to_dict(action: Action) -> dict[str, Any]:
    """A JSON-safe form, e.g. ``{"do": "add", "seat": 1, "meld": 0, "cards": ["8D"]}``."""
    out: dict[str, Any] = {"do": KIND_OF[type(action)], "seat": action.seat}
    if isinstance(action, TakePile):
        if action.melds:
            out["melds"] = [list(m) for m in action.melds]
        if action.add is not None:
            out["add"] = action.add
        if action.card is not None:
            out["card"] = action.card
    elif isinstance(action, LayDown):
        out["melds"] = [list(m) for m in action.melds]
    elif isinstance(action, Add):
        out["meld"], out["cards"] = action.meld, list(action.cards)
    elif isinstance(action, (Swap, Discard)):
        out["card"] = action.card
        if isinstance(action, Swap):
            out["meld"] = action.meld
    return out


def action_from_dict(data: Any) -> Action:
    """Inverse of ``action_to_dict``; raises RulesError("bad_action") with a short reason.

    Read through the codec both games share (``rules.actioncodec``): integers within
    ``INDEX_LIMIT``, cards short strings, at most ``MELDS_LIMIT`` melds; nothing coerced.
    """
    fields = ActionFields(data, ACTION_TYPES, "Buraco")
    kind = fields.kind
    seat = fields.index("seat", -1 if kind == "next_round" else MISSING)
    if kind == "draw":
        return Draw(seat)
    if kind == "take_pile":
        melds = fields.melds("melds", [])
        return TakePile(seat, melds, fields.optional_index("add"), fields.optional_text("card"))
    if kind == "lay_down":
        return LayDown(seat, fields.melds("melds"))
    if kind == "add":
        return Add(seat, fields.index("meld"), fields.cards("cards"))
    if kind == "swap":
        return Swap(seat, fields.index("meld"), fields.text("card"))
    if kind == "discard":
        return Discard(seat, fields.text("card"))
    if kind == "undo":
        return Undo(seat)
    return NextRound(seat)


def malformed(action: Any) -> Refusal | None:
    """None for a well-formed Buraco action (legal or not), else the ``bad_action`` refusal:
    the shape is checked before any rule, as Carioca's ``validate_action.malformed``."""
    kind = type(action)
    if kind not in KIND_OF:
        return refuse("bad_action", f"not a Buraco action: {kind.__name__}")
    problem = _shape_problem(action)
    return None if problem is None else refuse("bad_action", capped(problem))


def _shape_problem(action: Any) -> str | None:
    if not is_index(action.seat):
        return "the seat must be an integer"
    if isinstance(action, (Swap, Add)) and not is_index(action.meld):
        return "the meld must be an integer index"
    if isinstance(action, (Swap, Discard)) and not is_card_text(action.card):
        return "the card must be a card code"
    if isinstance(action, Add):
        return cards_problem(action.cards, "add")
    if isinstance(action, LayDown):
        return melds_problem(action.melds)
    if isinstance(action, TakePile):
        if action.add is not None and not is_index(action.add):
            return "the meld to add to must be an integer index"
        if action.card is not None and not is_card_text(action.card):
            return "the card must be a card code"
        return melds_problem(action.melds)
    return None
