"""Scenes on a stack (after Tuxemon): the top one gets events; drawing starts at the highest
opaque scene and goes up, so a pause overlay draws over a frozen table. The stack also sees
that a screen's widgets go when the screen goes (``WidgetOwners``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from carioca_desktop.ui.owners import WidgetOwners

if TYPE_CHECKING:
    from carioca_desktop.ui.app import App


class Scene:
    """One screen. Subclasses build their pygame_gui widgets in ``enter`` (kill them in
    ``exit``) and rebuild them in ``on_resize``; they call ``self.app.dirty()`` when the
    picture changes so the app redraws only then."""

    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app
        # Widgets made while the scene is being built (before its push) are its own.
        owners = getattr(getattr(app, "stack", None), "owners", None)
        if owners is not None:
            owners.building(self)

    def enter(self) -> None:
        """The scene became part of the stack."""

    def exit(self) -> None:
        """The scene left the stack: kill widgets."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene above was popped."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute the layout."""

    def handle_before_ui(self, event: pygame.event.Event) -> bool:
        """An event pygame_gui would swallow without a word (a click on a greyed button);
        True if the scene took it, and pygame_gui then never sees it."""
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle an event the UI manager did not consume; True if used."""
        return False

    def update(self, dt: float) -> bool:
        """Advance animations by ``dt`` seconds; True while something moves (keeps frames
        coming), False when the scene is still."""
        return False

    def idle(self) -> None:
        """A frame with nothing moving and nothing drawn (the top scene only): a moment
        for a little work done ahead of need (a couple of milliseconds at most)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw what pygame_gui does not (felt, cards); widgets are drawn after this."""


class SceneStack:
    """push / pop / replace, with the enter/exit/pause/resume calls in the right order; with
    ``owners``, every call made into a scene is watched, and a scene that leaves takes every
    widget it made with it (whatever its own ``exit`` forgot)."""

    def __init__(self, owners: WidgetOwners | None = None) -> None:
        self.scenes: list[Scene] = []
        self.owners = owners or WidgetOwners(lambda: ())
        self.owners.watch(lambda: self.scenes)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            with self.owners.during(self.scenes[-1]):
                self.scenes[-1].pause()
        self._enter(scene)

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        self._exit(scene)
        if self.scenes:
            with self.owners.during(self.scenes[-1]):
                self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another (menu → table)."""
        if self.scenes:
            self._exit(self.scenes.pop())
        self._enter(scene)

    def reset(self, scene: Scene) -> None:
        """Leave every scene and start again from ``scene`` (back to the menu)."""
        while self.scenes:
            self._exit(self.scenes.pop())
        self._enter(scene)

    def _enter(self, scene: Scene) -> None:
        self.owners.built(scene)
        self.scenes.append(scene)
        with self.owners.during(scene):
            scene.enter()

    def _exit(self, scene: Scene) -> None:
        with self.owners.during(scene):
            scene.exit()
        self.owners.sweep(self.scenes)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the highest opaque one upward."""
        start = 0
        for i, scene in enumerate(self.scenes):
            if scene.opaque:
                start = i
        return self.scenes[start:]
