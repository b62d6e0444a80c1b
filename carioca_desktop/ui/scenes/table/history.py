"""What the table keeps across moves beyond the engine's position: the person's hand
arrangement saved with the match (so Continue shows the hand as it was left), and taking a
move back (Deshacer, Ctrl+Z), which the engine alone allows or refuses.

It sees the scene only through the ``Table`` interface (model.py) and the session.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carioca_desktop.rules.carioca.actions import Undo

if TYPE_CHECKING:
    from carioca_desktop.play.session import MatchSession
    from carioca_desktop.rules.carioca.state import Event
    from carioca_desktop.ui.scenes.table.model import Table


class TableHistory:
    """The arrangement's save and restore, and the undo, for one table."""

    def __init__(self, table: Table, session: MatchSession) -> None:
        self.s = table
        self.session = session
        self._saved: object = None  # the arrangement last given to the session

    def restore(self) -> None:
        """On entering the table (Continue): the saved order first, then the engine's hand
        (cards that left it go, new ones come at the right), and the staged slot cards."""
        model = self.s.model
        arrangement = self.session.arrangements.get(model.viewer)
        if arrangement is None or not self.session.is_human(model.viewer):
            return
        model.hand.sync(arrangement.hand)
        model.hand.sync(model.obs.hand)
        self._saved = arrangement.hand, arrangement.slots  # no save while restoring
        self.s.refresh()  # the slots exist now, for this round's contract
        for k, codes in enumerate(arrangement.slots[: len(model.slots.slots)]):
            for code in codes:
                uid = model.hand.uid_for(code, model.slots.placed)
                if uid is not None:
                    model.slots.place(uid, k)
        self._saved = self._key()
        self.s.refresh()

    def save(self) -> None:
        """Give the session the hand as arranged now, when it changed (it autosaves)."""
        model = self.s.model
        if not model.playable:
            return
        key = self._key()
        if key != self._saved:
            self._saved = key
            hand, slots = key
            self.session.arrange(model.viewer, hand, slots)

    def _key(self) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
        """The hand's order (staged cards keep their place in it) and each slot's cards."""
        hand, slots = self.s.model.hand, self.s.model.slots
        staged = tuple(tuple(hand.code(u) for u in slot.uids) for slot in slots.slots)
        return tuple(c.code for c in hand.cards), staged

    def undo(self) -> Event | None:
        """Take back the viewer's last move since their draw, if the engine allows it; else
        say why. Returns the move taken back (the scene then re-reads the game)."""
        model = self.s.model
        if not model.playable:
            return None
        event = self.session.undo()
        if event is None:
            refusal = self.session.game.check(Undo(model.viewer))
            if refusal is not None:
                self.s.refuse(refusal, self.s.layout.buttons[2].midtop)
            return None
        self.s.sound("click")
        return event
