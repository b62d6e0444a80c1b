"""Carioca, the Chilean contract rummy, as a desktop card game."""

from __future__ import annotations

from functools import cache


@cache
def version() -> str:
    """The installed package's version, from its metadata. Looked up on first use: importing
    importlib.metadata costs tens of milliseconds that start-up does not need to pay."""
    from importlib import metadata

    try:
        return metadata.version("carioca-desktop")
    except metadata.PackageNotFoundError:  # a source checkout that was never installed
        return "0.1.0+source"


def __getattr__(name: str) -> str:
    if name == "__version__":
        return version()
    raise AttributeError(f"module 'carioca_desktop' has no attribute {name!r}")
