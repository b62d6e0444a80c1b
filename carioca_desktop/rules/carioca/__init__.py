"""Carioca (RULES.md): contracts, lay-down, the buy offer, the phase machine and scoring.

Its public face: the ``Game``, its actions, observation, events and rule set (``CariocaRules``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carioca_desktop.rules.lazy import load

if TYPE_CHECKING:
    from .actions import (
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
    from .contracts import Contract, parse_contract
    from .game import Game
    from .observation import EventView, MeldView, Observation, Offer
    from .position import from_position
    from .ruleset import PRESETS, CariocaRules
    from .scoring import Outcome
    from .state import Event, EventKind, Phase

# Where each public name lives: loaded on first use, so that importing a small part of the
# engine does not load the whole game with it; the app's launch waits on every import before
# its first frame.
_HOME = {
    "Action": ".actions",
    "Add": ".actions",
    "Buy": ".actions",
    "CariocaRules": ".ruleset",
    "Contract": ".contracts",
    "Discard": ".actions",
    "Draw": ".actions",
    "Event": ".state",
    "EventKind": ".state",
    "EventView": ".observation",
    "Game": ".game",
    "LayDown": ".actions",
    "MeldView": ".observation",
    "NextRound": ".actions",
    "Observation": ".observation",
    "Offer": ".observation",
    "Outcome": ".scoring",
    "POZO": ".actions",
    "PRESETS": ".ruleset",
    "Pass": ".actions",
    "Phase": ".state",
    "STOCK": ".actions",
    "Swap": ".actions",
    "action_from_dict": ".actions",
    "action_to_dict": ".actions",
    "from_position": ".position",
    "parse_contract": ".contracts",
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
    "CariocaRules",
    "Contract",
    "Discard",
    "Draw",
    "Event",
    "EventKind",
    "EventView",
    "Game",
    "LayDown",
    "MeldView",
    "NextRound",
    "Observation",
    "Offer",
    "Outcome",
    "Pass",
    "Phase",
    "Swap",
    "action_from_dict",
    "action_to_dict",
    "from_position",
    "parse_contract",
]
