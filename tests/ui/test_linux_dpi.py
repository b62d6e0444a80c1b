"""A Linux desktop's scale: ``Xft.dpi`` from the X server's resources (Xlib, else xrdb), then
GDK_SCALE and QT_SCALE_FACTOR, fed to the automatic UI scale (the player's choice still wins).
The last tests start a real Xvfb server with and without ``Xft.dpi: 192``, set as
``xrdb -merge`` sets it (the root window's RESOURCE_MANAGER property; through Xlib here, so
xrdb itself need not be installed)."""

from __future__ import annotations

import ctypes.util
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from carioca_desktop.ui.linuxdpi import env_scale, linux_scale, parse_xft_dpi

X11 = {"DISPLAY": ":7"}


def test_the_xft_dpi_line_is_found_among_the_resources() -> None:
    text = "Xcursor.size:\t24\nXft.antialias:\t1\nXft.dpi:\t192\nXft.hinting:\t1\n"
    assert parse_xft_dpi(text) == 192.0
    assert parse_xft_dpi("Xft.dpi: 120.5") == 120.5
    assert parse_xft_dpi("") is None
    assert parse_xft_dpi("Xft.dpi:\tlarge\n") is None  # not a number: no scale, no crash
    assert parse_xft_dpi("Xft.dpi:\t-96\n") is None
    assert parse_xft_dpi("XTerm*Xft.dpi: 192\n") is None  # another program's setting


def test_the_x_resources_come_first_then_the_toolkits_variables() -> None:
    def resources(text: str | None) -> Callable[[str], str | None]:
        return lambda display: text

    with_dpi = (resources("Xft.dpi:\t192\n"),)
    assert linux_scale({**X11, "GDK_SCALE": "3"}, with_dpi) == (2.0, "Xft.dpi 192")
    without = (resources("Xcursor.size:\t24\n"),)
    assert linux_scale({**X11, "GDK_SCALE": "2"}, without)[0] == 2.0
    assert linux_scale({**X11, "QT_SCALE_FACTOR": "1.5"}, without)[0] == 1.5
    assert linux_scale(X11, without) == (1.0, "no desktop scale set")
    # No Xlib (None): xrdb is asked next, as the second reader.
    assert linux_scale(X11, (resources(None), resources("Xft.dpi: 144")))[0] == 1.5
    assert linux_scale({}, with_dpi)[0] == 1.0  # no X display: nothing to ask
    assert linux_scale({**X11, "SDL_VIDEODRIVER": "dummy"}, with_dpi)[0] == 1.0
    assert linux_scale({"GDK_SCALE": "2", "SDL_VIDEODRIVER": "offscreen"}, ())[0] == 1.0
    # Never below 1.0 nor above 4.0, whatever a resource file says.
    assert linux_scale(X11, (resources("Xft.dpi: 48"),))[0] == 1.0
    assert linux_scale(X11, (resources("Xft.dpi: 9600"),))[0] == 4.0


def test_bad_toolkit_variables_are_ignored() -> None:
    assert env_scale({"GDK_SCALE": "two", "QT_SCALE_FACTOR": "1.25"}) == 1.25
    assert env_scale({"GDK_SCALE": "0", "QT_SCALE_FACTOR": "-1"}) is None


PROBE = """
import ctypes, ctypes.util, os, sys, tempfile
from pathlib import Path
from carioca_desktop.storage import Paths
RESOURCES = sys.argv[1].encode()
if RESOURCES:  # what `xrdb -merge` does: the root window's RESOURCE_MANAGER string
    x = ctypes.CDLL(ctypes.util.find_library("X11"))
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XOpenDisplay.argtypes = [ctypes.c_char_p]
    for name in ("XDefaultRootWindow", "XInternAtom"):
        getattr(x, name).restype = ctypes.c_ulong
    x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x.XChangeProperty.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong,
        ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.c_int]
    x.XCloseDisplay.argtypes = [ctypes.c_void_p]
    d = x.XOpenDisplay(None)
    atom = x.XInternAtom(d, b"RESOURCE_MANAGER", 0)
    x.XChangeProperty(d, x.XDefaultRootWindow(d), atom, 31, 8, 0, RESOURCES, len(RESOURCES))
    x.XFlush.argtypes = [ctypes.c_void_p]
    x.XFlush(d)  # kept open: Xvfb resets its properties when its last client leaves
from carioca_desktop.ui import dpi
from carioca_desktop.ui.app import App
app = App(paths=Paths.under(Path(tempfile.mkdtemp())), fast=True)
print(dpi.system_scale(), app.window.points, app.ui_scale)
"""


def under_xvfb(tmp_path: Path, resources: str | None) -> list[str]:
    """system_scale, the first window and its automatic UI scale, on a 1366x768 Xvfb."""
    script = tmp_path / "probe.py"
    script.write_text(PROBE)
    done = subprocess.run(
        ["xvfb-run", "-a", "-s", "-screen 0 1366x768x24", sys.executable, str(script),
         resources or ""],
        capture_output=True, text=True, timeout=120, check=True,
        env={"PATH": "/usr/bin:/bin", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(Path.cwd()),
             "CARIOCA_HOME": str(tmp_path), "CARIOCA_DISCOVERY": "127.0.0.1"},
    )  # fmt: skip
    return done.stdout.split("\n")[-2].split(" ", 1)


needs_xvfb = pytest.mark.skipif(
    not (shutil.which("xvfb-run") and ctypes.util.find_library("X11")), reason="no Xvfb here"
)


@needs_xvfb
def test_xft_dpi_192_on_a_real_x_server_makes_the_ui_scale_2(tmp_path: Path) -> None:
    scale, rest = under_xvfb(tmp_path, "Xft.dpi:\t192\nXcursor.size:\t48\n")
    assert float(scale) == 2.0
    assert rest == "(1326, 658) 2.0"  # the first window on a 1366x768 desktop, at 200 %


@needs_xvfb
def test_no_resource_on_a_real_x_server_leaves_the_ui_scale_1(tmp_path: Path) -> None:
    scale, rest = under_xvfb(tmp_path, None)
    assert float(scale) == 1.0
    assert rest == "(1326, 658) 1.0"


def test_the_scale_is_read_once_and_again_on_another_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame

    from carioca_desktop.storage import Paths
    from carioca_desktop.ui import dpi, linuxdpi
    from carioca_desktop.ui.app import App

    if not sys.platform.startswith("linux"):
        pytest.skip("the X resources and GDK_SCALE are Linux's")
    screen = {"scale": 2.0}
    reads: list[float] = []

    def desktop(env: object) -> tuple[float, str]:
        reads.append(screen["scale"])
        return screen["scale"], "this test's screen"

    monkeypatch.setattr(linuxdpi, "linux_scale", desktop)
    dpi.forget_system_scale()
    try:
        app = App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)
        assert app.ui_scale == 2.0  # 1280x720 at 200 %
        screen["scale"] = 1.0
        app.process(pygame.event.Event(pygame.WINDOWMOVED, x=10, y=10))
        assert dpi.system_scale() == 2.0 and reads == [2.0]  # a move reads nothing again
        app.process(pygame.event.Event(pygame.WINDOWDISPLAYCHANGED, display_index=1))
        app.frame(0.0)
        assert dpi.system_scale() == 1.0 and app.ui_scale == 1.0  # the other screen's
    finally:
        dpi.forget_system_scale()
