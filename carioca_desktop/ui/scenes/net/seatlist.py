"""The seats of a network table as both lobby screens show them (the host's waiting room and
a joiner's lobby): a row per seat with its badge, name and state, and the rules in words."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.ui import hud, theme
from carioca_desktop.ui.fitwords import paint_words
from carioca_desktop.ui.newgame_parts import paint_oval, paint_place
from carioca_desktop.ui.scenes.net.rulescroll import BAR_ROOM, RuleScroll
from carioca_desktop.ui.scenes.net.words import seat_words
from carioca_desktop.ui.widgets import draw_text, fit, font, pairs

Seat = Mapping[str, Any]


def notes_room(notes: Sequence[str], u: float) -> int:
    """The height the lines under the rows take (Buraco's sides)."""
    return len(notes) * font(round(15 * u)).get_linesize() + 10 if notes else 0


def row_rects(box: pygame.Rect, count: int, u: float, reserve: int = 0) -> list[pygame.Rect]:
    """Where each seat's row goes inside ``box`` (under a heading line), ``reserve`` pixels
    kept under them (Buraco's sides ran out of the panel at 1024x600)."""
    pitch = min(round(54 * u), max(24, (box.h - round(52 * u) - reserve) // max(1, count)))
    top = box.y + round(50 * u)
    return [pygame.Rect(box.x + 16, top + i * pitch, box.w - 32, pitch - 6) for i in range(count)]


def seat_name(seat: Seat, index: int) -> str:
    name = seat.get("name")
    return str(name) if name else tr("net.seat.open")


def paint_seats(
    surface: pygame.Surface, box: pygame.Rect, seats: Sequence[Seat], u: float,
    you: Sequence[int] = (), room_right: int = 0, k: float = 1.0, notes: Sequence[str] = (),
) -> None:  # fmt: skip
    """The heading and one row per seat; ``you`` marks this computer's seats, and
    ``room_right`` keeps that many pixels at each row's right free (for a button)."""
    head = font(round(22 * u), bold=True)
    draw_text(surface, tr("net.host.seats"), head, (box.x + 20, box.y + 14), theme.GOLD)
    rects = row_rects(box, len(seats), u, notes_room(notes, u))
    labels = hud.initials([seat_name(s, i) for i, s in enumerate(seats)])
    name_font, small = font(round(18 * u), bold=True), font(round(15 * u))
    for i, (seat, rect) in enumerate(zip(seats, rects, strict=False)):
        _paint_row(
            surface, i, seat, rect, labels[i], i in you, (name_font, round(15 * u)), room_right
        )
    y = rects[-1].bottom + 10 if rects else box.y
    for note in notes:  # Buraco's sides
        draw_text(surface, fit(note, small, box.w - 40), small, (box.x + 20, y), theme.GOLD)
        y += small.get_linesize()
    if rects:
        room = pygame.Rect(box.x + 30, y + 8, box.w - 60, 0)
        room.h = box.bottom - 16 - room.y
        if room.h > 150 * k:
            names = [seat_name(s, i) for i, s in enumerate(seats)]
            awaited = [i for i, s in enumerate(seats) if s.get("status") == "open"]
            little_table(surface, room, names, labels, k, u, awaited)


def little_table(
    surface: pygame.Surface, room: pygame.Rect, names: Sequence[str], labels: Sequence[str],
    k: float, u: float, awaited: Sequence[int] = (),
) -> None:  # fmt: skip
    """The little table of New game: the seats in play order, counter-clockwise; the
    ``awaited`` ones (nobody there yet) as an empty ring."""
    size = round(min(46 * k + 8, room.h * 0.2))
    small = font(round(13 * u), bold=True)
    margin = size // 2 + small.get_linesize() + 6
    wide = min(room.w - 2 * size - 40, round(room.h * 2.2))
    # Never taller than half its width: in a tall room (a 4K window) it was drawn a circle.
    oval = pygame.Rect(0, 0, wide, min(room.h - 2 * margin, wide // 2))
    oval.center = room.center
    paint_oval(surface, oval)
    for i, name in enumerate(names):
        angle = math.radians(90 - i * 360 / len(names))
        cx = oval.centerx + (oval.w / 2 + size * 0.2) * math.cos(angle)
        cy = oval.centery + (oval.h / 2 + size * 0.2) * math.sin(angle)
        below = cy + size / 2 + 2 if math.sin(angle) >= -0.2 else (
            cy - size / 2 - small.get_linesize() - 2)  # fmt: skip
        paint_place(surface, i, name, labels[i], size, (round(cx), round(cy)), (cx, below),
                    small, size * 3)  # fmt: skip
        if i in awaited:  # over the badge: a ring on the felt's dark
            pygame.draw.circle(surface, (12, 40, 26), (round(cx), round(cy)), size // 2)
            pygame.draw.circle(surface, theme.TEXT_DIM, (round(cx), round(cy)), size // 2, 2)


def _paint_row(
    surface: pygame.Surface, i: int, seat: Seat, rect: pygame.Rect, label: str, mine: bool,
    fonts: tuple[pygame.font.Font, int], room_right: int,
) -> None:  # fmt: skip
    name_font, small_px = fonts  # the state's size in px: paint_words picks its font
    band = pygame.Surface(rect.size, pygame.SRCALPHA)
    band.fill((255, 255, 255, 22 if mine else 10))
    surface.blit(band, rect)
    open_seat = seat.get("status") == "open"
    radius = max(8, rect.h // 2 - 4)
    if not open_seat:
        badge = hud.avatar(i, seat_name(seat, i), radius, label)
        surface.blit(badge, badge.get_rect(center=(rect.x + radius + 6, rect.centery)))
    else:
        pygame.draw.circle(surface, theme.TEXT_DIM, (rect.x + radius + 6, rect.centery), radius, 2)
    x = rect.x + 2 * radius + 18
    width = rect.right - room_right - x - 10
    name = seat_name(seat, i) + (f" ({tr('net.seat.you')})" if mine else "")
    colour = theme.TEXT_DIM if open_seat else theme.TEXT
    half = round(width * 0.55)
    draw_text(surface, fit(name, name_font, half), name_font, (x, rect.centery), colour, "midleft")
    words = seat_words(seat)
    tint = theme.GOLD if seat.get("status") == "here" or seat.get("ready") else theme.TEXT_DIM
    # The state read whole ("anfitrión · conectado" was cut at 1024x600): smaller, or two lines.
    box = pygame.Rect(x + half + 10, rect.y, width - half - 10, rect.h)
    paint_words(surface, words, box, small_px, tint)


def paint_rules(
    surface: pygame.Surface, box: pygame.Rect, rows: Sequence[tuple[str, str]], title: str,
    u: float, below: int = 0, scroll: RuleScroll | None = None,
) -> bool:  # fmt: skip
    """The variant's name and the rules in words (the rules screen's text): in one column,
    else two, else two in smaller lines (a short window), and only then one column that
    scrolls by whole rows (``scroll``, kept by the screen; at 1024x600 the rules ended in "…"
    and half of them could not be read); ``below``: the y the words start at the earliest (a
    widget above them). True when some rows are out of view."""
    head = font(round(22 * u), bold=True)
    draw_text(surface, tr("net.lobby.rules"), head, (box.x + 20, box.y + 14), theme.GOLD)
    body = font(round(17 * u), bold=True)
    y = max(below, box.y + 14 + head.get_linesize() + 4)
    draw_text(surface, fit(title, body, box.w - 40), body, (box.x + 20, y), theme.TEXT)
    y += body.get_linesize() + 8
    area = pygame.Rect(box.x + 20, y, box.w - 40, box.bottom - 12 - y)
    scroll = scroll if scroll is not None else RuleScroll()
    for size, cols in RULE_LAYOUTS:
        small = font(max(MIN_RULE_PX, round(size * u)))
        split = _split(rows, area, small, cols)
        if split is not None:
            _columns(surface, [rows[:split], rows[split:]][:cols], area, small)
            scroll.last_first = scroll.first = 0
            return False
    _scrolled(surface, rows, area, font(max(MIN_RULE_PX, round(SCROLL_PX * u))), scroll)
    return True


def _scrolled(surface: pygame.Surface, rows: Sequence[tuple[str, str]], area: pygame.Rect,
              fnt: pygame.font.Font, scroll: RuleScroll) -> None:  # fmt: skip
    """One column from row ``scroll.first`` down, as many whole rows as fit, and the bar."""
    column = pygame.Rect(area.x, area.y, area.w - BAR_ROOM, area.h)
    label_w = _label_w(column.w, 1, rows, fnt)
    tall = pygame.Rect(column.x, 0, column.w, 1 << 20)
    heights = [pairs(None, [row], tall, fnt, label_w) for row in rows]
    scroll.rows, scroll.view = len(rows), area
    scroll.last_first = next(
        (k for k in range(len(rows)) if sum(heights[k:]) <= area.h), max(0, len(rows) - 1)
    )
    scroll.scroll_to(scroll.first)
    end, shown = 0, 0
    for height in heights[scroll.first :]:
        if end + height > area.h and shown:
            break
        end, shown = end + height, shown + 1
    scroll.shown = shown
    pairs(surface, rows[scroll.first : scroll.first + shown], column, fnt, label_w)
    scroll.paint_bar(surface)


# The first that shows every rule; the larger ones fill a big window's panel (at 3840x2160
# the 14 px lines took half of it and read small from a sofa).
RULE_LAYOUTS = ((18, 1), (16, 1), (14, 1), (14, 2), (13, 2), (12, 2))
MIN_RULE_PX = 11  # smaller lines are hard to read aloud from
SCROLL_PX = 14  # the scrolled column's lines: the smallest of one column's layouts


def _column(area: pygame.Rect, cols: int, i: int) -> pygame.Rect:
    """Column ``i`` of ``cols`` in ``area``."""
    gap = 24 if cols > 1 else 0
    w = (area.w - gap * (cols - 1)) // cols
    return pygame.Rect(area.x + i * (w + gap), area.y, w, area.h)


def _label_w(width: int, cols: int, rows: Sequence[tuple[str, str]], fnt: pygame.font.Font) -> int:
    """The labels' column: as wide as the widest label needs, within a share of ``width``
    (Carioca's long rule names wrap; Buraco's short ones leave the room to its prose)."""
    widest = max((fnt.size(label)[0] for label, _ in rows), default=0) + 14
    return max(round(width * 0.22), min(round(width * (0.32 if cols == 1 else 0.55)), widest))


def _split(rows: Sequence[tuple[str, str]], area: pygame.Rect, fnt: pygame.font.Font,
           cols: int) -> int | None:  # fmt: skip
    """Where the second column starts (``len(rows)`` for one) so that every row fits and
    the columns are as even as can be; None when they cannot all fit."""
    rect = _column(area, cols, 0)
    label_w = _label_w(rect.w, cols, rows, fnt)
    tall = pygame.Rect(rect.x, 0, rect.w, 1 << 20)
    heights = [pairs(None, [row], tall, fnt, label_w) for row in rows]
    if cols == 1:
        return len(rows) if sum(heights) <= area.h else None
    best = min(range(len(rows) + 1),
               key=lambda k: max(sum(heights[:k]), sum(heights[k:])))  # fmt: skip
    return best if max(sum(heights[:best]), sum(heights[best:])) <= area.h else None


def _columns(surface: pygame.Surface, parts: Sequence[Sequence[tuple[str, str]]],
             area: pygame.Rect, fnt: pygame.font.Font) -> None:  # fmt: skip
    label_w = _label_w(
        _column(area, len(parts), 0).w, len(parts), [r for p in parts for r in p], fnt
    )
    for i, part in enumerate(parts):
        pairs(surface, part, _column(area, len(parts), i), fnt, label_w)
