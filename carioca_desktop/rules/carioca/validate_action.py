"""The shape of an action, checked before any rule: a malformed action (wrong types, a bool
or a huge number for an index, a non-list of melds, unhashable cards) is refused with the
code ``bad_action``, never an exception, and changes nothing."""

from __future__ import annotations

from typing import Any

from ..actioncodec import check_seat as check_seat  # the seat check both games share
from ..actioncodec import is_card_text, is_index, melds_problem
from ..errors import Refusal, refuse
from .actions import Add, Buy, Discard, Draw, LayDown, NextRound, Pass, Swap, Undo


def malformed(action: Any) -> Refusal | None:
    """None for a well-formed action (legal or not); else the refusal saying what is wrong.
    Called before every check, so the common shapes are tested first and cheaply."""
    kind = type(action)
    if kind not in _KINDS:
        return _bad(f"not an action: {kind.__name__}")
    if not _index(action.seat):
        return _bad("the seat must be an integer")
    if kind is Draw:
        return None if _card(action.source) else _bad("the source must be a short string")
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
    return is_index(value)


def _card(value: Any) -> bool:
    return is_card_text(value)


def _melds(melds: Any) -> Refusal | None:
    problem = melds_problem(melds)
    return None if problem is None else _bad(problem)


def _bad(message: str) -> Refusal:
    return refuse("bad_action", message)
