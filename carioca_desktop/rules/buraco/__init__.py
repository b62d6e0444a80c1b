"""Buraco (BURACO.md), the second game on the engine: its ``Game``, actions, observation, rule set.

It shares the engine's cards, melds and refusals (``rules/``) and nothing of Carioca's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from carioca_desktop.rules.lazy import load

if TYPE_CHECKING:
    from .actions import (
        Action,
        Add,
        Discard,
        Draw,
        LayDown,
        NextRound,
        Swap,
        TakePile,
        action_from_dict,
        action_to_dict,
    )
    from .game import BuracoGame, Game
    from .observation import BuracoObservation, MeldView
    from .ruleset import PRESETS, BuracoRules
    from .state import Event, Phase

# Where each public name lives: loaded on first use, so that importing a small part of the
# engine does not load the whole game with it; the app's launch waits on every import before
# its first frame.
_HOME = {
    "Action": ".actions",
    "Add": ".actions",
    "BuracoGame": ".game",
    "BuracoObservation": ".observation",
    "BuracoRules": ".ruleset",
    "Discard": ".actions",
    "Draw": ".actions",
    "Event": ".state",
    "Game": ".game",
    "LayDown": ".actions",
    "MeldView": ".observation",
    "NextRound": ".actions",
    "PRESETS": ".ruleset",
    "Phase": ".state",
    "Swap": ".actions",
    "TakePile": ".actions",
    "action_from_dict": ".actions",
    "action_to_dict": ".actions",
}


def __getattr__(name: str) -> Any:
    return load(__name__, _HOME, name, globals())


__all__ = [
    "PRESETS",
    "Action",
    "Add",
    "BuracoGame",
    "BuracoObservation",
    "BuracoRules",
    "Discard",
    "Draw",
    "Event",
    "Game",
    "LayDown",
    "MeldView",
    "NextRound",
    "Phase",
    "Swap",
    "TakePile",
    "action_from_dict",
    "action_to_dict",
]
