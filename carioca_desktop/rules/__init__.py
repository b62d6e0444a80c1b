"""The rules engine's shared face: what both games use (cards, refusals and errors, rule sets).

Each game's package exports its own engine (``rules.carioca``, ``rules.buraco``: a ``Game``,
its actions, observation and rule set). A match is a ``Game``: ``check(action)`` says why an
action is refused (a :class:`Refusal` with a stable code) or None, ``apply(action)`` applies a
legal one and returns its event, ``observation(seat)`` is what one seat may know.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .lazy import load

if TYPE_CHECKING:
    from .cards import Card, Marker, Suit, parse_card, parse_marked
    from .errors import CardError, IllegalAction, Refusal, RulesError, RuleSetError, StateError
    from .ruleset import RuleSet

# Where each public name lives: loaded on first use, so that importing a small part of the
# engine does not load the whole game with it; the app's launch waits on every import before
# its first frame.
_HOME = {
    "Card": ".cards",
    "CardError": ".errors",
    "IllegalAction": ".errors",
    "Marker": ".cards",
    "Refusal": ".errors",
    "RuleSet": ".ruleset",
    "RuleSetError": ".errors",
    "RulesError": ".errors",
    "StateError": ".errors",
    "Suit": ".cards",
    "parse_card": ".cards",
    "parse_marked": ".cards",
}


def __getattr__(name: str) -> Any:
    return load(__name__, _HOME, name, globals())


__all__ = [
    "Card",
    "CardError",
    "IllegalAction",
    "Marker",
    "Refusal",
    "RuleSet",
    "RuleSetError",
    "RulesError",
    "StateError",
    "Suit",
    "parse_card",
    "parse_marked",
]
