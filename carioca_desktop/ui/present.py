"""How frames reach the screen: SDL's OpenGL-texture framebuffer or the window system's own.

On X11, SDL presents the window through an OpenGL texture unless told otherwise. Without a
GPU (Xvfb, virtual machines, remote desktops) that OpenGL is Mesa's software renderer: about
7.5 ms a full-window flip here, against 0.4 ms through X11's own shared-memory framebuffer
(``SDL_FRAMEBUFFER_ACCELERATION=0``), which also starts ~90 ms sooner and uses ~100 MB less.
Windows already uses its own framebuffer (GDI) and macOS and Wayland have no choice, so the
choice only matters on X11. It must be made before the display is created.

``CARIOCA_FRAMEBUFFER=accelerated|software|auto`` (default auto) overrides; an
``SDL_FRAMEBUFFER_ACCELERATION`` the player set is respected as it is.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import MutableMapping

log = logging.getLogger(__name__)

ENV = "CARIOCA_FRAMEBUFFER"
HINT = "SDL_FRAMEBUFFER_ACCELERATION"
CHOICES = ("auto", "accelerated", "software")


def choose_framebuffer(environ: MutableMapping[str, str] | None = None) -> str:
    """Set SDL's framebuffer hint for this run; returns what was chosen and why."""
    env = os.environ if environ is None else environ
    wish = env.get(ENV, "auto").strip().lower() or "auto"
    if wish not in CHOICES:
        log.warning("%s=%r is not one of %s; using auto", ENV, wish, ", ".join(CHOICES))
        wish = "auto"
    if wish == "software":
        env[HINT] = "0"
        return "software (CARIOCA_FRAMEBUFFER)"
    if wish == "accelerated":
        env[HINT] = "1"
        return "accelerated (CARIOCA_FRAMEBUFFER)"
    if HINT in env:
        return f"{HINT}={env[HINT]} (set by the player)"
    reason = software_gl_reason(env)
    if reason is not None:
        env[HINT] = "0"
        return f"software ({reason})"
    return "SDL's default"


def software_gl_reason(env: MutableMapping[str, str]) -> str | None:
    """Why OpenGL on this X11 display would be software-rendered, or None if it need not be."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return None
    driver = env.get("SDL_VIDEODRIVER", "").lower()
    if driver not in ("", "x11") or (driver == "" and not env.get("DISPLAY")):
        return None  # not X11 (Wayland, dummy, KMS): the hint changes nothing there
    if env.get("LIBGL_ALWAYS_SOFTWARE", "") not in ("", "0", "false"):
        return "LIBGL_ALWAYS_SOFTWARE"
    if env.get("GALLIUM_DRIVER", "").lower() in ("llvmpipe", "softpipe", "swr"):
        return "GALLIUM_DRIVER"
    import glob  # only on X11: the module costs ~0.5 ms of every start elsewhere

    nodes = glob.glob("/dev/dri/renderD*") + glob.glob("/dev/dri/card*")
    if not any(os.access(n, os.R_OK | os.W_OK) for n in nodes):
        return "no usable GPU device in /dev/dri"
    return None
