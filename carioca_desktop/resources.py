"""Where the game's assets are: a source checkout, an installed wheel or a PyInstaller bundle."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path


@cache
def assets_dir() -> Path:
    """The folder holding fonts, sounds, theme, translations and icons.

    Looked up in this order, so every way of running the game finds the same files:
    a PyInstaller bundle (``sys._MEIPASS/assets``), an installed package
    (``carioca_desktop/assets``, mapped from the repository's top-level ``assets/`` by
    pyproject.toml), then the source checkout (``<repo>/assets``).
    """
    candidates: list[Path] = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.append(Path(bundle) / "assets")
    here = Path(__file__).resolve().parent
    candidates.append(here / "assets")
    candidates.append(here.parent / "assets")
    for candidate in candidates:
        if (candidate / "fonts").is_dir():
            return candidate
    raise FileNotFoundError(
        "Carioca's assets were not found; looked in: " + ", ".join(str(c) for c in candidates)
    )


def asset(*parts: str) -> Path:
    """Path of one asset file, e.g. ``asset("fonts", "DejaVuSans.ttf")``."""
    return assets_dir().joinpath(*parts)
