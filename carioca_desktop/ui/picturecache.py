"""Pictures kept on disk between runs: what the first frame would otherwise draw at every
start. The felt at window size costs 35-40 ms to draw (two full-window smooth scales and
alpha blits) and under 1 ms to map back from its file; the menu's fan of cards ~25 ms.

A picture is a pure function of its key and of the code that draws it, so the file name is a
digest of the key, this module's ``VERSION``, pygame's version (its scalers) and the size and
time of the drawing modules' source files: a changed drawing makes new files, never shows an
old one. A file of the wrong length is ignored and drawn again. Writes go to a temp name and
are renamed, in the background (no fsync: a torn file is only drawn again), so a file in
use (mapped by a surface) is never changed in place. The newest ``KEEP`` pictures are kept,
so resizing the window cannot fill the disk (on Windows a picture still in use is removed at a
later pruning).
"""

from __future__ import annotations

import contextlib
import logging
import mmap
import os
import struct
import threading
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Final

import pygame

log = logging.getLogger(__name__)

VERSION = 1  # bump when the file layout changes
KEEP = 8
_HEADER = struct.Struct("<II")  # width, height
_OPAQUE: Final = "RGBX"
_ALPHA: Final = "BGRA"  # ARGB8888 in memory: the usual display format, so blits need no convert

_folder: Path | None = None


def set_folder(folder: Path | None) -> None:
    """Where pictures are kept (None: nowhere, every picture is drawn)."""
    global _folder
    _folder = folder


def folder() -> Path | None:
    return _folder


def digest(text: str) -> str:
    """20 hex digits naming ``text`` in a file name: two 32-bit checksums of it, forwards and
    backwards, and its length. Not a cryptographic hash (nothing here is secret or hostile, and
    a wrong-length file is drawn again): hashlib would load OpenSSL, ~2.5 ms of every start."""
    data = text.encode("utf-8")
    forwards, backwards = zlib.crc32(data), zlib.adler32(data[::-1])
    return f"{forwards:08x}{backwards:08x}{len(data) & 0xFFFF:04x}"


def _code_stamp(sources: Sequence[ModuleType] = ()) -> str:
    # The drawing modules' files, found beside this one without importing them (a kept
    # picture spares the start-up loading cardart at all).
    here = Path(__file__).parent
    files = sorted((here / "cardart").glob("*.py"))
    files += [here / "drawing.py", here / "widgets.py"]
    files += [Path(str(module.__file__)) for module in sources]
    parts = []
    for file in files:
        try:
            info = os.stat(file)
            parts.append(f"{info.st_size}:{info.st_mtime_ns}")
        except OSError:
            parts.append("?")
    return ",".join(parts)


def _file(name: str, key: object, sources: Sequence[ModuleType] = ()) -> Path | None:
    if _folder is None:
        return None
    text = repr((VERSION, pygame.version.ver, _code_stamp(sources), name, key))
    return _folder / f"{name}-{digest(text)}.px"


def kept(
    name: str,
    key: object,
    draw: Callable[[], pygame.Surface],
    alpha: bool = False,
    sources: Sequence[ModuleType] = (),
) -> pygame.Surface:
    """The picture ``draw()`` makes for ``key``: read back if kept, else drawn and kept.

    ``alpha``: the picture has per-pixel alpha (kept as straight RGBA), else it is opaque.
    ``sources``: modules whose code draws it besides cardart and widgets (a change to their
    source files makes a new file). The picture returned is the caller's to draw on.
    """
    path = _file(name, key, sources)
    if path is not None:
        found = _load(path, alpha)
        if found is not None:
            return found
    surface = draw()
    if path is not None:
        data = _HEADER.pack(*surface.get_size()) + pygame.image.tobytes(
            surface, _ALPHA if alpha else _OPAQUE
        )
        threading.Thread(
            target=_write, args=(path, data), name="picture-cache", daemon=True
        ).start()
    return surface


def _load(path: Path, alpha: bool) -> pygame.Surface | None:
    """The kept picture, mapped from the file rather than read into new memory: reading a
    window-sized picture (5.8 MB) cost 3-17 ms of the first frame on a loaded machine, most
    of it faulting in fresh pages, against under 1 ms to map it and blit it once. The mapping
    is private (copy on write): drawing on the surface never reaches the file. Files are only
    ever replaced whole (written aside and renamed) or removed, so a mapped one never shrinks
    under the surface."""
    try:
        with path.open("rb") as handle:
            pixels = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_COPY)
    except (OSError, ValueError):  # ValueError: an empty file cannot be mapped
        return None
    if len(pixels) < _HEADER.size:
        return None
    size = _HEADER.unpack_from(pixels)
    if len(pixels) != _HEADER.size + size[0] * size[1] * 4:
        return None
    with contextlib.suppress(OSError):
        os.utime(path)  # recently used: kept longest
    # frombuffer shares the mapped bytes (no copy); the surface keeps them alive.
    data = memoryview(pixels)[_HEADER.size :]
    return pygame.image.frombuffer(data, size, _ALPHA if alpha else _OPAQUE)


def _write(path: Path, data: bytes) -> None:
    write_kept(path, data, path.name, lambda kept: _prune(kept.parent))


def write_kept(path: Path, data: bytes, what: str, tidy: Callable[[Path], None]) -> None:
    """``data`` into ``path`` through a temporary file (a reader never sees half of it),
    then ``tidy(path)`` (what it replaces goes). A read-only or full disk is logged, never
    raised: what is not kept is simply drawn again next time."""
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp.write_bytes(data)
        os.replace(temp, path)
        tidy(path)
    except OSError as err:
        log.info("could not keep %s: %s", what, err)
        with contextlib.suppress(OSError):
            temp.unlink()


def _prune(folder: Path) -> None:
    def age(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0

    pictures = sorted(folder.glob("*.px"), key=age, reverse=True)
    for old in pictures[KEEP:]:
        with contextlib.suppress(OSError):
            old.unlink()
