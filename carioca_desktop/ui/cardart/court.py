"""The court cards' figures (king, queen, jack in their robes), drawn with a ``_Pen`` on a
supersampled canvas in units of the panel width."""

from __future__ import annotations

import math
from collections.abc import Callable

from .base import (
    BLACK,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    RED,
    RGB,
    SKIN,
    Point,
    _mix,
    _Pen,
    _quad,
)

# Court figures are drawn as the top half of a double-ended card, in units of the panel width;
# the head sits at HEAD with radius HEAD_R and the shoulders start at y=0.8.
HEAD: Point = (0.5, 0.56)
HEAD_R = 0.19
WHITE: RGB = (252, 250, 244)


def _crown_points(top: float, base: float, spikes: int, x0: float, x1: float) -> list[Point]:
    """A zig-zag crown outline between x0 and x1."""
    pts: list[Point] = [(x0, base)]
    for i in range(spikes * 2 + 1):
        x = x0 + (x1 - x0) * i / (spikes * 2)
        pts.append((x, top if i % 2 == 0 else top + (base - top) * 0.5))
    pts.append((x1, base))
    return pts


def _robe(pen: _Pen, colour: RGB, trim: RGB, bottom: float) -> None:
    """Shoulders, robe with folds and a V collar shared by all three figures."""
    pen.poly(
        colour,
        [
            (-0.05, bottom),
            (-0.02, 0.98),
            (0.2, 0.84),
            (0.5, 0.8),
            (0.8, 0.84),
            (1.02, 0.98),
            (1.05, bottom),
        ],
    )
    fold = _mix(colour, INK, 0.35)
    for x0, x1 in ((0.16, 0.1), (0.3, 0.27), (0.7, 0.73), (0.84, 0.9)):
        pen.seg(fold, (x0, 0.9), (x1, bottom), 0.02)
    pen.poly(
        trim, [(0.28, 0.82), (0.5, 1.1), (0.72, 0.82), (0.63, 0.81), (0.5, 0.96), (0.37, 0.81)]
    )


def _face(pen: _Pen, beard: bool = False) -> None:
    cx, cy = HEAD
    r = HEAD_R
    pen.poly(
        SKIN,
        [
            (cx - 0.07, cy + r * 0.6),
            (cx + 0.07, cy + r * 0.6),
            (cx + 0.07, cy + 0.3),
            (cx - 0.07, cy + 0.3),
        ],
    )
    pen.circle(SKIN, HEAD, r)
    for dx in (-0.07, 0.07):
        pen.ellipse(WHITE, (cx + dx - 0.035, cy - 0.035, 0.07, 0.045), False)
        pen.circle(INK, (cx + dx, cy - 0.012), 0.018, None)
        pen.seg(INK, (cx + dx - 0.04, cy - 0.07), (cx + dx + 0.035, cy - 0.075), 0.016)
    pen.seg((196, 140, 110), (cx, cy - 0.01), (cx - 0.012, cy + 0.06), 0.014)
    pen.circle((236, 160, 150), (cx - 0.11, cy + 0.06), 0.03, None)
    pen.circle((236, 160, 150), (cx + 0.11, cy + 0.06), 0.03, None)
    if not beard:
        pen.seg((190, 50, 60), (cx - 0.04, cy + 0.1), (cx + 0.04, cy + 0.1), 0.022)


def _robe_colour(colour: RGB) -> RGB:
    """Black robes read as a hole in the card; a deep slate keeps the folds visible."""
    return (48, 54, 78) if colour == BLACK else colour


def _king(pen: _Pen, colour: RGB, suit: str, bottom: float) -> None:
    robe = _robe_colour(colour)
    pen.seg(GOLD_DARK, (0.9, 0.36), (0.93, bottom), 0.05)  # sceptre
    pen.circle(GOLD_LIGHT, (0.9, 0.33), 0.06, GOLD_DARK)
    pen.seg(GOLD_DARK, (0.9, 0.25), (0.9, 0.29), 0.03)
    _robe(pen, robe, GOLD, bottom)
    pen.poly(
        WHITE, [(-0.04, 0.96), (0.2, 0.82), (0.34, 0.8), (0.3, 0.9), (0.08, 1.02), (-0.04, 1.06)]
    )  # ermine collar, left and right
    pen.poly(
        WHITE, [(1.04, 0.96), (0.8, 0.82), (0.66, 0.8), (0.7, 0.9), (0.92, 1.02), (1.04, 1.06)]
    )
    for x, y in ((0.08, 0.95), (0.22, 0.88), (0.78, 0.88), (0.92, 0.95)):
        pen.poly(INK, [(x, y - 0.025), (x + 0.014, y + 0.02), (x - 0.014, y + 0.02)], None)
    _face(pen, beard=True)
    cx, cy = HEAD
    beard = [
        (cx - 0.19, cy + 0.02),
        (cx - 0.14, cy + 0.22),
        (cx, cy + 0.34),
        (cx + 0.14, cy + 0.22),
        (cx + 0.19, cy + 0.02),
        (cx + 0.1, cy + 0.1),
        (cx, cy + 0.12),
        (cx - 0.1, cy + 0.1),
    ]
    pen.poly((236, 234, 226), beard)
    pen.poly(
        (236, 234, 226),
        [(cx - 0.1, cy + 0.1), (cx, cy + 0.06), (cx + 0.1, cy + 0.1), (cx, cy + 0.13)],
    )  # moustache
    pen.poly(GOLD, _crown_points(0.11, 0.41, 3, 0.29, 0.71))
    pen.poly(GOLD_DARK, [(0.29, 0.35), (0.71, 0.35), (0.71, 0.41), (0.29, 0.41)], None)
    for x in (0.29, 0.5, 0.71):
        pen.circle(GOLD_LIGHT, (x, 0.1), 0.03)
    pen.circle(robe, (0.5, 0.3), 0.035, None)
    _chest(pen, suit, colour, (0.5, 1.24))


def _queen(pen: _Pen, colour: RGB, suit: str, bottom: float) -> None:
    hair = (156, 92, 38)
    cx, cy = HEAD
    pen.poly(
        hair,
        [
            (cx - 0.2, cy - 0.12),
            (cx - 0.29, cy + 0.38),
            (cx - 0.12, cy + 0.36),
            (cx, cy - 0.22),
            (cx + 0.12, cy + 0.36),
            (cx + 0.29, cy + 0.38),
            (cx + 0.2, cy - 0.12),
            (cx, cy - 0.24),
        ],
    )
    _robe(pen, _robe_colour(colour), GOLD, bottom)
    for i in range(7):  # pearl necklace
        a = math.pi * (0.15 + 0.7 * i / 6)
        pen.circle(WHITE, (cx + math.cos(a) * 0.17, 0.82 + math.sin(a) * 0.1), 0.022, None)
    _face(pen)
    pen.poly(
        hair,
        [
            (cx - 0.19, cy - 0.02),
            (cx - 0.16, cy - 0.13),
            (cx, cy - 0.2),
            (cx + 0.16, cy - 0.13),
            (cx + 0.19, cy - 0.02),
            (cx + 0.06, cy - 0.12),
            (cx - 0.06, cy - 0.12),
        ],
        None,
    )
    pen.poly(GOLD, [(0.33, 0.34), (0.35, 0.24), (0.65, 0.24), (0.67, 0.34)])
    for i in range(5):  # pearls on the tiara, the middle one highest
        x = 0.36 + i * 0.07
        pen.seg(GOLD_DARK, (x, 0.25), (x, 0.19 - (0.05 if i == 2 else 0)), 0.014)
        pen.circle(WHITE, (x, 0.17 - (0.05 if i == 2 else 0)), 0.032)
    rose = RED if colour != RED else WHITE
    pen.seg((40, 120, 50), (0.14, 1.08), (0.24, 1.4), 0.03)
    pen.circle(rose, (0.13, 1.06), 0.07)
    pen.circle(_mix(rose, INK, 0.3), (0.13, 1.06), 0.03, None)
    _chest(pen, suit, colour, (0.5, 1.24))


def _jack(pen: _Pen, colour: RGB, suit: str, bottom: float) -> None:
    hair = (96, 58, 30)
    robe = _robe_colour(colour)
    pen.seg(GOLD_DARK, (0.12, 0.22), (0.09, bottom), 0.045)  # halberd
    pen.poly((206, 210, 218), [(0.12, 0.07), (0.22, 0.2), (0.12, 0.28), (0.02, 0.2)])
    cx, cy = HEAD
    pen.poly(
        hair,
        [
            (cx - 0.22, cy - 0.06),
            (cx - 0.23, cy + 0.2),
            (cx + 0.23, cy + 0.2),
            (cx + 0.22, cy - 0.06),
            (cx, cy - 0.18),
        ],
    )
    _robe(pen, robe, GOLD, bottom)
    pen.poly(GOLD, [(0.08, 0.93), (0.16, 0.88), (0.98, 1.36), (0.96, 1.46)])  # sash
    _face(pen)
    pen.poly(
        hair,
        [
            (cx - 0.2, cy - 0.02),
            (cx - 0.1, cy - 0.12),
            (cx + 0.1, cy - 0.12),
            (cx + 0.2, cy - 0.02),
            (cx + 0.18, cy - 0.14),
            (cx - 0.18, cy - 0.14),
        ],
        None,
    )
    pen.ellipse(robe, (0.22, 0.24, 0.6, 0.2), True)  # beret
    pen.poly(GOLD, [(0.28, 0.36), (0.72, 0.36), (0.72, 0.42), (0.28, 0.42)])
    feather = _quad((0.66, 0.3), (0.8, 0.12), (0.96, 0.08), 8) + _quad(
        (0.96, 0.08), (0.86, 0.18), (0.72, 0.34), 8
    )
    pen.poly(WHITE, feather)
    _chest(pen, suit, colour, (0.5, 1.24))


def _chest(pen: _Pen, suit: str, colour: RGB, c: Point) -> None:
    """A white shield on the chest carrying the suit."""
    x, y = c
    pen.poly(
        WHITE,
        [
            (x - 0.16, y - 0.15),
            (x + 0.16, y - 0.15),
            (x + 0.16, y + 0.04),
            (x, y + 0.19),
            (x - 0.16, y + 0.04),
        ],
        GOLD_DARK,
    )
    pen.suit(suit, (x, y - 0.01), 0.18, colour)


_FIGURES: dict[str, Callable[[_Pen, RGB, str, float], None]] = {
    "K": _king,
    "Q": _queen,
    "J": _jack,
}
_PANEL_TINT: dict[str, RGB] = {"K": (250, 236, 196), "Q": (248, 226, 216), "J": (222, 234, 240)}
