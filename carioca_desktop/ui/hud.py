"""The table's text furniture: top bar, seat panels with card backs, the move log, toasts."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.rules.names import initial
from carioca_desktop.ui import textfit
from carioca_desktop.ui.anim import Toast
from carioca_desktop.ui.sprites import CardImages, TextCache, panel
from carioca_desktop.ui.tablekit.toast_spot import spots
from carioca_desktop.ui.theme import (
    GOLD,
    GREEN_OK,
    PANEL,
    TEXT,
    TEXT_DIM,
    TOAST,
    seat_colour,
    ui_font,
)

PANEL_FILL = (*PANEL, 205)
BORDER = (63, 125, 89)


def _scaler(scale: float) -> Callable[[float], int]:
    """Lengths of the 1600×900 design at this window's scale."""

    def px(n: float) -> int:
        return max(1, round(n * scale))

    return px


@dataclass(frozen=True)
class SeatInfo:
    """What a seat panel shows, all public."""

    seat: int
    name: str
    subtitle: str
    score: str
    laid_down: bool
    cards: int
    active: bool
    label: str | None = None  # the avatar's letters, told apart from the others' (initials)
    faces_up: bool = False  # its cards lie face up over the panel (the replay's all hands)


@lru_cache(maxsize=64)
def avatar(seat: int, name: str, radius: int, label: str | None = None) -> pygame.Surface:
    """A seat's badge, wherever the seat is shown: a disc in the seat's colour with the
    player's initial, or ``label`` (from ``initials``: "Du", "J2") where two players share
    one (drawn supersampled for a smooth edge)."""
    big = radius * 4
    surf = pygame.Surface((2 * big, 2 * big), pygame.SRCALPHA)
    pygame.draw.circle(surf, seat_colour(seat), (big, big), big)
    pygame.draw.circle(surf, (236, 228, 206), (big, big), big, max(4, big // 12))
    surf = pygame.transform.smoothscale(surf, (2 * radius, 2 * radius))
    text = label or initials([name])[0]
    scale = {1: 1.05, 2: 0.8}.get(len(text), 0.6)
    letter = textfit.render(ui_font(round(radius * scale), True), text, TEXT)
    surf.blit(letter, letter.get_rect(center=(radius, radius + 1)))
    return surf


def other_person(names: Sequence[str], seat: int) -> str | None:
    """The one other player of a 2-player game (named on the privacy screen instead of
    "the others"); None with more players."""
    return names[1 - seat] if len(names) == 2 else None


def initials(names: Sequence[str]) -> list[str]:
    """The avatar labels of players seated together: each name's initial, and where two
    share one, two characters that tell them apart ("Du" and "Di" for Du and Diego, "J1"
    and "J2" for Jugador 1 and 2, "A1" and "A2" when nothing else does)."""
    out = [initial(n) for n in names]
    for letter in sorted(set(out)):
        group = [i for i, label in enumerate(out) if label == letter]
        if len(group) < 2:
            continue
        labels = [_two(names[i]) for i in group]
        if len(set(labels)) < len(group):
            labels = [f"{letter}{k + 1}" for k in range(len(group))]
        for i, label in zip(group, labels):
            out[i] = label
    return out


def _two(name: str) -> str:
    words = name.split()
    first = initial(name)
    if words and words[-1].isdigit() and len(words) > 1:
        return first + words[-1]  # "Jugador 2" → "J2"
    if len(words) > 1:
        return first + words[1][:1].upper()  # "Ana María" → "AM"
    return first + name.strip()[1:2].lower()  # "Diego" → "Di"


def fan_cards(area: pygame.Rect, count: int, back_w: int) -> list[tuple[pygame.Rect, int]]:
    """An opponent's hand as a small fan of backs: each card's upright rect (where flights
    start and end) and its tilt in degrees, spread on an arc whose pivot is below ``area``."""
    if count <= 0:
        return []
    return [
        (pygame.Rect(box), angle) for box, angle in _fan(area.centerx, area.centery, count, back_w)
    ]


@lru_cache(maxsize=256)
def _fan(
    centerx: int, centery: int, count: int, back_w: int
) -> tuple[tuple[tuple[int, int, int, int], int], ...]:
    """``fan_cards``' rects (as tuples) and tilts, kept: every frame that moves a card asks
    for every fan, and a seat's fan changes only with its hand's size."""
    bh = round(back_w * 7 / 5)
    spread = min(64.0, 5.5 * (count - 1))
    radius = bh * 1.25
    pivot = (centerx, centery + bh * 0.2 + radius)
    out = []
    for k in range(count):
        angle = 0.0 if count == 1 else -spread / 2 + spread * k / (count - 1)
        rad = math.radians(angle)
        cx = pivot[0] + radius * math.sin(rad)
        cy = pivot[1] - radius * math.cos(rad)
        rect = pygame.Rect(0, 0, back_w, bh)
        rect.center = (round(cx), round(cy))
        out.append(((rect.x, rect.y, rect.w, rect.h), round(angle)))
    return tuple(out)


def fan_rects(area: pygame.Rect, count: int, back_w: int) -> list[pygame.Rect]:
    return [rect for rect, _ in fan_cards(area, count, back_w)]


@lru_cache(maxsize=512)
def _tilted(back: pygame.Surface, angle: int) -> pygame.Surface:
    return pygame.transform.rotozoom(back, -angle, 1.0)


def fan_area(panel_rect: pygame.Rect, scale: float) -> pygame.Rect:
    px = _scaler(scale)
    return pygame.Rect(panel_rect.left + px(172), panel_rect.top, px(76), panel_rect.height)


def draw_fan(surface: pygame.Surface, area: pygame.Rect, count: int, back: pygame.Surface) -> None:
    for rect, angle in fan_cards(area, count, back.get_width()):
        image = _tilted(back, angle)
        surface.blit(image, image.get_rect(center=rect.center))


def draw_seat(
    surface: pygame.Surface,
    rect: pygame.Rect,
    info: SeatInfo,
    texts: TextCache,
    images: CardImages,
    back_w: int,
    scale: float,
    hidden: int = 0,
) -> None:
    """An opponent: avatar, name, level, points, bajado ✓, and backs with the count (none
    when its cards lie face up)."""
    px = _scaler(scale)
    border = GOLD if info.active else BORDER
    surface.blit(panel(rect.size, px(12), PANEL_FILL, border, 3 if info.active else 1), rect)
    if info.faces_up:  # the cards cover the panel's lower part: its words in one line above
        _face_up_header(surface, rect, info, texts, px)
        return
    r = min(px(26), rect.height // 2 - px(8))
    badge = avatar(info.seat, info.name, r, info.label)
    surface.blit(badge, (rect.left + px(12), rect.centery - r))
    x, width = rect.left + px(12) + 2 * r + px(10), px(100)
    compact = rect.height < px(90)  # two seats share a short side column
    name_colour = GOLD if info.active else TEXT
    name = texts.fit(info.name, px(17), name_colour, width, bold=True)
    top = rect.top + (rect.height - px(62 if compact else 81)) // 2
    surface.blit(name, (x, top))
    lines = (
        [(info.score, TEXT_DIM, False)]
        if compact
        else [(info.subtitle, TEXT_DIM, False), (info.score, TEXT_DIM, False)]
    )
    if info.laid_down:
        lines.append((tr("table.laid_down"), GREEN_OK, True))
    y = top + px(24)
    for text, colour, bold in lines:
        surface.blit(texts.fit(text, px(13), colour, width, bold=bold), (x, y))
        y += px(19)
    area = fan_area(rect, scale)
    draw_fan(surface, area, info.cards - hidden, images.back(back_w))
    _count_badge(surface, texts, info.cards, (area.right - px(6), rect.bottom - px(20)), px)


HEADER_H = 0.3  # the share of a face-up seat's panel its one line of words takes (allhands)


def header_bottom(rect: pygame.Rect, scale: float) -> int:
    """Where a face-up seat's line of words ends (its cards may start there)."""
    return rect.top + max(1, round(4 * scale)) + max(8, round(rect.height * HEADER_H))  # px(4)


def _face_up_header(
    surface: pygame.Surface,
    rect: pygame.Rect,
    info: SeatInfo,
    texts: TextCache,
    px: Callable[[float], int],
) -> None:
    """A seat whose cards lie face up over its panel (the replay's all hands): a small badge,
    the name, then its level and points in one line at the top (the cards covered the second
    and third lines of the panel, and the badge)."""
    line_h = max(8, round(rect.height * HEADER_H))
    r = max(5, min(px(11), line_h // 2 - 1))
    centre_y = rect.top + px(4) + line_h // 2
    surface.blit(avatar(info.seat, info.name, r, info.label), (rect.left + px(10), centre_y - r))
    x = rect.left + px(10) + 2 * r + px(8)
    size = max(9, min(px(15), line_h - px(4)))
    name = texts.fit(info.name, size, GOLD if info.active else TEXT, px(110), bold=True)
    surface.blit(name, name.get_rect(midleft=(x, centre_y)))
    x += name.get_width() + px(8)
    words = [info.subtitle, info.score] + ([tr("table.laid_down")] if info.laid_down else [])
    rest = " · ".join(w for w in words if w)
    line = texts.fit(rest, max(9, size - px(2)), TEXT_DIM, max(1, rect.right - px(8) - x))
    surface.blit(line, line.get_rect(midleft=(x, centre_y)))


def _count_badge(
    surface: pygame.Surface,
    texts: TextCache,
    count: int,
    centre: tuple[int, int],
    px: Callable[[float], int],
) -> None:
    """The number of cards in a hand, on a dark disc over the fan's corner."""
    r = px(13)
    pygame.draw.circle(surface, (10, 32, 22), centre, r)
    pygame.draw.circle(surface, (196, 178, 120), centre, r, max(1, px(1.5)))
    number = texts.render(str(count), px(14), TEXT, bold=True)
    surface.blit(number, number.get_rect(center=(centre[0], centre[1] + 1)))


def draw_viewer_panel(
    surface: pygame.Surface, rect: pygame.Rect, info: SeatInfo, texts: TextCache, scale: float
) -> None:
    px = _scaler(scale)
    border = GOLD if info.active else BORDER
    surface.blit(panel(rect.size, px(12), PANEL_FILL, border, 3 if info.active else 1), rect)
    r = px(24)
    badge = avatar(info.seat, info.name, r, info.label)
    surface.blit(badge, (rect.left + px(10), rect.centery - r))
    x, width = rect.left + px(10) + 2 * r + px(10), rect.width - 2 * r - px(28)
    colour = GOLD if info.active else TEXT
    surface.blit(texts.fit(info.name, px(17), colour, width, bold=True), (x, rect.top + px(12)))
    surface.blit(texts.fit(info.subtitle, px(13), TEXT_DIM, width), (x, rect.top + px(36)))
    score = texts.render(info.score, px(13), TEXT_DIM)
    surface.blit(score, (x, rect.top + px(56)))
    if info.laid_down:
        tick = texts.render(tr("table.laid_down"), px(13), GREEN_OK, bold=True)
        surface.blit(tick, (x + score.get_width() + px(8), rect.top + px(56)))


def draw_top_bar(
    surface: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    status: str,
    texts: TextCache,
    scale: float,
    clear_left: int = 0,
) -> None:
    """``clear_left``: the right edge of the bar's buttons when more than the usual ones sit
    at its left (the network table's Reactions): the title moves right of them."""
    px = _scaler(scale)
    surface.blit(panel(rect.size, 0, (8, 30, 20, 215), None), rect)
    pygame.draw.line(surface, (88, 74, 34), rect.bottomleft, (rect.right, rect.bottom - 1), 1)
    head = texts.fit(title, px(24), GOLD, rect.width - px(600), bold=True)  # clear of the buttons
    where = head.get_rect(center=rect.center)
    if clear_left and where.x < clear_left + px(16):
        room = rect.right - px(18) - px(120) - (clear_left + px(16))  # the status keeps some
        head = texts.fit(title, px(24), GOLD, max(px(60), room), bold=True)
        where = head.get_rect(midleft=(clear_left + px(16), rect.centery))
    surface.blit(head, where)
    room = max(1, rect.right - px(18) - (where.right + px(24)))
    tail = texts.render(status, px(15), TEXT)
    if tail.get_width() <= room:
        surface.blit(tail, tail.get_rect(midright=(rect.right - px(18), rect.centery)))
        return
    # too long for one line (a narrow window): two smaller lines, never a cut sentence
    size = px(12)
    lines = texts.wrap(status, size, room)
    lines = [*lines[:1], " ".join(lines[1:])] if len(lines) > 2 else lines
    line_h = size + size // 4
    y = rect.centery - len(lines) * line_h // 2
    for line in lines:
        image = texts.fit(line, size, TEXT, room)
        surface.blit(image, image.get_rect(topright=(rect.right - px(18), y)))
        y += line_h


def draw_log(
    surface: pygame.Surface, rect: pygame.Rect, lines: Sequence[str], texts: TextCache, scale: float
) -> None:
    """The last moves, newest at the bottom, older ones fading; a long move wraps onto
    indented lines rather than ending in "…"."""
    px = _scaler(scale)
    surface.blit(panel(rect.size, px(10), (8, 30, 20, 190), BORDER), rect)
    title = texts.render(tr("table.log.title"), px(12), GOLD, bold=True)
    surface.blit(title, (rect.left + px(12), rect.top + px(8)))
    line_h = px(19)
    room = log_room(rect, scale)
    indent = px(10)
    wrap = lambda text, w: texts.wrap(text, px(13), w)  # noqa: E731
    rows = log_rows(lines, room, wrap, rect.width - px(24), indent)
    y = rect.top + px(28)
    for fade, text, first in rows:
        colour = TEXT if fade == 0 else TEXT_DIM if fade < 3 else (150, 170, 156)
        x = rect.left + px(12) + (0 if first else indent)
        surf = texts.fit(text, px(13), colour, rect.right - px(12) - x)
        surface.blit(surf, (x, y))
        y += line_h


def log_room(rect: pygame.Rect, scale: float) -> int:
    """How many screen rows ``draw_log`` has in ``rect``: it reads no more than this many of
    the newest lines (each takes a row at least), so they alone say what it draws."""
    px = _scaler(scale)
    return max(1, (rect.height - px(30)) // px(19))


def log_rows(
    lines: Sequence[str],
    room: int,
    wrap: Callable[[str, int], list[str]],
    width: int,
    indent: int,
) -> list[tuple[int, str, bool]]:
    """The screen rows of the newest moves that fit in ``room`` rows: (age of the move, 0 the
    newest; the row's text; whether it starts its move). A move's later rows are wrapped to
    ``width - indent`` (they are drawn indented); the oldest move shown may lose its top rows."""
    rows: list[tuple[int, str, bool]] = []
    for age, line in enumerate(reversed(list(lines))):
        if len(rows) >= room:
            break
        parts = wrap(line, width) or [""]
        if len(parts) == 1:
            parts = [line]  # as written (wrapping would close up its double spaces)
        else:
            head = _first_words(line, len(parts[0].split()))
            rest = wrap(line[len(head) :].strip(), width - indent) or [""]
            parts = [head, *rest]
        block = [(age, text, k == 0) for k, text in enumerate(parts)]
        rows = block + rows
    return rows[-room:]


def _first_words(text: str, n: int) -> str:
    """The start of ``text`` up to the end of its ``n``-th word, its spacing kept."""
    end = 0
    for k, match in enumerate(re.finditer(r"\S+", text)):
        if k == n:
            break
        end = match.end()
    return text[:end]


def draw_toasts(
    surface: pygame.Surface,
    toasts: Sequence[Toast],
    texts: TextCache,
    scale: float,
    avoid: Sequence[pygame.Rect] = (),
    soft: Sequence[pygame.Rect] = (),
) -> list[pygame.Rect]:
    """The toasts, oldest first, each where it covers none of ``avoid`` (the melds, names and
    hand the table measured) nor another toast, and none of ``soft`` where it can
    (tablekit/toast_spot.py); their boxes."""
    px = _scaler(scale)
    words = [texts.render(t.text, px(17), (255, 236, 190), bold=True) for t in toasts]
    sizes = [w.get_rect().inflate(px(36), px(18)).size for w in words]
    bounds = surface.get_rect().inflate(-px(8), -px(8))
    boxes = spots(sizes, [t.anchor for t in toasts], avoid, bounds, px(12), soft)
    for toast, text, box in zip(toasts, words, boxes, strict=True):
        card = panel(box.size, px(10), (*TOAST, 238), GOLD, 2)
        if toast.alpha < 255:  # its last moments
            card = card.copy()
            card.set_alpha(toast.alpha)
            text = text.copy()
            text.set_alpha(toast.alpha)
        surface.blit(card, box)
        surface.blit(text, text.get_rect(center=box.center))
    return boxes


def draw_toast(surface: pygame.Surface, toast: Toast, texts: TextCache, scale: float) -> None:
    """One toast just above its anchor (the rehearsal renders a move's words ahead)."""
    draw_toasts(surface, [toast], texts, scale)
