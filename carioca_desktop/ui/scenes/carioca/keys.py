"""The whole table from the keyboard: a focus ring, arrows, Tab, and one key per move.

Tab moves the focus between hand, piles, slots and melds, the arrows within them (the help
overlay, ui/scenes/keys.py, lists every key).

Every key ends in one of the same moves a click or a drop makes (``TableMoves``), so the
engine judges it exactly as it judges the mouse; the keys see the scene only through the
``Table`` interface (model.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.rules.carioca.actions import POZO, STOCK, Action, Swap
from carioca_desktop.rules.carioca.observation import MeldView
from carioca_desktop.ui.scenes.carioca.actions import meld_action
from carioca_desktop.ui.tablekit.keys import ENTER

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.carioca.model import Table, TableModel
    from carioca_desktop.ui.scenes.carioca.moves import TableMoves

ZONES = ("hand", "piles", "slots", "melds")
SLOT_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3,
             pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3}  # fmt: skip


class TableKeys:
    """The keyboard focus (``zone`` and, outside the hand, ``index``) and the move keys."""

    def __init__(self, table: Table, moves: TableMoves) -> None:
        self.s = table
        self.moves = moves
        self.zone = "hand"
        self.index = 0
        self.shown = False  # the focus ring shows once the keyboard is used
        self._by = "suit"  # the order the last O sorted by

    @property
    def m(self) -> TableModel:
        return self.s.model

    # ------------------------------------------------------------------ entry
    def handle(self, event: pygame.event.Event) -> bool:
        """A KEYDOWN; True if it meant something here."""
        key, mod = event.key, getattr(event, "mod", 0)
        shift = bool(mod & pygame.KMOD_SHIFT)
        if key == pygame.K_F1 or getattr(event, "unicode", "") == "?":
            self.s.show_keys()
            return True
        if key == pygame.K_ESCAPE:
            return False  # the scene's own: cancel a drag, else pause
        if not self.m.playable:
            return False
        if key == pygame.K_z and mod & pygame.KMOD_CTRL:
            self.s.undo()
            return True
        self.shown = True
        self.s.dirty()
        return self._navigate(key, shift) or self._move(key, shift)

    # ------------------------------------------------------------------ focus
    def _navigate(self, key: int, shift: bool) -> bool:
        if key == pygame.K_TAB:
            self._cycle(-1 if shift else 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._arrow(-1 if key == pygame.K_LEFT else 1, shift)
        elif key in (pygame.K_HOME, pygame.K_END) and self.zone == "hand":
            visible = self.moves.visible_hand()
            self.m.hand.focus = visible[0 if key == pygame.K_HOME else -1] if visible else None
        elif key == pygame.K_SPACE or (key in ENTER and self.zone == "hand"):
            self._pick()
        elif key in ENTER:
            self._enter(shift)
        elif key == pygame.K_BACKSPACE:
            self.moves.deselect()
        else:
            return False
        return True

    def _zones(self) -> list[str]:
        """The zones that have something to focus now."""
        have = {"hand": True, "piles": True, "slots": bool(self.s.view.slots),
                "melds": bool(self.s.view.melds)}  # fmt: skip
        return [z for z in ZONES if have[z]]

    def _cycle(self, delta: int) -> None:
        zones = self._zones()
        at = zones.index(self.zone) if self.zone in zones else 0
        self.zone = zones[(at + delta) % len(zones)]
        self.index = 0
        if self.zone == "piles" and not self.m.text.attention:
            self.index = 1  # after drawing, the pozo is where a card goes

    def _arrow(self, delta: int, shift: bool) -> None:
        hand, visible = self.m.hand, self.moves.visible_hand()
        if self.zone == "hand":
            if shift and hand.focus is not None:
                hand.shift(hand.focus, delta, visible)
                self.s.arranged()
            else:
                hand.step_focus(delta, visible)
            return
        count = self._count()
        self.index = max(0, min(count - 1, self.index + delta)) if count else 0

    def _count(self) -> int:
        if self.zone == "piles":
            return 2
        if self.zone == "slots":
            return len(self.s.view.slots)
        return len(self.s.view.melds) if self.zone == "melds" else 0

    def focus_rect(self) -> pygame.Rect | None:
        """Where the focus ring goes (None while hidden or with nothing focused)."""
        if not self.shown or not self.m.playable:
            return None
        if self.zone == "hand":
            rows = dict(self.moves.hand_rows())
            return rows.get(self.m.hand.focus) if self.m.hand.focus is not None else None
        if self.zone == "piles":
            return self.s.layout.stock if self.index == 0 else self.s.layout.pozo
        if self.zone == "slots" and self.index < len(self.s.view.slots):
            return self.s.view.slots[self.index].rect
        melds = sorted(self.s.view.melds)
        if self.zone == "melds" and self.index < len(melds):
            return self.s.view.melds[melds[self.index]].box
        return None

    # ------------------------------------------------------------------ acting
    def _card(self) -> int | None:
        """The card a key acts on: the picked one, else the focused one."""
        hand = self.m.hand
        if hand.selected is not None:
            return hand.selected
        return hand.focus if hand.focus in self.moves.visible_hand() else None

    def _pick(self) -> None:
        hand, visible = self.m.hand, self.moves.visible_hand()
        if hand.focus not in visible:
            hand.step_focus(1, visible)
        if hand.focus is not None:
            hand.toggle(hand.focus)

    def _enter(self, shift: bool) -> None:
        if self.zone == "piles":
            pos = self.s.layout.pozo.midtop if self.index else self.s.layout.stock.midtop
            if self.index == 1 and not self.m.text.attention:
                self._discard()
            else:
                self.moves.draw_card(POZO if self.index else STOCK, pos)
        elif self.zone == "slots":
            self._to_slot(self.index)
        elif self.zone == "melds":
            self._to_meld(shift)

    def _move(self, key: int, shift: bool) -> bool:
        moves, layout = self.moves, self.s.layout
        if key == pygame.K_s:
            moves.draw_card(STOCK, layout.stock.midtop)
        elif key == pygame.K_p:
            moves.draw_card(POZO, layout.pozo.midtop)
        elif key == pygame.K_d:
            self._discard()
        elif key == pygame.K_l:
            self._lay_down()
        elif key == pygame.K_a:
            moves.auto_fill()
        elif key == pygame.K_h:
            self.s.ask_hint()
        elif key == pygame.K_o:
            self._sort()
        elif key == pygame.K_b:
            moves.buy()
        elif key == pygame.K_n:
            return moves.pass_offer()
        elif key in SLOT_KEYS:
            self._to_slot(SLOT_KEYS[key])
        else:
            return False
        return True

    def _discard(self) -> None:
        uid = self._card()
        anchor = self.s.layout.pozo.midtop
        if len(self.m.hand.picked) > 1:
            self.s.toast(tr("keys.toast.one_card"), anchor)
        elif uid is None:
            self.s.toast(tr("keys.toast.pick_card"), anchor)
        else:
            self.moves.discard(uid, anchor, None)

    def _to_slot(self, k: int) -> None:
        slots = self.s.view.slots
        if k >= len(slots):
            self.s.toast(tr("keys.toast.no_slot", n=k + 1), self.s.layout.slots_area.midtop)
            return
        hand = self.m.hand
        uids = list(hand.picked) or ([u] if (u := self._card()) is not None else [])
        if not uids and slots[k].cards:  # nothing picked: the slot's last card comes back
            self.moves.unplace(slots[k].cards[-1][0])
            return
        for uid in uids:
            self.moves.place(uid, k)
        hand.picked = []
        self._refocus()

    def _to_meld(self, shift: bool) -> None:
        melds = sorted(self.s.view.melds)
        uid = self._card()
        if uid is None or self.index >= len(melds):
            self.s.toast(tr("keys.toast.pick_card"), self.s.layout.pozo.midtop)
            return
        box = self.s.view.melds[melds[self.index]]
        action = self._meld_action(self.m.hand.code(uid), box.meld, shift)
        if self.moves.act(action, box.box.midtop, None, [uid]):
            self._refocus()

    def _meld_action(self, code: str, meld: MeldView, low: bool) -> Action:
        """Enter: over a wild it stands for, a swap; else an add at the high end (Shift: an
        add, at the low end). The engine judges the result, as it does a drop."""
        legal, seat = self.m.legal, self.m.viewer
        if not low:
            for k, marker in enumerate(meld.stands_for):
                if marker is not None:
                    action = meld_action(legal, seat, code, meld, k, False)
                    if isinstance(action, Swap):
                        return action
        return meld_action(legal, seat, code, meld, None, low)

    def _lay_down(self) -> None:
        """L: Bajarse, or (greyed) what keeps it so."""
        self.moves.lay_down()
        self._refocus()

    def _sort(self) -> None:
        """O: sort by rank, press again for by suit (and so on)."""
        self._by = "suit" if self._by == "rank" else "rank"
        self.moves.sort(self._by)

    def _refocus(self) -> None:
        """Keep the focus on a card still in the hand row."""
        visible = self.moves.visible_hand()
        if self.m.hand.focus not in visible:
            self.m.hand.focus = visible[0] if visible else None
