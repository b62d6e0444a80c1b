"""Statistics: totals (overall, per bot level, per rule preset), best and worst match, rounds
won, the list of past matches and a chart of one match's running totals, round by round.

Each game has its own figures: tabs beside the title choose Carioca's (drawn here, its chart in
chart.py) or Buraco's (``ui/scenes/buraco/stats.py``); both draw their tiles, breakdowns and
match list with parts.py."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from carioca_desktop import games
from carioca_desktop.i18n import tr
from carioca_desktop.storage import (
    load_stats,
)
from carioca_desktop.ui import theme
from carioca_desktop.ui.cardart import CardArt
from carioca_desktop.ui.notices import notice_text
from carioca_desktop.ui.stats_parts import (
    list_rows,
)
from carioca_desktop.ui.widgets import (
    UIScene,
    card_fan,
    draw_text,
    font,
    gold_title,
    notice_box,
    panel,
    wrap,
)

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host, StatsView

GAMES = games.GAMES


class StatsScene(UIScene):
    """KPI tiles on top, the chart on the left, breakdowns and the match list on the right;
    tabs choose the game, each drawn by its own view (``ui/games.py``). It opens on the game
    of the last match played."""

    def __init__(self, app: Host, game: str | None = None) -> None:
        super().__init__(app)
        stats, notices = load_stats(app.paths)
        self.messages = [notice_text(n) for n in notices]
        self.views: dict[str, StatsView] = {
            g: app.routes.game(g).stats_view(self, stats) for g in GAMES
        }
        last = stats.records[-1] if stats.records else None
        self.game = game or (games.of_record(last).name if last is not None else games.DEFAULT)

    @property
    def view(self) -> StatsView:
        """The figures of the game shown."""
        return self.views[self.game]

    # ------------------------------------------------------------------ layout
    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """Tiles, chart, breakdown and match list."""
        w, h = self.size
        m = round(22 * self.k)
        top = round(92 * self.k)
        tiles = pygame.Rect(m, top, w - 2 * m, round(96 * self.t))
        below = tiles.bottom + m
        right_w = round((w - 3 * m) * 0.38)
        chart = pygame.Rect(m, below, w - 3 * m - right_w, h - below - m)
        split = round(chart.h * 0.42)
        breakdown = pygame.Rect(chart.right + m, below, right_w, split)
        listing = pygame.Rect(
            chart.right + m, breakdown.bottom + m, right_w, chart.bottom - breakdown.bottom - m
        )
        return tiles, chart, breakdown, listing

    def build(self) -> None:
        w, _ = self.size
        top = round(92 * self.k)
        bw, bh = min(round(200 * self.u), w // 3), min(round(44 * self.u), top - 20)
        self.button(
            pygame.Rect(w - bw - round(22 * self.k), (top - bh) // 2 + 4, bw, bh),
            tr("common.back"),
            self.back,
        )
        empty = not self.view.matches
        if empty:
            box = self._empty_box()
            rect = pygame.Rect(0, 0, round(300 * self.u), round(50 * self.u))
            rect.midbottom = (box.centerx, box.bottom - 30)
            self.button(rect, tr("common.new_game"), self._new_game, "primary")
        self._tabs(pygame.Rect(0, (top - bh) // 2 + 4, 0, bh))
        if empty:
            self.focus.restore(1)

    def _tabs(self, row: pygame.Rect) -> None:
        """The game tabs right of the title (at the height of ``row``), the game shown drawn
        as chosen."""
        title = gold_title(tr("stats.title"), round(40 * self.k))
        width = min(round(170 * self.u), (self.size[0] // 2 - title.get_width()) // 2)
        x = round(22 * self.k) + title.get_width() + round(28 * self.k)
        for game in GAMES:
            rect = pygame.Rect(x, row.y, width, row.h)
            kind = "primary" if game == self.game else None
            self.button(rect, tr(f"buraco_stats.tab_{game}"), partial(self.show, game), kind)
            x += width + 6

    def show(self, game: str) -> None:
        """Show the figures of ``game`` (a name in ``GAMES``)."""
        if game != self.game and game in GAMES:
            self.game = game
            self.rebuild()

    def _new_game(self) -> None:
        self.app.replace(self.app.routes.new_game(self.game))

    def _empty_words(self) -> tuple[str, str]:
        """The empty card's heading and text, for the game shown."""
        space = self.view.words
        return tr(f"{space}.empty_title"), tr(f"{space}.empty")

    def _empty_box(self) -> pygame.Rect:
        """The empty-state card: fan, heading, two lines of text and the button."""
        w, h = self.size
        width = min(w - 80, round(720 * self.t))
        body = font(round(17 * self.t))
        lines = len(wrap(self._empty_words()[1], body, width - 80))
        height = (
            round(80 * self.t * 1.4 * 1.5) + 70 + font(round(24 * self.t), True).get_linesize()
            + lines * body.get_linesize() + round(50 * self.u) + 60
        )  # fmt: skip
        box = pygame.Rect(0, 0, width, min(h - 140, height))
        box.center = (w // 2, h // 2 + round(30 * self.k))
        return box

    # ------------------------------------------------------------------ picture
    def paint(self, surface: pygame.Surface) -> None:
        title = gold_title(tr("stats.title"), round(40 * self.k))
        surface.blit(title, title.get_rect(midleft=(round(22 * self.k), round(48 * self.k))))
        self.view.paint(surface)
        if self.messages:  # the statistics file had a problem: say so once, at the bottom
            w, h = self.size
            spot = pygame.Rect(w // 6, 0, w * 2 // 3, 0)
            spot.y = h - notice_box(None, self.messages, spot, round(15 * self.t)).h - 12
            notice_box(surface, self.messages, spot, round(15 * self.t))

    def _paint_empty(self, surface: pygame.Surface) -> None:
        box = self._empty_box()
        panel(surface, box, border=theme.GOLD)
        art = CardArt(round(80 * self.t), self.app.settings.four_colour)
        back = art.back(self.app.settings.card_back)
        fan = card_fan(art, [back, back, art.face("JK"), back, back], spread=50)
        surface.blit(fan, fan.get_rect(midtop=(box.centerx, box.y + 24)))
        head = font(round(24 * self.t), bold=True)
        body = font(round(17 * self.t))
        y = box.y + 40 + fan.get_height()
        heading, text = self._empty_words()
        draw_text(surface, heading, head, (box.centerx, y), theme.GOLD, "midtop")
        y += head.get_linesize() + 8
        for line in wrap(text, body, box.w - 80):
            draw_text(surface, line, body, (box.centerx, y), theme.TEXT, "midtop")
            y += body.get_linesize()

    def _list_rows(self, box: pygame.Rect) -> tuple[int, int, int]:
        """Top of the first row, row height, rows that fit."""
        return list_rows(box, self.t)

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            step = 1 if event.key == pygame.K_DOWN else -1
            self.view.select(self.view.selected + step)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.show(GAMES[event.key == pygame.K_RIGHT])  # ← Carioca, → Buraco
            return True
        return super().handle_event(event)

    def pointer(self, event: pygame.event.Event) -> None:
        self.view.list_pointer(event)
