"""A bot's move rehearsed ahead at the Buraco table, as at the Carioca table
(ui/scenes/carioca/rehearse.py), so the frame that applies it blits what it changes.

The frame that shows a move draws its new parts of the layer: the status in the bar, the
seat that acted and the one to act, the viewer's and the score panels, the stock's count,
the log with its new line wrapped. Once the bot's decision is ready (play/botworker.py),
on a frame where only the last move's flights move or the pause waits, the scene applies
it to a clone of the game, reads the viewer's observation of it and has the layer draw
those parts ahead (``Layer.ahead``), never on screen: the move's frame lays them as
pictures; the melds' and the pile's words and the move's toast are rendered into the text
cache. A wrong guess (a person moves first, the window changes) leaves pictures unused;
what is on screen is drawn as before. Not at a hot seat, where the viewer may change with
the move. A decision that comes after the flights and the pause is rehearsed in its own frame and
applied in the next (one frame later, as at the Carioca table; when the worker thread
finishes already varies by more than that).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carioca_desktop.ui import hud
from carioca_desktop.ui.anim import Toast

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.buraco.tablehost import BuracoTableHost


class Rehearsal:
    """Rehearses each bot move once (by the position it is made from)."""

    def __init__(self, scene: BuracoTableHost) -> None:
        self.s = scene
        self._done: object = None
        self.rehearsed = 0  # moves rehearsed (tests)
        self.drawn = 0  # parts drawn ahead (tests)

    def _key(self) -> tuple[object, ...]:
        s = self.s
        obs = s.obs
        return (id(obs), obs.round_number, len(obs.events), s.viewer, id(s.layout))

    def ready(self) -> bool:
        """The position the table shows was rehearsed (its move's parts are drawn ahead)."""
        return self._done == self._key()

    def due(self) -> bool:
        """A bot's decision is ready and this position was not rehearsed yet."""
        s = self.s
        session = s.session
        if session.hot_seat or session.game.round_over or s.sheet is not None:
            return False
        if self._key() == self._done or not session.bot_action_ready():
            return False
        return session.pending_bot_action() is not None

    def run(self) -> bool:
        """Rehearse the next bot move if one is due; True if it did (the idle frame's work)."""
        if not self.due():
            return False
        s = self.s
        self._done = self._key()
        action = s.session.pending_bot_action()
        if action is None:
            return False
        copy = s.session.game.clone()
        try:
            events = copy.apply(action)
        except Exception:  # the table applies it for real and reports what is wrong
            return False
        obs = copy.observation(s.viewer)
        self.drawn += s.layer.ahead(s.picture(obs, s.log_after(obs)))
        scratch = s.layer.scratch
        for event in events:  # the toast the move will show: its words rendered
            if event.kind == "morto" and scratch is not None:
                words = s.morto_words(event.seat)
                hud.draw_toast(scratch, Toast(words, s.layout.centre.center), s.texts, s.layout.ui)
        self.rehearsed += 1
        return True
