"""Crash-safe file replacement: the file on disk is always the old version or the new one."""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from pathlib import Path

# Temp files are named ".<target name>.tmp-<random>": hidden, and recognisable so that the
# leftovers of a writer killed mid-write can be found and removed by the next write.
TEMP_MARK = ".tmp-"

# On Windows a virus scanner or indexer may briefly hold the target open; replacing then fails
# with PermissionError, so retry a few times before giving up.
_REPLACE_TRIES = 5


def temp_prefix(target: Path) -> str:
    return f".{target.name}{TEMP_MARK}"


def atomic_write_bytes(target: Path, data: bytes) -> None:
    """Replace ``target`` by ``data`` so that no instant leaves a torn file; raises OSError.

    Assumes one writer per file (one game running); a second writer of the same file could
    have its temp file cleaned away, which makes its write fail, never tear the file.
    """
    folder = target.parent
    folder.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(target)
    fd, temp_name = tempfile.mkstemp(prefix=temp_prefix(target), dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            # The data must be on disk before the rename makes it the file, or a power cut
            # could leave the new name pointing at empty blocks.
            os.fsync(handle.fileno())
        _replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    _fsync_folder(folder)


def remove_stale_temps(target: Path) -> int:
    """Delete temp files a killed writer of ``target`` left behind; returns how many."""
    prefix = temp_prefix(target)
    removed = 0
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return 0
    for entry in entries:
        if entry.name.startswith(prefix):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(entry.path)
                removed += 1
    return removed


def _replace(source: str, target: Path) -> None:
    for attempt in range(_REPLACE_TRIES):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if os.name != "nt" or attempt == _REPLACE_TRIES - 1:
                raise
            time.sleep(0.02 * (attempt + 1))


def _fsync_folder(folder: Path) -> None:
    # The rename itself lives in the folder; POSIX needs the folder synced to make it durable.
    # Windows cannot open folders this way, and some file systems refuse: both are harmless.
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
