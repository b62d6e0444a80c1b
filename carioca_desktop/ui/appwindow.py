"""The app's window: its size, full screen, and the UI scale chosen for it (the automatic one
follows the window and the screen it is on); a part of ``App``, kept apart for its length."""

from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from carioca_desktop.storage import Settings
from carioca_desktop.ui.desktop import MIN_SIZE, open_display, window_size
from carioca_desktop.ui.dpi import auto_ui_scale, system_scale
from carioca_desktop.ui.theme import rescale

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import SceneStack

log = logging.getLogger(__name__)


class WindowMixin:
    """The window's part of ``App`` (which sets every attribute named here)."""

    settings: Settings
    size: tuple[int, int]
    screen: pygame.Surface
    manager: pygame_gui.UIManager
    stack: SceneStack
    ui_scale: float
    fast: bool
    _relayout: bool
    _saved_window: tuple[int, int] | None

    def save_settings(self) -> None:
        raise NotImplementedError

    def dirty(self) -> None:
        raise NotImplementedError

    def _chosen_ui_scale(self) -> float:
        """The player's UI scale, else the automatic one for this window on this screen."""
        if self.settings.ui_scale is not None:
            return self.settings.ui_scale
        return self.automatic_ui_scale()

    def automatic_ui_scale(self) -> float:
        """The UI scale the game picks for this window on its screen (``ui/dpi.py``)."""
        handle = pygame.display.get_wm_info().get("window") if os.name == "nt" else None
        return auto_ui_scale(self.size, system_scale(handle))

    def _rescale(self) -> None:
        """Follow a new UI scale (a choice, or the automatic one for a new window or screen)."""
        scale = self._chosen_ui_scale()
        if scale != self.ui_scale:
            self.ui_scale = scale
            rescale(self.manager, scale)
            self._relayout = True  # every scene re-places its widgets, outside this callback

    def set_fullscreen(self, on: bool) -> None:
        """Desktop full screen (no mode change) or back to the window; remembered at once."""
        self.settings = self.settings.replace(fullscreen=on)
        self.save_settings()
        try:
            size = self.size if on else window_size(self.settings.window_size)
            self.screen = open_display(size, on)
        except pygame.error as err:  # the driver refused: stay as we are
            log.warning("could not change full screen: %s", err)
            return
        self.resize(self.screen.get_size())

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.size = size
        if not self.settings.fullscreen:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            # Remembered for the next start; written when the app closes, not at every step
            # of a drag.
            self.settings = self.settings.replace(window_size=size)
        self.manager.set_window_resolution(size)
        self._rescale()
        self._relayout_scenes()
        self.dirty()

    def _relayout_scenes(self) -> None:
        """Every scene re-places its widgets, each as their owner (``ui/owners.py``)."""
        for scene in list(self.stack.scenes):
            with self.stack.owners.during(scene):
                scene.on_resize(self.size)

    def display_changed(self) -> None:
        """The window went to another screen (or that screen's scale changed): take the
        window's new size in pixels and the screen's scale, and redraw."""
        size = self.screen.get_size()
        if size != self.size:
            self.resize(size)
        else:
            self._rescale()  # a change sets _relayout: the next frame re-places and redraws

    def remember_window(self) -> None:
        """Save the window size the player chose (the full-screen choice is saved when made)."""
        if self.fast or self.settings.window_size == self._saved_window:
            return
        self._saved_window = self.settings.window_size
        self.save_settings()
