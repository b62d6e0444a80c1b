"""The wire format: versioned JSON messages, each capped, each parsed into a small typed value.

Every message is one WebSocket text frame holding a JSON object whose ``t`` names its type
(docs/network.md lists them all). What a client sends is parsed here into a ``Hello``,
``ActionMsg`` or ``Bye``; anything else raises ``ProtocolError`` with a stable code, which the
host sends back as an ``error`` message and which changes nothing. The host's messages are
built by the small functions at the end, so their fields are written in one place.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from carioca_desktop.rules.names import clean_name, name_problem
from carioca_desktop.storage.jsonio import MAX_DEPTH

PROTOCOL = 5
"""Bumped whenever a message or a field changes meaning; both sides must agree exactly.
2: local seats, the lobby, ready marks, reactions, the buy countdown's length.
3: Buraco's partner question before going out (``partner_ask``, ``partner_answer``,
``partner_question``, ``partner_said``).
4: a ``state`` carries only the observation's fields that changed (``full`` after a welcome).
5: a ``state`` may carry the ``ask`` made at once after it, for the seat to act (one frame);
the host's ``replay`` parts before ``match_over`` (net/replay.py) are new since 4 too."""

MAX_MESSAGE = 64 * 1024
"""The cap on one message, in bytes of UTF-8, both ways (the host checks what it sends)."""

WIRE_LIMIT = 1024 * 1024
"""websockets' own frame limit: a frame beyond it closes the connection (code 1009) before
it is read; between ``MAX_MESSAGE`` and this, the host reads it and answers ``too_big``."""

TOKEN_CHARS = 64  # a token is 32 url-safe characters; anything longer is not one
CODE_LENGTH = 6

# Error codes (``error.code``): protocol problems first, then the engine's refusal.
MALFORMED = "malformed"  # not a JSON object
TOO_BIG = "too_big"
UNKNOWN = "unknown_type"
BAD_FIELD = "bad_field"
NOT_WELCOMED = "not_welcomed"  # an action before a welcome
ALREADY = "already_welcomed"  # a second hello on one connection
NOT_YOUR_TURN = "not_your_turn"
OTHER_SEAT = "other_seat"
STALE = "stale"  # an answer to an ask that is no longer open
NOT_STARTED = "not_started"
BAD_ACTION = "bad_action"
REFUSED = "refused"  # the engine's check said no; ``rule`` holds its code
STARTED = "started"  # a lobby message (ready) once the match is being played
BAD_REACTION = "bad_reaction"  # a reaction key not in ``REACTIONS``
TOO_FAST = "slow_down"  # a reaction within ``REACTION_GAP`` of the seat's last one
# Buraco's partner question (the ``ask_partner`` house rule; net/partner.py):
RULE_OFF = "rule_off"  # a question when the table's rules have no partner question
ASKED_ALREADY = "asked_already"  # a second question this turn, or one is pending
NO_QUESTION = "no_question"  # an answer with no such question pending (or answered)
PARTNER_FIRST = "partner_first"  # going out before the partner was asked this turn
PARTNER_NO = "partner_no"  # going out after the partner said not yet this turn

# Admission refusals (``refused.reason``), after which the host closes the connection.
WRONG_CODE = "wrong_code"
VERSION = "version"
TABLE_FULL = "table_full"
BAD_TOKEN = "bad_token"
SLOW_DOWN = "slow_down"
GAME_OVER = "match_over"
REMOVED = "removed"  # the host took this person off the table before the start

REACTIONS = ("well_played", "oops", "thanks", "good_luck", "sorry", "hurry")
"""The fixed set of reactions (no free chat): each is shown as ``net.react.<key>``."""

REACTION_GAP = 2.0
"""Seconds between two reactions of one seat; more are dropped with ``slow_down``."""


class ProtocolError(ValueError):
    """A message that cannot be used: ``code`` is stable, ``message`` short English."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Hello:
    """A client's first message: versions, the table code, a name, and a token to rejoin."""

    protocol: int
    app: str
    code: str
    name: str
    token: str | None = None


@dataclass(frozen=True)
class ActionMsg:
    """An answer to the host's ``ask`` number ``ask``: the engine's action as JSON."""

    ask: int
    action: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Ready:
    """Before the start: this seat's ready mark."""

    ready: bool


@dataclass(frozen=True)
class React:
    """One of the fixed reactions (``REACTIONS``), relayed to every seat."""

    key: str


@dataclass(frozen=True)
class PartnerAsk:
    """The seat asked now (its ``ask``) asks its partner whether it may go out."""

    ask: int


@dataclass(frozen=True)
class PartnerAnswer:
    """The partner's answer to the host's ``partner_question`` number ``question``."""

    question: int
    yes: bool


@dataclass(frozen=True)
class Bye:
    """The client leaves (the seat keeps its grace, as after a dropped connection)."""


ClientMessage = Hello | ActionMsg | Ready | React | PartnerAsk | PartnerAnswer | Bye


def decode(raw: str | bytes) -> dict[str, Any]:
    """The JSON object in one frame, or ProtocolError (binary frames are refused)."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_MESSAGE:
            raise ProtocolError(TOO_BIG, f"a message is at most {MAX_MESSAGE} bytes")
        raise ProtocolError(MALFORMED, "messages are JSON text, not binary")
    if len(raw) > MAX_MESSAGE or len(raw.encode("utf-8", "replace")) > MAX_MESSAGE:
        raise ProtocolError(TOO_BIG, f"a message is at most {MAX_MESSAGE} bytes")
    try:
        value = json.loads(raw, parse_constant=_no_constant, parse_float=_finite_float)
    except RecursionError:
        raise ProtocolError(MALFORMED, "not a JSON object: nested too deep") from None
    except ValueError as err:  # JSONDecodeError, NaN, 1e999, integers of thousands of digits
        raise ProtocolError(MALFORMED, f"not a JSON object: {err}"[:120]) from None
    if not isinstance(value, dict):
        raise ProtocolError(MALFORMED, 'a message is an object with a "t" type')
    if _too_deep(value, MAX_DEPTH):
        raise ProtocolError(MALFORMED, f"not a JSON object: nested deeper than {MAX_DEPTH}")
    if not isinstance(value.get("t"), str):
        raise ProtocolError(MALFORMED, 'a message is an object with a "t" type')
    return value


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not allowed")


def _finite_float(text: str) -> float:
    value = float(text)  # 1e999 is inf without passing through parse_constant
    if not math.isfinite(value):
        raise ValueError(f"number {text[:20]} is out of range")
    return value


def _too_deep(value: dict[str, Any] | list[Any], left: int) -> bool:
    """Whether containers nest more than ``left`` levels (every message both ways is checked,
    a state is a few hundred values: only containers are descended into, and recursion is
    bounded by ``left``)."""
    if left <= 0:
        return True
    children: Any = value.values() if type(value) is dict else value
    for child in children:
        kind = type(child)
        if (kind is list or kind is dict) and _too_deep(child, left - 1):
            return True
    return False


def parse_client(raw: str | bytes) -> ClientMessage:
    """What a client sent, checked field by field; ProtocolError for anything else."""
    data = decode(raw)
    kind = data["t"]
    if kind == "hello":
        return _hello(data)
    if kind == "action":
        ask, action = _int_or_none(data.get("ask")), data.get("action")
        if ask is None or not isinstance(action, dict):
            raise ProtocolError(BAD_FIELD, "action: ask must be an integer, action an object")
        return ActionMsg(ask, action)
    if kind == "ready":
        if not isinstance(data.get("ready"), bool):
            raise ProtocolError(BAD_FIELD, "ready: ready must be true or false")
        return Ready(data["ready"])
    if kind == "react":
        key = data.get("key")
        if not isinstance(key, str) or key not in REACTIONS:
            raise ProtocolError(BAD_REACTION, f"react: key must be one of {', '.join(REACTIONS)}")
        return React(key)
    if kind == "partner_ask":
        ask = _int_or_none(data.get("ask"))
        if ask is None:
            raise ProtocolError(BAD_FIELD, "partner_ask: ask must be an integer")
        return PartnerAsk(ask)
    if kind == "partner_answer":
        question, yes = _int_or_none(data.get("question")), data.get("yes")
        if question is None or not isinstance(yes, bool):
            raise ProtocolError(BAD_FIELD, "partner_answer: question an integer, yes a boolean")
        return PartnerAnswer(question, yes)
    if kind == "bye":
        return Bye()
    raise ProtocolError(UNKNOWN, f"unknown message type {kind[:30]!r}")


def _hello(data: Mapping[str, Any]) -> Hello:
    protocol, app, code = _int_or_none(data.get("protocol")), data.get("app"), data.get("code")
    name, token = data.get("name"), data.get("token")
    if protocol is None or not isinstance(app, str) or len(app) > 40:
        raise ProtocolError(BAD_FIELD, "hello: protocol must be an integer, app a short text")
    if not isinstance(code, str) or len(code) > 16:
        raise ProtocolError(BAD_FIELD, "hello: code must be a short text")
    if not isinstance(name, str) or name_problem(clean_name(name)) is not None:
        raise ProtocolError(BAD_FIELD, "hello: name must be a printable name")
    if token is not None and (not isinstance(token, str) or len(token) > TOKEN_CHARS):
        raise ProtocolError(BAD_FIELD, "hello: token must be a short text or null")
    return Hello(protocol, app, code, clean_name(name), token)


def _int_or_none(value: object) -> int | None:
    """A JSON integer of a sane size, else None (``true`` is not 1)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**53:
        return value
    return None


def encode(message: Mapping[str, Any]) -> str:
    """One message as compact JSON text (no NaN: the engine has none)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def fits(text: str) -> bool:
    """Whether an encoded message is within ``MAX_MESSAGE`` (4 bytes a character at most:
    only a long text is measured in UTF-8)."""
    return len(text) * 4 <= MAX_MESSAGE or len(text.encode("utf-8")) <= MAX_MESSAGE


# ---------------------------------------------------------------------- host -> client
def hello(app: str, code: str, name: str, token: str | None) -> dict[str, Any]:
    """The client's greeting (built here so the client and the tests agree on it)."""
    return {"t": "hello", "protocol": PROTOCOL, "app": app, "code": code, "name": name,
            "token": token}  # fmt: skip


def error(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """A typed refusal of one message; ``key`` is the i18n key the client shows."""
    return {"t": "error", "code": code, "key": f"net.error.{code}", "message": message[:200],
            **extra}  # fmt: skip


def refused(reason: str, message: str, **extra: Any) -> dict[str, Any]:
    """Admission refused; the host closes the connection after it."""
    return {"t": "refused", "reason": reason, "key": f"net.refused.{reason}",
            "message": message[:200], "protocol": PROTOCOL, **extra}  # fmt: skip
