"""The autosave (saves/autosave.json): the match in progress, written after every action."""

from __future__ import annotations

import errno
import logging
import os
from collections.abc import Callable, Mapping
from datetime import datetime, timezone
from pathlib import Path

import carioca_desktop
from carioca_desktop.storage import fields as f
from carioca_desktop.storage.autosaver import discard_pending, flush_pending
from carioca_desktop.storage.documents import (
    Loaded,
    load_document,
    may_write,
    protect,
    remove_document,
    set_aside,
    write_document,
)
from carioca_desktop.storage.migrations import CURRENT
from carioca_desktop.storage.notices import FileProblem, NewerMatch, Notice
from carioca_desktop.storage.paths import Paths, default_paths
from carioca_desktop.storage.rngcodec import compact_match, expand_match

log = logging.getLogger(__name__)

# Builds the game's object from the opaque match dict; raises ValueError if it is not a game.
MatchValidator = Callable[[dict[str, object]], object]


def write_autosave(match: Mapping[str, object], paths: Paths | None = None) -> None:
    """Atomically replace the autosave with ``match`` (a JSON-style dict from the game layer).

    Does nothing while the file on disk is from a newer version of the program. Raises
    OSError when the disk refuses and ValueError for a match too large to be read back.
    Random-generator states are stored compactly (``rngcodec``); the loader expands them.
    Synchronous: the game writes through ``autosaver.autosave_later`` instead.
    """
    doc: dict[str, object] = {
        "schema": CURRENT["save"],
        "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "app_version": carioca_desktop.__version__,
        "match": compact_match(match),
    }
    paths = paths or default_paths()
    # If the autosave is a newer program's (or unreadable) it stays untouched, and this match
    # goes beside it, so it is not lost (Continue finds it; see autosave_protected). If
    # neither may be written, that is a failed save, and the table must say so.
    written = write_document("save", paths.autosave_file, doc)
    if not written and not write_document("save", side_file(paths), doc):
        raise PermissionError(errno.EACCES, "the save and the one beside it are protected")


def load_autosave(
    paths: Paths | None = None, match_validator: MatchValidator | None = None
) -> tuple[object | None, dict[str, object] | None, list[Notice]]:
    """(game object, raw match dict, notices); (None, None, ...) when there is no usable save.

    Without a validator the game object is the raw match dict itself.
    """
    flush_pending(paths)
    path = (paths or default_paths()).autosave_file
    loaded, notices = load_document("save", path)
    if loaded is None and os.path.lexists(side_file(paths)):
        path = side_file(paths)  # this version's match, saved beside a newer program's save
        loaded, more = load_document("save", path)
        notices += more
    if loaded is None:
        return None, None, notices
    try:
        match = _match_of(loaded)
        game = match if match_validator is None else _validated(match, match_validator)
    except FileProblem as problem:
        if problem.problem == "newer_version":  # left in place, never renamed as damaged
            protect(path)
            return None, None, [*notices, problem.notice("save")]
        return None, None, [*notices, set_aside("save", path, problem)]
    return game, match, notices


def clear_autosave(paths: Paths | None = None) -> None:
    """Delete the autosave (the match ended or was abandoned); a newer-version save stays.

    States still waiting to be written in the background are dropped first, so none of them
    can bring the file back."""
    discard_pending(paths)
    remove_document("save", (paths or default_paths()).autosave_file)
    side = side_file(paths)
    if os.path.lexists(side):
        remove_document("save", side)


def has_autosave(paths: Paths | None = None) -> bool:
    """Whether something is where the save goes; cheap (it is not read), so it may still fail
    to load. Not only regular files: a FIFO or folder there must be found to be set aside."""
    paths = paths or default_paths()
    flush_pending(paths)
    return os.path.lexists(paths.autosave_file) or os.path.lexists(side_file(paths))


def side_file(paths: Paths | None = None) -> Path:
    """Where this version saves its match while the autosave is a newer program's."""
    main = (paths or default_paths()).autosave_file
    return main.with_name(f"{main.stem}.v{CURRENT['save']}{main.suffix}")


def autosave_protected(paths: Paths | None = None) -> bool:
    """Whether the autosave may not be written this run (a newer program's, or unreadable):
    a new match is then saved to ``side_file`` and the table says so."""
    return not may_write("save", (paths or default_paths()).autosave_file)


def _match_of(loaded: Loaded) -> dict[str, object]:
    data = loaded.data
    for key in ("saved_at", "app_version", "match"):
        if key not in data:
            raise FileProblem("corrupt", f'no "{key}" in the save')
    try:
        f.timestamp(data["saved_at"])
        f.string(data["app_version"], 64)
        match = f.str_keyed(data["match"])
    except FileProblem as problem:
        raise FileProblem(problem.problem, f"save: {problem.detail}") from None
    try:
        return expand_match(match)  # saves from before the compact encoding pass unchanged
    except ValueError as exc:
        raise FileProblem("invalid_game", f"not a valid game: {exc}") from None


def _validated(match: dict[str, object], validator: MatchValidator) -> object:
    try:
        return validator(match)
    except NewerMatch as exc:
        raise FileProblem("newer_version", f"written by a newer version: {exc}") from None
    except ValueError as exc:
        raise FileProblem("invalid_game", f"not a valid game: {exc}") from None
    except Exception as exc:  # a validator bug must not stop the game from starting
        log.exception("match validator failed")
        raise FileProblem("invalid_game", f"validator failed: {exc!r}") from None
