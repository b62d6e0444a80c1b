"""The card art's two ornaments: the joker's laughing jester on its purple field, and the
backs' fine lattice and medallion of the four suits."""

from __future__ import annotations

import math
import random

import pygame

from .base import (
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    PURPLE,
    PURPLE_DARK,
    RGB,
    SKIN,
    SS,
    SUIT_ASPECT,
    SUITS,
    Point,
    _canvas,
    _mix,
    _Pen,
    _quad,
    _shrink,
    draw_suit,
)
from .court import WHITE

# --- Joker ------------------------------------------------------------------------------------


def _star_points(c: Point, r_out: float, r_in: float, n: int = 5, rot: float = 0) -> list[Point]:
    pts = []
    for i in range(n * 2):
        r = r_out if i % 2 == 0 else r_in
        a = -math.pi / 2 + rot + math.pi * i / n
        pts.append((c[0] + r * math.cos(a), c[1] + r * math.sin(a)))
    return pts


def _lobe(base0: Point, ctrl0: Point, tip: Point, ctrl1: Point, base1: Point) -> list[Point]:
    """One point of a jester's hat: out along one curve to the tip, back along another."""
    return _quad(base0, ctrl0, tip, 10) + _quad(tip, ctrl1, base1, 10)[1:]


def _jester(pen: _Pen, cx: float, cy: float, s: float) -> None:
    """A jester's head at (cx, cy), scale s: ruff collar, smiling face, three-pointed hat."""
    ruff = [(cx, cy + 0.3 * s)]
    for i in range(13):  # a zig-zag ruff under the chin
        a = math.pi * (0.05 + 0.9 * i / 12)
        r = 0.34 * s if i % 2 == 0 else 0.24 * s
        ruff.append((cx + math.cos(a) * r * 1.15, cy + 0.18 * s + math.sin(a) * r * 0.6))
    pen.poly(WHITE, ruff)
    pen.circle(SKIN, (cx, cy + 0.06 * s), 0.2 * s)
    for dx in (-0.075, 0.075):  # closed, laughing eyes
        pts = _quad(
            (cx + (dx - 0.04) * s, cy + 0.04 * s),
            (cx + dx * s, cy - 0.03 * s),
            (cx + (dx + 0.04) * s, cy + 0.04 * s),
            6,
        )
        pygame.draw.lines(pen.surf, INK, False, pen.p(pts), max(1, round(pen.unit * 0.012 * s)))
        pen.circle((240, 130, 130), (cx + dx * 1.5 * s, cy + 0.12 * s), 0.035 * s, None)
    smile = _quad(
        (cx - 0.09 * s, cy + 0.11 * s), (cx, cy + 0.24 * s), (cx + 0.09 * s, cy + 0.11 * s)
    )
    pen.poly((190, 40, 60), smile, INK)
    band_y = cy - 0.1 * s
    lobes = [
        (
            (210, 40, 60),
            _lobe(
                (cx - 0.2 * s, band_y),
                (cx - 0.5 * s, band_y - 0.35 * s),
                (cx - 0.52 * s, band_y + 0.08 * s),
                (cx - 0.3 * s, band_y - 0.2 * s),
                (cx - 0.04 * s, band_y),
            ),
            (cx - 0.52 * s, band_y + 0.08 * s),
        ),
        (
            (40, 170, 160),
            _lobe(
                (cx + 0.2 * s, band_y),
                (cx + 0.5 * s, band_y - 0.35 * s),
                (cx + 0.52 * s, band_y + 0.08 * s),
                (cx + 0.3 * s, band_y - 0.2 * s),
                (cx + 0.04 * s, band_y),
            ),
            (cx + 0.52 * s, band_y + 0.08 * s),
        ),
        (
            (70, 104, 214),
            _lobe(
                (cx - 0.12 * s, band_y),
                (cx - 0.1 * s, band_y - 0.4 * s),
                (cx + 0.08 * s, band_y - 0.52 * s),
                (cx + 0.04 * s, band_y - 0.3 * s),
                (cx + 0.12 * s, band_y),
            ),
            (cx + 0.08 * s, band_y - 0.52 * s),
        ),
    ]
    for colour, outline, _ in lobes:
        pen.poly(colour, outline)
    for _, _, tip in lobes:
        pen.circle(GOLD_LIGHT, tip, 0.055 * s, GOLD_DARK)
    band = [
        (cx - 0.24 * s, band_y - 0.03 * s),
        (cx + 0.24 * s, band_y - 0.03 * s),
        (cx + 0.22 * s, band_y + 0.07 * s),
        (cx - 0.22 * s, band_y + 0.07 * s),
    ]
    pen.poly(GOLD, band, GOLD_DARK)
    for i in range(3):
        x = cx + (i - 1) * 0.13 * s
        pen.poly(PURPLE, _star_points((x, band_y + 0.02 * s), 0.035 * s, 0.015 * s, 4), None)


def _joker_panel(width: int, height: int) -> pygame.Surface:
    """The purple joker field: confetti stars, a gold star and a laughing jester."""
    canvas = _canvas((width, height), PURPLE)
    unit = width * SS
    pen = _Pen(canvas, unit)
    h = height / width
    for i in range(height * SS):  # vertical gradient, lighter in the middle
        t = abs(i / (height * SS) - 0.5) * 2
        pygame.draw.line(canvas, _mix((128, 62, 178), PURPLE_DARK, t), (0, i), (unit, i))
    rng = random.Random(7)
    for _ in range(26):
        c = (rng.uniform(0.05, 0.95), rng.uniform(0.05, h - 0.05))
        r = rng.uniform(0.02, 0.045)
        pen.poly(_mix(PURPLE, GOLD_LIGHT, 0.35), _star_points(c, r, r * 0.45), None)
    cy = h * 0.5
    pen.circle(_mix(PURPLE_DARK, PURPLE, 0.5), (0.5, cy), 0.41, GOLD)
    pen.poly(GOLD, _star_points((0.5, cy + 0.02), 0.39, 0.2), GOLD_DARK)
    _jester(pen, 0.5, cy + 0.02, 0.62)
    return _shrink(canvas, (width, height))


# --- Backs ------------------------------------------------------------------------------------


def _lattice(canvas: pygame.Surface, rect: pygame.Rect, colour: RGB, step: float, w: int) -> None:
    """Two families of diagonal lines clipped to rect: the classic fine back lattice."""
    canvas.set_clip(rect)
    span = rect.w + rect.h
    n = int(span / step) + 2
    for i in range(-n, n):
        x = rect.x + i * step
        pygame.draw.line(canvas, colour, (x, rect.y), (x + rect.h, rect.bottom), w)
        pygame.draw.line(canvas, colour, (x, rect.bottom), (x + rect.h, rect.y), w)
    canvas.set_clip(None)


def _medallion(canvas: pygame.Surface, centre: Point, r: float, base: RGB) -> None:
    """An oval medallion with the four suits, the centrepiece of both backs."""
    cx, cy = centre
    rect = pygame.Rect(0, 0, r * 1.5, r * 2)
    rect.center = (round(cx), round(cy))
    pygame.draw.ellipse(canvas, (250, 244, 230), rect)
    pygame.draw.ellipse(canvas, base, rect.inflate(-r * 0.14, -r * 0.14))
    pygame.draw.ellipse(canvas, GOLD, rect.inflate(-r * 0.26, -r * 0.26), max(1, round(r * 0.04)))
    light = _mix(base, (255, 255, 255), 0.82)
    size = r * 0.42
    for suit, (dx, dy) in zip(SUITS, ((0, -0.42), (0.3, 0), (0, 0.42), (-0.3, 0)), strict=True):
        w = size * SUIT_ASPECT[suit]
        box = pygame.Rect(cx + dx * r - w / 2, cy + dy * r - size / 2, w, size)
        draw_suit(canvas, suit, box, light)
