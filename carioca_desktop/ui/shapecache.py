"""pygame_gui's drawn widget shapes, kept on disk between runs.

pygame_gui draws every button state as a rounded rectangle at four times its size and scales
it down: 2-3 ms a shape, some 30 ms for the menu's seven buttons, at every start. It keeps
the shapes it drew in its theme's shape cache, keyed by everything that shapes them (kind,
size, shadow, borders, colours, corner radii), and reuses them for every later widget of the
same look. This module writes the shapes in that cache to one file after the first frame and
puts them back into a new manager's cache at the next start, so drawing them becomes a copy.

The file's name holds a digest of pygame's version and the size and time of pygame_gui's
shape-drawing sources, so another pygame_gui never sees shapes it did not draw. Anything
unexpected (another pygame_gui without this cache, a torn file) leaves the cache as it is.
"""

from __future__ import annotations

import contextlib
import logging
import os
import struct
import threading
from pathlib import Path
from typing import Any, Final

import pygame
import pygame_gui

from carioca_desktop.ui import picturecache

log = logging.getLogger(__name__)

VERSION = 2  # 2: pixels kept as BGRA (1: RGBA)
MAX_BYTES = 8 * 1024 * 1024
_RECORD = struct.Struct("<HHH")  # id length, width, height; then the id, then the pixels
# ARGB8888 in memory, the format pygame_gui draws its shapes in (a new SRCALPHA surface's):
# read back as RGBA they were another format, converted at every blit of a button's state.
_FORMAT: Final = "BGRA"

_kept: set[str] = set()  # the shape ids the file already holds (read or written this run)


def _cache(manager: pygame_gui.UIManager) -> Any:
    return getattr(manager.get_theme(), "shape_cache", None)


def _file() -> Path | None:
    folder = picturecache.folder()
    if folder is None:
        return None
    shapes = Path(str(pygame_gui.__file__)).parent / "core" / "drawable_shapes"
    stamp = [pygame.version.ver, VERSION]
    with contextlib.suppress(OSError):
        for entry in sorted(os.scandir(shapes), key=lambda e: e.name):
            if entry.name.endswith(".py"):
                info = entry.stat()
                stamp.append(f"{entry.name}:{info.st_size}:{info.st_mtime_ns}")
    return folder / f"shapes-{picturecache.digest(repr(stamp))}.bin"


def preload(manager: pygame_gui.UIManager) -> int:
    """Put the shapes an earlier run kept into ``manager``'s shape cache; how many."""
    cache, path = _cache(manager), _file()
    if cache is None or path is None or not hasattr(cache, "add_surface_to_cache"):
        return 0
    # Read, not mapped like the kept pictures: the shapes live as long as the manager, and on
    # Windows a mapped file cannot be replaced, so new shapes could never be kept.
    try:
        data = memoryview(path.read_bytes())
    except OSError:
        return 0
    shapes: list[tuple[str, pygame.Surface]] = []
    at = 0
    try:
        while at < len(data):
            length, width, height = _RECORD.unpack_from(data, at)
            at += _RECORD.size
            shape_id = bytes(data[at : at + length]).decode("utf-8")
            at += length
            size = width * height * 4
            pixels = bytearray(data[at : at + size])  # mutable: its own copy of the bytes
            at += size
            if len(pixels) != size:
                raise ValueError("torn file")
            shapes.append((shape_id, pygame.image.frombuffer(pixels, (width, height), _FORMAT)))
    except (struct.error, UnicodeDecodeError, ValueError) as err:
        log.info("ignoring kept shapes %s: %s", path.name, err)
        return 0
    for shape_id, surface in shapes:
        cache.add_surface_to_cache(surface, shape_id)
        _kept.add(shape_id)
    return len(shapes)


def keep(manager: pygame_gui.UIManager, background: bool = True) -> None:
    """Write the manager's shapes for the next run, if any are new (``background``: on a
    thread of its own; at exit the write must end before the process does)."""
    cache, path = _cache(manager), _file()
    if cache is None or path is None:
        return
    found: dict[str, pygame.Surface] = {}
    with contextlib.suppress(AttributeError, KeyError, TypeError):
        for lookup in (cache.cache_long_term_lookup, cache.cache_short_term_lookup):
            for shape_id, item in lookup.items():
                surface = item.get("surface")
                if isinstance(shape_id, str) and isinstance(surface, pygame.Surface):
                    found[shape_id] = surface
    if not found or set(found) <= _kept:
        return
    chunks, total = [], 0
    for shape_id, surface in sorted(found.items()):
        width, height = surface.get_size()
        name = shape_id.encode("utf-8")
        if len(name) > 0xFFFF or width > 0xFFFF or height > 0xFFFF:
            continue
        record = _RECORD.pack(len(name), width, height) + name
        pixels = pygame.image.tobytes(surface, _FORMAT)
        total += len(record) + len(pixels)
        if total > MAX_BYTES:
            break
        chunks += [record, pixels]
    _kept.update(found)
    data = b"".join(chunks)
    if not background:
        _write(path, data)
        return
    threading.Thread(target=_write, args=(path, data), name="shape-cache", daemon=True).start()


def _write(path: Path, data: bytes) -> None:
    picturecache.write_kept(path, data, "the widget shapes", _drop_others)


def _drop_others(path: Path) -> None:
    for old in path.parent.glob("shapes-*.bin"):  # another pygame_gui's or layout's
        if old != path:
            with contextlib.suppress(OSError):
                old.unlink()


def draw_pending(manager: pygame_gui.UIManager) -> int:
    """Draw now every widget state pygame_gui would draw later, one state a widget a frame
    (hovered, pressed, disabled: ~0.4 ms each): a scene that starts moving at once (the
    table, its first bot move) does it while it opens, not in its first frames. The same
    pictures, drawn earlier; how many states were drawn."""
    drawn = 0
    for element in manager.get_sprite_group().sprites():
        shape = getattr(element, "drawable_shape", None)
        queue = getattr(shape, "states_to_redraw_queue", None)
        while queue:
            shape.redraw_state(queue.popleft())  # type: ignore[union-attr]
            drawn += 1
    return drawn
