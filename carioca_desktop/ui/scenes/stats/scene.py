"""Statistics: totals (overall, per bot level, per rule preset), best and worst match, rounds
won, the list of past matches and a chart of one match's running totals, round by round.

Each game has its own figures: tabs beside the title choose Carioca's (drawn here, its chart in
chart.py) or Buraco's (``ui/scenes/buraco/stats.py``); both draw their tiles, breakdowns and
match list with parts.py."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import language, tr
from carioca_desktop.storage import (
    BuracoRecord,
    MatchRecord,
    StatsSummary,
    WinCount,
    human_won,
    load_stats,
    summarize,
)
from carioca_desktop.ui import theme
from carioca_desktop.ui.cardart import CardArt
from carioca_desktop.ui.rulenames import record_rules_name
from carioca_desktop.ui.scenes.menu import notice_text
from carioca_desktop.ui.scenes.stats.chart import Chart
from carioca_desktop.ui.scenes.stats.parts import (
    Column,
    MatchList,
    Tile,
    list_rows,
    match_date,
    number,
    paint_breakdown,
    paint_tiles,
)
from carioca_desktop.ui.widgets import (
    UIScene,
    card_fan,
    draw_text,
    fit,
    font,
    gold_title,
    notice_box,
    panel,
    wrap,
)

if TYPE_CHECKING:
    from carioca_desktop.ui.app import App

GAMES = ("carioca", "buraco")


class StatsScene(UIScene, MatchList[MatchRecord]):
    """KPI tiles on top, the chart on the left, breakdowns and the match list on the right;
    tabs choose the game. It opens on the game of the last match played."""

    def __init__(self, app: App, game: str | None = None) -> None:
        super().__init__(app)
        from carioca_desktop.ui.scenes.buraco.stats import BuracoStatsView

        stats, notices = load_stats(app.paths)
        self.summary: StatsSummary = summarize(stats)
        self.matches = list(self.summary.recent)  # most recent first
        self.selected = 0
        self.list_first = 0
        self.messages = [notice_text(n) for n in notices]
        self.buraco = BuracoStatsView(self, stats)
        self._rules_rows: tuple[str, list[tuple[str, WinCount]]] | None = None
        last = stats.records[-1] if stats.records else None
        self.game = game or ("buraco" if isinstance(last, BuracoRecord) else "carioca")

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
        empty = not (self.buraco.matches if self.game == "buraco" else self.matches)
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
        """Show the figures of ``game`` ("carioca" or "buraco")."""
        if game != self.game and game in GAMES:
            self.game = game
            self.rebuild()

    def _new_game(self) -> None:
        if self.game == "buraco":
            from carioca_desktop.ui.scenes.buraco.newgame import BuracoNewGameScene

            self.app.replace(BuracoNewGameScene(self.app))
            return
        from carioca_desktop.ui.scenes.newgame import NewGameScene

        self.app.replace(NewGameScene(self.app))

    def _empty_words(self) -> tuple[str, str]:
        """The empty card's heading and text, for the game shown."""
        space = "buraco_stats" if self.game == "buraco" else "stats"
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
        if self.game == "buraco":
            self.buraco.paint(surface)
        elif self.matches:
            self._paint_figures(surface)
        else:
            self._paint_empty(surface)
        if self.messages:  # the statistics file had a problem: say so once, at the bottom
            w, h = self.size
            spot = pygame.Rect(w // 6, 0, w * 2 // 3, 0)
            spot.y = h - notice_box(None, self.messages, spot, round(15 * self.t)).h - 12
            notice_box(surface, self.messages, spot, round(15 * self.t))

    def _paint_figures(self, surface: pygame.Surface) -> None:
        tiles, chart, breakdown, listing = self._areas()
        paint_tiles(surface, tiles, self._tiles(), self.k, self.t)
        panel(surface, chart, border=theme.GOLD)
        record = self.matches[self.selected]
        Chart(self, chart, record).paint(surface)
        panel(surface, breakdown)
        paint_breakdown(surface, breakdown, self._columns(), self.t)
        panel(surface, listing)
        self._paint_list(surface, listing)

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

    def _tiles(self) -> list[Tile]:
        s = self.summary
        rate = f"{round(100 * s.won / s.played)} %" if s.played else "—"
        avg = number(s.average_round_points, 1) if s.average_round_points is not None else "—"
        best = str(s.best_total) if s.best_total is not None else "—"
        worst = str(s.worst_total) if s.worst_total is not None else "—"
        return [
            (tr("stats.played"), str(s.played), ""),
            (tr("stats.won"), str(s.won), rate),
            (tr("stats.avg_round"), avg, tr("stats.per_round")),
            (tr("stats.best"), best, tr("stats.points")),
            (tr("stats.worst"), worst, tr("stats.points")),
            (tr("stats.rounds_won"), str(s.rounds_won), tr("stats.of_rounds", n=s.rounds_played)),
        ]

    def _columns(self) -> tuple[Column, Column]:
        levels = [(tr(f"common.level_{k}"), v) for k, v in self._levels()]
        return (tr("stats.by_level"), levels), (tr("stats.by_preset"), self._by_rules())

    def _by_rules(self) -> list[tuple[str, WinCount]]:
        """Matches won by rules, a changed preset apart from the preset ("Clásico (modificado)").
        Counted once per language, not at every repaint: naming 10,000 records' rules took
        0.35 s of every step through the list."""
        if self._rules_rows is None or self._rules_rows[0] != language():
            self._rules_rows = (language(), _count_by_rules(self.summary.recent))
        return self._rules_rows[1]

    def _levels(self) -> list[tuple[str, WinCount]]:
        from carioca_desktop.bots.levels import LEVELS as levels

        order = {level: i for i, level in enumerate(levels)}
        items = sorted(self.summary.by_level.items(), key=lambda kv: order.get(kv[0], 9))
        return [(k if k in levels else "normal", v) for k, v in items]

    def _list_box(self) -> pygame.Rect:
        return self._areas()[3]

    def _list_rows(self, box: pygame.Rect) -> tuple[int, int, int]:
        """Top of the first row, row height, rows that fit."""
        return list_rows(box, self.t)

    def _paint_list(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        title = tr("stats.matches", n=len(self.matches))
        self._paint_rows(surface, box, self.t, title, human_won, _paint_row)

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            step = 1 if event.key == pygame.K_DOWN else -1
            if self.game == "buraco":
                self.buraco.select(self.buraco.selected + step)
            else:
                self.select(self.selected + step)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.show(GAMES[event.key == pygame.K_RIGHT])  # ← Carioca, → Buraco
            return True
        return super().handle_event(event)

    def pointer(self, event: pygame.event.Event) -> None:
        if self.game == "buraco":
            self.buraco.list_pointer(event)
            return
        self.list_pointer(event)


def _count_by_rules(recent: Sequence[MatchRecord]) -> list[tuple[str, WinCount]]:
    """Played and won per rules name, in play order (``recent`` is most recent first); each
    distinct rule set is named once."""
    counts: dict[str, WinCount] = {}
    names: dict[str, str] = {}
    for match in reversed(recent):
        key = json.dumps([match.preset, match.rules], sort_keys=True, default=str)
        name = names.get(key)
        if name is None:
            name = names[key] = record_rules_name(match.preset, match.rules)
        old = counts.get(name, WinCount())
        counts[name] = WinCount(old.played + 1, old.won + int(human_won(match)))
    return list(counts.items())


def _paint_row(
    surface: pygame.Surface, record: MatchRecord, row: pygame.Rect, body: pygame.font.Font
) -> None:
    """A Carioca match in the list: its date and rules, the player's total at the right."""
    you = [record.totals[s] for s in record.human_seats]
    text = f"{match_date(record)}  ·  {record_rules_name(record.preset, record.rules)}"
    draw_text(
        surface,
        fit(text, body, row.w - 110),
        body,
        (row.x + 32, row.centery),
        theme.TEXT,
        "midleft",
        shadow=False,
    )
    if you:
        draw_text(
            surface,
            str(you[0]),
            body,
            (row.right - 10, row.centery),
            theme.TEXT_DIM,
            "midright",
            shadow=False,
        )
