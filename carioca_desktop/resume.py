"""Continue: the autosave as a session to play on, or None with notices saying why not.

A finished match is recorded in the statistics before its save is cleared (session._finish),
so a kill between the two leaves a save whose match id is already recorded: it is dropped
here. A save of a finished match not yet recorded (killed before recording) is recorded now.
"""

from __future__ import annotations

import logging

from carioca_desktop.play.session import MatchSession
from carioca_desktop.storage import Notice, Paths, clear_autosave, load_autosave, load_stats

log = logging.getLogger(__name__)


def recorded_ids(paths: Paths | None) -> set[str]:
    stats, _ = load_stats(paths)
    return {m.match_id for m in stats.matches if m.match_id is not None}


def load_resumable(paths: Paths | None) -> tuple[MatchSession | None, list[Notice]]:
    """The saved match to continue, or (None, notices) when there is none to continue."""
    session, _, notices = load_autosave(
        paths, match_validator=lambda d: MatchSession.from_dict(d, paths)
    )
    if not isinstance(session, MatchSession):
        return None, notices
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
