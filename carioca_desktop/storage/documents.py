"""Whole storage files: read with caps and versions, set bad ones aside, never clobber newer."""

from __future__ import annotations

import contextlib
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

from carioca_desktop.storage.atomic import atomic_write_bytes
from carioca_desktop.storage.jsonio import dump, parse_object, read_capped
from carioca_desktop.storage.migrations import CURRENT, migrate, schema_version
from carioca_desktop.storage.notices import FileKind, FileProblem, Notice

log = logging.getLogger(__name__)

_KIB = 1024
_MIB = 1024 * _KIB
# Anything larger is refused unread. Stats hold up to 10,000 matches of about 1 KB each.
CAPS: dict[FileKind, int] = {"settings": 256 * _KIB, "save": 8 * _MIB, "stats": 16 * _MIB}

# Files this run must not write or delete: written by a newer program, or unreadable (a file
# we could not read may still be good, so replacing it could lose the player's data).
_blocked: set[str] = set()
# Files whose content this run has already looked at; a first write looks before it leaps.
_seen: set[str] = set()


@dataclass(frozen=True)
class Loaded:
    """A file's document, brought up to the current version, and the bytes it came from."""

    data: dict[str, object]
    raw: bytes


def load_document(kind: FileKind, path: Path) -> tuple[Loaded | None, list[Notice]]:
    """Read a file of one kind; None (and a notice unless it is simply missing) if unusable."""
    key = os.path.abspath(path)
    _seen.add(key)
    try:
        raw = read_capped(path, CAPS[kind])
    except (FileNotFoundError, NotADirectoryError):
        # No file (NotADirectoryError: a file is where its folder should be, so no file of
        # ours can be there to protect; writing will fail and say so).
        return None, []
    except FileProblem as problem:
        return None, [set_aside(kind, path, problem)]
    except OSError as exc:
        _blocked.add(key)
        return None, [_logged(Notice(kind, "corrupt", f"cannot read {path.name}: {exc}"))]
    try:
        data = _current_document(kind, raw)
    except FileProblem as problem:
        if problem.problem == "newer_version":
            _blocked.add(key)
            return None, [_logged(problem.notice(kind))]
        return None, [set_aside(kind, path, problem)]
    return Loaded(data, raw), []


def _current_document(kind: FileKind, raw: bytes) -> dict[str, object]:
    data = parse_object(raw)
    version = schema_version(data)
    if version > CURRENT[kind]:
        raise FileProblem(
            "newer_version",
            f"{kind} file is version {version}; this program reads up to {CURRENT[kind]}",
        )
    return migrate(kind, data, version)


def set_aside(kind: FileKind, path: Path, problem: FileProblem) -> Notice:
    """Rename an unusable file to ``<name>.corrupt-<stamp>`` so the game can start afresh."""
    try:
        target = corrupt_name(path)
        os.rename(path, target)
    except OSError as exc:
        # It stays where it is; do not overwrite what could not be moved out of the way.
        _blocked.add(os.path.abspath(path))
        log.warning("could not set %s aside: %s", path, exc)
        return _logged(problem.notice(kind))
    return _logged(problem.notice(kind, str(target)))


def repair(
    kind: FileKind,
    path: Path,
    loaded: Loaded,
    fixed: dict[str, object],
    problems: list[FileProblem],
    *,
    pretty: bool = False,
) -> list[Notice]:
    """Keep a copy of the original bytes aside, then write the repaired document in place."""
    try:
        copy = corrupt_name(path)
        atomic_write_bytes(copy, loaded.raw)
    except OSError as exc:
        _blocked.add(os.path.abspath(path))
        log.warning("could not keep a copy of %s, leaving it as it is: %s", path, exc)
        return [_logged(p.notice(kind)) for p in problems]
    try:
        write_document(kind, path, fixed, pretty=pretty)
    except OSError as exc:
        log.warning("could not write repaired %s: %s", path, exc)
    return [_logged(p.notice(kind, str(copy))) for p in problems]


def corrupt_name(path: Path) -> Path:
    """A free name ``<name>.corrupt-YYYYmmdd-HHMMSS``, with ``-2``, ``-3``... if taken."""
    stem = f"{path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}"
    candidate = path.with_name(stem)
    counter = 2
    while candidate.exists():
        candidate = path.with_name(f"{stem}-{counter}")
        counter += 1
    return candidate


def write_document(
    kind: FileKind, path: Path, doc: dict[str, object], *, pretty: bool = False
) -> bool:
    """Atomically write a document; False (nothing written) if this file is protected.

    Raises ValueError for a document the loader would refuse as too large, OSError when the
    disk refuses.
    """
    return write_encoded(kind, path, encode(kind, doc, pretty=pretty))


def encode(kind: FileKind, doc: dict[str, object], *, pretty: bool = False) -> bytes:
    """The bytes of a document; ValueError if the loader would refuse them as too large."""
    data = dump(doc, pretty=pretty)
    if len(data) > CAPS[kind]:
        raise ValueError(f"{kind} document of {len(data)} bytes exceeds {CAPS[kind]}")
    return data


def write_encoded(kind: FileKind, path: Path, data: bytes) -> bool:
    """Atomically write bytes from ``encode``; False if this file is protected."""
    if not may_write(kind, path):
        return False
    atomic_write_bytes(path, data)
    return True


def remove_document(kind: FileKind, path: Path) -> bool:
    """Delete a file unless it is protected; True if it is gone."""
    if not may_write(kind, path):
        return False
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
    return True


def protect(path: Path) -> None:
    """Never write or delete ``path`` this run (a newer program's file, found so by what it
    holds rather than by its schema)."""
    _blocked.add(os.path.abspath(path))
    log.warning("%s was written by a newer version: left untouched", path)


def may_write(kind: FileKind, path: Path) -> bool:
    """Whether writing ``path`` this run can destroy nothing we are bound to keep."""
    key = os.path.abspath(path)
    if key not in _seen:
        # First write of this file this run, without a load before it: look first, so a
        # newer version is protected and a broken file is set aside rather than lost.
        load_document(kind, path)
    if key in _blocked:
        log.info("not writing %s: protected for this run", path)
        return False
    return True


def _logged(notice: Notice) -> Notice:
    log.warning(
        "%s file: %s (%s)%s",
        notice.file,
        notice.problem,
        notice.detail,
        f", moved to {notice.moved_to}" if notice.moved_to else "",
    )
    return notice
