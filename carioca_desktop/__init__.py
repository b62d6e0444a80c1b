"""Carioca, the Chilean contract rummy, as a desktop card game."""

from __future__ import annotations

from importlib import metadata


def _version() -> str:
    try:
        return metadata.version("carioca-desktop")
    except metadata.PackageNotFoundError:  # a source checkout that was never installed
        return "0.1.0+source"


__version__ = _version()
