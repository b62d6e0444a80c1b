"""Clicks at the Buraco table into engine actions: draw, take the pile, lay down one or
several melds, add to the side's melds, swap a wild, discard. The engine judges every one;
this module only reads where the click fell and what the person has picked. It sees the
scene through the narrow ``BuracoTable`` protocol."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco.text import rules_of
from carioca_desktop.rules.buraco.actions import (
    Action,
    Add,
    Discard,
    Draw,
    LayDown,
    TakePile,
)
from carioca_desktop.rules.errors import Refusal
from carioca_desktop.ui.scenes.buraco.layout import hand_rects
from carioca_desktop.ui.scenes.buraco.targets import add_for, placing

if TYPE_CHECKING:
    from carioca_desktop.play.buraco.session import BuracoSession
    from carioca_desktop.rules.buraco.observation import BuracoObservation
    from carioca_desktop.ui.scenes.buraco.hand import HandOrder
    from carioca_desktop.ui.scenes.buraco.layout import BuracoLayout
    from carioca_desktop.ui.scenes.buraco.paint import MeldPlaces

SWAP_CODES = frozenset({"use_swap", "no_place_for_wild", "does_not_fit"})


class BuracoTable(Protocol):
    """What the moves need from the table scene."""

    session: BuracoSession
    layout: BuracoLayout
    obs: BuracoObservation
    viewer: int
    hand: HandOrder
    places: MeldPlaces

    @property
    def hand_hidden(self) -> bool: ...

    def try_action(self, action: Action, anchor: tuple[int, int]) -> bool: ...

    def refuse(self, refusal: Refusal, anchor: tuple[int, int]) -> None: ...

    def toast(self, text: str, anchor: tuple[int, int]) -> None: ...

    def ask_wild_end(self, ends: list[tuple[str, Callable[[], None]]]) -> None: ...

    def sync(self) -> None: ...


class BuracoMoves:
    def __init__(self, table: BuracoTable) -> None:
        self.t = table
        self.staged: list[list[int]] = []  # melds set aside for the next lay-down
        self.pressed: tuple[int, tuple[int, int]] | None = None  # a hand card under the button
        self.dragging: int | None = None
        self.drag_pos = (0, 0)
        self._accepts_key: object = None
        self._accepts: frozenset[int] = frozenset()
        # The Pista's last add (meld, cards as advised): its wild goes where it said, unasked.
        self.advised: tuple[int | None, tuple[str, ...]] = (None, ())

    # ------------------------------------------------------------------ what is picked
    @property
    def picked(self) -> list[int]:
        """The hand's picked cards (uids, in the order picked)."""
        return self.t.hand.picked

    @picked.setter
    def picked(self, uids: list[int]) -> None:
        self.t.hand.picked = list(uids)

    def codes(self, uids: list[int]) -> tuple[str, ...]:
        return tuple(self.t.hand.code(u) for u in uids)

    def staged_codes(self) -> list[tuple[str, ...]]:
        return [self.codes(g) for g in self.staged]

    def forget_missing(self) -> None:
        have = set(self.t.hand.uids())
        self.staged = [g for g in ([u for u in g if u in have] for g in self.staged) if g]

    def clear(self) -> None:
        self.picked, self.staged = [], []
        self.t.sync()

    def sort(self) -> None:
        """By suit, again by rank, and so on (the Carioca table's O)."""
        self.t.hand.sort("suit" if self.t.hand.by_rank else "rank")
        self.t.sync()

    def light(self, cards: Sequence[str], melds: Sequence[Sequence[str]] = ()) -> None:
        """The Pista's cards picked in the hand, in the advised order (an add puts its cards
        down in that order). Several melds: each but the last set aside and the last picked,
        so Lay down puts them all down at once, as advised."""
        free = list(self.t.hand.cards)

        def take(codes: Sequence[str]) -> list[int]:
            uids = []
            for code in codes:
                card = next((c for c in free if c.code == code), None)
                if card is not None:
                    free.remove(card)
                    uids.append(card.uid)
            return uids

        groups = [g for g in (take(m) for m in melds or (cards,)) if g]
        self.staged = groups[:-1]
        self.picked = groups[-1] if groups else []

    def group(self) -> None:
        """Set the picked cards aside as one meld of the next lay-down (several melds go
        down in one action, as the first-meld minimum needs)."""
        if self.picked:
            self.staged.append(self.picked)
            self.picked = []
        self.t.sync()

    # ------------------------------------------------------------------ where things are
    def hand_rows(self) -> list[tuple[str, pygame.Rect, str]]:
        """The hand as drawn (a dragged card is drawn at the pointer instead)."""
        return [
            (code, rect, mark) for uid, code, rect, mark in self._rows() if uid != self.dragging
        ]

    def visible(self) -> list[int]:
        """The hand's cards in their row (a dragged one is under the pointer instead)."""
        return [u for u in self.t.hand.uids() if u != self.dragging]

    def rows_by_uid(self) -> dict[int, pygame.Rect]:
        return {uid: rect for uid, _, rect, _ in self._rows() if uid != self.dragging}

    def _rows(self) -> list[tuple[int, str, pygame.Rect, str]]:
        layout = self.t.layout
        cards = self.t.hand.cards
        rects = hand_rects(layout.hand_area, len(cards), layout.hand_w)
        staged = {u for g in self.staged for u in g}
        out = []
        for card, rect in zip(cards, rects):
            uid, code = card.uid, card.code
            mark = "picked" if uid in self.picked else "staged" if uid in staged else ""
            if mark:
                rect = rect.move(0, -layout.upx(26 if mark == "picked" else 12))
            out.append((uid, code, rect, mark))
        return out

    def _hand_hit(self, pos: tuple[int, int]) -> int | None:
        for uid, _, rect, _ in reversed(self._rows()):
            if rect.collidepoint(pos):
                return uid
        return None

    def moving(self) -> list[int]:
        """The cards a drop or a target key would play: the dragged card (with the other
        picked ones, if it is one of them), else the picked cards."""
        uid = self.dragging
        if uid is None or uid in self.picked:
            return list(self.picked)
        return [uid]

    def accepts(self) -> frozenset[int] | None:
        """The side's melds that would take the moving cards now (lit green)."""
        t = self.t
        moving = self.moving()
        if not moving or t.obs.turn != t.viewer or t.obs.phase != "play":
            return None
        key = (t.viewer, len(t.obs.events), tuple(moving))
        if key != self._accepts_key:
            cards = self.codes(moving)
            side = t.viewer % 2
            self._accepts = frozenset(
                i
                for i, m in enumerate(t.obs.table)
                if m.side == side and self._add_for(i, cards) is not None
            )
            self._accepts_key = key
        return self._accepts

    def _add_for(self, meld: int, cards: tuple[str, ...]) -> Action | None:
        t = self.t
        return add_for(t.session.game, t.viewer, t.obs.table[meld].cards, meld, cards)

    # ------------------------------------------------------------------ drags
    def press(self, pos: tuple[int, int]) -> bool:
        """The button goes down: on a hand card it may become a pick (released in place) or
        a drag; anywhere else it is a click."""
        if self.t.hand_hidden:
            return False
        uid = self._hand_hit(pos)
        if uid is None:
            return self.click(pos)
        self.pressed = (uid, pos)
        return True

    def motion(self, pos: tuple[int, int]) -> bool:
        if self.pressed is None:
            return False
        uid, start = self.pressed
        if self.dragging is None and abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < 8:
            return False
        self.dragging, self.drag_pos = uid, pos
        return True

    def release(self, pos: tuple[int, int]) -> bool:
        if self.pressed is None:
            return False
        uid = self.pressed[0]
        dragged = self.dragging is not None
        self.pressed, self.dragging = None, None
        if dragged:
            self.drop(uid, pos)
        else:
            self.toggle(uid)
        self.t.sync()
        return True

    def drag_card(self) -> tuple[str, pygame.Rect] | None:
        """The card being dragged and where it is drawn (centred on the pointer)."""
        if self.dragging is None:
            return None
        w = self.t.layout.hand_w
        rect = pygame.Rect(0, 0, w, round(w * 7 / 5))
        rect.center = self.drag_pos
        return self.t.hand.code(self.dragging), rect

    def drop(self, uid: int, pos: tuple[int, int]) -> None:
        """A dragged card (with the other picked cards, if it was one of them) lands: on the
        pile it is discarded, on a meld added, on the side's empty table laid down."""
        t = self.t
        group = self.picked if uid in self.picked else [uid]
        if t.layout.pile_area.collidepoint(pos) or any(r.collidepoint(pos) for r in t.places.pile):
            if t.obs.phase == "play":
                self.picked = group
                self.pile()
            else:  # before drawing (or out of turn): the engine's reason, not a silent snap
                t.try_action(Discard(t.viewer, self.codes([uid])[0]), t.layout.pile_area.midtop)
            return
        for index, box in t.places.melds.items():
            if box.inflate(8, 8).collidepoint(pos):
                self.picked = group
                self.onto_meld(index, box.midtop)
                return
        if t.layout.our_zone.collidepoint(pos):
            self.picked = group
            self.lay_down()
            return
        if t.layout.hand_area.inflate(0, t.layout.upx(60)).collidepoint(pos):
            self.reorder(uid, pos[0])

    def reorder(self, uid: int, x: int) -> None:
        """A card dropped in the hand row goes where it fell: the person's own order, kept
        (and saved with the match)."""
        others = [(u, r) for u, r in self.rows_by_uid().items() if u != uid]
        index = sum(1 for _, rect in others if rect.centerx < x)
        self.t.hand.move(uid, index)

    def toggle(self, uid: int) -> None:
        if uid in self.picked:
            self.picked.remove(uid)
        else:
            self.staged = [[u for u in g if u != uid] for g in self.staged]
            self.staged = [g for g in self.staged if g]
            self.picked.append(uid)

    # ------------------------------------------------------------------ clicks
    def click(self, pos: tuple[int, int]) -> bool:
        t = self.t
        if t.hand_hidden:
            return False
        uid = self._hand_hit(pos)
        if uid is not None:
            self.toggle(uid)
            t.sync()
            return True
        if t.layout.stock.collidepoint(pos):
            t.try_action(Draw(t.viewer), t.layout.stock.midtop)
            return True
        if t.layout.pile_area.collidepoint(pos) or any(r.collidepoint(pos) for r in t.places.pile):
            self.pile()
            return True
        for index, box in t.places.melds.items():
            if box.inflate(8, 8).collidepoint(pos):
                self.onto_meld(index, box.midtop)
                return True
        return False

    def pile(self) -> None:
        """The pile: take it (draw phase), or discard the one picked card onto it."""
        t = self.t
        anchor = t.layout.pile_area.midtop
        seat = t.viewer
        if t.obs.phase == "draw" or t.obs.turn != seat:
            if t.obs.turn != seat:
                t.try_action(TakePile(seat), anchor)
                return
            if rules_of(t.obs).pile_take == "must_use_top":
                self._take_using_top(anchor)
                return
            if t.try_action(TakePile(seat), anchor):
                self.picked = []
            return
        if len(self.picked) != 1:
            t.toast(tr("buraco.pick_one_to_discard"), anchor)
            return
        card = self.codes(self.picked)[0]
        if t.try_action(Discard(seat, card), anchor):
            self.picked, self.staged = [], []
            t.sync()

    def discard(self) -> None:
        """The one picked card onto the pile (the D key); before drawing, nothing to do."""
        t = self.t
        if not self.picked and len(self.visible()) == 1:
            self.picked = list(self.visible())  # the last card: nothing else to choose
        if len(self.picked) != 1:
            t.toast(tr("buraco.pick_one_to_discard"), t.layout.pile_area.midtop)
            return
        card = self.codes(self.picked)[0]
        if t.try_action(Discard(t.viewer, card), t.layout.pile_area.midtop):
            self.picked, self.staged = [], []
            t.sync()

    def _take_using_top(self, anchor: tuple[int, int]) -> None:
        """``must_use_top``: the top card goes down with the picked cards as a new meld, or
        onto one of the side's melds."""
        t, seat = self.t, self.t.viewer
        top = t.obs.pile_top
        if (self.picked or self.staged) and top is not None:
            # The top card joins the picked cards (or the first meld set aside); every other
            # meld set aside goes down in the same action.
            groups = [self.codes(g) for g in self.staged]
            if self.picked:
                groups.insert(0, self.codes(self.picked))
            groups[0] = (top, *groups[0])
            action: Action = TakePile(seat, melds=tuple(groups))
        else:
            adds = [a for a in t.session.game.legal_actions(seat) if isinstance(a, TakePile)]
            action = adds[0] if adds else TakePile(seat)
        if t.try_action(action, anchor):
            self.picked, self.staged = [], []
            t.sync()

    def onto_meld(self, index: int, anchor: tuple[int, int]) -> None:
        t = self.t
        top_first = rules_of(t.obs).pile_take == "must_use_top" and t.obs.phase == "draw"
        if top_first and not self.picked and t.obs.turn == t.viewer:
            self._take_onto(index, anchor)
            return
        if not self.picked:
            t.toast(tr("buraco.pick_to_add"), anchor)
            return
        cards = self.codes(self.picked)
        ends = self._wild_ends(index, cards)
        said = [a for a in ends if self.advised == (index, a.cards)]
        if said:  # the Pista said which end
            self._place(said[0], anchor)
            return
        if len(cards) > 1 and self._as_advised(index, cards):
            # The Pista's several-card add, in its order and with its wilds' places: sent
            # as advised (a network table's engine is at the host and cannot be asked
            # here which order fits).
            self._place(Add(t.viewer, index, self.advised[1]), anchor)
            return
        if len(ends) >= 2:  # a lone wild on a run open at both ends: ask which end
            t.ask_wild_end([(a.cards[0], partial(self._place, a, anchor)) for a in ends])
            return
        action: Action | Refusal = Add(t.viewer, index, cards)
        if t.obs.turn == t.viewer:  # else the engine's own word (not your turn)
            on_table = t.obs.table[index].cards if index < len(t.obs.table) else ()
            action = placing(t.session.game, t.viewer, on_table, index, cards)
        if isinstance(action, Refusal):
            t.refuse(action, anchor)
        elif t.try_action(action, anchor):
            self.picked = []
            t.sync()

    def _as_advised(self, index: int, cards: tuple[str, ...]) -> bool:
        meld, marked = self.advised
        plain = sorted(c.split("=")[0] for c in marked)
        return meld == index and plain == sorted(cards)

    def _wild_ends(self, index: int, cards: tuple[str, ...]) -> list[Add]:
        """The engine's placements of a lone wild on ``index``, one per open end (the low
        end first), when it is the viewer's turn to play. A 2 of the run's suit that can
        stand in its own place is offered there as the natural card (unmarked: the meld
        stays limpo, BURACO.md §3.5), not as a wild standing for itself."""
        t = self.t
        if len(cards) != 1 or t.obs.turn != t.viewer or t.obs.phase != "play":
            return []
        card = cards[0]
        legal = t.session.game.legal_actions(t.viewer)
        natural = Add(t.viewer, index, (card,))
        home = natural if natural in legal else None
        return [
            home if home is not None and a.cards[0] == f"{card}={card}" else a
            for a in legal
            if isinstance(a, Add) and a.meld == index and a.cards[0].startswith(f"{card}=")
        ]

    def _place(self, action: Action, anchor: tuple[int, int]) -> None:
        if self.t.try_action(action, anchor):
            self.picked = []
            self.t.sync()

    def _take_onto(self, index: int, anchor: tuple[int, int]) -> None:
        """``must_use_top``, before drawing: a click on one of the side's melds takes the
        pile with its top card added to that meld (the pile's own click chooses one)."""
        t = self.t
        legal = t.session.game.legal_actions(t.viewer)
        takes = [a for a in legal if isinstance(a, TakePile) and a.add == index]
        if t.try_action(takes[0] if takes else TakePile(t.viewer, add=index), anchor):
            self.picked, self.staged = [], []

    def lay_down(self) -> None:
        t = self.t
        groups = [*self.staged, *([self.picked] if self.picked else [])]
        if not groups:
            return
        melds = tuple(self.codes(g) for g in groups)
        if t.try_action(LayDown(t.viewer, melds), t.layout.our_zone.center):
            self.picked, self.staged = [], []
            t.sync()
