"""The scale a Linux desktop asks for, which SDL 2 does not give: the X server's ``Xft.dpi``
resource (set by GNOME, KDE, Xfce and ``xrdb``), else the toolkits' ``GDK_SCALE`` and
``QT_SCALE_FACTOR``; 1.0 when none says (96 dpi).

The X resources are read through Xlib with ctypes (``XResourceManagerString``: the string the
server holds, read once at connection), or from ``xrdb -query`` where libX11 cannot be
loaded. Under Wayland SDL's own pixel ratio answers instead (``ui/window.py``); XWayland
desktops set ``Xft.dpi`` for X programs as they do on X11."""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import shutil
import subprocess
from collections.abc import Callable, Mapping

log = logging.getLogger(__name__)

BASE_DPI = 96.0
MAX_SCALE = 4.0  # anything above is a typo in a resource file, not a screen


def parse_xft_dpi(resources: str) -> float | None:
    """The ``Xft.dpi`` value in an X resource string (None if absent or not a number)."""
    for line in resources.splitlines():
        name, sep, value = line.partition(":")
        if sep and name.strip() == "Xft.dpi":
            try:
                dpi = float(value.strip())
            except ValueError:
                log.info("Xft.dpi is not a number: %r", value.strip())
                return None
            return dpi if dpi > 0 else None
    return None


def xlib_resources(display: str) -> str | None:
    """The X server's resource string through libX11 (None without libX11 or a server)."""
    xlib = _load_x11()
    if xlib is None:
        return None
    xlib.XOpenDisplay.argtypes, xlib.XOpenDisplay.restype = [ctypes.c_char_p], ctypes.c_void_p
    xlib.XResourceManagerString.argtypes = [ctypes.c_void_p]
    xlib.XResourceManagerString.restype = ctypes.c_char_p
    xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    handle = xlib.XOpenDisplay(display.encode())
    if not handle:
        return None
    try:
        text = xlib.XResourceManagerString(handle)
        return "" if text is None else text.decode("utf-8", "replace")
    finally:
        xlib.XCloseDisplay(handle)


def _load_x11() -> ctypes.CDLL | None:
    """libX11 by its usual name; ``find_library`` (which runs ldconfig: ~80 ms) only if the
    usual name is not there."""
    try:
        return ctypes.CDLL("libX11.so.6")
    except OSError:
        pass
    name = ctypes.util.find_library("X11")
    try:
        return ctypes.CDLL(name) if name else None
    except OSError:
        return None


def xrdb_resources(display: str) -> str | None:
    """The same string from ``xrdb -query`` (None without xrdb or when it fails)."""
    program = shutil.which("xrdb")
    if program is None:
        return None
    try:
        done = subprocess.run(
            [program, "-query", "-display", display],
            capture_output=True,
            text=True,
            timeout=2,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def env_scale(env: Mapping[str, str]) -> float | None:
    """GDK_SCALE (a whole number), else QT_SCALE_FACTOR (any number)."""
    for name in ("GDK_SCALE", "QT_SCALE_FACTOR"):
        try:
            value = float(env.get(name, ""))
        except ValueError:
            continue
        if value > 0:
            return value
    return None


Reader = Callable[[str], str | None]


def linux_scale(
    env: Mapping[str, str],
    readers: tuple[Reader, ...] = (xlib_resources, xrdb_resources),
) -> tuple[float, str]:
    """The desktop's scale (1.0 to MAX_SCALE) and where it came from, for the log."""
    driver = env.get("SDL_VIDEODRIVER", "").lower()
    if driver in ("dummy", "offscreen"):
        return 1.0, "a headless driver: no desktop"
    display = env.get("DISPLAY", "")
    if display and driver in ("", "x11"):
        for read in readers:
            resources = read(display)
            if resources is None:
                continue  # this way of asking is not there: the next one
            dpi = parse_xft_dpi(resources)
            if dpi is not None:
                return _bounded(dpi / BASE_DPI), f"Xft.dpi {dpi:g}"
            break  # the server answered without an Xft.dpi
    scale = env_scale(env)
    if scale is not None:
        return _bounded(scale), "GDK_SCALE/QT_SCALE_FACTOR"
    return 1.0, "no desktop scale set"


def _bounded(scale: float) -> float:
    return min(MAX_SCALE, max(1.0, scale))
