"""The rules panel's scroll when the rules do not all fit (a short window: Host a table, the
waiting room and the lobby at 1024x600 ended in "…"): whole rows at a time, by the wheel, a
click on the bar's track, or PgUp / PgDn, with a gold bar that says where the view is."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.ui import theme
from carioca_desktop.ui.widgets import UIScene

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

BAR_ROOM = 18  # the pixels at the view's right kept for the scroll bar


@dataclass
class RuleScroll:
    """Which row is at the top of the view; ``paint_rules`` tells it how many rows there are,
    how many are shown from there and where the view is, and keeps ``first`` within them."""

    first: int = 0
    last_first: int = 0  # the top row that shows the last row at the bottom (0: all fit)
    shown: int = 0
    rows: int = 0
    view: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def scroll_to(self, first: int) -> bool:
        """Put row ``first`` at the top (kept in range); True when the view moved."""
        first = max(0, min(self.last_first, first))
        moved, self.first = first != self.first, first
        return moved

    def key(self, event: pygame.event.Event) -> bool:
        """PgUp / PgDn a view's rows less one (the row kept for context); True when moved."""
        if event.type != pygame.KEYDOWN or event.key not in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            return False
        page = max(1, self.shown - 1)
        return self.scroll_to(self.first + (page if event.key == pygame.K_PAGEDOWN else -page))

    def pointer(self, event: pygame.event.Event) -> bool:
        """The wheel anywhere on the screen's picture (nothing else there scrolls), a click
        on the bar's track above or below its thumb; True when the view moved."""
        if event.type == pygame.MOUSEWHEEL:
            return self.scroll_to(self.first - int(event.y))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.last_first:
            track, thumb = self.bar()
            if track.inflate(16, 0).collidepoint(event.pos) and not thumb.collidepoint(event.pos):
                page = max(1, self.shown - 1)
                return self.scroll_to(self.first + (page if event.pos[1] > thumb.y else -page))
        return False

    def bar(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The track at the view's right and the thumb on it, by rows."""
        view = self.view
        track = pygame.Rect(view.right - 8, view.y + 2, 6, max(0, view.h - 4))
        total = max(1, self.rows)
        thumb_h = max(24, round(track.h * self.shown / total))
        span = max(0, track.h - thumb_h)
        y = track.y + (round(span * self.first / self.last_first) if self.last_first else 0)
        return track, pygame.Rect(track.x - 2, y, 10, thumb_h)

    def paint_bar(self, surface: pygame.Surface) -> None:
        """Drawn only when some rows are out of view."""
        if not self.last_first:
            return
        track, thumb = self.bar()
        pygame.draw.rect(surface, (8, 30, 18), track, 0, 3)
        pygame.draw.rect(surface, theme.GOLD, thumb, 0, 5)


class RulesScene(UIScene):
    """A network screen with a rules panel: the wheel and PgUp / PgDn scroll its rules."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.rule_scroll = RuleScroll()

    def pointer(self, event: pygame.event.Event) -> None:
        if self.rule_scroll.pointer(event):
            self.repaint()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.rule_scroll.key(event):
            self.repaint()
            return True
        return super().handle_event(event)
