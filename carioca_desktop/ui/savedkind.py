"""Which game the autosave holds, for the menu's Continue ("Continuar: Buraco"): read again
only when the file changed (the menu asks at every build; the start's check of the save
tells it first, so the first frame reads nothing more)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from carioca_desktop.storage import Paths


class SavedKind:
    """``kind(paths)``: the saved game's name (games.GAMES), or None without a usable save."""

    def __init__(self) -> None:
        self._seen: tuple[object, str | None] = (None, None)

    def kind(self, paths: Paths) -> str | None:
        key = _stamp(paths)
        if key is None:
            return None
        if self._seen[0] != key:
            from carioca_desktop import games
            from carioca_desktop.storage.saves import load_autosave

            match = load_autosave(paths)[1]
            kind = None if match is None else games.of_document(match).name
            self._seen = (key, kind)
        return self._seen[1]

    def remember(self, paths: Paths, session: object) -> None:
        """The save just read at start is ``session``'s (None: not usable)."""
        from carioca_desktop import games

        entry = games.of_session(session)
        self._seen = (_stamp(paths), entry.name if entry is not None else None)


def _stamp(paths: Paths) -> tuple[int, int] | None:
    with contextlib.suppress(OSError):
        stat = paths.autosave_file.stat()
        return (stat.st_mtime_ns, stat.st_size)
    return None
