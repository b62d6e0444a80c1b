"""What the table keeps across moves beyond the engine's position: the person's hand
arrangement saved with the match (so Continue shows the hand as it was left), and taking a
move back (Deshacer, Ctrl+Z), which the engine alone allows or refuses.

It sees the scene only through the ``Table`` interface (model.py) and the session.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from carioca_desktop.play.arrangement import fits
from carioca_desktop.rules.carioca.actions import Undo

if TYPE_CHECKING:
    from carioca_desktop.play.carioca.session import MatchSession
    from carioca_desktop.rules.carioca.state import Event
    from carioca_desktop.ui.scenes.carioca.model import Table


class TableHistory:
    """The arrangement's save and restore, and the undo, for one table."""

    def __init__(self, table: Table, session: MatchSession) -> None:
        self.s = table
        self.session = session
        self._saved: object = None  # the arrangement last given to the session
        self._staged: dict[int, tuple[tuple[str, ...], ...]] = {}  # per seat, still to stage

    def restore_order(self, hand: Sequence[str]) -> None:
        """Before the viewer's first look at ``hand`` (the engine's) at this table (Continue;
        at a hot seat, each person's first turn): the order they left it in, and their
        staged slot cards for ``stage_slots``. A saved order from another deal is ignored."""
        model = self.s.model
        arrangement = self.session.arrangements.get(model.viewer)
        if model.hand.cards or arrangement is None:
            return
        if not fits(arrangement.hand, hand):  # not this hand (at most the draw after it)
            return
        model.hand.sync(arrangement.hand)
        self._staged[model.viewer] = arrangement.slots
        self._saved = arrangement.hand, arrangement.slots

    def stage_slots(self) -> None:
        """Once the viewer's slots exist (after ``restore_order``; at a hot seat, once the
        hand shows): the cards staged in them again."""
        model = self.s.model
        if model.viewer not in self._staged or not model.playable:
            return
        staged = self._staged.pop(model.viewer)
        for k, codes in enumerate(staged[: len(model.slots.slots)]):
            for code in codes:
                uid = model.hand.uid_for(code, model.slots.placed)
                if uid is not None:
                    model.slots.place(uid, k)

    def save(self) -> None:
        """Give the session the hand as arranged now, when it changed (it autosaves)."""
        model = self.s.model
        if not model.playable or model.viewer in self._staged:
            return
        key = self._key()
        if self._saved is None:  # the hand as the table first shows it: nothing to remember
            self._saved = key  # (and Continue alone must not rewrite the save)
            return
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
