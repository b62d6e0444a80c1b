"""Scenes on a stack (after Tuxemon): the top one gets events; drawing starts at the highest
opaque scene and goes up, so a pause overlay draws over a frozen table."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from carioca_desktop.ui.app import App


class Scene:
    """One screen. Subclasses build their pygame_gui widgets in ``enter`` (kill them in
    ``exit``) and rebuild them in ``on_resize``; they call ``self.app.dirty()`` when the
    picture changes so the app redraws only then."""

    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app

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
    """push / pop / replace, with the enter/exit/pause/resume calls in the right order."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another (menu → table)."""
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Leave every scene and start again from ``scene`` (back to the menu)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the highest opaque one upward."""
        start = 0
        for i, scene in enumerate(self.scenes):
            if scene.opaque:
                start = i
        return self.scenes[start:]
