"""Refusals and errors of the rules engine: a stable code plus a readable message."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


@dataclass(frozen=True)
class Refusal:
    """Why an action is not allowed.

    ``code`` is stable (the UI translates by it), ``message`` is English prose for logs and
    tests, ``params`` fills the translated template (card codes, numbers).
    """

    code: str
    message: str
    params: Mapping[str, str | int] = field(default_factory=lambda: MappingProxyType({}))

    def __str__(self) -> str:
        return self.message


class RulesError(ValueError):
    """Base class: every engine error is a ValueError with a code and a readable message."""

    def __init__(self, code: str, message: str, **params: str | int) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: Mapping[str, str | int] = MappingProxyType(dict(params))

    @property
    def refusal(self) -> Refusal:
        return Refusal(self.code, self.message, self.params)


class CardError(RulesError):
    """A card code that cannot be parsed."""


class RuleSetError(RulesError):
    """A rule-set dict with a bad key, value or combination."""


class IllegalAction(RulesError):
    """An action refused by the rules; the game state is unchanged."""

    @classmethod
    def of(cls, refusal: Refusal) -> IllegalAction:
        return cls(refusal.code, refusal.message, **refusal.params)


class StateError(RulesError):
    """A serialised game or a position that does not describe a consistent game."""


# Characters of a refusal's message: a reason, never a dump of what was refused (a fuzzed
# draw "from" a 100,000-character source was quoted whole).
MESSAGE_LIMIT = 160


def refuse(code: str, message: str, **params: str | int) -> Refusal:
    """Build a refusal, its message cut to ``MESSAGE_LIMIT``; a small helper so call sites
    stay on one line."""
    if len(message) > MESSAGE_LIMIT:
        message = message[: MESSAGE_LIMIT - 1] + "…"
    return Refusal(code, message, MappingProxyType(dict(params)))
