"""Carioca's statistics, the first tab of the statistics scene: tiles (played, won, average
round, best and worst total, rounds won), wins by bot level and by rules, the list of matches,
and the chart of one match's running totals (chart.py)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.games import LEVELS
from carioca_desktop.i18n import language, tr
from carioca_desktop.storage import MatchRecord, Stats, StatsSummary, WinCount, human_won, summarize
from carioca_desktop.storage.network_mark import played_on_network
from carioca_desktop.ui import theme
from carioca_desktop.ui.scenes.carioca.chart import Chart
from carioca_desktop.ui.scenes.carioca.ruleset_names import record_rules_name
from carioca_desktop.ui.stats_parts import (
    Column,
    PageMatchList,
    Tile,
    match_date,
    number,
    paint_breakdown,
    paint_tiles,
)
from carioca_desktop.ui.widgets import draw_text, fit, panel

if TYPE_CHECKING:
    from carioca_desktop.ui.stats_parts import StatsPage


class CariocaStatsView(PageMatchList[MatchRecord]):
    """The Carioca figures, drawn into the statistics scene's areas."""

    words = "stats"  # the i18n section of the empty card

    def __init__(self, scene: StatsPage, stats: Stats) -> None:
        self.scene = scene
        self.summary: StatsSummary = summarize(stats)
        self.matches = list(self.summary.recent)  # most recent first
        self.selected = 0
        self.list_first = 0
        from carioca_desktop.storage.rating import person_rating

        self.rating = person_rating(stats.matches)  # the person's level on the bot ladder
        self._rules_rows: tuple[str, list[tuple[str, WinCount]]] | None = None

    # ------------------------------------------------------------------ picture
    def paint(self, surface: pygame.Surface) -> None:
        scene = self.scene
        if not self.matches:
            scene._paint_empty(surface)
            return
        tiles, chart, breakdown, listing = scene._areas()
        paint_tiles(surface, tiles, self._tiles(), scene.k, scene.t)
        panel(surface, chart, border=theme.GOLD)
        record = self.matches[self.selected]
        Chart(scene, chart, record).paint(surface)
        panel(surface, breakdown)
        paint_breakdown(surface, breakdown, self._columns(), scene.t)
        panel(surface, listing)
        self._paint_list(surface, listing)

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
            self._level_tile(),
        ]

    def _level_tile(self) -> Tile:
        """The person's rating on the bot ladder (storage/rating.py) and its 95% margin."""
        r = self.rating
        if r is None:
            return (tr("stats.level"), "—", "")
        note = tr("stats.level_note", margin=f"{r.margin:.0f}")
        return (tr("stats.level"), f"{r.value:.0f}", note)

    def _columns(self) -> tuple[Column, Column]:
        levels = [(tr(f"common.level_{k}"), v) for k, v in self._levels()]
        return (tr("stats.by_level"), levels), (tr("stats.by_preset"), self._by_rules())

    def _by_rules(self) -> list[tuple[str, WinCount]]:
        """Matches won by rules, a changed preset apart from the preset ("Clásico (modificado)").
        Counted once per language, not at every repaint: naming 10,000 records' rules took
        0.35 s of every step through the list (issue 29)."""
        if self._rules_rows is None or self._rules_rows[0] != language():
            self._rules_rows = (language(), _count_by_rules(self.summary.recent))
        return self._rules_rows[1]

    def _levels(self) -> list[tuple[str, WinCount]]:
        order = {level: i for i, level in enumerate(LEVELS)}
        items = sorted(self.summary.by_level.items(), key=lambda kv: order.get(kv[0], 9))
        return [(k if k in LEVELS else "normal", v) for k, v in items]

    def _paint_list(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        title = tr("stats.matches", n=len(self.matches))
        self._paint_rows(surface, box, self.scene.t, title, human_won, _paint_row)


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
    surface: pygame.Surface,
    record: MatchRecord,
    row: pygame.Rect,
    body: pygame.font.Font,
    g: float,
) -> None:
    """A Carioca match in the list: its date and rules, the player's total at the right."""
    you = [record.totals[s] for s in record.human_seats]
    text = f"{match_date(record)}  ·  {record_rules_name(record.preset, record.rules)}"
    if played_on_network(record):  # people at other computers sat at it
        text += f"  ·  {tr('net.table.network_match')}"
    draw_text(
        surface,
        fit(text, body, row.w - round(110 * g)),
        body,
        (row.x + round(32 * g), row.centery),
        theme.TEXT,
        "midleft",
        shadow=False,
    )
    if you:
        draw_text(
            surface,
            str(you[0]),
            body,
            (row.right - round(10 * g), row.centery),
            theme.TEXT_DIM,
            "midright",
            shadow=False,
        )
