"""The rules engine: its public face. Import from here; the submodules are its insides.

A match is a :class:`Game`: ``check(action)`` says why an action is refused (a
:class:`Refusal` with a stable code) or None, ``apply(action)`` applies a legal one and
returns its :class:`Event`, ``observation(seat)`` is what one seat may know.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .lazy import load

if TYPE_CHECKING:
    from .cards import Card, Marker, Suit, parse_card, parse_marked
    from .carioca.actions import (
        POZO,
        STOCK,
        Action,
        Add,
        Buy,
        Discard,
        Draw,
        LayDown,
        NextRound,
        Pass,
        Swap,
        action_from_dict,
        action_to_dict,
    )
    from .carioca.contracts import Contract, parse_contract
    from .carioca.game import Game
    from .carioca.observation import EventView, MeldView, Observation, Offer
    from .carioca.position import from_position
    from .carioca.ruleset import PRESETS, CariocaRules
    from .carioca.scoring import Outcome
    from .carioca.state import Event, EventKind, Phase
    from .errors import (
        CardError,
        IllegalAction,
        Refusal,
        RulesError,
        RuleSetError,
        StateError,
    )
    from .ruleset import RuleSet

# Where each public name lives: loaded on first use, so that importing a small part of the
# engine (``rules.names``, ``rules.cards``) does not load the whole Carioca engine with it;
# the app's launch waits on every import before its first frame.
_HOME = {
    "Action": ".carioca.actions",
    "Add": ".carioca.actions",
    "Buy": ".carioca.actions",
    "Card": ".cards",
    "CardError": ".errors",
    "CariocaRules": ".carioca.ruleset",
    "Contract": ".carioca.contracts",
    "Discard": ".carioca.actions",
    "Draw": ".carioca.actions",
    "Event": ".carioca.state",
    "EventKind": ".carioca.state",
    "EventView": ".carioca.observation",
    "Game": ".carioca.game",
    "IllegalAction": ".errors",
    "LayDown": ".carioca.actions",
    "Marker": ".cards",
    "MeldView": ".carioca.observation",
    "NextRound": ".carioca.actions",
    "Observation": ".carioca.observation",
    "Offer": ".carioca.observation",
    "Outcome": ".carioca.scoring",
    "POZO": ".carioca.actions",
    "PRESETS": ".carioca.ruleset",
    "Pass": ".carioca.actions",
    "Phase": ".carioca.state",
    "Refusal": ".errors",
    "RuleSet": ".ruleset",
    "RuleSetError": ".errors",
    "RulesError": ".errors",
    "STOCK": ".carioca.actions",
    "StateError": ".errors",
    "Suit": ".cards",
    "Swap": ".carioca.actions",
    "action_from_dict": ".carioca.actions",
    "action_to_dict": ".carioca.actions",
    "from_position": ".carioca.position",
    "parse_card": ".cards",
    "parse_contract": ".carioca.contracts",
    "parse_marked": ".cards",
}


def __getattr__(name: str) -> Any:
    return load(__name__, _HOME, name, globals())


__all__ = [
    "POZO",
    "PRESETS",
    "STOCK",
    "Action",
    "Add",
    "Buy",
    "Card",
    "CardError",
    "CariocaRules",
    "Contract",
    "Discard",
    "Draw",
    "Event",
    "EventKind",
    "EventView",
    "Game",
    "IllegalAction",
    "LayDown",
    "Marker",
    "MeldView",
    "NextRound",
    "Observation",
    "Offer",
    "Outcome",
    "Pass",
    "Phase",
    "Refusal",
    "RuleSet",
    "RuleSetError",
    "RulesError",
    "StateError",
    "Suit",
    "Swap",
    "action_from_dict",
    "action_to_dict",
    "from_position",
    "parse_card",
    "parse_contract",
    "parse_marked",
]
