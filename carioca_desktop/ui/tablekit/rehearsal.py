"""The rehearsal of a bot's next move, either table's skeleton: once the bot's decision is
ready and the position was not rehearsed yet, the game's table draws what that move will show
ahead (``ui/scenes/<game>/rehearse.py`` say what and why), once per position."""

from __future__ import annotations

from typing import Any

from carioca_desktop.ui.tablekit.pacing import BotSession


class BotRehearsal:
    """Rehearses each bot move once (by the key of the position it is made from)."""

    def __init__(self) -> None:
        self._done: object = None
        self.rehearsed = 0  # moves rehearsed (tests)

    # ------------------------------------------------------------------ the game's
    def _session(self) -> BotSession:
        raise NotImplementedError

    def _key(self) -> object:
        """The position the table shows (a rehearsal is for it alone)."""
        raise NotImplementedError

    def _closed(self) -> bool:
        """No rehearsal now (the round is over; Buraco: a hot seat, the sheet)."""
        raise NotImplementedError

    def _ahead(self, action: Any) -> bool:
        """Draw what ``action`` will show into the caches; False if it could not."""
        raise NotImplementedError

    # ------------------------------------------------------------------ shared
    def due(self, action: Any = None) -> bool:
        """A bot's decision is ready (or ``action`` is given) and this position was not
        rehearsed yet."""
        if self._closed():
            return False
        session = self._session()
        if self._key() == self._done or (action is None and not session.bot_action_ready()):
            return False
        return action is not None or session.pending_bot_action() is not None

    def run(self, action: Any = None) -> bool:
        """Rehearse the next bot move (or ``action``: the replay viewer's next recorded one
        while paused) if one is due; True if it did (the idle frame's work)."""
        if not self.due(action):
            return False
        self._done = self._key()
        action = action if action is not None else self._session().pending_bot_action()
        if action is None or not self._ahead(action):
            return False
        self.rehearsed += 1
        return True
