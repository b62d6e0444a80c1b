"""The action codec both games share: bounded reads of an action's JSON fields, the shape
checks an engine runs before any rule, the seat check, and refusal messages of bounded size.

One set of bounds for every game, so that a file, a test or (soon) the network cannot make
either engine raise anything but ``RulesError`` or hold a megabyte-long message."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import MESSAGE_LIMIT as MESSAGE_LIMIT  # one cap for every refusal
from .errors import RulesError

INDEX_LIMIT = 10**6  # seats and meld indexes beyond are nonsense (no table holds 10**6 melds)
CARD_TEXT_LIMIT = 16  # the longest card text is "JK=10H"; more is not a card
MELDS_LIMIT = 64  # melds in one action
MELD_CARDS_LIMIT = 256  # cards in one meld (or one Buraco add)
KIND_TEXT_LIMIT = 40

MISSING: Any = object()  # a required field: no default


def capped(message: str) -> str:
    """``message`` cut to ``MESSAGE_LIMIT`` characters."""
    return message if len(message) <= MESSAGE_LIMIT else message[: MESSAGE_LIMIT - 1] + "…"


def bad_action(message: str) -> RulesError:
    """The error of a malformed action, its message capped."""
    return RulesError("bad_action", capped(message))


def shown(value: Any) -> str:
    """A short description of a bad value (never a 10,000-digit number or a deep list)."""
    if isinstance(value, (bool, float)) or value is None:
        return repr(value)
    if isinstance(value, int):
        # str() of an int over 4,300 digits raises ValueError: test the size first.
        return str(value) if is_index(value) else "a huge integer"
    if isinstance(value, str):
        return repr(value[:20])
    return type(value).__name__


def is_index(value: Any) -> bool:
    """A seat or meld index within bounds; type() is int, so a bool is refused."""
    return type(value) is int and -INDEX_LIMIT <= value <= INDEX_LIMIT


def is_card_text(value: Any) -> bool:
    """A string short enough to be a card's text (whether it is a card is the rules' say)."""
    return type(value) is str and len(value) <= CARD_TEXT_LIMIT


def cards_problem(cards: Any, what: str = "meld") -> str | None:
    """None for a bounded tuple or list of card texts, else what is wrong."""
    if not isinstance(cards, (tuple, list)) or len(cards) > MELD_CARDS_LIMIT:
        return f"each {what} must be a list of at most {MELD_CARDS_LIMIT} cards"
    if not all(is_card_text(card) for card in cards):
        return "each card must be a card code"
    return None


def melds_problem(melds: Any) -> str | None:
    """None for a bounded sequence of melds of card texts, else what is wrong."""
    if not isinstance(melds, (tuple, list)) or len(melds) > MELDS_LIMIT:
        return f"the melds must be a list of at most {MELDS_LIMIT} melds"
    for meld in melds:
        problem = cards_problem(meld)
        if problem is not None:
            return problem
    return None


def check_seat(seat: Any, players: int) -> int:
    """``seat`` if it is a seat of the match; else RulesError("bad_seat") (a ValueError).
    Negative indexes are refused: ``hand(-1)`` is not the last seat's hand."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        what = shown(seat)
        raise RulesError("bad_seat", f"there is no seat {what}", seat=what)
    return seat


class ActionFields:
    """The fields of one action's JSON object, each read strictly: nothing is coerced, a
    wrong or unbounded value raises RulesError("bad_action") naming the field."""

    def __init__(self, data: Any, kinds: Mapping[str, object], game: str) -> None:
        if not isinstance(data, dict) or not isinstance(data.get("do"), str):
            raise bad_action(f'a {game} action is an object with a "do" kind')
        kind = data["do"]
        if kind not in kinds:
            raise bad_action(f"unknown {game} action kind {kind[:KIND_TEXT_LIMIT]!r}")
        self.data: dict[Any, Any] = data
        self.kind: str = kind

    def _get(self, key: str, default: Any) -> Any:
        value = self.data.get(key, default)
        if value is MISSING:
            raise bad_action(f"{self.kind}: {key} is missing")
        return value

    def index(self, key: str, default: Any = MISSING) -> int:
        value = self._get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise bad_action(f"{self.kind}: {key} must be an integer, not {shown(value)}")
        if not is_index(value):
            raise bad_action(f"{self.kind}: {key} is out of range")
        return value

    def optional_index(self, key: str) -> int | None:
        return None if self.data.get(key) is None else self.index(key)

    def text(self, key: str, default: Any = MISSING) -> str:
        value = self._get(key, default)
        if not is_card_text(value):
            raise bad_action(f"{self.kind}: {key} must be a short string, not {shown(value)}")
        return str(value)

    def optional_text(self, key: str) -> str | None:
        return None if self.data.get(key) is None else self.text(key)

    def cards(self, key: str) -> tuple[str, ...]:
        value = self._get(key, MISSING)
        problem = cards_problem(value, key)
        if problem is not None:
            raise bad_action(f"{self.kind}: {problem}")
        return tuple(value)

    def melds(self, key: str, default: Any = MISSING) -> tuple[tuple[str, ...], ...]:
        value = self._get(key, default)
        if not isinstance(value, list) or not all(isinstance(m, list) for m in value):
            raise bad_action(f"{self.kind}: melds must be a list of lists of cards")
        problem = melds_problem(value)
        if problem is not None:
            raise bad_action(f"{self.kind}: {problem}")
        return tuple(tuple(m) for m in value)
