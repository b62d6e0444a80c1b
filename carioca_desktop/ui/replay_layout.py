"""Where the replay viewer's own pieces go over either game's table: the bar at the bottom
(where the replay is, its keys), and the coach's panel: a strip at the window's right with
the table laid out in the rest, or, in a window too narrow for both, a band over the viewed
hand (``ReplayLayout``, mixed into the viewer scenes before the table scene)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.ui import replay_bar, theme
from carioca_desktop.ui.coach_panel import side_rect, side_width
from carioca_desktop.ui.widgets import font

if TYPE_CHECKING:
    from carioca_desktop.play.replay_session import Recorded
    from carioca_desktop.ui.coach_panel import CoachPanel
    from carioca_desktop.ui.scene import Host

TABLE_MIN_W = 1000  # px: a table laid out narrower than this overlaps its top seats


class ReplayLayout:
    """The bar's and the coach's places; the table scene's ``on_resize`` lays it out."""

    app: Host
    replay: Recorded
    coach: CoachPanel
    all_hands: bool

    if TYPE_CHECKING:
        layout: Any  # either table's layout

    _side = 0  # px the coach's strip takes at the window's right while it is open
    _runs: replay_bar.Runs | None = None  # the bar's words, rendered once (this viewer's)

    @property
    def _bar_runs(self) -> replay_bar.Runs:
        if self._runs is None:
            self._runs = replay_bar.Runs()
        return self._runs

    def show_coach(self, on: bool) -> None:
        """Open or close the coach's strip: the table is laid out again beside it, so the
        panel covers no meld, name or hand (over the table it covered melds)."""
        self.coach.open = on
        self.on_resize(self.app.size)

    def table_size(self) -> tuple[int, int]:
        w, h = self.app.size
        return (w - self._side, h)

    def on_resize(self, size: tuple[int, int]) -> None:
        room = size[0] - side_width(size) >= TABLE_MIN_W  # else the table's seats overlap
        self._side = side_width(size) if self.coach.open and room else 0
        super().on_resize(size)  # type: ignore[misc]

    def coach_area(self, bar: pygame.Rect) -> tuple[pygame.Rect, int]:
        """Where the coach's panel goes and in how many columns: the strip beside the
        table, or in a window too narrow for one (the table needs TABLE_MIN_W) the band
        under every meld, seat and the log, over the viewed hand, in two columns."""
        if self._side:
            return side_rect(self.app.size), 1
        w = self.app.size[0]
        parts = [*self.covered_parts(), self.layout.viewer_panel]
        edge = w // 4  # a part centred left of it is in the left column (Buraco's log)
        top = max(r.bottom for r in parts if r.centerx > edge and r.bottom < bar.top) + 4
        left = max((r.right for r in parts if r.centerx <= edge and r.bottom > top), default=0)
        return pygame.Rect(left + 4, top, w - left - 4, bar.top - top), 2

    def covered_parts(self) -> list[pygame.Rect]:
        """The parts of the table the coach's panel must leave in view."""
        raise NotImplementedError

    def bar_left(self, top: int) -> int:
        """Where the bar starts: right of the viewed seat's panel when the bar would cover
        its last line (both tables keep it in the bottom left corner), else the window's
        edge."""
        panel: pygame.Rect = self.layout.viewer_panel
        return panel.right + 8 if panel.bottom > top and panel.left < 40 else 0

    def paint_bar(self, surface: pygame.Surface) -> pygame.Rect:
        """The bar saying where the replay is and its keys; its rectangle."""
        r = self.replay
        w, h = self.table_size()  # beside the coach's strip when it is open
        small = font(max(12, round(15 * max(0.8, min(w / 1600, h / 900)))))
        state = tr("replay.playing") if r.playing else tr("replay.paused")
        here = r.round_of(r.position) + 1
        words = "replay.bar_all" if self.all_hands else "replay.bar"
        text = tr(words, n=r.position, total=len(r.actions), round=here, state=state,
                  seat=r.match.seats[r.seat].name)  # fmt: skip
        keys = tr(f"replay.keys_{r.match.game}")
        line, runs = small.get_linesize(), self._bar_runs
        left = self.bar_left(h - 2 * line - 10)
        wide = runs.width(text, small, theme.TEXT) + runs.width(keys, small, theme.TEXT_DIM)
        crowded = wide + 48 > w - left  # then two rows
        tall = line * (2 if crowded else 1) + 10
        bar = pygame.Rect(left, h - tall, w - left, tall)
        surface.blit(replay_bar.shade(bar.size), bar)
        first = bar.y + 5 + line // 2
        runs.draw(surface, text, small, (bar.x + 12, first), theme.TEXT, "midleft")
        keys_at = (bar.right - 12, first + line if crowded else first)
        runs.draw(surface, keys, small, keys_at, theme.TEXT_DIM, "midright")
        return bar
