"""The very first New game asks which level the bots play, one line on each level, and
suggests Beginner (the default Normal lays nine cards on its first turn, which a new player
finds discouraging). The choice is kept in the settings and is every bot seat's from then on;
each seat's level can still be changed on the New game screen."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.ui import theme
from carioca_desktop.ui.widgets import UIScene, draw_text, font, gold_title, panel, wrap

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

OFFERED = ("beginner", "easy", "normal", "hard")  # "random" plays no game worth learning from
SUGGESTED = "beginner"


class LevelChoiceScene(UIScene):
    """Over a New game screen: a button per level with its line; ``chosen(level)`` sets the
    screen's bot seats. Esc keeps the screen's levels and asks again next time."""

    opaque = False
    dim_alpha = 170

    def __init__(self, app: Host, game: str, chosen: Callable[[str], object]) -> None:
        super().__init__(app)
        self.game = game  # whose level lines: "carioca" or "buraco"
        self.chosen = chosen

    def _box(self) -> tuple[pygame.Rect, int, int]:
        """The panel, the buttons' width and one level's row height."""
        w, h = self.size
        width = min(w - 40, round(max(820 * self.u, 820 * self.t)))
        row = round(max(62 * self.u, 58 * self.t))
        height = round(150 * self.t) + row * len(OFFERED) + round(20 * self.u)
        box = pygame.Rect(0, 0, width, min(h - 20, height))
        box.center = (w // 2, h // 2)
        return box, round(min(230 * self.u, width * 0.32)), row

    def build(self) -> None:
        box, bw, row = self._box()
        y = box.y + round(130 * self.t)
        for level in OFFERED:
            rect = pygame.Rect(box.x + 30, y, bw, row - round(12 * self.u))
            kind = "primary" if level == SUGGESTED else None
            name = tr(f"common.level_{level}")
            self.button(rect, name[:1].upper() + name[1:], partial(self.choose, level), kind)
            y += row
        self.focus.restore(OFFERED.index(SUGGESTED))

    def paint(self, surface: pygame.Surface) -> None:
        box, bw, row = self._box()
        panel(surface, box, alpha=255, border=theme.GOLD)
        title = gold_title(tr("newgame.level_title"), round(28 * self.t), box.w - 60)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + round(16 * self.t))))
        note = font(round(16 * self.t))
        y = box.y + round(64 * self.t)
        suggested = tr(f"common.level_{SUGGESTED}")
        for line in wrap(tr("newgame.level_note", level=suggested), note, box.w - 60)[:2]:
            draw_text(surface, line, note, (box.centerx, y), theme.TEXT, "midtop")
            y += note.get_linesize()
        x, y = box.x + 30 + bw + 20, box.y + round(130 * self.t)
        for level in OFFERED:
            small, lines = self._level_lines(
                tr(f"levels.{self.game}.{level}"), box.right - 30 - x, row
            )
            top = y + (row - round(12 * self.u) - len(lines) * small.get_linesize()) // 2
            for line in lines:
                draw_text(surface, line, small, (x, top), theme.TEXT_DIM, "topleft")
                top += small.get_linesize()
            y += row

    def _level_lines(self, text: str, width: int, row: int) -> tuple[pygame.font.Font, list[str]]:
        """A level's line whole: in two lines at the largest size from 15 px down to 12 (at
        1600x900), else in as many as its row holds (it was cut after two lines: "se aferra
        a las" ended Spanish beginner's)."""
        sizes = range(round(15 * self.t), round(12 * self.t) - 1, -1)
        for size in sizes:
            lines = wrap(text, font(size), width)
            if len(lines) <= 2:
                return font(size), lines
        small = font(sizes[-1])
        return small, wrap(text, small, width)[: max(2, row // small.get_linesize())]

    def choose(self, level: str) -> None:
        """Every bot seat plays ``level``, now and at the next New games."""
        self.app.update_settings(self.app.settings.replace(bot_level=level))
        # The screen below takes the level first and rebuilds as it comes back (its widgets
        # made from this scene's code would be this scene's, and go with it).
        self.chosen(level)
        self.app.pop()
