"""The table's text furniture: top bar, seat panels with card backs, the move log, toasts."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.names import initial
from carioca_desktop.ui import textfit
from carioca_desktop.ui.anim import Toast
from carioca_desktop.ui.sprites import CardImages, TextCache, panel
from carioca_desktop.ui.theme import GOLD, GREEN_OK, PANEL, TEXT, TEXT_DIM, TOAST, ui_font

AVATARS: tuple[tuple[int, int, int], ...] = (
    (64, 104, 168),
    (168, 72, 84),
    (60, 136, 96),
    (176, 120, 48),
    (118, 84, 160),
    (44, 132, 144),
    (164, 96, 140),
    (104, 112, 120),
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


@lru_cache(maxsize=64)
def avatar(seat: int, name: str, radius: int) -> pygame.Surface:
    """A coloured disc with the player's initial (drawn supersampled for a smooth edge)."""
    big = radius * 4
    surf = pygame.Surface((2 * big, 2 * big), pygame.SRCALPHA)
    pygame.draw.circle(surf, AVATARS[seat % len(AVATARS)], (big, big), big)
    pygame.draw.circle(surf, (236, 228, 206), (big, big), big, max(4, big // 12))
    surf = pygame.transform.smoothscale(surf, (2 * radius, 2 * radius))
    letter = textfit.render(ui_font(round(radius * 1.05), True), initial(name), TEXT)
    surf.blit(letter, letter.get_rect(center=(radius, radius + 1)))
    return surf


def fan_cards(area: pygame.Rect, count: int, back_w: int) -> list[tuple[pygame.Rect, int]]:
    """An opponent's hand as a small fan of backs: each card's upright rect (where flights
    start and end) and its tilt in degrees, spread on an arc whose pivot is below ``area``."""
    if count <= 0:
        return []
    bh = round(back_w * 7 / 5)
    spread = min(64.0, 5.5 * (count - 1))
    radius = bh * 1.25
    pivot = (area.centerx, area.centery + bh * 0.2 + radius)
    out = []
    for k in range(count):
        angle = 0.0 if count == 1 else -spread / 2 + spread * k / (count - 1)
        rad = math.radians(angle)
        cx = pivot[0] + radius * math.sin(rad)
        cy = pivot[1] - radius * math.cos(rad)
        rect = pygame.Rect(0, 0, back_w, bh)
        rect.center = (round(cx), round(cy))
        out.append((rect, round(angle)))
    return out


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
    """An opponent: avatar, name, level, points, bajado ✓, and backs with the count."""
    px = _scaler(scale)
    border = GOLD if info.active else BORDER
    surface.blit(panel(rect.size, px(12), PANEL_FILL, border, 3 if info.active else 1), rect)
    r = min(px(26), rect.height // 2 - px(8))
    surface.blit(avatar(info.seat, info.name, r), (rect.left + px(12), rect.centery - r))
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
    surface.blit(avatar(info.seat, info.name, r), (rect.left + px(10), rect.centery - r))
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
) -> None:
    px = _scaler(scale)
    surface.blit(panel(rect.size, 0, (8, 30, 20, 215), None), rect)
    pygame.draw.line(surface, (88, 74, 34), rect.bottomleft, (rect.right, rect.bottom - 1), 1)
    head = texts.fit(title, px(24), GOLD, rect.width - px(400), bold=True)
    where = head.get_rect(center=rect.center)
    surface.blit(head, where)
    room = rect.right - px(18) - (where.right + px(24))
    tail = texts.fit(status, px(15), TEXT, room)
    surface.blit(tail, tail.get_rect(midright=(rect.right - px(18), rect.centery)))


def draw_log(
    surface: pygame.Surface, rect: pygame.Rect, lines: Sequence[str], texts: TextCache, scale: float
) -> None:
    """The last moves, newest at the bottom, older ones fading."""
    px = _scaler(scale)
    surface.blit(panel(rect.size, px(10), (8, 30, 20, 190), BORDER), rect)
    title = texts.render(tr("table.log.title"), px(12), GOLD, bold=True)
    surface.blit(title, (rect.left + px(12), rect.top + px(8)))
    line_h = px(19)
    room = max(1, (rect.height - px(30)) // line_h)
    shown = list(lines)[-room:]
    y = rect.top + px(28)
    for k, line in enumerate(shown):
        fade = len(shown) - 1 - k
        colour = TEXT if fade == 0 else TEXT_DIM if fade < 3 else (150, 170, 156)
        surf = texts.fit(line, px(13), colour, rect.width - px(24))
        surface.blit(surf, (rect.left + px(12), y))
        y += line_h


def draw_toast(surface: pygame.Surface, toast: Toast, texts: TextCache, scale: float) -> None:
    px = _scaler(scale)
    text = texts.render(toast.text, px(17), (255, 236, 190), bold=True)
    box = text.get_rect().inflate(px(36), px(18))
    box.midbottom = toast.anchor
    box.clamp_ip(surface.get_rect().inflate(-px(8), -px(8)))
    card = panel(box.size, px(10), (*TOAST, 238), GOLD, 2)
    if toast.alpha < 255:
        card = card.copy()
        card.set_alpha(toast.alpha)
        text = text.copy()
        text.set_alpha(toast.alpha)
    surface.blit(card, box)
    surface.blit(text, text.get_rect(center=box.center))
