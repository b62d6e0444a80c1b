"""Carioca's chart of one match: each player's running total, round by round."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.storage import MatchRecord, running_totals
from carioca_desktop.ui import theme
from carioca_desktop.ui.scenes.carioca.ruleset_names import record_rules_name
from carioca_desktop.ui.stats_parts import grown, match_date, nice_step
from carioca_desktop.ui.theme import seat_colour
from carioca_desktop.ui.widgets import draw_text, fit, font

if TYPE_CHECKING:
    from carioca_desktop.ui.stats_parts import StatsPage


class Chart:
    """One match's running totals: axes, gridlines, a coloured line with dots per player and
    a legend with each player's final total."""

    def __init__(self, scene: StatsPage, box: pygame.Rect, record: MatchRecord) -> None:
        self.scene, self.box, self.record = scene, box, record
        self.series = running_totals(record)
        self.small = font(round(13 * scene.t))
        self.head = font(round(16 * scene.t), bold=True)
        self.g = g = max(1.0, scene.k)  # margins and marks grow with a big window
        legend_w = min(round(220 * scene.t), box.w // 3)
        self.plot = pygame.Rect(
            box.x + grown(24, g) + self.small.size("0000")[0],
            box.y + grown(26, g) + 2 * self.head.get_linesize(),
            box.w - legend_w - grown(70, g) - self.small.size("0000")[0],
            0,
        )
        self.plot.h = box.bottom - grown(34, g) - self.small.get_linesize() - self.plot.y
        self.legend = pygame.Rect(
            self.plot.right + grown(24, g), self.plot.y, legend_w, self.plot.h
        )

    def paint(self, surface: pygame.Surface) -> None:
        record = self.record
        title = tr("stats.chart_title")
        n = len(record.round_points)
        rounds = tr("stats.n_rounds_one") if n == 1 else tr("stats.n_rounds", n=n)
        sub = f"{match_date(record)} · {record_rules_name(record.preset, record.rules)} · {rounds}"
        g, x = self.g, self.box.x + grown(22, self.g)
        draw_text(surface, title, self.head, (x, self.box.y + grown(14, g)), theme.GOLD)
        draw_text(
            surface,
            fit(sub, self.small, self.box.w - grown(44, g)),
            self.small,
            (x, self.box.y + grown(16, g) + self.head.get_linesize()),
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
                (self.plot.x - grown(8, self.g), y),
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
                (x, self.plot.bottom + grown(6, self.g)),
                theme.TEXT_DIM,
                "midtop",
                shadow=False,
            )
        surface.blit(layer, (0, 0))
        axis_w = grown(2, self.g)
        pygame.draw.line(
            surface, theme.TEXT_DIM, self.plot.bottomleft, self.plot.bottomright, axis_w
        )
        pygame.draw.line(surface, theme.TEXT_DIM, self.plot.topleft, self.plot.bottomleft, axis_w)
        axis = tr("stats.axis_rounds")
        draw_text(
            surface,
            axis,
            self.small,
            (self.plot.right, self.plot.bottom + grown(6, self.g) + self.small.get_linesize()),
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
        y, g, x = self.legend.y, self.g, self.legend.x
        order = sorted(range(len(record.players)), key=lambda s: s not in record.winners)
        for seat in order:
            colour = seat_colour(seat, light=True)
            mid = y + grown(9, g)
            pygame.draw.line(surface, colour, (x, mid), (x + grown(22, g), mid), grown(4, g))
            pygame.draw.circle(surface, colour, (x + grown(11, g), mid), grown(5, g))
            player = record.players[seat]
            name = player.name + (" ★" if seat in record.winners else "")
            fnt = bold if seat in record.human_seats else body
            draw_text(
                surface,
                fit(name, fnt, self.legend.w - grown(80, g)),
                fnt,
                (x + grown(30, g), y),
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
            y += body.get_linesize() + grown(6, g)
            if y > self.legend.bottom - body.get_linesize():
                break
