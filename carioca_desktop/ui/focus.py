"""Keyboard focus on the menu screens: the stops (``Focusable``) and the ring that moves
between them and works them from the keys (``FocusRing``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui


@dataclass
class Focusable:
    """One stop of the keyboard focus: what to highlight and what the keys do there."""

    element: Any
    activate: Callable[[], object] | None = None
    step: Callable[[int], None] | None = None


class FocusRing:
    """Tab / ↑ ↓ move between stops, Enter or Space activates, ← → step a value."""

    def __init__(self) -> None:
        self.items: list[Focusable] = []
        self.index = -1

    def add(self, item: Focusable) -> Focusable:
        self.items.append(item)
        return item

    def move(self, delta: int) -> None:
        if not self.items:
            return
        self._show(False)
        start = self.index if self.index >= 0 else (-1 if delta > 0 else 0)
        self.index = (start + delta) % len(self.items)
        self._show(True)

    def restore(self, index: int) -> None:
        """After a rebuild: focus the same stop again (if it was focused)."""
        if 0 <= index < len(self.items):
            self.index = index
            self._show(True)

    @property
    def current(self) -> Focusable | None:
        return self.items[self.index] if 0 <= self.index < len(self.items) else None

    def _show(self, on: bool) -> None:
        item = self.current
        if item is None or not item.element.alive():
            return
        element: Any = item.element  # pygame_gui's methods are untyped
        if isinstance(element, pygame_gui.elements.UITextEntryLine):
            getattr(element, "focus" if on else "unfocus")()
        elif hasattr(element, "select"):
            getattr(element, "select" if on else "unselect")()

    def handle_key(self, event: pygame.event.Event) -> bool:
        item = self.current
        typing = (
            item is not None
            and getattr(item.element, "is_focused", False)
            and isinstance(item.element, pygame_gui.elements.UITextEntryLine)
        )
        key = event.key
        if key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in (pygame.K_DOWN, pygame.K_UP):
            self.move(1 if key == pygame.K_DOWN else -1)
        elif typing:
            return False
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and item:
            if item.activate:
                item.activate()
            elif item.step:
                item.step(1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and item and item.step:
            item.step(1 if key == pygame.K_RIGHT else -1)
        else:
            return False
        return True
