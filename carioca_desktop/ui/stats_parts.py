"""What both games' statistics draw alike: numbers and dates in the player's language, the
row of figure tiles, the two breakdown columns of won/played bars, and the list of matches
with one selected (moved by ↑↓, the wheel and clicks)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Generic, Protocol, TypeVar

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.storage import BuracoRecord, MatchRecord, WinCount
from carioca_desktop.ui import theme
from carioca_desktop.ui.widgets import draw_text, fit, font, panel

Tile = tuple[str, str, str]  # label, value, note
Column = tuple[str, list[tuple[str, WinCount]]]  # heading, (name, won/played) rows
R = TypeVar("R", MatchRecord, BuracoRecord)


class StatsPage(Protocol):
    """The statistics scene as a game's view draws into it: its areas, scales and empty card."""

    @property
    def k(self) -> float: ...
    @property
    def t(self) -> float: ...
    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]: ...
    def _list_rows(self, box: pygame.Rect) -> tuple[int, int, int]: ...
    def _paint_empty(self, surface: pygame.Surface) -> None: ...
    def repaint(self) -> None: ...


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


def grown(n: float, k: float) -> int:
    """A margin, gap or line of ``n`` pixels at 1600x900, grown with the window above it (a
    3840x2160 window's ``k`` is 2.4), the same in a smaller one (whose words stay readable)."""
    return round(n * max(1.0, k))


def nice_step(top: float, lines: int = 5) -> int:
    """A round gridline step (1, 2, 5 × 10ⁿ) giving about ``lines`` lines up to ``top``."""
    raw = max(1.0, top / lines)
    power = 10 ** math.floor(math.log10(raw))
    return int(next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw))


def paint_tiles(
    surface: pygame.Surface, area: pygame.Rect, tiles: Sequence[Tile], k: float, t: float
) -> None:
    """The figures in a row of tiles (the second one framed in gold). A note too wide for the
    room beside its value goes under it (at 1024x600 "por ronda" ended in "…")."""
    gap = round(14 * k)
    width = (area.w - gap * (len(tiles) - 1)) // len(tiles)
    label_font = font(round(13 * t))
    value_font = font(round(30 * t), bold=True)
    note_font = font(round(13 * t))
    pad = grown(14, k)
    for i, (label, value, note) in enumerate(tiles):
        tile = pygame.Rect(area.x + i * (width + gap), area.y, width, area.h)
        panel(surface, tile, border=theme.GOLD if i == 1 else None)
        draw_text(
            surface,
            fit(label, label_font, width - 2 * pad + grown(8, k)),
            label_font,
            (tile.x + pad, tile.y + grown(10, k)),
            theme.TEXT_DIM,
        )
        vy = tile.y + grown(12, k) + label_font.get_linesize()
        spot = draw_text(surface, value, value_font, (tile.x + pad, vy), theme.GOLD)
        if note:
            beside = (spot.right + grown(8, k), spot.bottom - grown(6, k))
            room = tile.right - beside[0] - grown(10, k)
            if note_font.size(note)[0] > room:  # under the value, as wide as the tile
                beside, room = (
                    (tile.x + pad, spot.bottom + note_font.get_linesize() - 4),
                    width - 2 * pad,
                )
            draw_text(
                surface, fit(note, note_font, room), note_font, beside, theme.TEXT_DIM,
                "bottomleft",
            )  # fmt: skip


def paint_breakdown(
    surface: pygame.Surface, box: pygame.Rect, columns: Sequence[Column], t: float
) -> None:
    """Two columns of counts (by level, by rules), as many rows as fit."""
    head = font(round(16 * t), bold=True)
    body = font(round(14 * t))
    line = body.get_linesize() + grown(2, t)
    edge = grown(20, t)
    col_w = (box.w - 2 * edge) // 2
    for c, (title, rows) in enumerate(columns):
        x = box.x + edge + c * (col_w + grown(10, t))
        draw_text(surface, fit(title, head, col_w), head, (x, box.y + grown(12, t)), theme.GOLD)
        y = box.y + grown(18, t) + head.get_linesize()
        for name, count in rows:
            if y + line + grown(8, t) > box.bottom - grown(8, t):
                break
            count_row(surface, (x, y, col_w - grown(10, t)), name, count, body, grown(4, t))
            y += line + grown(8, t)


def count_row(
    surface: pygame.Surface,
    at: tuple[int, int, int],
    name: str,
    count: WinCount,
    body: pygame.font.Font,
    thick: int = 4,
) -> None:
    """A name, "won/played", and a thin gold bar (``thick`` pixels) of the share won."""
    x, y, width = at
    score = f"{count.won}/{count.played}"
    room = width - body.size(score)[0] - 8
    draw_text(surface, fit(name, body, room), body, (x, y), shadow=False)
    draw_text(surface, score, body, (x + width, y), theme.TEXT_DIM, "topright", shadow=False)
    bar = pygame.Rect(x, y + body.get_linesize(), width, thick)
    pygame.draw.rect(surface, (8, 30, 18), bar, 0, thick // 2)
    share = count.won / count.played if count.played else 0.0
    pygame.draw.rect(surface, theme.GOLD, (bar.x, bar.y, round(bar.w * share), thick), 0,
                     thick // 2)  # fmt: skip


def list_rows(box: pygame.Rect, t: float) -> tuple[int, int, int]:
    """Top of the first row, row height, rows that fit."""
    head = font(round(16 * t), bold=True)
    row_h = font(round(14 * t)).get_linesize() + grown(10, t)
    top = box.y + grown(18, t) + head.get_linesize()
    return top, row_h, max(1, (box.bottom - grown(10, t) - top) // row_h)


# What a game draws in one row of the list, after the mark: (surface, record, row, font, and
# how much its margins grow: ``grown``'s factor).
RowPainter = Callable[[pygame.Surface, R, pygame.Rect, pygame.font.Font, float], None]


class MatchList(Generic[R]):
    """A game's matches, most recent first, one selected (the chart shows it): the list's
    title, rows, scrolling and choosing, the same for both games."""

    matches: list[R]
    selected: int
    list_first: int

    def _list_box(self) -> pygame.Rect:
        """Where the list is."""
        raise NotImplementedError

    def _list_rows(self, box: pygame.Rect) -> tuple[int, int, int]:
        raise NotImplementedError

    def repaint(self) -> None:
        raise NotImplementedError

    def _paint_rows(
        self,
        surface: pygame.Surface,
        box: pygame.Rect,
        t: float,
        title: str,
        won: Callable[[R], bool],
        paint_row: RowPainter[R],
    ) -> None:
        """The title, then each row that fits: the selection's band, ✓ for a match won (· for
        one lost), and the rest as ``paint_row`` draws it."""
        head = font(round(16 * t), bold=True)
        body = font(round(14 * t))
        draw_text(surface, title, head, (box.x + grown(20, t), box.y + grown(12, t)), theme.GOLD)
        top, row_h, fits = self._list_rows(box)
        edge = grown(10, t)
        for i in range(self.list_first, min(len(self.matches), self.list_first + fits)):
            record = self.matches[i]
            row = pygame.Rect(
                box.x + edge, top + (i - self.list_first) * row_h, box.w - 2 * edge, row_h - 2
            )
            if i == self.selected:
                layer = pygame.Surface(row.size, pygame.SRCALPHA)
                pygame.draw.rect(layer, (232, 186, 72, 60), layer.get_rect(), 0, 6)
                surface.blit(layer, row)
            won_it = won(record)
            colour = theme.GREEN_OK if won_it else theme.TEXT_DIM
            mark = "✓" if won_it else "·"
            draw_text(surface, mark, body, (row.x + edge, row.centery), colour, "midleft", False)
            paint_row(surface, record, row, body, max(1.0, t))

    def select(self, index: int) -> None:
        if not self.matches:
            return
        self.selected = max(0, min(len(self.matches) - 1, index))
        _, _, fits = self._list_rows(self._list_box())
        if self.selected < self.list_first:
            self.list_first = self.selected
        elif self.selected >= self.list_first + fits:
            self.list_first = self.selected - fits + 1
        self.repaint()

    def list_pointer(self, event: pygame.event.Event) -> None:
        """The wheel scrolls the list; a click on a row selects its match."""
        if not self.matches:
            return
        listing = self._list_box()
        top, row_h, fits = self._list_rows(listing)
        if event.type == pygame.MOUSEWHEEL:
            most = max(0, len(self.matches) - fits)
            self.list_first = max(0, min(most, self.list_first - event.y))
            self.repaint()
        elif event.type == pygame.MOUSEBUTTONDOWN and listing.collidepoint(event.pos):
            index = self.list_first + (event.pos[1] - top) // row_h
            if event.pos[1] >= top and index < len(self.matches):
                self.select(index)


class PageMatchList(MatchList[R]):
    """A game's match list in the statistics page's list area (each game's view is one)."""

    scene: StatsPage

    def _list_box(self) -> pygame.Rect:
        return self.scene._areas()[3]

    def _list_rows(self, box: pygame.Rect) -> tuple[int, int, int]:
        return self.scene._list_rows(box)

    def repaint(self) -> None:
        self.scene.repaint()
