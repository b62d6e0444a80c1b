"""Statistics: totals (overall, per bot level, per rule preset), best and worst match, rounds
won, the list of past matches and a chart of one match's running totals, round by round.

Each game has its own figures: tabs beside the title choose Carioca's (drawn here) or Buraco's
(``ui/scenes/buraco/stats.py``, drawn with this scene's tiles, panels and list rows)."""

from __future__ import annotations

import math
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.storage import (
    BuracoRecord,
    MatchRecord,
    StatsSummary,
    WinCount,
    human_won,
    load_stats,
    running_totals,
    summarize,
)
from carioca_desktop.ui import theme
from carioca_desktop.ui.cardart import CardArt
from carioca_desktop.ui.rulenames import record_rules_name
from carioca_desktop.ui.scenes.menu import notice_text
from carioca_desktop.ui.theme import seat_colour
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


def number(value: float, decimals: int = 0) -> str:
    """A number with the current language's decimal mark."""
    text = f"{value:.{decimals}f}"
    return text.replace(".", tr("stats.decimal_mark")) if decimals else text


def match_date(record: MatchRecord | BuracoRecord) -> str:
    try:
        when = datetime.fromisoformat(record.finished_at.replace("Z", "+00:00"))
    except ValueError:
        return record.finished_at[:10]
    month = tr("stats.months").split(",")[when.month - 1]
    return f"{when.day} {month} {when.year}"


def nice_step(top: float, lines: int = 5) -> int:
    """A round gridline step (1, 2, 5 × 10ⁿ) giving about ``lines`` lines up to ``top``."""
    raw = max(1.0, top / lines)
    power = 10 ** math.floor(math.log10(raw))
    return int(next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw))


GAMES = ("carioca", "buraco")


class StatsScene(UIScene):
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
        self._paint_tiles(surface, tiles)
        panel(surface, chart, border=theme.GOLD)
        record = self.matches[self.selected]
        _Chart(self, chart, record).paint(surface)
        panel(surface, breakdown)
        self._paint_breakdown(surface, breakdown)
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

    def _tiles(self) -> list[tuple[str, str, str]]:
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

    def _paint_tiles(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        tiles: list[tuple[str, str, str]] | None = None,
    ) -> None:
        tiles = tiles or self._tiles()
        gap = round(14 * self.k)
        width = (area.w - gap * (len(tiles) - 1)) // len(tiles)
        label_font = font(round(13 * self.t))
        value_font = font(round(30 * self.t), bold=True)
        note_font = font(round(13 * self.t))
        for i, (label, value, note) in enumerate(tiles):
            tile = pygame.Rect(area.x + i * (width + gap), area.y, width, area.h)
            panel(surface, tile, border=theme.GOLD if i == 1 else None)
            draw_text(
                surface,
                fit(label, label_font, width - 20),
                label_font,
                (tile.x + 14, tile.y + 10),
                theme.TEXT_DIM,
            )
            vy = tile.y + 12 + label_font.get_linesize()
            spot = draw_text(surface, value, value_font, (tile.x + 14, vy), theme.GOLD)
            if note:
                room = tile.right - spot.right - 18
                draw_text(
                    surface,
                    fit(note, note_font, room),
                    note_font,
                    (spot.right + 8, spot.bottom - 6),
                    theme.TEXT_DIM,
                    "bottomleft",
                )

    def _paint_breakdown(
        self,
        surface: pygame.Surface,
        box: pygame.Rect,
        columns: tuple[tuple[str, list[tuple[str, WinCount]]], ...] = (),
    ) -> None:
        head = font(round(16 * self.t), bold=True)
        body = font(round(14 * self.t))
        line = body.get_linesize() + 2
        columns = columns or (
            (tr("stats.by_level"), [(tr(f"common.level_{k}"), v) for k, v in self._levels()]),
            (
                tr("stats.by_preset"),
                self._by_rules(),
            ),
        )
        col_w = (box.w - 40) // 2
        for c, (title, rows) in enumerate(columns):
            x = box.x + 20 + c * (col_w + 10)
            draw_text(surface, fit(title, head, col_w), head, (x, box.y + 12), theme.GOLD)
            y = box.y + 18 + head.get_linesize()
            for name, count in rows:
                if y + line + 8 > box.bottom - 8:
                    break
                self._count_row(surface, (x, y, col_w - 10), name, count, body)
                y += line + 8

    def _count_row(
        self,
        surface: pygame.Surface,
        at: tuple[int, int, int],
        name: str,
        count: WinCount,
        body: pygame.font.Font,
    ) -> None:
        """A name, "won/played", and a thin gold bar of the share won."""
        x, y, width = at
        score = f"{count.won}/{count.played}"
        room = width - body.size(score)[0] - 8
        draw_text(surface, fit(name, body, room), body, (x, y), shadow=False)
        draw_text(surface, score, body, (x + width, y), theme.TEXT_DIM, "topright", shadow=False)
        bar = pygame.Rect(x, y + body.get_linesize(), width, 4)
        pygame.draw.rect(surface, (8, 30, 18), bar, 0, 2)
        share = count.won / count.played if count.played else 0.0
        pygame.draw.rect(surface, theme.GOLD, (bar.x, bar.y, round(bar.w * share), 4), 0, 2)

    def _by_rules(self) -> list[tuple[str, WinCount]]:
        """Matches won by rules, a changed preset apart from the preset ("Clásico (modificado)")."""
        counts: dict[str, WinCount] = {}
        for match in reversed(self.summary.recent):  # play order: the first played, first
            name = record_rules_name(match.preset, match.rules)
            old = counts.get(name, WinCount())
            counts[name] = WinCount(old.played + 1, old.won + int(human_won(match)))
        return list(counts.items())

    def _levels(self) -> list[tuple[str, WinCount]]:
        from carioca_desktop.bots.levels import LEVELS as levels

        order = {level: i for i, level in enumerate(levels)}
        items = sorted(self.summary.by_level.items(), key=lambda kv: order.get(kv[0], 9))
        return [(k if k in levels else "normal", v) for k, v in items]

    def _list_rows(self, box: pygame.Rect) -> tuple[int, int, int]:
        """Top of the first row, row height, rows that fit."""
        head = font(round(16 * self.t), bold=True)
        row_h = font(round(14 * self.t)).get_linesize() + 10
        top = box.y + 18 + head.get_linesize()
        return top, row_h, max(1, (box.bottom - 10 - top) // row_h)

    def _paint_list(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        head = font(round(16 * self.t), bold=True)
        body = font(round(14 * self.t))
        draw_text(
            surface,
            tr("stats.matches", n=len(self.matches)),
            head,
            (box.x + 20, box.y + 12),
            theme.GOLD,
        )
        top, row_h, fits = self._list_rows(box)
        for i in range(self.list_first, min(len(self.matches), self.list_first + fits)):
            record = self.matches[i]
            row = pygame.Rect(
                box.x + 10, top + (i - self.list_first) * row_h, box.w - 20, row_h - 2
            )
            if i == self.selected:
                layer = pygame.Surface(row.size, pygame.SRCALPHA)
                pygame.draw.rect(layer, (232, 186, 72, 60), layer.get_rect(), 0, 6)
                surface.blit(layer, row)
            won = human_won(record)
            mark = "✓" if won else "·"
            you = [record.totals[s] for s in record.human_seats]
            text = f"{match_date(record)}  ·  {record_rules_name(record.preset, record.rules)}"
            draw_text(
                surface,
                mark,
                body,
                (row.x + 10, row.centery),
                theme.GREEN_OK if won else theme.TEXT_DIM,
                "midleft",
                shadow=False,
            )
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

    # ------------------------------------------------------------------ input
    def select(self, index: int) -> None:
        if not self.matches:
            return
        self.selected = max(0, min(len(self.matches) - 1, index))
        _, _, _, listing = self._areas()
        _, _, fits = self._list_rows(listing)
        if self.selected < self.list_first:
            self.list_first = self.selected
        elif self.selected >= self.list_first + fits:
            self.list_first = self.selected - fits + 1
        self.repaint()

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
            self.buraco.pointer(event)
            return
        if not self.matches:
            return
        _, _, _, listing = self._areas()
        top, row_h, fits = self._list_rows(listing)
        if event.type == pygame.MOUSEWHEEL:
            most = max(0, len(self.matches) - fits)
            self.list_first = max(0, min(most, self.list_first - event.y))
            self.repaint()
        elif event.type == pygame.MOUSEBUTTONDOWN and listing.collidepoint(event.pos):
            index = self.list_first + (event.pos[1] - top) // row_h
            if event.pos[1] >= top and index < len(self.matches):
                self.select(index)


class _Chart:
    """One match's running totals: axes, gridlines, a coloured line with dots per player and
    a legend with each player's final total."""

    def __init__(self, scene: StatsScene, box: pygame.Rect, record: MatchRecord) -> None:
        self.scene, self.box, self.record = scene, box, record
        self.series = running_totals(record)
        self.small = font(round(13 * scene.t))
        self.head = font(round(16 * scene.t), bold=True)
        legend_w = min(round(220 * scene.t), box.w // 3)
        self.plot = pygame.Rect(
            box.x + 24 + self.small.size("0000")[0],
            box.y + 26 + 2 * self.head.get_linesize(),
            box.w - legend_w - 70 - self.small.size("0000")[0],
            0,
        )
        self.plot.h = box.bottom - 34 - self.small.get_linesize() - self.plot.y
        self.legend = pygame.Rect(self.plot.right + 24, self.plot.y, legend_w, self.plot.h)

    def paint(self, surface: pygame.Surface) -> None:
        record = self.record
        title = tr("stats.chart_title")
        n = len(record.round_points)
        rounds = tr("stats.n_rounds_one") if n == 1 else tr("stats.n_rounds", n=n)
        sub = f"{match_date(record)} · {record_rules_name(record.preset, record.rules)} · {rounds}"
        draw_text(surface, title, self.head, (self.box.x + 22, self.box.y + 14), theme.GOLD)
        draw_text(
            surface,
            fit(sub, self.small, self.box.w - 44),
            self.small,
            (self.box.x + 22, self.box.y + 16 + self.head.get_linesize()),
            theme.TEXT_DIM,
        )
        top = max(1, max((max(s) for s in self.series if s), default=1))
        step = nice_step(top)
        ceiling = step * math.ceil(top / step)
        self._grid(surface, ceiling, step)
        self._lines(surface, ceiling)
        self._legend(surface)

    def _point(self, round_no: int, value: float, ceiling: int) -> tuple[float, float]:
        rounds = len(self.record.round_points)
        x = self.plot.x + self.plot.w * round_no / max(1, rounds)
        y = self.plot.bottom - self.plot.h * value / ceiling
        return x, y

    def _grid(self, surface: pygame.Surface, ceiling: int, step: int) -> None:
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        for value in range(0, ceiling + 1, step):
            _, y = self._point(0, value, ceiling)
            pygame.draw.line(layer, (255, 255, 255, 28), (self.plot.x, y), (self.plot.right, y))
            draw_text(
                surface,
                str(value),
                self.small,
                (self.plot.x - 8, y),
                theme.TEXT_DIM,
                "midright",
                shadow=False,
            )
        rounds = len(self.record.round_points)
        for r in range(rounds + 1):
            x, _ = self._point(r, 0, ceiling)
            pygame.draw.line(layer, (255, 255, 255, 16), (x, self.plot.y), (x, self.plot.bottom))
            label = str(r) if r else "0"
            draw_text(
                surface,
                label,
                self.small,
                (x, self.plot.bottom + 6),
                theme.TEXT_DIM,
                "midtop",
                shadow=False,
            )
        surface.blit(layer, (0, 0))
        pygame.draw.line(surface, theme.TEXT_DIM, self.plot.bottomleft, self.plot.bottomright, 2)
        pygame.draw.line(surface, theme.TEXT_DIM, self.plot.topleft, self.plot.bottomleft, 2)
        axis = tr("stats.axis_rounds")
        draw_text(
            surface,
            axis,
            self.small,
            (self.plot.right, self.plot.bottom + 6 + self.small.get_linesize()),
            theme.TEXT_DIM,
            "topright",
            shadow=False,
        )

    def _lines(self, surface: pygame.Surface, ceiling: int) -> None:
        """Every player's line with its dots, drawn twice as large and smoothly scaled down
        (antialiased); the human's line is thicker and shades the area under it."""
        pad, ss = 12, 2
        area = self.plot.inflate(2 * pad, 2 * pad)
        layer = pygame.Surface((area.w * ss, area.h * ss), pygame.SRCALPHA)

        def at(r: int, v: float) -> tuple[float, float]:
            x, y = self._point(r, v, ceiling)
            return ((x - area.x) * ss, (y - area.y) * ss)

        order = sorted(range(len(self.series)), key=lambda s: s in self.record.human_seats)
        lines = {
            s: [at(0, 0)] + [at(r + 1, v) for r, v in enumerate(self.series[s])] for s in order
        }
        for seat in self.record.human_seats[:1]:  # shade under the player's line, below all
            floor = [(lines[seat][-1][0], at(0, 0)[1]), lines[seat][0]]
            colour = seat_colour(seat, light=True)
            pygame.draw.polygon(layer, (*colour, 34), lines[seat] + floor)
        for seat in order:
            colour = seat_colour(seat, light=True)
            points = lines[seat]
            human = seat in self.record.human_seats
            width = max(2, round((4 if human else 3) * self.scene.k)) * ss
            pygame.draw.lines(layer, colour, False, points, width)
            for x, y in points:
                pygame.draw.circle(layer, (*colour, 255), (x, y), width + 1)
            for x, y in points:
                pygame.draw.circle(layer, (12, 30, 20, 255), (x, y), width - 2 * ss)
        surface.blit(pygame.transform.smoothscale(layer, area.size), area)

    def _legend(self, surface: pygame.Surface) -> None:
        record = self.record
        body = font(round(14 * self.scene.t))
        bold = font(round(14 * self.scene.t), bold=True)
        y = self.legend.y
        order = sorted(range(len(record.players)), key=lambda s: s not in record.winners)
        for seat in order:
            colour = seat_colour(seat, light=True)
            pygame.draw.line(
                surface, colour, (self.legend.x, y + 9), (self.legend.x + 22, y + 9), 4
            )
            pygame.draw.circle(surface, colour, (self.legend.x + 11, y + 9), 5)
            player = record.players[seat]
            name = player.name + (" ★" if seat in record.winners else "")
            fnt = bold if seat in record.human_seats else body
            draw_text(
                surface,
                fit(name, fnt, self.legend.w - 80),
                fnt,
                (self.legend.x + 30, y),
                theme.TEXT,
                shadow=False,
            )
            total = str(record.totals[seat])
            draw_text(
                surface,
                total,
                bold,
                (self.legend.right, y),
                theme.GOLD if seat in record.winners else theme.TEXT_DIM,
                "topright",
                shadow=False,
            )
            y += body.get_linesize() + 6
            if y > self.legend.bottom - body.get_linesize():
                break
