"""The app's window: its size, full screen, and the UI scale chosen for it (the automatic one
follows the window and the screen it is on); a part of ``App``, kept apart for its length.

Sizes the player sees (the saved window, MIN_SIZE, the automatic scale's rule) are in the
window's points; ``size``, ``screen`` and the UIManager are in the drawable's pixels, and the
UI scale they use is the chosen one times the pixel ratio (``ui/window.py``)."""

from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from carioca_desktop.storage import Settings
from carioca_desktop.ui.desktop import MIN_SIZE, window_size
from carioca_desktop.ui.dpi import auto_ui_scale, screen_growth, system_scale
from carioca_desktop.ui.theme import rescale
from carioca_desktop.ui.window import AppWindow

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import SceneStack

log = logging.getLogger(__name__)


class WindowMixin:
    """The window's part of ``App`` (which sets every attribute named here)."""

    settings: Settings
    window: AppWindow
    size: tuple[int, int]
    screen: pygame.Surface
    manager: pygame_gui.UIManager
    stack: SceneStack
    ui_scale: float
    screen_grow: float
    fast: bool
    _relayout: bool
    _saved_window: tuple[int, int] | None

    def save_settings(self) -> None:
        raise NotImplementedError

    def dirty(self) -> None:
        raise NotImplementedError

    @property
    def pixel_ratio(self) -> float:
        """The drawable's pixels per window point (2.0 on a Retina screen)."""
        return self.window.ratio

    def _chosen_ui_scale(self) -> float:
        """The player's UI scale, else the automatic one for this window on this screen, in
        the drawable's pixels."""
        chosen = self.settings.ui_scale
        return (chosen if chosen is not None else self.automatic_ui_scale()) * self.pixel_ratio

    def automatic_ui_scale(self) -> float:
        """The UI scale the game picks for this window on its screen (``ui/dpi.py``), in
        points: what the Settings row shows as "automatic"."""
        handle = self.window.native_handle() if os.name == "nt" else None
        return auto_ui_scale(self.window.points, system_scale(handle))

    def _screen_growth(self) -> float:
        """How much more than the UI scale the menu screens grow in this window
        (``dpi.screen_growth``)."""
        return screen_growth(self.window.points, self.automatic_ui_scale())

    def _rescale(self) -> None:
        """Follow a new UI scale (a choice, or the automatic one for a new window or screen)."""
        scale = self._chosen_ui_scale()
        grow = self._screen_growth()
        if grow != self.screen_grow:
            self.screen_grow = grow
            self._relayout = True
        if scale != self.ui_scale:
            self.ui_scale = scale
            rescale(self.manager, scale)
            self._relayout = True  # every scene re-places its widgets, outside this callback

    def set_fullscreen(self, on: bool) -> None:
        """Desktop full screen (no mode change) or back to the window; remembered at once."""
        self.settings = self.settings.replace(fullscreen=on)
        self.save_settings()
        try:
            size = self.window.points if on else window_size(self.settings.window_size)
            self.window.open(size, on)
        except pygame.error as err:  # the driver refused: stay as we are
            log.warning("could not change full screen: %s", err)
            return
        self.resize(self.window.points)

    def resize(self, size: tuple[int, int]) -> None:
        """The window is ``size`` points now (a VIDEORESIZE's, or full screen's)."""
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if not self.settings.fullscreen:
            self.window.resize(size)
            # Remembered for the next start; written when the app closes, not at every step
            # of a drag.
            self.settings = self.settings.replace(window_size=size)
        self._take_drawable()

    def _take_drawable(self) -> None:
        """The window's drawable (pixels) is what the scenes and the widgets lay out in."""
        self.window.refresh()
        self.screen = self.window.surface
        self.size = self.screen.get_size()
        self.manager.set_window_resolution(self.size)
        self._rescale()
        self._relayout_scenes()
        self._relayout = False  # re-placed just now: not again at the next frame
        self.dirty()

    def _relayout_scenes(self) -> None:
        """Every scene re-places its widgets, each as their owner (``ui/owners.py``)."""
        for scene in list(self.stack.scenes):
            with self.stack.owners.during(scene):
                scene.on_resize(self.size)

    def display_changed(self) -> None:
        """The window went to another screen (or that screen's scale changed): take the
        window's new size in pixels and the screen's scale, and redraw."""
        self.window.refresh()
        if self.window.surface.get_size() != self.size:
            self._take_drawable()
        else:
            self._rescale()  # a change sets _relayout: the next frame re-places and redraws

    def remember_window(self) -> None:
        """Save the window size the player chose (the full-screen choice is saved when made)."""
        if self.fast or self.settings.window_size == self._saved_window:
            return
        self._saved_window = self.settings.window_size
        self.save_settings()
