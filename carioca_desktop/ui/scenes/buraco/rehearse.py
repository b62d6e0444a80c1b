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
from carioca_desktop.ui.tablekit.rehearsal import BotRehearsal

if TYPE_CHECKING:
    from carioca_desktop.play.buraco.session import BuracoSession
    from carioca_desktop.rules.buraco.actions import Action
    from carioca_desktop.ui.scenes.buraco.tablehost import BuracoTableHost


class Rehearsal(BotRehearsal):
    """Rehearses each bot move once (by the position it is made from)."""

    def __init__(self, scene: BuracoTableHost) -> None:
        super().__init__()
        self.s = scene
        self.drawn = 0  # parts drawn ahead (tests)

    def _session(self) -> BuracoSession:
        return self.s.session

    def _key(self) -> tuple[object, ...]:
        s = self.s
        obs = s.obs
        return (id(obs), obs.round_number, len(obs.events), s.viewer, id(s.layout))

    def ready(self) -> bool:
        """The position the table shows was rehearsed (its move's parts are drawn ahead)."""
        return self._done == self._key()

    def _closed(self) -> bool:
        s = self.s
        return s.session.hot_seat or s.session.game.round_over or s.sheet is not None

    def _ahead(self, action: Action) -> bool:
        s = self.s
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
        return True
