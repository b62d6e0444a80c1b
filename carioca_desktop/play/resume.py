"""Continue: the autosave as a session to play on (of either game: its ``format`` says which
session reads it back, ``carioca-session`` or ``buraco-session``), or None with notices
saying why not.

A finished match of either game is recorded in the statistics before its save is cleared
(``MatchSession._finish``, ``BuracoSession._finish``), so a kill between the two leaves a
save whose match id is already recorded: it is dropped here. A save of a finished match not
yet recorded (killed before recording) is recorded now.
"""

from __future__ import annotations

import logging
from typing import Any

from carioca_desktop import games
from carioca_desktop.storage import Notice, Paths, clear_autosave, load_autosave, load_stats

log = logging.getLogger(__name__)


def session_from_dict(data: Any, paths: Paths | None = None) -> object:
    """The saved session of whichever game its ``format`` names; ValueError when it is none."""
    return games.session_from_dict(data, paths)


def recorded_ids(paths: Paths | None) -> set[str]:
    """The ids of the matches in the statistics, of both games."""
    stats, _ = load_stats(paths)
    return stats.match_ids()


def load_resumable(paths: Paths | None) -> tuple[object | None, list[Notice]]:
    """The saved session to continue, or (None, notices) when there is none to continue."""
    loaded, _, notices = load_autosave(paths, match_validator=lambda d: session_from_dict(d, paths))
    if games.of_session(loaded) is None:
        return None, notices
    session: Any = loaded  # a session of one of the games: they share this interface
    if session.match_id in recorded_ids(paths):
        clear_autosave(paths)
        log.info("dropped the save of match %s: already in the statistics", session.match_id)
        return None, [*notices, _finished("its match is already in the statistics")]
    if session.game.is_over:
        session._finish()  # records it (when a person played) and clears the save
        return None, [*notices, _finished("its match had finished; recorded now")]
    return session, notices


def _finished(detail: str) -> Notice:
    return Notice("save", "finished", f"the saved game was not continued: {detail}")
