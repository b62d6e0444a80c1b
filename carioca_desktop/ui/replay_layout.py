"""Where the replay viewer's own pieces go over either game's table: the bar at the bottom
(where the replay is, its keys), and the coach's panel: a strip at the window's right with
the table laid out in the rest, or, in a window too narrow for both, a band over the viewed
hand (``ReplayLayout``, mixed into the viewer scenes before the table scene)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from carioca_desktop.i18n import language, tr
from carioca_desktop.ui import replay_bar, theme
from carioca_desktop.ui.coach_panel import side_rect, side_width
from carioca_desktop.ui.widgets import font

if TYPE_CHECKING:
    from carioca_desktop.play.replay_session import Recorded
    from carioca_desktop.ui.coach_panel import CoachPanel
    from carioca_desktop.ui.scene import Host

BAR_COLOUR = (9, 32, 20)  # the bar under the table: the felt's darkest green
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
    _bar_h: tuple[object, int] | None = None  # (size, strip, language) -> the bar's height
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
        """The table's room: beside the coach's strip, above the bar (over the table the
        bar covered the bottom of the viewed hand at every size, two rows of it at 4K)."""
        w, h = self.app.size
        return (w - self._side, h - self.bar_height())

    def bar_font(self) -> pygame.font.Font:
        w, h = self.app.size
        return font(max(12, round(15 * max(0.8, min(w / 1600, h / 900)))))

    def bar_height(self) -> int:
        """The bar's height: one row of words, or two when its longest words (the last
        action's number, the longer state, either view) and its keys do not fit in one;
        the same at every position, so a step never lays the table out again."""
        key = (self.app.size, self._side, language())
        if self._bar_h is not None and self._bar_h[0] == key:
            return self._bar_h[1]
        r, small = self.replay, self.bar_font()
        states = (tr("replay.playing"), tr("replay.paused"))
        total = len(r.actions)
        texts = [
            tr(words, n=total, total=total, round=len(r.rounds), state=state, seat=seat.name)
            for words in ("replay.bar", "replay.bar_all")
            for state in states
            for seat in r.match.seats
        ]
        widest = max(small.size(text)[0] for text in texts)
        keys = small.size(tr(f"replay.keys_{r.match.game}"))[0]
        rows = 2 if widest + keys + 48 > self.app.size[0] - self._side else 1
        self._bar_h = (key, small.get_linesize() * rows + 10)
        return self._bar_h[1]

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

    def bar_text(self, position: int) -> str:
        """The bar's first line at ``position``: where the replay is and what it shows."""
        r = self.replay
        state = tr("replay.playing") if r.playing else tr("replay.paused")
        here = r.round_of(position) + 1
        words = "replay.bar_all" if self.all_hands else "replay.bar"
        return tr(words, n=position, total=len(r.actions), round=here, state=state,
                  seat=r.match.seats[r.seat].name)  # fmt: skip

    def warm_bar(self, position: int) -> None:
        """The bar's line at ``position`` made ahead (a step's number rendered, the line
        laid), for the frame that shows it to blit (0.1-0.3 ms)."""
        if 0 <= position <= len(self.replay.actions):
            self._bar_runs.line(self.bar_text(position), self.bar_font(), theme.TEXT)

    def paint_bar(self, surface: pygame.Surface) -> pygame.Rect:
        """The bar under the table saying where the replay is and its keys; its rectangle."""
        r = self.replay
        w, h = self.app.size
        tall = self.bar_height()
        bar = pygame.Rect(0, h - tall, w - self._side, tall)  # beside the coach's strip
        surface.fill(BAR_COLOUR, bar)  # the table is laid out above it: opaque
        small, runs = self.bar_font(), self._bar_runs
        text = self.bar_text(r.position)
        keys = tr(f"replay.keys_{r.match.game}")
        line = small.get_linesize()
        first = bar.y + 5 + line // 2
        runs.draw(surface, text, small, (bar.x + 12, first), theme.TEXT, "midleft")
        keys_at = (bar.right - 12, first + line if tall > line + 10 else first)
        runs.draw(surface, keys, small, keys_at, theme.TEXT_DIM, "midright")
        return bar
