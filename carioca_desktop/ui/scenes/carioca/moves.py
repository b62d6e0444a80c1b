"""The table's moves as the player makes them: draw, discard, meld, slots, sorting, buying.

Each gesture (drag or click) ends here and becomes an action that the engine judges once
(``model.legal``), or a purely local arrangement (hand order, lay-down slots). The moves see
the scene only through the ``Table`` interface (model.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.play.carioca.offer import pass_action
from carioca_desktop.play.text import card_label, refusal_text
from carioca_desktop.rules.carioca.actions import (
    POZO,
    Action,
    Add,
    Buy,
    Discard,
    Draw,
    LayDown,
    Swap,
)
from carioca_desktop.rules.carioca.observation import owed_melds
from carioca_desktop.ui.scenes.carioca.actions import meld_action, wild_ends
from carioca_desktop.ui.scenes.carioca.describe import auto_melds
from carioca_desktop.ui.scenes.carioca.input import Drag
from carioca_desktop.ui.scenes.carioca.layout import insertion_index
from carioca_desktop.ui.scenes.carioca.slots import assign, laydown_action, missing_words

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.carioca.model import Table, TableModel

Pos = tuple[int, int]


class TableMoves:
    """Moves of the human at the table; works on its scene's models."""

    def __init__(self, table: Table) -> None:
        self.s = table
        self._accepts: tuple[object, tuple[frozenset[int], bool]] | None = None

    @property
    def m(self) -> TableModel:
        return self.s.model

    # ------------------------------------------------------------------ what is where
    @property
    def human_viewer(self) -> bool:
        return self.m.human

    def visible_hand(self) -> list[int]:
        return [uid for uid, _ in self.hand_rows()]

    def hand_rows(self, gap_at: int | None = None) -> list[tuple[int, pygame.Rect]]:
        """The hand row as drawn, the hovered card and the selected one lifted."""
        drag = self.s.drag
        exclude = set(self.m.slots.placed)
        if drag is not None and drag.uid is not None:
            exclude.add(drag.uid)
        rows = self.s.view.hand_positions(self.m.hand, exclude, gap_at)
        out = []
        picked = self.m.hand.picked
        for uid, rect in rows:
            if uid in picked:
                rect = rect.move(0, -self.s.layout.lift)
            elif uid == self.s.hover and drag is None:
                rect = rect.move(0, -round(self.s.layout.lift * 0.6))
            out.append((uid, rect))
        return out

    def thing_at(self, pos: Pos) -> tuple[object, ...] | None:
        """What a press at ``pos`` takes hold of (hand or slot card, mazo, pozo), if anything."""
        if not self.m.playable:
            return None
        for uid, rect in reversed(self.hand_rows()):
            if rect.collidepoint(pos):
                return ("hand", uid)
        in_slot = self.s.view.slot_card_at(pos)
        if in_slot is not None:
            return ("slot", in_slot)
        if self.s.layout.stock.collidepoint(pos):
            return ("stock",)
        if self.s.layout.pozo.collidepoint(pos) and self.m.obs.pozo_top is not None:
            return ("pozo",)
        return None

    def over_hand(self, pos: Pos) -> bool:
        return pos[1] >= self.s.layout.hand_area.top - self.s.layout.lift

    def gap_for(self, pos: Pos) -> int | None:
        """Where the dragged card would drop into the hand row, when it is over the hand."""
        drag = self.s.drag
        if drag is None or drag.uid is None or not self.over_hand(pos):
            return None
        rows = self.s.view.hand_positions(self.m.hand, self.m.slots.placed | {drag.uid})
        return insertion_index(pos[0], [r for _, r in rows])

    # ------------------------------------------------------------------ dragging
    def start_drag(self, what: tuple[object, ...], at: Pos) -> Drag | None:
        size = self.s.layout.hand_card
        if what[0] in ("hand", "slot") and isinstance(what[1], int):
            uid = what[1]
            code = self.m.hand.code(uid)
            home = dict(self.hand_rows()).get(uid) or self.s.view.slot_card_rect(uid)
            if home is None:
                return None
            grab = _grab(at, home, size)
            image = self.s.images.face(code, size[0])
            self.m.hand.selected = None
            return Drag("card", uid, code, image, grab, home, at)
        rect = self.s.layout.stock if what == ("stock",) else self.s.layout.pozo
        top = self.m.obs.pozo_top if what == ("pozo",) else None
        image = self.s.images.face(top, rect.width) if top else self.s.images.back(rect.width)
        kind = "pozo" if what == ("pozo",) else "stock"
        return Drag(kind, None, top, image, (at[0] - rect.x, at[1] - rect.y), rect, at)

    def drop(self, drag: Drag, pos: Pos) -> None:
        if drag.kind != "card" or drag.uid is None:
            if self.over_hand(pos) or pos[1] > self.s.layout.lower.top:
                if drag.kind == POZO and self.over_hand(pos):  # the card lands where dropped
                    rows = self.hand_rows()
                    index = insertion_index(pos[0], [r for _, r in rows])
                    self.m.hand.insert_before = rows[index][0] if index < len(rows) else None
                self.draw_card(drag.kind if drag.kind == POZO else "stock", pos, drag)
                self.m.hand.insert_before = None
            else:
                self.s.glide_back(drag)
            return
        uid = drag.uid
        if self.s.layout.pozo.inflate(self.s.layout.px(24), self.s.layout.px(24)).collidepoint(pos):
            self.discard(uid, pos, drag)
            return
        meld = self.s.view.meld_at(pos)
        if meld is not None:
            self.to_meld(uid, meld, pos, drag)
            return
        slot = self.s.view.slot_at(pos)
        if slot is not None:
            self.place(uid, slot)
            return
        if self.over_hand(pos):
            rows = self.s.view.hand_positions(self.m.hand, self.m.slots.placed | {uid})
            self.m.slots.remove(uid)
            self.m.hand.move(uid, insertion_index(pos[0], [r for _, r in rows]))
            self.refresh()
            self.s.arranged()
            return
        self.s.glide_back(drag)

    # ------------------------------------------------------------------ moves
    def act(self, action: Action, pos: Pos, drag: Drag | None, played: list[int]) -> bool:
        """A human action: applied (the played cards leave the hand model) or refused with
        the engine's reason (or the tutorial's word) beside the pointer and the dragged card
        gliding home."""
        refusal = self.m.legal.verdict(action)
        objection = self.s.objection(action) if refusal is None else None
        if refusal is not None or objection is not None:
            if refusal is not None:
                self.s.refuse(refusal, pos)
            else:
                self.s.toast(objection or "", pos)
            if drag is not None:
                self.s.glide_back(drag)
            return False
        self.s.perform(action, drag.rect if drag else None, played)
        return True

    def draw_card(self, source: str, pos: Pos, drag: Drag | None = None) -> None:
        self.act(Draw(self.m.viewer, source), pos, drag, [])

    def discard(self, uid: int, pos: Pos, drag: Drag | None) -> None:
        action = Discard(self.m.viewer, self.m.hand.code(uid))

        def confirmed() -> None:
            self.act(action, pos, None, [uid])

        if self.m.legal.allows(action) and self.s.confirm_discard(
            card_label(action.card), confirmed
        ):
            if drag is not None:
                self.s.glide_back(drag)
            return
        self.act(action, pos, drag, [uid])

    def to_meld(self, uid: int, at: tuple[int, int | None], pos: Pos, drag: Drag | None) -> None:
        index, card = at
        box = self.s.view.melds.get(index)
        if box is None:
            return
        code = self.m.hand.code(uid)
        low = pos[0] < box.box.centerx
        action = meld_action(self.m.legal, self.m.viewer, code, box.meld, card, low)
        ends = wild_ends(self.m.legal, self.m.viewer, code, box.meld)
        if ends and not isinstance(action, Swap):  # both ends open: ask which
            if drag is not None:
                self.s.glide_back(drag)
            seat = self.m.viewer
            self.s.ask_wild_end(
                [(end, partial(self.act, Add(seat, box.meld.index, end), pos, None, [uid]))
                 for end in ends],
                prefer_high=not low,  # the end it was dropped at: Enter takes it
            )  # fmt: skip
            return
        self.act(action, pos, drag, [uid])

    def accepts(self, code: str) -> tuple[frozenset[int], bool]:
        """Melds that would take ``code`` now, and whether the pozo would (for highlights)."""
        key = (code, len(self.m.obs.events), self.m.viewer)
        if self._accepts is not None and self._accepts[0] == key:
            return self._accepts[1]
        legal, seat = self.m.legal, self.m.viewer
        melds = {
            a.meld
            for a in legal.actions(seat)
            if isinstance(a, (Add, Swap)) and a.card.partition("=")[0] == code
        }
        result = (frozenset(melds), legal.allows(Discard(seat, code)))
        self._accepts = (key, result)
        return result

    # ------------------------------------------------------------------ slots and hand
    def place(self, uid: int, k: int) -> None:
        self.m.slots.place(uid, k)
        self.m.hand.selected = None
        self.s.sound("click")
        self.refresh()

    def place_picked(self, k: int) -> None:
        """The picked cards (one or several) go into slot ``k``, in the order picked."""
        for uid in list(self.m.hand.picked):
            self.place(uid, k)
        self.m.hand.picked = []

    def slot_card_clicked(self, uid: int) -> None:
        """A click on a card in a slot: with cards picked in the hand they join that slot
        (what the person meant); with none, the card goes back to the hand."""
        k = next((k for k, s in enumerate(self.m.slots.slots) if uid in s.uids), None)
        if self.m.hand.picked and k is not None:
            self.place_picked(k)
        else:
            self.unplace(uid)

    def unplace(self, uid: int) -> None:
        self.m.slots.remove(uid)
        self.m.hand.move(uid, len(self.m.hand.cards))
        self.refresh()

    def refresh(self) -> None:
        """Redo the table's words and places after a local change (no new observation)."""
        self.s.refresh()

    def lay_down(self) -> None:
        groups = [[self.m.hand.code(u) for u in s.uids] for s in self.m.slots.slots]
        action = laydown_action(self.m.viewer, groups)
        if action is None or not self.m.buttons.lay_down:
            self.s.toast(self.why_not_lay_down(), self.s.layout.slots_area.midtop)
            return
        played = [u for s in self.m.slots.slots for u in s.uids]
        anchor = self.s.layout.buttons[0].midtop
        if self.act(action, anchor, None, played):
            self.m.slots.reset(list(owed_melds(self.m.obs)))

    def why_not_lay_down(self) -> str:
        """What keeps Bajarse greyed, in words: out of the play phase, the engine's reason
        ("Primero debes robar una carta"); else what each slot still lacks ("Escala (4+):
        falta 1 carta"); else the engine's reason for the lay-down as a whole."""
        hand, slots, obs = self.m.hand, self.m.slots, self.m.obs
        playing = obs.my_turn and obs.phase == "play"
        words = missing_words(slots, hand.code, obs.rules) if playing and slots.slots else None
        if words is None:
            groups = [[hand.code(u) for u in s.uids] for s in slots.slots]
            action = laydown_action(self.m.viewer, groups) or LayDown(self.m.viewer, ())
            refusal = self.m.legal.verdict(action)
            words = refusal_text(refusal) if refusal is not None else None
        return words or tr("keys.toast.fill_slots")

    def auto_fill(self) -> None:
        melds = auto_melds(self.m.obs)
        if melds and self.stage(melds):
            self.s.sound("place")
            self.refresh()

    def stage(self, melds: Sequence[Sequence[str]]) -> bool:
        """Put these melds' cards from the hand into the slots, each meld in a slot of its
        kind (Auto; a lay-down taken back); False if they do not go into these slots."""
        specs = [s.spec for s in self.m.slots.slots]
        groups = assign([list(m) for m in melds], specs, self.m.obs.rules)
        if groups is None:
            return False
        self.m.slots.clear()
        used: set[int] = set()
        for k, group in enumerate(groups):
            for code in group:
                uid = self.m.hand.uid_for(code, used)
                if uid is not None:
                    used.add(uid)
                    self.m.slots.place(uid, k)
        return True

    def sort(self, by: str) -> None:
        self.m.hand.sort(by)
        self.s.dirty()
        self.s.arranged()

    def buy(self) -> None:
        """Comprar (or B) while the engine offers the viewer the pozo's card (offer.py)."""
        if self.m.buttons.offer_card is not None:
            self.act(Buy(self.m.viewer), self.s.layout.pozo.midtop, None, [])

    def pass_offer(self) -> bool:
        """Pasar (or N, or the offer's time running out): decline the card offered now."""
        if self.m.buttons.offer_card is None:
            return False
        self.act(pass_action(self.m.viewer), self.s.layout.pozo.midtop, None, [])
        return True

    def deselect(self) -> None:
        self.m.hand.selected = None
        self.s.dirty()

    def click_table(self, pos: Pos) -> None:
        """A click on the table itself: a target for the selected card, or nothing."""
        selected = self.m.hand.selected
        if self.s.round_end_click():
            return
        if selected is None:
            return
        meld = self.s.view.meld_at(pos)
        if meld is not None and len(self.m.hand.picked) > 1:
            self.s.toast(tr("keys.toast.one_card"), pos)  # a meld takes one card at a time
            return
        if meld is not None:
            self.to_meld(selected, meld, pos, None)
            return
        slot = self.s.view.slot_at(pos)
        if slot is not None:
            self.place_picked(slot)
            return
        self.deselect()

    def moving_code(self) -> str | None:
        """The card being dragged or selected (the painters light the targets that take it)."""
        drag = self.s.drag
        if drag is not None:
            return drag.code if drag.kind == "card" else None
        selected = self.m.hand.selected
        return self.m.hand.code(selected) if selected is not None else None


def _grab(at: Pos, home: pygame.Rect, size: tuple[int, int]) -> Pos:
    """The pointer's offset in the dragged card, scaled when the card grows (from a slot)."""
    fx = (at[0] - home.x) / max(1, home.width)
    fy = (at[1] - home.y) / max(1, home.height)
    return round(fx * size[0]), round(fy * size[1])
