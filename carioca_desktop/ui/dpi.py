"""Screens of every density: SDL's DPI hints, the first window's share of a big desktop, and
the automatic UI scale (used while the player has not chosen one).

Everything here but ``set_dpi_hints`` and ``system_scale`` is pure arithmetic, so the size rule
is tested at each desktop without one."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import MutableMapping
from functools import lru_cache

log = logging.getLogger(__name__)

DESIGN = (1600, 900)  # the size every scene is drawn for at scale 1.0
# The first window takes this share of a desktop bigger than the design, so a 4K or 1440p
# screen opens the game at a comfortable size instead of a quarter of the screen.
SHARE = 0.75
UI_SCALES = (0.75, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0)  # the Settings row's choices
# The table's words and panels already grow with the window up to this factor (its UI_MAX):
# the automatic scale makes up the rest of the window's growth.
TABLE_TEXT_MIN, TABLE_TEXT_MAX = 0.85, 1.3

# Set before the display starts (os.environ is where SDL reads hints it was not given in code).
# Windows: per-monitor DPI awareness v2, so Windows never stretches a low-resolution frame;
# DPI_SCALING=0 keeps window sizes and mouse positions in real pixels, as on X11, and the game
# scales its own text from the screen's scale (``system_scale``).
DPI_HINTS = {
    "SDL_WINDOWS_DPI_AWARENESS": "permonitorv2",
    "SDL_WINDOWS_DPI_SCALING": "0",
}


def set_dpi_hints(env: MutableMapping[str, str]) -> None:
    """SDL's high-DPI hints, unless the player set them otherwise."""
    for name, value in DPI_HINTS.items():
        env.setdefault(name, value)


def first_window(desktop: tuple[int, int]) -> tuple[int, int]:
    """The window size before the player ever resized it: the design size, or SHARE of a
    bigger desktop in the design's proportions (the fitting to a small desktop is
    ``desktop.fit_window``'s)."""
    grow = max(1.0, min(SHARE * desktop[0] / DESIGN[0], SHARE * desktop[1] / DESIGN[1]))
    return (round(DESIGN[0] * grow), round(DESIGN[1] * grow))


def window_scale(size: tuple[int, int]) -> float:
    """How much bigger than the design a window is (what the cards grow by)."""
    return min(size[0] / DESIGN[0], size[1] / DESIGN[1])


def snap(value: float) -> float:
    """The Settings choice nearest to ``value``."""
    return min(UI_SCALES, key=lambda choice: (abs(choice - value), choice))


def table_text(scale: float) -> float:
    """How much the table's words grow in a window ``scale`` times the design (its clamp)."""
    return min(TABLE_TEXT_MAX, max(TABLE_TEXT_MIN, scale))


def auto_ui_scale(window: tuple[int, int], system: float = 1.0) -> float:
    """The UI scale while the player has chosen none, never below 1.0 and the larger of:

    - the window's growth beyond what the table's words already take, so words keep their
      share of a big window (1.5 in the 2880×1620 window of a 4K screen);
    - for a screen the system scales (``system`` 1.5: a Windows laptop at 150 %), the words
      as big as Windows' stretching of a DPI-unaware window showed them, drawn sharp: the
      table's words of a window ``system`` times smaller, enlarged ``system`` times. Taking
      ``system`` itself would crowd the table (its words would outgrow its cards by half)."""
    scale = window_scale(window)
    grown = scale / TABLE_TEXT_MAX
    stretched = table_text(scale / system) * system / table_text(scale)
    return snap(max(1.0, grown, stretched))


def screen_growth(window: tuple[int, int], automatic: float) -> float:
    """How much more than the UI scale the menu screens grow in ``window`` (points): the
    window's growth beyond the design that the automatic UI scale leaves to the table's words
    (1.37 in a 3840×2160 window, whose automatic scale is 1.75), never below 1. A menu laid out
    at the UI scale times this is the 1600×900 layout grown with the window, not a 1080p
    layout in the middle of a 4K one; the player's own UI scale still multiplies it."""
    return max(1.0, window_scale(window) / max(automatic, 1e-6))


def system_scale(window_handle: int | None = None) -> float:
    """The display scale the operating system asks for (1.0 = 96 dpi), where it says one.

    Windows, with per-monitor awareness, reports each monitor's DPI; macOS scales its points
    itself (1.0 here: the window's pixel ratio is that scale); Linux says it in the X
    resources or the toolkits' variables (``ui/linuxdpi.py``), read once until
    ``forget_system_scale``."""
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return _unix_scale()
    if sys.platform != "win32":
        return 1.0
    return _windows_scale(window_handle)


@lru_cache(maxsize=1)
def _unix_scale() -> float:
    from carioca_desktop.ui.linuxdpi import linux_scale

    scale, source = linux_scale(os.environ)
    log.info("desktop scale %g (%s)", scale, source)
    return scale


def forget_system_scale() -> None:
    """The window moved to another screen: read the desktop's scale again."""
    _unix_scale.cache_clear()


def _windows_scale(window_handle: int | None) -> float:
    import ctypes

    try:
        user32 = ctypes.windll.user32  # type: ignore[attr-defined,unused-ignore]
        for_window = user32.GetDpiForWindow
        for_window.argtypes, for_window.restype = [ctypes.c_void_p], ctypes.c_uint
        dpi = for_window(window_handle) if window_handle else 0
        dpi = dpi or user32.GetDpiForSystem()
        return max(1.0, float(dpi) / 96.0)
    except (AttributeError, OSError, ctypes.ArgumentError) as err:  # before Windows 10 1607
        log.info("no display scale from Windows: %s", err)
        return 1.0
