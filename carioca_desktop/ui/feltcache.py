"""The table felt, kept on disk between runs: drawing it at window size costs 35-40 ms at
every start (two full-window smooth scales and alpha blits), reading it back 2-3 ms.

The felt is a pure function of (size, high contrast, this code, pygame's scaler), so the file
name holds all of them; a file of the wrong length is ignored and redrawn. Writes go to a temp
name and are renamed (no fsync: a torn cache file is only redrawn). At most ``KEEP`` felts
are kept, so resizing the window cannot fill the disk.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from pathlib import Path
from typing import Final

import pygame

log = logging.getLogger(__name__)

VERSION = 1  # bump when the felt's drawing changes
KEEP = 4
FORMAT: Final = "RGBX"

_folder: Path | None = None


def set_folder(folder: Path | None) -> None:
    """Where felts are kept (None: nowhere, every felt is drawn)."""
    global _folder
    _folder = folder


def _file(size: tuple[int, int], high_contrast: bool) -> Path | None:
    if _folder is None:
        return None
    pg = pygame.version.ver.replace(".", "_")
    contrast = "hc" if high_contrast else "std"
    return _folder / f"felt-v{VERSION}-pg{pg}-{size[0]}x{size[1]}-{contrast}.rgbx"


def load(size: tuple[int, int], high_contrast: bool) -> pygame.Surface | None:
    """The kept felt of this size, or None."""
    path = _file(size, high_contrast)
    if path is None:
        return None
    data = bytearray(size[0] * size[1] * 4)  # mutable: a surface may be drawn on
    try:
        with path.open("rb") as handle:
            if handle.readinto(data) != len(data) or handle.read(1):
                return None
    except OSError:
        return None
    with contextlib.suppress(OSError):
        os.utime(path)  # recently used: kept longest
    # frombuffer shares the bytes (no copy); the surface keeps them alive.
    return pygame.image.frombuffer(data, size, FORMAT)


def store(size: tuple[int, int], high_contrast: bool, surface: pygame.Surface) -> None:
    """Keep a freshly drawn felt for the next run, writing in the background."""
    path = _file(size, high_contrast)
    if path is None:
        return
    data = pygame.image.tobytes(surface, FORMAT)
    threading.Thread(target=_write, args=(path, data), name="felt-cache", daemon=True).start()


def _write(path: Path, data: bytes) -> None:
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp.write_bytes(data)
        os.replace(temp, path)
        _prune(path.parent)
    except OSError as err:  # a read-only or full disk: the felt is simply drawn next time
        log.info("could not keep the felt: %s", err)
        with contextlib.suppress(OSError):
            temp.unlink()


def _prune(folder: Path) -> None:
    felts = sorted(folder.glob("felt-*.rgbx"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in felts[KEEP:]:
        with contextlib.suppress(OSError):
            old.unlink()
