"""A pygame_gui selection list whose rows and words grow with a big window as the menu
screens' other widgets do (``UIScene.add`` grows a button's words; a list makes its row
buttons itself, on every scroll)."""

from __future__ import annotations

from typing import Any, cast

import pygame_gui
from pygame_gui.elements import UISelectionList

from carioca_desktop.ui.tablekit.wordsize import speak_up


class GrownList(UISelectionList):
    """A ``UISelectionList`` with rows ``grow`` times the theme's height, their words as much
    larger (``grow`` 1: the theme's list)."""

    def __init__(self, *args: Any, grow: float = 1.0, **kwargs: Any) -> None:
        self.grow = grow  # read by ``rebuild``, which pygame_gui's constructor calls
        super().__init__(*args, **kwargs)

    def rebuild(self) -> None:
        if self.grow > 1.0:
            themed = self.ui_theme.get_misc_data("list_item_height", self.combined_element_ids)
            self.list_item_height = round(int(str(themed or 20)) * self.grow)
        super().rebuild()
        self._grow_words()

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        self._grow_words()  # rows scrolled into view are new buttons

    def _grow_words(self) -> None:
        if self.grow <= 1.0:
            return
        buttons = [item["button_element"] for item in self.item_list
                   if item.get("button_element") is not None]  # fmt: skip
        speak_up(cast(pygame_gui.UIManager, self.ui_manager), buttons, self.grow)
