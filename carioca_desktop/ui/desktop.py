"""The app's window on the desktop, beneath the scenes: its size fitted to the screen, the
pygame-ce check, waiting for input while idle, and the last message when the app fails."""

from __future__ import annotations

import os
import time
from typing import Any

import pygame

from carioca_desktop import i18n
from carioca_desktop.resources import asset
from carioca_desktop.ui.dpi import first_window

IDLE_POLL_MS = 10  # while idle, how often the event queue is looked at
DEFAULT_SIZE = (1600, 900)
MIN_SIZE = (960, 600)
HEADLESS_MAX = (4096, 4096)
# Kept free of a desktop's height for the window's title bar and a taskbar (and its width,
# for the window's frame), so a laptop at 1366×768 or 1280×720 sees the whole window.
DESKTOP_RESERVE = (40, 110)


def fit_window(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """``size``, made smaller where it would not fit ``desktop`` with the title bar and the
    taskbar in view (but never below MIN_SIZE while the desktop holds that). With no desktop
    to ask (a headless driver) a size is still kept between MIN_SIZE and HEADLESS_MAX: a
    settings file saying 16384 × 16384 must not cost gigabytes of window."""
    if desktop is None:
        return (
            min(max(size[0], MIN_SIZE[0]), HEADLESS_MAX[0]),
            min(max(size[1], MIN_SIZE[1]), HEADLESS_MAX[1]),
        )
    room = (desktop[0] - DESKTOP_RESERVE[0], desktop[1] - DESKTOP_RESERVE[1])
    return (
        max(min(size[0], room[0]), min(MIN_SIZE[0], desktop[0])),
        max(min(size[1], room[1]), min(MIN_SIZE[1], desktop[1])),
    )


def desktop_size() -> tuple[int, int] | None:
    """The primary desktop's size; None under a headless driver, which has no desktop."""
    if pygame.display.get_driver() in ("dummy", "offscreen"):
        return None
    sizes = pygame.display.get_desktop_sizes()
    return tuple(sizes[0]) if sizes else None  # type: ignore[return-value]


def window_size(saved: tuple[int, int] | None) -> tuple[int, int]:
    """The window's size: the one the player left it at, else the first window's share of the
    desktop (``dpi.first_window``), either fitted to the desktop (a saved size may come from
    a bigger monitor)."""
    desktop = desktop_size()
    return fit_window(saved or first_size(desktop), desktop)


def first_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window before the player resized it: DEFAULT_SIZE, or a share of a big desktop."""
    return DEFAULT_SIZE if desktop is None else first_window(desktop)


def open_display(size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
    """The window, or the desktop's full screen: pygame-ce takes (0, 0) with FULLSCREEN as
    SDL's desktop full screen, a borderless window over the desktop with no mode change."""
    if fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    return pygame.display.set_mode(size, pygame.RESIZABLE)


def check_pygame_ce() -> None:
    """Plain pygame installed beside pygame-ce silently shadows it and breaks pygame_gui."""
    if not getattr(pygame, "IS_CE", False):
        raise RuntimeError(
            "Carioca needs pygame-ce, but plain pygame is installed and shadows it: "
            "run `pip uninstall pygame pygame-ce` and then `pip install pygame-ce`."
        )


def wait_for_events(timeout_ms: int) -> list[pygame.event.Event]:
    """The events that come within ``timeout_ms`` (an empty list if none do).

    pygame's own ``event.wait(timeout)`` looks at SDL's queue every millisecond: about 2 % of
    a core on this machine with nothing happening, under X11 and the dummy driver alike.
    Sleeping ``IDLE_POLL_MS`` between looks costs about 0.7 % and answers input within that
    much, less than the frame the 60 Hz loop would take anyway."""
    deadline = time.perf_counter() + timeout_ms / 1000
    while True:
        events = pygame.event.get()
        if events or time.perf_counter() >= deadline:
            return events
        time.sleep(IDLE_POLL_MS / 1000)


def show_crash(window: Any, report: Any) -> None:
    """A last message in the window (an ``AppWindow``), when there is one, so the game never
    just vanishes."""
    if window is None or os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return
    try:
        screen, r = window.surface, window.ratio  # pixels per point: as big on a Retina
        font = pygame.font.Font(str(asset("fonts", "DejaVuSans.ttf")), round(20 * r))
        screen.fill((12, 42, 28))
        lines = [
            i18n.tr("crash.title"),
            i18n.tr("crash.report", path=str(report)),
            i18n.tr("crash.close"),
        ]
        for k, line in enumerate(lines):
            screen.blit(font.render(line, True, (246, 240, 226)), (40 * r, (40 + 34 * k) * r))
        window.flip()
        deadline = pygame.time.get_ticks() + 15000
        while pygame.time.get_ticks() < deadline:
            event = pygame.event.wait(250)
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                break
    except pygame.error:
        pass
