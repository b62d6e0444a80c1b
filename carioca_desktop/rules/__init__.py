"""The rules engine: its public face. Import from here; the submodules are its insides.

A match is a :class:`Game`: ``check(action)`` says why an action is refused (a
:class:`Refusal` with a stable code) or None, ``apply(action)`` applies a legal one and
returns its :class:`Event`, ``observation(seat)`` is what one seat may know.
"""

from __future__ import annotations

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
