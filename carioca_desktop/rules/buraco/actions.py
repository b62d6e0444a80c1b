"""Buraco actions (BURACO.md §10): immutable values checked and applied by the BuracoGame."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import RulesError

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


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError("bad_action", f"{what} must be a whole number, not {value!r}")
    return value


def _str(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise RulesError("bad_action", f"{what} must be a card code, not {value!r}")
    return value


def _melds(value: Any) -> Melds:
    if not isinstance(value, list) or not all(isinstance(m, list) for m in value):
        raise RulesError("bad_action", "melds must be a list of lists of card codes")
    return tuple(tuple(_str(c, "a card") for c in m) for m in value)


def action_from_dict(data: Any) -> Action:
    """Inverse of ``action_to_dict``; raises RulesError (code ``bad_action``) with a reason."""
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("do"), str)
        or data["do"] not in ACTION_TYPES
    ):
        raise RulesError("bad_action", f"not a Buraco action: {data!r}")
    kind = data["do"]
    seat = _int(data.get("seat", -1 if kind == "next_round" else None), "seat")
    if kind == "draw":
        return Draw(seat)
    if kind == "take_pile":
        add = data.get("add")
        card = data.get("card")
        return TakePile(
            seat,
            _melds(data.get("melds", [])),
            None if add is None else _int(add, "add"),
            None if card is None else _str(card, "card"),
        )
    if kind == "lay_down":
        return LayDown(seat, _melds(data.get("melds")))
    if kind == "add":
        cards = data.get("cards")
        if not isinstance(cards, list):
            raise RulesError("bad_action", "cards must be a list of card codes")
        return Add(seat, _int(data.get("meld"), "meld"), tuple(_str(c, "a card") for c in cards))
    if kind == "swap":
        return Swap(seat, _int(data.get("meld"), "meld"), _str(data.get("card"), "card"))
    if kind == "discard":
        return Discard(seat, _str(data.get("card"), "card"))
    if kind == "undo":
        return Undo(seat)
    return NextRound(seat)
