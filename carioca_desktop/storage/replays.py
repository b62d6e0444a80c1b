"""The kept matches: one match file a finished match in ``replays/`` beside the statistics,
bounded (the newest MAX_MATCHES or MAX_BYTES, oldest pruned first, a starred match never),
each written once and atomically, and checked by replaying it when it is read."""

from __future__ import annotations

import contextlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

from carioca_desktop.storage.atomic import atomic_write_bytes
from carioca_desktop.storage.jsonio import dump, parse_object, read_capped
from carioca_desktop.storage.match_file import MatchFile, MatchFileError, dump_match
from carioca_desktop.storage.match_file import read_match_file as _read
from carioca_desktop.storage.notices import FileProblem
from carioca_desktop.storage.paths import Paths, default_paths
from carioca_desktop.storage.records import match_id_from
from carioca_desktop.storage.replay_check import Replayed, replay

log = logging.getLogger(__name__)

MAX_MATCHES = 500
MAX_BYTES = 20 * 1024 * 1024
STARS = "stars.json"
ASIDE = "aside"
_SUFFIX = ".json"


@dataclass(frozen=True)
class Kept:
    """One kept match file, known by its name: ``<finish stamp>-<match id>.json``."""

    path: Path
    stamp: str
    match_id: str
    size: int
    starred: bool


def replays_dir(paths: Paths | None = None) -> Path:
    return (paths or default_paths()).stats_file.parent / "replays"


def _name(match: MatchFile) -> str:
    return f"{match.stamp()}-{match.match_id}{_SUFFIX}"


def keep_match(match: MatchFile, paths: Paths | None = None) -> Path:
    """Write the match's file unless one for its match id is kept already (a match finished,
    killed before its save was cleared, and recorded again from Continue is kept once);
    then prune. Raises OSError when the disk refuses."""
    folder = replays_dir(paths)
    for kept in list_kept(paths):
        if kept.match_id == match.match_id:
            return kept.path
    target = folder / _name(match)
    atomic_write_bytes(target, dump_match(match))
    from carioca_desktop.storage.replay_index import add_header

    add_header(match, paths)
    prune(paths)
    return target


def list_kept(paths: Paths | None = None) -> list[Kept]:
    """The kept match files, newest first (a name that is not a match file's is skipped)."""
    folder = replays_dir(paths)
    stars = starred(paths)
    out: list[Kept] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        parsed = _parse_name(entry.name)
        if parsed is None or not entry.is_file(follow_symlinks=False):
            continue
        stamp, match_id = parsed
        with contextlib.suppress(OSError):
            size = entry.stat(follow_symlinks=False).st_size
            out.append(Kept(Path(entry.path), stamp, match_id, size, match_id in stars))
    out.sort(key=lambda k: (k.stamp, k.match_id), reverse=True)
    return out


def _parse_name(name: str) -> tuple[str, str] | None:
    if not name.endswith(_SUFFIX) or name in (STARS, "index.json") or name.startswith("."):
        return None
    stamp, _, match_id = name[: -len(_SUFFIX)].partition("-")
    if not stamp.isdigit() or not match_id:
        return None
    try:
        checked = match_id_from(match_id)
    except FileProblem:
        return None
    return (stamp, checked) if checked else None


def prune(
    paths: Paths | None = None, max_matches: int | None = None, max_bytes: int | None = None
) -> list[Path]:
    """Delete the oldest unstarred files until at most ``max_matches`` files and
    ``max_bytes`` remain (starred ones count, and stay); returns what was deleted."""
    max_matches = MAX_MATCHES if max_matches is None else max_matches
    max_bytes = MAX_BYTES if max_bytes is None else max_bytes
    kept = list_kept(paths)
    count, total = len(kept), sum(k.size for k in kept)
    removed: list[Path] = []
    for old in reversed(kept):  # oldest first
        if count <= max_matches and total <= max_bytes:
            break
        if old.starred:
            continue
        with contextlib.suppress(FileNotFoundError):
            old.path.unlink()
        removed.append(old.path)
        count, total = count - 1, total - old.size
    return removed


# --------------------------------------------------------------------------- stars
def starred(paths: Paths | None = None) -> set[str]:
    """The starred match ids (an unreadable stars file: none, and it is rewritten later)."""
    try:
        data = parse_object(read_capped(replays_dir(paths) / STARS, 256 * 1024))
    except (OSError, FileProblem):
        return set()
    ids = data.get("starred")
    if not isinstance(ids, list):
        return set()
    return {i for i in ids if isinstance(i, str) and _valid_id(i)}


def _valid_id(text: str) -> bool:
    try:
        return match_id_from(text) is not None
    except FileProblem:
        return False


def set_starred(match_id: str, on: bool, paths: Paths | None = None) -> None:
    """Star (never pruned) or unstar a match; raises OSError when the disk refuses."""
    ids = starred(paths)
    ids = ids | {match_id} if on else ids - {match_id}
    atomic_write_bytes(replays_dir(paths) / STARS, dump({"starred": sorted(ids)}))


def delete_kept(match_id: str, paths: Paths | None = None) -> bool:
    """Delete a kept match (and its star); whether there was one."""
    found = False
    for kept in list_kept(paths):
        if kept.match_id == match_id:
            with contextlib.suppress(FileNotFoundError):
                kept.path.unlink()
            found = True
    if match_id in starred(paths):
        set_starred(match_id, False, paths)
    return found


# --------------------------------------------------------------------------- reading
def open_kept(kept: Kept, paths: Paths | None = None) -> Replayed:
    """Read and replay a kept match; one that fails is moved to ``replays/aside/`` with a
    ``.reason.txt`` beside it and MatchFileError is raised (a screen shows the reason)."""
    try:
        return replay(_read(kept.path))
    except MatchFileError as err:
        _set_aside(kept.path, err.reason)
        raise


def _set_aside(path: Path, reason: str) -> None:
    aside = path.parent / ASIDE
    try:
        aside.mkdir(parents=True, exist_ok=True)
        os.replace(path, aside / path.name)
        (aside / f"{path.name}.reason.txt").write_text(reason + "\n", encoding="utf-8")
    except OSError as err:
        log.warning("could not set aside %s: %s", path.name, err)
