"""The table's pygame_gui buttons (menu, Bajarse, Auto, Deshacer, Pista, sorts, keys) and the
discard prompt."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel

from carioca_desktop.i18n import tr
from carioca_desktop.ui.scenes.carioca.layout import BUTTONS, TableLayout
from carioca_desktop.ui.scenes.carioca.model import Buttons
from carioca_desktop.ui.tablekit.wordsize import speak_up

Command = Callable[[], None]
KEYS = ("menu", "keys", *BUTTONS)
LABELS = {"menu": "table.menu", "lay_down": "table.lay_down", "auto": "table.auto",
          "undo": "table.undo", "hint": "table.hint", "sort_rank": "table.sort_rank",
          "sort_suit": "table.sort_suit", "keys": "table.keys"}  # fmt: skip
STYLES = {"menu": "@flat", "lay_down": "@primary", "keys": "@flat"}


class TableWidgets:
    """Creates the buttons once, moves them on resize, enables them from the scene's state."""

    def __init__(
        self, manager: pygame_gui.UIManager, commands: dict[str, Command], layout: TableLayout
    ) -> None:
        self.manager = manager
        self.commands = commands
        self.grow = layout.grow
        rects = self._rects(layout)

        self.buttons = {
            key: UIButton(
                rects[key],
                tr(LABELS[key]),
                manager,
                object_id=ObjectID(class_id=STYLES[key]) if key in STYLES else None,
                command=commands[key],
            )
            for key in KEYS
        }
        self.menu, self.keys, self.lay_down, self.auto, self.undo = self.all[:5]
        self.hint, self.sort_rank, self.sort_suit = self.all[5:]
        speak_up(manager, self.all, self.grow)
        self.confirm: UIPanel | None = None
        self.confirm_yes: UIButton | None = None
        self._confirmed: Command | None = None

    @property
    def all(self) -> list[UIButton]:
        """In ``KEYS`` order."""
        return [self.buttons[key] for key in KEYS]

    @staticmethod
    def _rects(layout: TableLayout) -> dict[str, pygame.Rect]:
        px, bar = layout.upx, layout.top_bar
        rects = {key: rect.copy() for key, rect in zip(BUTTONS, layout.buttons)}
        rects["menu"] = pygame.Rect(px(10), bar.centery - px(17), px(120), px(34))
        rects["keys"] = pygame.Rect(px(138), bar.centery - px(17), px(150), px(34))
        return rects

    def place(self, layout: TableLayout) -> None:
        rects = self._rects(layout)
        for key, widget in zip(KEYS, self.all):
            widget.set_relative_position(rects[key].topleft)
            widget.set_dimensions(rects[key].size)
            _ui(widget).rebuild()  # else the text keeps its old size and spills over its neighbours
        self.grow = layout.grow
        speak_up(self.manager, self.all, self.grow)

    def relabel(self) -> None:
        """Every button in the language now chosen (a switch in the pause menu's settings)."""
        for key, widget in zip(KEYS, self.all):
            widget.set_text(tr(LABELS[key]))
        speak_up(self.manager, self.all, self.grow)  # a new language took the theme's font

    def update_state(self, buttons: Buttons) -> None:
        """Show, hide, enable and label the buttons as the model says (``Buttons``)."""
        _enable(self.lay_down, buttons.lay_down)
        _enable(self.auto, buttons.auto)
        _show(self.lay_down, buttons.show_laydown)
        _show(self.auto, buttons.show_laydown)
        _show(self.sort_rank, buttons.show_sorts)
        _show(self.sort_suit, buttons.show_sorts)
        _show(self.hint, buttons.hint is not None)
        _enable(self.hint, bool(buttons.hint))
        _enable(self.undo, buttons.undo)
        _show(self.undo, buttons.show_sorts)

    def ask_discard(self, layout: TableLayout, card: str, yes: Command) -> None:
        """A small prompt over the pozo: "Botar el 7♥?" with Botar / Cancelar."""
        self.close_confirm()
        px = layout.upx
        rect = pygame.Rect(0, 0, px(300), px(104))
        rect.midbottom = (layout.pozo.centerx, layout.pozo.top - px(8))
        rect.clamp_ip(pygame.Rect((0, 0), layout.size))
        box = UIPanel(
            rect, starting_height=5, manager=self.manager, object_id=ObjectID(class_id="@popup")
        )  # opaque: no melds through it
        label = UILabel(
            pygame.Rect(px(8), px(8), rect.width - px(16), px(34)),
            tr("table.confirm_discard", card=card),
            self.manager,
            container=box,
        )

        def confirmed() -> None:
            self.close_confirm()
            yes()

        self._confirmed = confirmed

        bw = (rect.width - px(36)) // 2
        self.confirm_yes = UIButton(
            pygame.Rect(px(12), px(52), bw, px(36)),
            tr("table.confirm_yes"),
            self.manager,
            container=box,
            object_id=ObjectID(class_id="@primary"),
            command=confirmed,
        )
        no = UIButton(
            pygame.Rect(px(24) + bw, px(52), bw, px(36)),
            tr("table.confirm_no"),
            self.manager,
            container=box,
            command=self.close_confirm,
        )
        speak_up(self.manager, [label, self.confirm_yes, no], layout.grow)
        self.confirm = box

    def answer_confirm(self, yes: bool) -> bool:
        """Enter (yes) or Esc (no) while the discard prompt is open; True if it was."""
        confirmed = self._confirmed
        if self.confirm is None or confirmed is None:
            return False
        if yes:
            confirmed()
        else:
            self.close_confirm()
        return True

    def close_confirm(self) -> None:
        if self.confirm is not None:
            _ui(self.confirm).kill()
            self.confirm, self.confirm_yes, self._confirmed = None, None, None

    def kill(self) -> None:
        self.close_confirm()
        for widget in self.all:
            _ui(widget).kill()


def _ui(element: object) -> Any:
    """pygame_gui's show/hide/enable/kill are untyped; calling them through Any keeps the
    rest of this module type-checked."""
    return element


def _show(widget: UIButton, on: bool) -> None:
    if on and not widget.visible:
        _ui(widget).show()
    elif not on and widget.visible:
        _ui(widget).hide()


def _enable(widget: UIButton, on: bool) -> None:
    if on and not widget.is_enabled:
        _ui(widget).enable()
    elif not on and widget.is_enabled:
        _ui(widget).disable()
