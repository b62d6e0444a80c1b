"""Pointer and keys on the table: press, drag, drop and click, turned into the scene's moves.

Drag-and-drop after arcade's solitaire: a press remembers what was taken and from where,
motion moves it, release finds the drop target and hands it to the moves (which ask the
engine). Every drop has a click equivalent: click a card to select it, then click a target.
Keys go to ``TableKeys``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.rules.carioca.actions import POZO, STOCK
from carioca_desktop.ui.tablekit.keys import ENTER

if TYPE_CHECKING:
    from carioca_desktop.ui.tablekit.hand import HandModel

DRAG_START = 6  # pixels the pointer must travel before a press becomes a drag
DOUBLE_CLICK = 0.4  # seconds


@dataclass
class Press:
    """What the left button went down on: ("hand", uid), ("slot", uid), ("stock",), ("pozo",)
    or None, and where."""

    what: tuple[object, ...] | None
    pos: tuple[int, int]
    mods: int = 0  # Ctrl or Shift held: a hand card is picked beside the others


@dataclass
class Drag:
    """A card (or the top of a pile) following the pointer."""

    kind: str  # "card" | "stock" | "pozo"
    uid: int | None
    code: str | None
    image: pygame.Surface
    grab: tuple[int, int]  # pointer offset inside the card
    home: pygame.Rect  # where it glides back to
    pos: tuple[int, int]

    @property
    def rect(self) -> pygame.Rect:
        w, h = self.image.get_size()
        return pygame.Rect(self.pos[0] - self.grab[0], self.pos[1] - self.grab[1], w, h)


# What the gestures need of the table (the scene), its moves (moves.py) and its keys
# (keys.py): typed by these, not by those modules, which import ``Drag`` from here.
class HandOwner(Protocol):
    @property
    def hand(self) -> HandModel: ...


class InputTable(Protocol):
    """The table scene as the gestures see it (``model.Table`` is the whole face)."""

    @property
    def model(self) -> HandOwner: ...
    def toast(self, text: str, anchor: tuple[int, int], seconds: float = ...) -> None: ...
    def dirty(self) -> None: ...
    def glide_back(self, drag: Drag) -> None: ...
    def greyed_lay_down(self, pos: tuple[int, int]) -> bool: ...
    def answer_confirm(self, yes: bool) -> bool: ...
    def open_pause(self) -> None: ...


class Gestures(Protocol):
    """The moves (``TableMoves``) a press, a drag, a drop or a click asks for."""

    def thing_at(self, pos: tuple[int, int]) -> tuple[object, ...] | None: ...
    def start_drag(self, what: tuple[object, ...], at: tuple[int, int]) -> Drag | None: ...
    def drop(self, drag: Drag, pos: tuple[int, int]) -> None: ...
    def draw_card(self, source: str, pos: tuple[int, int], drag: Drag | None = None) -> None: ...
    def discard(self, uid: int, pos: tuple[int, int], drag: Drag | None) -> None: ...
    def slot_card_clicked(self, uid: int) -> None: ...
    def deselect(self) -> None: ...
    def click_table(self, pos: tuple[int, int]) -> None: ...
    def why_not_lay_down(self) -> str: ...


class KeyHandler(Protocol):
    """The keys (``TableKeys``): whether their focus ring shows, and a key to handle."""

    shown: bool

    def handle(self, event: pygame.event.Event) -> bool: ...


class TableInput:
    """Owns the gesture state (press, drag, hover) and calls the moves and keys."""

    def __init__(self, table: InputTable, moves: Gestures, keys: KeyHandler) -> None:
        self.table = table
        self.moves = moves
        self.keys = keys
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.hover: int | None = None
        self.pointer: tuple[int, int] = (0, 0)
        self._last_click: tuple[int | None, float] = (None, 0.0)

    def before_ui(self, event: pygame.event.Event) -> bool:
        """A click on the greyed Bajarse, which pygame_gui takes without a word: say what
        keeps it greyed (True: taken)."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        if not self.table.greyed_lay_down(event.pos):
            return False
        self.table.toast(self.moves.why_not_lay_down(), event.pos)
        return True

    def cancel(self) -> None:
        """Drop everything in progress (a new round, a pause, a resize)."""
        if self.drag is not None:
            self.table.glide_back(self.drag)
        self.press, self.drag = None, None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._down(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._up(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.moves.deselect()
        elif event.type == pygame.KEYDOWN:
            return self._key(event)
        else:
            return False
        return True

    # ------------------------------------------------------------------ pointer
    def _down(self, pos: tuple[int, int]) -> None:
        self.pointer = pos
        if self.keys.shown:  # the pointer took over from the keyboard
            self.keys.shown = False
            self.table.dirty()
        self.press = Press(self.moves.thing_at(pos), pos, pygame.key.get_mods())

    def _motion(self, pos: tuple[int, int]) -> None:
        self.pointer = pos
        if self.drag is not None:
            self.drag.pos = pos
            self.table.dirty()
            return
        press = self.press
        if press is not None and press.what is not None:
            dx, dy = pos[0] - press.pos[0], pos[1] - press.pos[1]
            if dx * dx + dy * dy >= DRAG_START * DRAG_START:
                self.drag = self.moves.start_drag(press.what, press.pos)
                if self.drag is not None:
                    self.drag.pos = pos
                    self.press = None
                    self.table.dirty()
                    return
        self._hover(pos)

    def _hover(self, pos: tuple[int, int]) -> None:
        what = self.moves.thing_at(pos)
        uid = what[1] if what and what[0] == "hand" else None
        hovered = uid if isinstance(uid, int) else None
        if hovered != self.hover:
            self.hover = hovered
            self.table.dirty()
        elif self.table.model.hand.selected is not None:
            self.table.dirty()  # target highlights follow the pointer

    def _up(self, pos: tuple[int, int]) -> None:
        self.pointer = pos
        drag, press = self.drag, self.press
        self.drag, self.press = None, None
        if drag is not None:
            drag.pos = pos
            self.moves.drop(drag, pos)
        elif press is not None:
            self._click(press.what, pos, press.mods)

    def _click(self, what: tuple[object, ...] | None, pos: tuple[int, int], mods: int = 0) -> None:
        moves, hand = self.moves, self.table.model.hand
        now = time.monotonic()
        if what is not None and what[0] == "hand" and isinstance(what[1], int):
            uid = what[1]
            if mods & (pygame.KMOD_CTRL | pygame.KMOD_SHIFT):  # several cards, as at Buraco's
                self._last_click = (None, 0.0)
                hand.toggle(uid)
                self.table.dirty()
                return
            last_uid, last_time = self._last_click
            self._last_click = (uid, now)
            if last_uid == uid and now - last_time < DOUBLE_CLICK:
                moves.discard(uid, pos, None)
                return
            hand.select(uid)
            self.table.dirty()
            return
        self._last_click = (None, 0.0)
        if what is not None and what[0] == "slot" and isinstance(what[1], int):
            moves.slot_card_clicked(what[1])
        elif what == ("stock",):
            moves.draw_card(STOCK, pos)
        elif what == ("pozo",):
            if len(hand.picked) > 1:
                self.table.toast(tr("keys.toast.one_card"), pos)
            elif hand.selected is not None:
                moves.discard(hand.selected, pos, None)
            else:
                moves.draw_card(POZO, pos)
        else:
            moves.click_table(pos)

    # ------------------------------------------------------------------ keys
    def _key(self, event: pygame.event.Event) -> bool:
        if event.key in (*ENTER, pygame.K_ESCAPE) and self.table.answer_confirm(
            event.key != pygame.K_ESCAPE
        ):
            return True  # the discard prompt's answer, before the hand's Enter
        if event.key == pygame.K_ESCAPE:
            if self.drag is not None or self.press is not None:
                self.cancel()
            else:
                self.table.open_pause()
            return True
        if self.drag is not None:
            return False  # one gesture at a time
        return self.keys.handle(event)
