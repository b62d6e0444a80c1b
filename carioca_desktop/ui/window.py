"""The window the app draws in: its size in points (what the desktop, resizing and the mouse
speak), the surface of its drawable in pixels (what every scene draws into), and the one
conversion between them.

pygame-ce 2.5.8's ``display.set_mode`` never asks SDL for a high-DPI window, so on a Retina
Mac the frame is drawn at half the screen's pixels and stretched. ``pygame.Window(...,
allow_high_dpi=True)`` does ask. Its renderer's output is the drawable, ``ratio`` times the
window's size in points, while mouse events stay in points; the app draws into a surface of
the output's size, which each flip uploads to a texture and presents. (A window surface kept
the points' size on macOS in SDL 2 until SDL's PR 7069, which could not be checked against
SDL 2.32 here; the renderer's output is in pixels either way, and SDL presents a window
surface through such a texture on macOS anyway.) ``CARIOCA_WINDOW`` chooses:

- ``auto`` (default): that window where SDL 2 has a pixel ratio to give (macOS; Wayland when
  SDL runs on it), the display module's window elsewhere (X11 has no ratio in SDL 2, and
  Windows' per-monitor awareness already gives pixels: ``ui/dpi.py``);
- ``hidpi`` or ``legacy`` force one; a ``hidpi`` window SDL refuses falls back to ``legacy``.

``CARIOCA_PIXEL_RATIO=N`` is a test hook: the drawable is made N times the window (a Retina
screen simulated on any driver), and event positions are taken as points as a Retina Mac's
SDL gives them. Only tests and benchmarks set it.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping
from typing import Any

import pygame

from carioca_desktop.ui.desktop import open_display

log = logging.getLogger(__name__)

ENV = "CARIOCA_WINDOW"
MODES = ("auto", "hidpi", "legacy")
RATIO_ENV = "CARIOCA_PIXEL_RATIO"  # the test hook
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
Point = tuple[int, int]


_lent_format = False  # a hidden window lends pygame its surface's format (the hidpi mode)


def can_convert() -> bool:
    """Whether surfaces can be converted to a window's format (blits ~3x faster)."""
    return _lent_format or pygame.display.get_surface() is not None


def choose_mode(env: Mapping[str, str], platform: str = sys.platform) -> tuple[str, str]:
    """Which window to open ("hidpi" or "legacy") and why, for the log."""
    wish = env.get(ENV, "auto").strip().lower() or "auto"
    if wish not in MODES:
        log.warning("%s=%r is not one of %s; using auto", ENV, wish, ", ".join(MODES))
        wish = "auto"
    if wish != "auto":
        return wish, f"{ENV}={wish}"
    if platform == "darwin":
        return "hidpi", "macOS: Retina screens have twice the pixels of the window's points"
    if env.get("SDL_VIDEODRIVER", "").lower() == "wayland":
        return "hidpi", "Wayland: SDL's own scale of the window"
    return "legacy", "SDL 2 gives this system's windows in pixels already"


def simulated_ratio(env: Mapping[str, str]) -> int:
    """The test hook's ratio (1 when unset or not a whole number from 1 to 4)."""
    try:
        ratio = int(env.get(RATIO_ENV, "1"))
    except ValueError:
        return 1
    return ratio if 1 <= ratio <= 4 else 1


class AppWindow:
    """The app's one window. ``surface`` is drawn into (pixels); ``points`` is the window's
    size on the desktop; ``ratio`` is pixels per point (1.0 but on a high-DPI drawable)."""

    def __init__(self, env: Mapping[str, str] | None = None) -> None:
        env = os.environ if env is None else env
        self.mode, self.reason = choose_mode(env)
        self.simulated = simulated_ratio(env)
        if self.simulated > 1:
            self.mode, self.reason = "legacy", f"{RATIO_ENV}={self.simulated} (a test hook)"
        self._sdl: Any = None  # the pygame.Window of the hidpi mode, its renderer, its texture
        self._renderer: Any = None
        self._texture: Any = None
        self._format: Any = None
        self.surface = pygame.Surface((1, 1))
        self.points: Point = (1, 1)
        self.ratio = 1.0
        self.fullscreen = False

    def open(self, points: Point, fullscreen: bool) -> None:
        """The window at ``points`` (or the desktop's full screen); raises pygame.error if the
        driver refuses both ways."""
        self.fullscreen = fullscreen
        if self.mode == "hidpi":
            try:
                self._open_hidpi(points, fullscreen)
                return
            except pygame.error as err:  # e.g. no window manager support: the old way
                log.warning("no high-DPI window (%s); using the display module's", err)
                for made in (self._sdl, self._format):
                    if made is not None:
                        made.destroy()
                self.mode, self.reason = "legacy", f"refused: {err}"
                self._sdl = self._renderer = self._texture = self._format = None
        pixels = points if fullscreen else self._scaled(points, self.simulated)
        self._take(open_display(pixels, fullscreen), self.simulated)

    def _open_hidpi(self, points: Point, fullscreen: bool) -> None:
        if self._sdl is None:
            from pygame._sdl2 import video  # only for this window

            self._sdl = pygame.Window(
                "Carioca",
                points,
                pygame.WINDOWPOS_CENTERED,
                resizable=True,
                allow_high_dpi=True,
                hidden=True,
            )
            self._sdl.minimum_size = (1, 1)
            self._renderer = video.Renderer(self._sdl)
            # pygame converts surfaces (convert_alpha: pygame_gui's text, the card art) to the
            # format of a window's surface; a window drawn through a renderer must not have
            # one, so a hidden 1x1 window lends its surface's format.
            self._format = pygame.Window("", (1, 1), hidden=True)
            self._format.get_surface()
            global _lent_format
            _lent_format = True
        if fullscreen:
            self._sdl.set_fullscreen(desktop=True)
        else:
            self._sdl.set_windowed()
            if tuple(self._sdl.size) != tuple(points):
                self._sdl.size = points
        self._sdl.show()
        self.refresh()

    def refresh(self) -> None:
        """Take the drawable again (after a resize or a move to a screen of another scale)."""
        if self._sdl is not None:
            self.points = tuple(self._sdl.size)
            self._renderer.set_viewport(None)  # the whole output, in pixels
            pixels = self._renderer.get_viewport().size
            if pixels != self.surface.get_size() or self._texture is None:
                from pygame._sdl2 import video

                self.surface = pygame.Surface(pixels, 0, self._format.get_surface())
                self._texture = video.Texture(self._renderer, pixels, streaming=True)
            self.ratio = pixels[0] / max(1, self.points[0])
        else:
            self._take(pygame.display.get_surface() or self.surface, self.simulated)

    def _take(self, surface: pygame.Surface, ratio: int) -> None:
        self.surface, self.ratio = surface, float(ratio)
        w, h = surface.get_size()
        self.points = (round(w / ratio), round(h / ratio))

    def resize(self, points: Point) -> None:
        """The player resized the window to ``points``: a drawable to match."""
        if self._sdl is not None:
            if tuple(self._sdl.size) != tuple(points):
                self._sdl.size = points
            self.refresh()
        else:
            pixels = self._scaled(points, self.simulated)
            self._take(pygame.display.set_mode(pixels, pygame.RESIZABLE), self.simulated)

    @staticmethod
    def _scaled(points: Point, ratio: float) -> Point:
        return (round(points[0] * ratio), round(points[1] * ratio))

    # ------------------------------------------------------------------ points -> pixels
    def to_pixels(self, pos: tuple[float, float]) -> Point:
        """A position in the window's points as a position on the drawable: every mouse
        position the app reads goes through here (``pixel_event``, ``mouse_pixels``)."""
        return (int(pos[0] * self.ratio), int(pos[1] * self.ratio))

    def pixel_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """``event`` with its mouse position and motion in pixels (itself at ratio 1)."""
        if self.ratio == 1.0 or event.type not in MOUSE_EVENTS:
            return event
        data = dict(event.dict)
        data["pos"] = self.to_pixels(event.pos)
        if "rel" in data:
            data["rel"] = self.to_pixels(event.rel)
        return pygame.event.Event(event.type, data)

    def mouse_pixels(self) -> Point:
        """Where the pointer is, on the drawable."""
        return self.to_pixels(pygame.mouse.get_pos())

    # ------------------------------------------------------------------ the rest
    def flip(self) -> None:
        if self._texture is not None:
            self._texture.update(self.surface)
            self._renderer.blit(self._texture)
            self._renderer.present()
        else:
            pygame.display.flip()

    def set_caption(self, title: str) -> None:
        if self._sdl is not None:
            self._sdl.title = title
        else:
            pygame.display.set_caption(title)

    def set_icon(self, icon: pygame.Surface) -> None:
        if self._sdl is not None:
            self._sdl.set_icon(icon)
        else:
            pygame.display.set_icon(icon)

    def native_handle(self) -> int | None:
        """The system's handle of the window (Windows asks it for the screen's DPI)."""
        if self._sdl is not None:
            return int(self._sdl.handle) or None
        handle = pygame.display.get_wm_info().get("window")
        return int(handle) if handle else None
