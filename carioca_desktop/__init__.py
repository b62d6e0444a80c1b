"""The package of the desktop card games Carioca (Chilean contract rummy) and Buraco."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

SOURCE_VERSION = "0.1.0+source"


@cache
def version() -> str:
    """The installed package's version, from its metadata (the METADATA file of its
    dist-info, found on sys.path as importlib.metadata would, without importing it: that
    costs some 10 ms at start-up)."""
    for entry in sys.path:
        try:
            infos = sorted(Path(entry or ".").glob("carioca_desktop-*.dist-info"))
        except OSError:
            continue
        for info in infos:
            found = _metadata_version(info / "METADATA")
            if found:
                return found
    if (Path(__file__).resolve().parent.parent / "pyproject.toml").is_file():
        # Run from a source checkout (no dist-info on sys.path): what the lookup below
        # answers there, without importing importlib.metadata (~25 ms at start-up).
        return SOURCE_VERSION
    from importlib import metadata

    try:
        return metadata.version("carioca-desktop")
    except metadata.PackageNotFoundError:  # a source checkout that was never installed
        return SOURCE_VERSION


def _metadata_version(path: Path) -> str | None:
    try:
        with path.open(encoding="utf-8") as meta:
            for line in meta:
                if line.startswith("Version:"):
                    return line.split(":", 1)[1].strip()
                if not line.strip():  # the headers end at the first blank line
                    break
    except OSError:
        pass
    return None


def __getattr__(name: str) -> str:
    if name == "__version__":
        return version()
    raise AttributeError(f"module 'carioca_desktop' has no attribute {name!r}")
