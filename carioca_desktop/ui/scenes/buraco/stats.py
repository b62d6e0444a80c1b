"""Buraco's statistics, the second tab of the statistics scene: tiles (matches, wins of the
player's side, win share, average final score, best match), wins by opponents' bot level and by
variant, the list of matches, and the chart of one match: the two sides' running scores, round
by round, against the target line."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.games import LEVELS
from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco.text import side_name
from carioca_desktop.rules.buraco.ruleset import PRESETS
from carioca_desktop.storage import (
    BuracoRecord,
    Stats,
    WinCount,
    own_side,
    people_sides,
    running_scores,
    side_won,
    summarize_buraco,
)
from carioca_desktop.storage.network_mark import played_on_network
from carioca_desktop.ui import theme
from carioca_desktop.ui.stats_parts import (
    PageMatchList,
    Tile,
    grown,
    match_date,
    nice_step,
    number,
    paint_breakdown,
    paint_tiles,
)
from carioca_desktop.ui.theme import seat_colour
from carioca_desktop.ui.widgets import draw_text, fit, font, panel

if TYPE_CHECKING:
    from carioca_desktop.ui.stats_parts import StatsPage

_NOT_RULES = ("game", "preset", "players")  # keys that do not change a preset's rules


def variant_name(record: BuracoRecord) -> str:
    """The preset's name, "(changed)" when the match's rules differ from it."""
    preset = record.preset
    name = tr(f"buraco.preset.{preset}") if preset in PRESETS else preset
    changed = any(key not in _NOT_RULES for key in record.rules)
    return tr("houserules.custom", preset=name) if changed else name


def score_text(record: BuracoRecord) -> str:
    """ "3150–1650": the player's side first."""
    side = own_side(record)
    return f"{record.scores[side]}–{record.scores[1 - side]}"


class BuracoStatsView(PageMatchList[BuracoRecord]):
    """The Buraco figures, drawn into the statistics scene's areas."""

    words = "buraco_stats"  # the i18n section of the empty card

    def __init__(self, scene: StatsPage, stats: Stats) -> None:
        self.scene = scene
        self.summary = summarize_buraco(stats)
        self.matches = list(self.summary.recent)  # most recent first
        self.selected = 0
        self.list_first = 0
        from carioca_desktop.storage.buraco.rating import buraco_rating

        self.rating = buraco_rating(self.summary.recent)  # the person's level on the ladder

    # ------------------------------------------------------------------ picture
    def paint(self, surface: pygame.Surface) -> None:
        scene = self.scene
        if not self.matches:
            scene._paint_empty(surface)
            return
        tiles, chart, breakdown, listing = scene._areas()
        paint_tiles(surface, tiles, self._tiles(), scene.k, scene.t)
        panel(surface, chart, border=theme.GOLD)
        SideChart(scene, chart, self.matches[self.selected]).paint(surface)
        panel(surface, breakdown)
        columns = (
            (tr("buraco_stats.by_level"), self._levels()),
            (tr("buraco_stats.by_preset"), self._variants()),
        )
        paint_breakdown(surface, breakdown, columns, scene.t)
        panel(surface, listing)
        self._paint_list(surface, listing)

    def _tiles(self) -> list[Tile]:
        s = self.summary
        share = f"{round(100 * s.won / s.played)} %" if s.played else "—"
        mean = number(s.mean_score) if s.mean_score is not None else "—"
        best, when = "—", ""
        if s.best is not None:
            best = str(max(s.best.scores[side] for side in people_sides(s.best)))
            when = match_date(s.best)
        return [
            (tr("buraco_stats.played"), str(s.played), ""),
            (tr("buraco_stats.won"), str(s.won), tr("buraco_stats.of_played", n=s.played)),
            (tr("buraco_stats.share"), share, ""),
            (tr("buraco_stats.mean"), mean, tr("buraco_stats.points")),
            (tr("buraco_stats.best"), best, when),
            self._level_tile(),
        ]

    def _level_tile(self) -> Tile:
        """The person's rating on Buraco's bot ladder (storage/buraco/rating.py) and its 95%
        margin, as Carioca's tile."""
        r = self.rating
        if r is None:
            return (tr("stats.level"), "—", "")
        return (
            tr("stats.level"),
            f"{r.value:.0f}",
            tr("stats.level_note", margin=f"{r.margin:.0f}"),
        )

    def _levels(self) -> list[tuple[str, WinCount]]:
        order = {level: i for i, level in enumerate(LEVELS)}
        items = sorted(self.summary.by_level.items(), key=lambda kv: order.get(kv[0], 99))
        return [(tr(f"common.level_{k}") if k in order else k, v) for k, v in items]

    def _variants(self) -> list[tuple[str, WinCount]]:
        """Wins by variant, a changed preset apart from the preset, first played first."""
        counts: dict[str, WinCount] = {}
        for match in reversed(self.matches):
            name = variant_name(match)
            old = counts.get(name, WinCount())
            counts[name] = WinCount(old.played + 1, old.won + int(side_won(match)))
        return list(counts.items())

    def _paint_list(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        title = tr("buraco_stats.matches", n=len(self.matches))
        self._paint_rows(surface, box, self.scene.t, title, side_won, _paint_row)


def _paint_row(
    surface: pygame.Surface,
    record: BuracoRecord,
    row: pygame.Rect,
    body: pygame.font.Font,
    g: float,
) -> None:
    """A Buraco match in the list: the sides' scores at the right, the date and variant."""
    mid = row.centery
    spot = draw_text(
        surface, score_text(record), body, (row.right - round(10 * g), mid), theme.TEXT_DIM,
        "midright", False,
    )  # fmt: skip
    text = f"{match_date(record)}  ·  {variant_name(record)}"
    if played_on_network(record):  # people at other computers sat at it
        text += f"  ·  {tr('net.table.network_match')}"
    room = spot.x - row.x - round(44 * g)
    at = (row.x + round(32 * g), mid)
    draw_text(surface, fit(text, body, room), body, at, theme.TEXT, "midleft", False)


class SideChart:
    """One match: each side's running score after every round (a line with dots, the
    player's side thicker and shaded), the target as a dashed gold line, and a legend with
    each side's players and final score."""

    def __init__(self, scene: StatsPage, box: pygame.Rect, record: BuracoRecord) -> None:
        self.scene, self.box, self.record = scene, box, record
        self.series = running_scores(record)
        self.small = font(round(13 * scene.t))
        self.head = font(round(16 * scene.t), bold=True)
        lo = min(0, *(min(s) for s in self.series))
        hi = max(record.target, *(max(s) for s in self.series))
        self.step = nice_step(hi - lo, 7)
        self.floor = self.step * math.floor(lo / self.step)
        self.ceiling = self.step * math.ceil(hi / self.step)
        if self.ceiling == record.target:  # room above the target line for its label
            self.ceiling += self.step
        label_w = self.small.size(f"-{self.ceiling}")[0]
        legend_w = min(round(250 * scene.t), box.w // 3)
        self.g = g = max(1.0, scene.k)  # margins and marks grow with a big window
        self.plot = pygame.Rect(
            box.x + grown(24, g) + label_w,
            box.y + grown(26, g) + 2 * self.head.get_linesize(),
            box.w - legend_w - grown(70, g) - label_w,
            0,
        )
        self.plot.h = box.bottom - grown(34, g) - self.small.get_linesize() - self.plot.y
        self.legend = pygame.Rect(
            self.plot.right + grown(24, g), self.plot.y, legend_w, self.plot.h
        )

    def paint(self, surface: pygame.Surface) -> None:
        record = self.record
        n = len(record.hand_points)
        hands = tr("buraco_stats.n_hands_one") if n == 1 else tr("buraco_stats.n_hands", n=n)
        target = tr("buraco_stats.target", n=record.target)
        sub = f"{match_date(record)} · {variant_name(record)} · {hands} · {target}"
        g = self.g
        x = self.box.x + grown(22, g)
        draw_text(
            surface, tr("buraco_stats.chart_title"), self.head, (x, self.box.y + grown(14, g)),
            theme.GOLD,
        )  # fmt: skip
        y = self.box.y + grown(16, g) + self.head.get_linesize()
        draw_text(
            surface, fit(sub, self.small, self.box.w - grown(44, g)), self.small, (x, y),
            theme.TEXT_DIM,
        )  # fmt: skip
        self._grid(surface)
        self._target(surface)
        self._lines(surface)
        self._legend(surface)

    def _point(self, hand: int, value: float) -> tuple[float, float]:
        hands = len(self.record.hand_points)
        x = self.plot.x + self.plot.w * hand / max(1, hands)
        y = self.plot.bottom - self.plot.h * (value - self.floor) / (self.ceiling - self.floor)
        return x, y

    def _grid(self, surface: pygame.Surface) -> None:
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim = theme.TEXT_DIM
        for value in range(self.floor, self.ceiling + 1, self.step):
            _, y = self._point(0, value)
            alpha = 70 if value == 0 else 28  # the zero line stands out when scores go below
            pygame.draw.line(layer, (255, 255, 255, alpha), (self.plot.x, y), (self.plot.right, y))
            spot = (self.plot.x - grown(8, self.g), y)
            draw_text(surface, str(value), self.small, spot, dim, "midright", False)
        hands = len(self.record.hand_points)
        # A long match numbers every few rounds, so the numbers never run into each other.
        room = self.small.size(str(hands))[0] + 12
        every = max(1, math.ceil(room * hands / max(1, self.plot.w)))
        for h in range(hands + 1):
            x, _ = self._point(h, self.floor)
            pygame.draw.line(layer, (255, 255, 255, 16), (x, self.plot.y), (x, self.plot.bottom))
            if h % every == 0:
                below = (x, self.plot.bottom + grown(6, self.g))
                draw_text(surface, str(h), self.small, below, dim, "midtop", False)
        surface.blit(layer, (0, 0))
        axis_w = grown(2, self.g)
        pygame.draw.line(surface, dim, self.plot.bottomleft, self.plot.bottomright, axis_w)
        pygame.draw.line(surface, dim, self.plot.topleft, self.plot.bottomleft, axis_w)
        axis = (self.plot.right, self.plot.bottom + grown(6, self.g) + self.small.get_linesize())
        draw_text(surface, tr("buraco_stats.axis_hands"), self.small, axis, dim, "topright", False)

    def _target(self, surface: pygame.Surface) -> None:
        """The target: a dashed gold line across the plot, labelled at its left end, where the
        lines are still low (every match starts at 0)."""
        _, y = self._point(0, self.record.target)
        dash = max(6, round(10 * self.scene.k))
        for x in range(self.plot.x, self.plot.right, 2 * dash):
            end = min(x + dash, self.plot.right)
            pygame.draw.line(surface, theme.GOLD, (x, y), (end, y), grown(2, self.g))
        words = tr("buraco_stats.target", n=self.record.target)
        spot = (self.plot.x + grown(8, self.g), y - grown(4, self.g))
        draw_text(surface, words, self.small, spot, theme.GOLD, "bottomleft")

    def _lines(self, surface: pygame.Surface) -> None:
        """Both sides' lines with their dots, drawn twice as large and smoothly scaled down
        (antialiased); the player's side is thicker and shades the area down to zero."""
        pad, ss = 12, 2
        area = self.plot.inflate(2 * pad, 2 * pad)
        layer = pygame.Surface((area.w * ss, area.h * ss), pygame.SRCALPHA)

        def at(h: int, v: float) -> tuple[float, float]:
            x, y = self._point(h, v)
            return ((x - area.x) * ss, (y - area.y) * ss)

        people = people_sides(self.record)
        order = sorted((0, 1), key=lambda side: side in people)  # the player's on top
        lines = {side: [at(0, 0)] + [at(h + 1, v) for h, v in enumerate(self.series[side])]
                 for side in order}  # fmt: skip
        for side in people[:1]:
            zero = at(0, 0)[1]
            floor = [(lines[side][-1][0], zero), lines[side][0]]
            pygame.draw.polygon(layer, (*seat_colour(side, light=True), 34), lines[side] + floor)
        for side in order:
            colour = seat_colour(side, light=True)
            width = max(2, round((4 if side in people else 3) * self.scene.k)) * ss
            pygame.draw.lines(layer, colour, False, lines[side], width)
            for x, y in lines[side]:
                pygame.draw.circle(layer, (*colour, 255), (x, y), width + 1)
                pygame.draw.circle(layer, (12, 30, 20, 255), (x, y), width - 2 * ss)
        surface.blit(pygame.transform.smoothscale(layer, area.size), area)

    def _legend(self, surface: pygame.Surface) -> None:
        """Per side, winner first: its colour, its players' names, a star for the winner and
        its final score; under it, who sat there (a bot's level in brackets)."""
        record = self.record
        body = font(round(14 * self.scene.t))
        bold = font(round(14 * self.scene.t), bold=True)
        names = [p.name for p in record.players]
        people = people_sides(record)
        x, y, w, g = self.legend.x, self.legend.y, self.legend.w, self.g
        for side in sorted((0, 1), key=lambda side: side != record.winner):
            colour = seat_colour(side, light=True)
            mid = y + grown(9, g)
            pygame.draw.line(surface, colour, (x, mid), (x + grown(22, g), mid), grown(4, g))
            pygame.draw.circle(surface, colour, (x + grown(11, g), mid), grown(5, g))
            won = side == record.winner
            score = str(record.scores[side])
            score_w = bold.size(score)[0]
            label = side_name(names, side) + (" ★" if won else "")
            fnt = bold if side in people else body
            spot = (x + grown(30, g), y)
            room = w - grown(40, g) - score_w
            draw_text(surface, fit(label, fnt, room), fnt, spot, theme.TEXT, shadow=False)
            tone = theme.GOLD if won else theme.TEXT_DIM
            draw_text(surface, score, bold, (x + w, y), tone, "topright", False)
            y += body.get_linesize() + 2
            seats = [self._seat_text(seat) for seat in record.sides[side]]
            for line in _packed(seats, self.small, w - grown(30, g)):
                spot = (x + grown(30, g), y)
                draw_text(surface, line, self.small, spot, theme.TEXT_DIM, shadow=False)
                y += self.small.get_linesize()
            y += grown(12, g)
            if y > self.legend.bottom - body.get_linesize():
                return
        self._hands(surface, y + grown(8, g))

    def _hands(self, surface: pygame.Surface, top: int) -> None:
        """Under the legend, what each side scored in each round, as many rounds as fit (a
        round a side lost points in shows in red)."""
        record, small = self.record, self.small
        line = small.get_linesize() + 4
        x, w = self.legend.x, self.legend.w
        order = sorted((0, 1), key=lambda side: side != record.winner)
        columns = [x + w - round(w * 0.36), x + w]  # right edges of the two sides' columns
        if top + 2 * line > self.legend.bottom:
            return
        draw_text(surface, tr("buraco_stats.axis_hands"), small, (x, top), theme.TEXT_DIM)
        for right, side in zip(columns, order):
            spot = (right - grown(6, self.g), top + grown(8, self.g))
            pygame.draw.circle(surface, seat_colour(side, light=True), spot, grown(5, self.g))
        y = top + line
        pygame.draw.line(surface, (120, 110, 70), (x, y - 3), (x + w, y - 3))
        for n, hand in enumerate(record.hand_points, 1):
            if y + line > self.legend.bottom:
                draw_text(surface, "…", small, (x, y), theme.TEXT_DIM, shadow=False)
                return
            draw_text(surface, str(n), small, (x + 4, y), theme.TEXT_DIM, shadow=False)
            for right, side in zip(columns, order):
                points = hand[side]
                tone = theme.RED_BAD if points < 0 else theme.TEXT
                draw_text(surface, f"{points:+d}", small, (right, y), tone, "topright", False)
            y += line

    def _seat_text(self, seat: int) -> str:
        player = self.record.players[seat]
        if player.kind != "bot" or player.level is None:
            return player.name
        level = tr(f"common.level_{player.level}") if player.level in LEVELS else player.level
        return f"{player.name} ({level})"


def _packed(items: list[str], fnt: pygame.font.Font, width: int) -> list[str]:
    """The items joined by " · " into lines no wider than ``width``, never splitting one
    ("Beto (normal)" stays whole); an item wider than a line is shortened."""
    lines: list[str] = []
    for item in items:
        joined = f"{lines[-1]} · {item}" if lines else item
        if lines and fnt.size(joined)[0] <= width:
            lines[-1] = joined
        else:
            lines.append(fit(item, fnt, width))
    return lines
