"""The bot levels, weakest first: the one list the simulator, sessions and the UI use. A
module of its own, importing nothing, so the app can list levels without loading the bots."""

from __future__ import annotations

LEVELS = ("random", "beginner", "easy", "normal", "hard")
