"""The settings scene's state and layout (tabs on the left, a page of rows on the right) and
the saving of a change; the pages, the picture and the house rules build on it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from carioca_desktop import games
from carioca_desktop.ui.rows import Row
from carioca_desktop.ui.widgets import UIScene

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

CARD_WIDTHS = {"small": 70, "medium": 88, "large": 106, "xlarge": 124}


class SettingsBase(UIScene):
    """What every part of the settings scene shares: which page, the scroll, the message."""

    def __init__(self, app: Host, tab: str = "game", game: str = games.DEFAULT) -> None:
        super().__init__(app)
        self.tab = tab
        self.game = game  # whose house rules the rules tab shows (a name in games.GAMES)
        self.first = 0
        self.message = ""
        self.message_bad = False
        self._row_of: dict[int, int] = {}

    # ------------------------------------------------------------------ layout
    def _room(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The most the tabs and the page may take."""
        w, h = self.size
        m = round(24 * self.k)
        top = round(92 * self.k)
        tabs = pygame.Rect(m, top, round(min(270 * self.u, w * 0.24)), h - top - m)
        body = pygame.Rect(tabs.right + m, top, w - tabs.right - 2 * m, h - top - m)
        return tabs, body

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Tabs and page, as tall as their content (the house rules take all the room)."""
        tabs, room = self._room()
        if self.tab == "rules":
            return tabs, room
        _, pitch, _ = self._metrics()
        # As tall as the tallest of the other pages (the display page, with its preview).
        height = self._header_height() + 6 * pitch + round(24 * self.u)
        height += round(CARD_WIDTHS[self.app.settings.card_size] * self.t * 1.4) + 40
        height = min(room.h, height)
        return tabs.inflate(0, height - tabs.h).move(0, (height - tabs.h) // 2), room.inflate(
            0, height - room.h
        ).move(0, (height - room.h) // 2)

    def _metrics(self) -> tuple[int, int, int]:
        """Row height, row pitch and how many rows fit."""
        _, body = self._room()
        rh = round(40 * self.u)
        pitch = rh + round((22 if self._explained() else 10) * self.u)
        reserved = self._header_height() + round(12 * self.u) + self._footer_height()
        return rh, pitch, max(1, (body.h - reserved) // pitch)

    def _control_width(self, body: pygame.Rect) -> int:
        """The controls' column (narrower where the labels carry an explanation)."""
        if self._explained():
            return min(round(400 * self.u), body.w * 45 // 100)
        return min(round(470 * self.u), body.w * 54 // 100 - 24)

    def _explained(self) -> bool:
        """Whether the rows carry a line of explanation (as Buraco's house rules do)."""
        return self.tab == "rules" and self.app.routes.game(self.game).explained_rows

    def _header_height(self) -> int:
        return round(82 * self.u)

    def _footer_height(self) -> int:
        return round(86 * self.u) if self.tab == "rules" else round(12 * self.u)

    def rows(self) -> list[Row]:
        """The rows of the page shown."""
        raise NotImplementedError

    # ------------------------------------------------------------------ changes
    def _set(self, **changes: Any) -> bool:
        try:
            new = self.app.settings.replace(**changes)
        except ValueError:
            return False
        self.app.update_settings(new)
        self.repaint()
        return True

    def _say(self, message: str, bad: bool = False) -> None:
        self.message, self.message_bad = message, bad
        self.repaint()
