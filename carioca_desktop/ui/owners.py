"""Which screen made which widget, so that a screen's widgets go when the screen goes.

A scene kills its widgets in ``exit``, but code of the scene can still run after it left the
stack (a button's command that resets to the menu, then redraws its own buttons in the same
``update``): such widgets would stay drawn, dead, over the next screens. The stack watches
every call it and the app make into a scene; a widget that appears during the call belongs to
the scene being called (or to the scene being built, between its constructor and its push),
and a scene off the stack keeps none.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any


class WidgetOwners:
    """``live()`` lists the UI manager's widgets now; ``during(scene)`` wraps a call into a
    scene; ``building``/``built`` bracket a scene's making and its push; ``sweep`` kills the
    widgets of scenes no longer on the stack."""

    def __init__(self, live: Callable[[], Iterable[Any]]) -> None:
        self._live = live
        self._known: set[Any] = set(live())
        self._owner: dict[Any, object] = {}
        self._who: list[object] = []  # whose code runs now, innermost last
        self._unbuilt: list[object] = []  # made, not yet pushed: their widgets are kept
        self._depth = 0
        self._stack: Callable[[], list[Any]] = list

    def watch(self, scenes: Callable[[], list[Any]]) -> None:
        """Where the stack's scenes are (for the sweep after an outermost call)."""
        self._stack = scenes

    def _claim(self) -> None:
        """Widgets new since the last look belong to whoever's code was running."""
        live = set(self._live())
        new = live - self._known
        if new and self._who:
            owner = self._who[-1]
            for widget in new:
                self._owner[widget] = owner
        if len(self._owner) > len(live) or new:
            self._owner = {w: o for w, o in self._owner.items() if w in live}
        self._known = live

    @contextmanager
    def during(self, scene: object) -> Iterator[None]:
        """A call into ``scene``: what it makes is its own (a scene it builds owns its own)."""
        self._claim()
        depth = len(self._who)
        self._who.append(scene)
        self._depth += 1
        try:
            yield
        finally:
            self._claim()
            del self._who[depth:]
            self._depth -= 1
            if self._depth == 0:
                self.sweep(self._stack())

    def building(self, scene: object) -> None:
        """``scene``'s constructor runs: its widgets are its own until it is pushed."""
        self._claim()
        self._who.append(scene)
        self._unbuilt.append(scene)

    def built(self, scene: object) -> None:
        """``scene`` is pushed: the code that built it owns what it makes next."""
        self._claim()
        for entries in (self._who, self._unbuilt):
            for i in range(len(entries) - 1, -1, -1):
                if entries[i] is scene:
                    del entries[i]
                    break

    def owner(self, widget: Any) -> object | None:
        self._claim()
        return self._owner.get(widget)

    def sweep(self, scenes: Iterable[object]) -> None:
        """Kill every widget whose scene is neither on the stack nor being built."""
        self._claim()
        kept = {id(s) for s in scenes} | {id(s) for s in self._unbuilt}
        gone = [w for w, o in self._owner.items() if id(o) not in kept]
        for widget in gone:
            if widget.alive():
                widget.kill()
        if gone:
            self._claim()
