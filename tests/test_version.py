"""The version shown in the title and by --version comes from the package metadata."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_version_is_the_package_metadata(tmp_path: Path) -> None:
    """The fast METADATA reader agrees with importlib.metadata, and finds a dist-info on
    sys.path as importlib.metadata would."""
    from importlib import metadata

    import carioca_desktop

    carioca_desktop.version.cache_clear()
    assert carioca_desktop.version() == metadata.version("carioca-desktop")
    info = tmp_path / "carioca_desktop-9.8.7.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: carioca-desktop\nVersion: 9.8.7\n\nVersion: 0\n",
        encoding="utf-8",
    )
    sys.path.insert(0, str(tmp_path))
    try:
        carioca_desktop.version.cache_clear()
        assert carioca_desktop.version() == "9.8.7"
    finally:
        sys.path.remove(str(tmp_path))
        carioca_desktop.version.cache_clear()


def test_command_line_version() -> None:
    import carioca_desktop

    out = subprocess.run(
        [sys.executable, "-m", "carioca_desktop", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0
    assert carioca_desktop.version() in out.stdout


def test_window_title_shows_the_version_after_the_first_frame(tmp_path: Path) -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    import carioca_desktop
    from carioca_desktop.storage import Paths
    from carioca_desktop.ui.app import App
    from carioca_desktop.ui.scenes.menu import MenuScene

    app = App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)
    app.push(MenuScene(app))
    for _ in range(3):
        app.frame(0.016)
    assert pygame.display.get_caption()[0] == f"Carioca {carioca_desktop.version()}"


def test_help_names_simulate_and_the_end_screenshot() -> None:
    from carioca_desktop.__main__ import play_parser

    text = play_parser().format_help()
    assert "carioca simulate --players K --bots" in text
    assert "shot-end.png" in " ".join(text.split())  # --screenshot also writes PATH-end
