"""The shape of an action, checked before any rule: a malformed action (wrong types, a bool
or a huge number for an index, a non-list of melds, unhashable cards) is refused with the
code ``bad_action``, never an exception, and changes nothing."""

from __future__ import annotations

from typing import Any

from ..errors import Refusal, RulesError, refuse
from .actions import Add, Buy, Discard, Draw, LayDown, NextRound, Pass, Swap, Undo

INDEX_LIMIT = 10**6  # as actions.INDEX_LIMIT: seats and meld indexes beyond are nonsense
CARD_TEXT_LIMIT = 16  # the longest card text is "JK=10H"; more is not a card
MELDS_LIMIT = 64  # melds in one lay-down
MELD_CARDS_LIMIT = 256  # cards in one meld


def malformed(action: Any) -> Refusal | None:
    """None for a well-formed action (legal or not); else the refusal saying what is wrong.
    Called before every check, so the common shapes are tested first and cheaply."""
    kind = type(action)
    if kind not in _KINDS:
        return _bad(f"not an action: {kind.__name__}")
    if not _index(action.seat):
        return _bad("the seat must be an integer")
    if kind is Draw:
        return None if type(action.source) is str else _bad("the source must be a string")
    if kind is Discard:
        return None if _card(action.card) else _bad("the card must be a card code")
    if kind is Add or kind is Swap:
        if not _index(action.meld):
            return _bad("the meld must be an integer index")
        return None if _card(action.card) else _bad("the card must be a card code")
    if kind is LayDown:
        return _melds(action.melds)
    return None


_KINDS = frozenset({Draw, LayDown, Add, Swap, Discard, Buy, Pass, NextRound, Undo})


def _index(value: Any) -> bool:
    # type() is int, not isinstance: a bool is an int subclass and is refused.
    return type(value) is int and -INDEX_LIMIT <= value <= INDEX_LIMIT


def _card(value: Any) -> bool:
    return type(value) is str and len(value) <= CARD_TEXT_LIMIT


def _melds(melds: Any) -> Refusal | None:
    if not isinstance(melds, (tuple, list)) or len(melds) > MELDS_LIMIT:
        return _bad("the melds must be a list of melds")
    for meld in melds:
        if not isinstance(meld, (tuple, list)) or len(meld) > MELD_CARDS_LIMIT:
            return _bad("each meld must be a list of cards")
        if not all(_card(card) for card in meld):
            return _bad("each card must be a card code")
    return None


def _bad(message: str) -> Refusal:
    return refuse("bad_action", message)


def check_seat(seat: Any, players: int) -> int:
    """``seat`` if it is a seat of the match; else RulesError("bad_seat") (a ValueError).
    Negative indexes are refused: ``hand(-1)`` is not the last seat's hand."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        shown = seat if isinstance(seat, int) and abs(seat) < INDEX_LIMIT else type(seat).__name__
        raise RulesError("bad_seat", f"there is no seat {shown}", seat=str(shown))
    return seat
