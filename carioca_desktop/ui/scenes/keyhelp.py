"""The keyboard help (F1 or ? at the table): every key, and the clicks that replace a drag.

Its rows come from ui/keyrows.py (the rules screen shows them too).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.ui import theme
from carioca_desktop.ui.keyrows import CLICKS, KEYS, click_rows, key_rows
from carioca_desktop.ui.widgets import UIScene, draw_text, font, gold_title, panel, wrap

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host


class KeysScene(UIScene):
    """A dialog over the dimmed table; Esc, F1, ? or Enter closes it. ``keys`` and
    ``clicks`` are the table's own (Carioca's unless given: the Buraco table gives its own)."""

    opaque = False
    dim_alpha = 175

    def __init__(
        self,
        app: Host,
        keys: Sequence[tuple[str, str]] = KEYS,
        clicks: Sequence[str] = CLICKS,
    ) -> None:
        super().__init__(app)
        self.keys, self.clicks = tuple(keys), tuple(clicks)

    def _box(self) -> pygame.Rect:
        """As wide as the screen allows, as tall as its words (measured without drawing)."""
        w, h = self.size
        box = pygame.Rect(0, 0, min(w - 40, round(1240 * self.t)), h)
        height = self._content(None, box) - box.y + round(46 * self.u) + 30
        box.height = min(h - 30, height)
        box.center = (w // 2, h // 2)
        return box

    def build(self) -> None:
        self.close_button(self._box())

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and (
            event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?"
        ):
            self.back()
            return True
        return super().handle_event(event)

    def paint(self, surface: pygame.Surface) -> None:
        box = self._box()
        panel(surface, box, alpha=248, border=theme.GOLD)
        self._content(surface, box)

    def _content(self, surface: pygame.Surface | None, box: pygame.Rect) -> int:
        """Title, the keys in two columns, the clicks; returns the y below (``surface``
        None only measures)."""
        t = self.t
        title = gold_title(tr("keys.title"), round(34 * t), box.w - 60)
        if surface is not None:
            surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + round(12 * t))))
        top = box.y + round(18 * t) + title.get_height()
        rows = key_rows(self.keys)
        half = (len(rows) + 1) // 2
        col_w = (box.w - 72) // 2
        bottom = top
        for c in range(2):
            area = pygame.Rect(box.x + 28 + c * (col_w + 16), top, col_w, box.h)
            bottom = max(bottom, self._keys(surface, rows[c * half : (c + 1) * half], area))
        return self._clicks(surface, box.x + 28, bottom + round(10 * t), box.w - 60)

    def _keys(
        self, surface: pygame.Surface | None, rows: list[tuple[str, str]], area: pygame.Rect
    ) -> int:
        body, bold = font(round(15 * self.t)), font(round(15 * self.t), bold=True)
        chip_w = round(150 * self.t)
        y = area.y
        for keys, meaning in rows:
            lines = wrap(meaning, body, area.w - chip_w - 16)
            chip = pygame.Rect(area.x, y, chip_w, bold.get_linesize() + 6)
            if surface is not None:
                pygame.draw.rect(surface, (30, 62, 44), chip, 0, 6)
                pygame.draw.rect(surface, theme.GOLD, chip, 1, 6)
                draw_text(surface, keys, bold, chip.center, theme.GOLD, "center", shadow=False)
                for i, line in enumerate(lines):
                    at = (area.x + chip_w + 14, y + 3 + i * body.get_linesize())
                    draw_text(surface, line, body, at, theme.TEXT, shadow=False)
            y += max(chip.h, len(lines) * body.get_linesize()) + round(8 * self.t)
        return y

    def _clicks(self, surface: pygame.Surface | None, x: int, y: int, width: int) -> int:
        """The mouse without dragging: a line per gesture."""
        small, bold = font(round(15 * self.t)), font(round(16 * self.t), bold=True)
        if surface is not None:
            draw_text(surface, tr("keys.clicks_title"), bold, (x, y), theme.GOLD)
        y += bold.get_linesize() + 2
        rows = click_rows(self.clicks)
        for line in (part for row in rows for part in wrap("· " + row, small, width)):
            if surface is not None:
                draw_text(surface, line, small, (x + 8, y), theme.TEXT_DIM, shadow=False)
            y += small.get_linesize()
        return y
