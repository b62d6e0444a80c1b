"""Where a learner is in a tutorial's script: the step list, the current step, and whether
the coach has just nudged (both games' tutorials walk their steps with this)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

S = TypeVar("S")


class StepCursor(Generic[S]):
    """The current step of ``steps``; ``nudged`` is set when the player tried another move
    (the coach then says the step's hint) and cleared when the step changes."""

    def __init__(self, steps: Sequence[S]) -> None:
        self.steps = tuple(steps)
        self.index = 0
        self.nudged = False

    @property
    def step(self) -> S:
        return self.steps[self.index]

    def _advance(self, by: int = 1) -> None:
        self.index = min(len(self.steps) - 1, self.index + by)
        self.nudged = False
