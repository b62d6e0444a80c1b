"""Playing-card art drawn with pygame at the requested size: faces, backs, markers and felt."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

from carioca_desktop.ui.theme import bundled_font

# --- Codes and labels --------------------------------------------------------------------------

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKER = "JK"
ALL_CODES: tuple[str, ...] = (*(r + s for s in SUITS for r in RANKS), JOKER)

_SUIT_CHARS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

RGB = tuple[int, int, int]
Point = tuple[float, float]

# --- Palette -----------------------------------------------------------------------------------

FACE: RGB = (251, 248, 240)
EDGE: RGB = (160, 155, 146)
RED: RGB = (200, 22, 48)
BLACK: RGB = (26, 26, 32)
BLUE: RGB = (18, 88, 196)
GREEN: RGB = (16, 128, 60)
GOLD: RGB = (214, 168, 48)
GOLD_DARK: RGB = (150, 108, 20)
GOLD_LIGHT: RGB = (250, 214, 110)
PURPLE: RGB = (92, 38, 140)
PURPLE_DARK: RGB = (54, 18, 92)
SKIN: RGB = (247, 214, 178)
INK: RGB = (40, 30, 30)
BACK_COLOURS: tuple[RGB, RGB] = ((142, 22, 38), (26, 42, 100))

HIGHLIGHTS: dict[str, RGB] = {"gold": (246, 196, 58), "green": (70, 214, 110), "red": (236, 64, 64)}

# --- Geometry, as fractions of the card width ---------------------------------------------------

SS = 4  # supersampling factor for shapes: drawn big, shrunk with an averaging filter = antialiased
RADIUS = 0.09
INDEX_X = 0.045
INDEX_Y = 0.06
INDEX_W = 0.2
RANK_CAP = 0.21
TEN_WIDTH = 1.05  # the "10" index's widest, as a fraction of its capital height
# The index's ink ends this far from the card's left edge (a fraction of the width) at every
# size: a hand or meld overlapped at a step at least this wide shows every index whole.
INDEX_RIGHT = 0.27
SUIT_H = 0.14
INDEX_GAP = 0.035
PIP_ROWS = (0.235, 0.765)  # fractions of the height
# Per rank: pip height and the side columns' distance from the centre. More pips, smaller pips,
# so the big corner indices keep clear of them.
PIP_SIZES: dict[str, tuple[float, float]] = {
    "2": (0.18, 0.0),
    "3": (0.18, 0.0),
    "4": (0.165, 0.125),
    "5": (0.165, 0.125),
    "6": (0.165, 0.125),
    "7": (0.16, 0.125),
    "8": (0.16, 0.125),
    "9": (0.145, 0.13),
    "10": (0.145, 0.13),
}
CAP_RATIO = 0.73  # DejaVu capital height / point size

# Pip positions for 2..10 as (column, row-fraction); rows below the middle are drawn upside down.
_L, _C, _R = 0, 1, 2
PIP_LAYOUTS: dict[str, tuple[tuple[int, float], ...]] = {
    "2": ((_C, 0), (_C, 1)),
    "3": ((_C, 0), (_C, 0.5), (_C, 1)),
    "4": ((_L, 0), (_R, 0), (_L, 1), (_R, 1)),
    "5": ((_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)),
    "6": ((_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    "7": ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    "8": ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)),
    "9": (
        *((col, row) for col in (_L, _R) for row in (0, 1 / 3, 2 / 3, 1)),
        (_C, 0.5),
    ),
    "10": (
        *((col, row) for col in (_L, _R) for row in (0, 1 / 3, 2 / 3, 1)),
        (_C, 1 / 6),
        (_C, 5 / 6),
    ),
}


def suit_symbol(s: str) -> str:
    """The Unicode glyph of a suit letter ("H" -> "♥")."""
    return _SUIT_CHARS[s]


def parse(code: str) -> tuple[str, str]:
    """Split a card code into (rank, suit); the joker is ("JK", "")."""
    if code == JOKER:
        return JOKER, ""
    rank, suit = code[:-1], code[-1:]
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"not a card code: {code!r}")
    return rank, suit


def pretty(code: str) -> str:
    """A short label for text: "10H" -> "10♥", "JK" -> "Joker"."""
    if code == JOKER:
        return "Joker"
    rank, suit = parse(code)
    return rank + suit_symbol(suit)


def suit_colour(suit: str, four_colour: bool = False) -> RGB:
    """Ink colour of a suit; the four-colour deck makes ♦ blue and ♣ green."""
    if four_colour and suit == "D":
        return BLUE
    if four_colour and suit == "C":
        return GREEN
    return RED if suit in ("H", "D") else BLACK


# --- Low-level helpers ------------------------------------------------------------------------


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _canvas(size: tuple[int, int], under: RGB) -> pygame.Surface:
    """A transparent supersampled canvas whose hidden colour is `under`.

    Shrinking averages colour and alpha separately, so transparent pixels must already carry the
    colour the art will land on; otherwise edges would fringe dark.
    """
    surf = pygame.Surface((size[0] * SS, size[1] * SS), pygame.SRCALPHA)
    surf.fill((*under, 0))
    return surf


def _shrink(surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(surf, size)


@lru_cache(maxsize=16)
def _cap_top(name: str, size: int) -> int:
    """Row where capital letters start in text rendered with this font."""
    return bundled_font(name, size).render("H", True, (0, 0, 0)).get_bounding_rect().top


@lru_cache(maxsize=512)
def _text(
    text: str, cap: int, colour: RGB, name: str = "DejaVuSansCondensed-Bold.ttf"
) -> pygame.Surface:
    """Text cropped to its ink horizontally and to its capital height's top vertically."""
    size = max(4, round(cap / CAP_RATIO))
    surf = bundled_font(name, size).render(text, True, colour)
    box = surf.get_bounding_rect()
    top = _cap_top(name, size)
    return surf.subsurface((box.x, top, box.w, max(1, box.bottom - top))).copy()


@lru_cache(maxsize=256)
def _rank(rank: str, cap: int, colour: RGB) -> pygame.Surface:
    """A rank index; "10" is set a little smaller and tighter so it fits the index column."""
    if rank != "10":
        return _text(rank, cap, colour)
    small = max(4, round(cap * 0.86))
    one, zero = _text("1", small, colour), _text("0", small, colour)
    surf = pygame.Surface((one.get_width() + zero.get_width(), zero.get_height()), pygame.SRCALPHA)
    surf.fill((*colour, 0))
    surf.blit(one, (0, 0))
    surf.blit(zero, (one.get_width(), 0))
    # No wider than the other ranks' indices: wider, its "0" reaches past where the next card
    # of a tightly overlapped hand begins and shows through that card's rounded corner.
    limit = max(1, round(cap * TEN_WIDTH))
    if surf.get_width() > limit:
        surf = pygame.transform.smoothscale(surf, (limit, surf.get_height()))
    return surf


# --- Suit shapes --------------------------------------------------------------------------------

SUIT_ASPECT = {"H": 1.08, "S": 0.94, "C": 1.02, "D": 0.78}


def _heart_outline(n: int = 72) -> list[Point]:
    """The classic heart curve, normalised to a unit box, point at the bottom."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((x, -y))
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    return [((x - x0) / (x1 - x0), (y - y0) / (y1 - y0)) for x, y in pts]


_HEART = _heart_outline()


def _quad(p0: Point, c: Point, p1: Point, n: int = 10) -> list[Point]:
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, d = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * c[0] + d * p1[0], a * p0[1] + b * c[1] + d * p1[1]))
    return out


def _stem(top: float) -> list[Point]:
    """A flared stem for spades and clubs, from y=top down to the bottom of the box."""
    left = _quad((0.47, top), (0.46, 0.9), (0.25, 1.0))
    right = _quad((0.75, 1.0), (0.54, 0.9), (0.53, top))
    return left + right


def _suit_shapes(suit: str) -> tuple[list[list[Point]], list[tuple[Point, float]]]:
    """Polygons and circles (centre, radius as a fraction of the box width) of a suit."""
    if suit == "H":
        return [_HEART], []
    if suit == "D":
        pts = []
        corners = [(0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)]
        for i, p0 in enumerate(corners):
            p1 = corners[(i + 1) % 4]
            mid = ((p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2)
            ctrl = (mid[0] + (0.5 - mid[0]) * 0.14, mid[1] + (0.5 - mid[1]) * 0.14)
            pts += _quad(p0, ctrl, p1)[:-1]
        return [pts], []
    if suit == "S":
        body = [(x, (1 - y) * 0.8) for x, y in _HEART]
        return [body, _stem(0.6)], []
    lobes = [((0.5, 0.255), 0.245), ((0.245, 0.58), 0.245), ((0.755, 0.58), 0.245)]
    centre = [(0.5, 0.35), (0.33, 0.66), (0.67, 0.66)]
    return [centre, _stem(0.6)], lobes


def draw_suit(surf: pygame.Surface, suit: str, rect: pygame.Rect, colour: RGB) -> None:
    """Draw a suit shape filling `rect` (no antialiasing: callers supersample)."""
    x, y, w, h = rect
    polys, circles = _suit_shapes(suit)
    for poly in polys:
        pygame.draw.polygon(surf, colour, [(x + px * w, y + py * h) for px, py in poly])
    for (cx, cy), r in circles:
        pygame.draw.circle(surf, colour, (x + cx * w, y + cy * h), r * w)


@lru_cache(maxsize=1024)
def pip(suit: str, height: int, colour: RGB, upside_down: bool = False) -> pygame.Surface:
    """An antialiased suit shape `height` pixels tall."""
    height = max(3, height)
    width = max(3, round(height * SUIT_ASPECT[suit]))
    canvas = _canvas((width, height), colour)
    draw_suit(canvas, suit, pygame.Rect(0, 0, width * SS, height * SS), colour)
    surf = _shrink(canvas, (width, height))
    return pygame.transform.flip(surf, False, True) if upside_down else surf


# --- Card geometry -------------------------------------------------------------------------------


@lru_cache(maxsize=32)
def _blank(width: int, height: int) -> pygame.Surface:
    """A card-shaped face with its thin grey edge and antialiased rounded corners."""
    canvas = _canvas((width, height), EDGE)
    rect = canvas.get_rect()
    radius = round(RADIUS * width * SS)
    edge = max(SS, round(width * 0.009 * SS))
    pygame.draw.rect(canvas, EDGE, rect, border_radius=radius)
    pygame.draw.rect(canvas, FACE, rect.inflate(-2 * edge, -2 * edge), border_radius=radius - edge)
    return _shrink(canvas, (width, height))


@lru_cache(maxsize=64)
def _shape_mask(width: int, height: int, grow: int = 0) -> pygame.Surface:
    """White with the card outline, grown by `grow` px on every side, as alpha."""
    size = (width + 2 * grow, height + 2 * grow)
    canvas = _canvas(size, (255, 255, 255))
    radius = round((RADIUS * width + grow) * SS)
    pygame.draw.rect(canvas, (255, 255, 255), canvas.get_rect(), border_radius=radius)
    return _shrink(canvas, size)


@lru_cache(maxsize=16)
def _hole_mask(width: int, height: int, pad: int) -> pygame.Surface:
    """Opaque white with a card-shaped transparent hole at (pad, pad): clears a glow's inside."""
    size = (width + 2 * pad, height + 2 * pad)
    canvas = _canvas(size, (255, 255, 255))
    canvas.fill((255, 255, 255, 255))
    hole = pygame.Rect(pad * SS, pad * SS, width * SS, height * SS)
    # pygame.draw writes the colour as is on per-pixel-alpha surfaces, so alpha 0 cuts a hole.
    pygame.draw.rect(canvas, (255, 255, 255, 0), hole, border_radius=round(RADIUS * width * SS))
    return _shrink(canvas, size)


# --- Court cards ------------------------------------------------------------------------------


class _Pen:
    """Draws on a supersampled canvas using coordinates in units of the canvas width."""

    def __init__(self, surf: pygame.Surface, unit: float) -> None:
        self.surf = surf
        self.unit = unit
        self.line = max(1, round(unit * 0.018))

    def p(self, pts: Sequence[Point]) -> list[Point]:
        return [(x * self.unit, y * self.unit) for x, y in pts]

    def poly(self, colour: RGB, pts: Sequence[Point], outline: RGB | None = INK) -> None:
        scaled = self.p(pts)
        pygame.draw.polygon(self.surf, colour, scaled)
        if outline is not None:
            pygame.draw.polygon(self.surf, outline, scaled, self.line)

    def circle(self, colour: RGB, c: Point, r: float, outline: RGB | None = INK) -> None:
        centre = (c[0] * self.unit, c[1] * self.unit)
        pygame.draw.circle(self.surf, colour, centre, r * self.unit)
        if outline is not None:
            pygame.draw.circle(self.surf, outline, centre, r * self.unit, self.line)

    def ellipse(self, colour: RGB, box: tuple[float, float, float, float], outline: bool) -> None:
        rect = pygame.Rect(*(round(v * self.unit) for v in box))
        pygame.draw.ellipse(self.surf, colour, rect)
        if outline:
            pygame.draw.ellipse(self.surf, INK, rect, self.line)

    def seg(self, colour: RGB, a: Point, b: Point, width: float) -> None:
        w = max(1, round(width * self.unit))
        start, end = self.p([a, b])
        pygame.draw.line(self.surf, colour, start, end, w)

    def suit(self, suit: str, c: Point, h: float, colour: RGB) -> None:
        w = h * SUIT_ASPECT[suit]
        x, y = (c[0] - w / 2) * self.unit, (c[1] - h / 2) * self.unit
        draw_suit(self.surf, suit, pygame.Rect(x, y, w * self.unit, h * self.unit), colour)


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


# --- Felt -------------------------------------------------------------------------------------


@lru_cache(maxsize=4)
def felt(size: tuple[int, int], high_contrast: bool = False) -> pygame.Surface:
    """The green table: fine noise grain under a soft vignette, built once per size (and kept
    on disk between runs when the app has set a cache folder)."""
    from carioca_desktop.ui import diskcache

    size = (size[0], size[1])
    return diskcache.kept("felt", (size, high_contrast), lambda: _draw_felt(size, high_contrast))


def _draw_felt(size: tuple[int, int], high_contrast: bool) -> pygame.Surface:
    w, h = size
    base: RGB = (20, 78, 46) if high_contrast else (30, 104, 62)
    surf = pygame.Surface((w, h))
    surf.fill(base)
    grain = _noise_tile(base, 3 if high_contrast else 9)
    tw, th = grain.get_size()
    for y in range(0, h, th):
        for x in range(0, w, tw):
            surf.blit(grain, (x, y))
    if not high_contrast:
        surf.blit(_glow(size), (0, 0))
    surf.blit(_vignette(size, 150 if not high_contrast else 90), (0, 0))
    return surf


@lru_cache(maxsize=4)
def _noise_tile(base: RGB, amount: int) -> pygame.Surface:
    """A seamless-enough tile of soft grain: random bytes through a palette of greens."""
    side = 96
    rng = random.Random(1234)
    tile = pygame.image.frombuffer(rng.randbytes(side * side), (side, side), "P")
    tile.set_palette([_shade(base, (v - 128) / 128 * amount) for v in range(256)])
    tile = _to_rgb(tile)
    # Doubling with smoothing turns single-pixel salt-and-pepper into soft woollen grain.
    return pygame.transform.smoothscale(tile, (side * 2, side * 2))


def _to_rgb(surf: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(surf.get_size(), depth=32)
    out.blit(surf, (0, 0))
    return out


def _shade(c: RGB, d: float) -> tuple[int, int, int]:
    return (
        max(0, min(255, round(c[0] + d * 0.6))),
        max(0, min(255, round(c[1] + d))),
        max(0, min(255, round(c[2] + d * 0.7))),
    )


def _vignette(size: tuple[int, int], strength: int) -> pygame.Surface:
    """Darkening towards the edges: a small radial ramp smoothly scaled up."""

    def alpha(x: int, y: int) -> int:
        d = math.hypot((x + 0.5 - 32) / 32, (y + 0.5 - 18) / 18) / math.sqrt(2)
        return min(255, round(float(max(0.0, (d - 0.35) / 0.65) ** 1.6) * strength))

    return pygame.transform.smoothscale(_ramp((64, 36), (0, 12, 4), alpha), size)


def _glow(size: tuple[int, int]) -> pygame.Surface:
    """A faint pool of light in the middle of the table."""

    def alpha(x: int, y: int) -> int:
        d = math.hypot((x + 0.5 - 16) / 16, (y + 0.5 - 9) / 9)
        return round(max(0.0, 1 - d) ** 2 * 34)

    return pygame.transform.smoothscale(_ramp((32, 18), (120, 200, 130), alpha), size)


def _ramp(size: tuple[int, int], colour: RGB, alpha: Callable[[int, int], int]) -> pygame.Surface:
    """A small surface of one colour whose alpha ``alpha(x, y)`` gives, built from bytes
    (one set_at per pixel costs several times more)."""
    w, h = size
    pixels = bytearray()
    for y in range(h):
        for x in range(w):
            pixels += bytes((*colour, alpha(x, y)))
    return pygame.image.frombytes(bytes(pixels), size, "RGBA")


# --- The public card painter -----------------------------------------------------------------


class CardArt:
    """Draws and caches every card image for one card width.

    Surfaces are per-pixel alpha and shared: callers must not draw on them. Shadows and glows
    are larger than the card; blit them at `(x + dx, y + dy)` with `(dx, dy)` from
    `shadow_offset` / `highlight_offset`.
    """

    def __init__(self, width: int, four_colour: bool = False) -> None:
        if width < 8:
            raise ValueError("cards narrower than 8 px cannot be drawn")
        self.width = width
        self.height = round(width * 7 / 5)
        self.size = (self.width, self.height)
        self.four_colour = four_colour
        self._shadow_pad = max(3, round(width * 0.07))
        self._glow_pad = max(3, round(width * 0.06))
        self._cache: dict[tuple[str, ...], pygame.Surface] = {}

    # Public API -------------------------------------------------------------------------------

    def face(self, code: str) -> pygame.Surface:
        """The face of a card code such as "10H", "QS" or "JK"."""
        return self._cached(("face", code), lambda: self._draw_face(code))

    def back(self, style: int = 0) -> pygame.Surface:
        """A card back: style 0 deep red, 1 navy."""
        style = style % len(BACK_COLOURS)
        return self._cached(("back", str(style)), lambda: self._draw_back(style))

    def marked(self, code: str, stands_for: str) -> pygame.Surface:
        """A wild card with the card it stands for ("7H", or a bare rank "7") in its corner."""
        return self._cached(
            ("marked", code, stands_for), lambda: self._draw_marked(code, stands_for)
        )

    def bare(self, code: str) -> pygame.Surface:
        """The face without its indices (a marked wild's base: the joker's field alone takes
        a few ms to draw, and the table marks one wild as many cards)."""
        return self._cached(("bare", code), lambda: self._draw_face(code, indices=False))

    def shadow(self) -> pygame.Surface:
        """A soft drop shadow; blit at the card position plus `shadow_offset`."""
        return self._cached(("shadow",), self._draw_shadow)

    def highlight(self, colour: RGB | str = "gold") -> pygame.Surface:
        """A glowing outline of the card; colour is RGB or "gold" / "green" / "red"."""
        rgb = HIGHLIGHTS[colour] if isinstance(colour, str) else tuple(colour)[:3]
        key = ("glow", ",".join(str(c) for c in rgb))
        return self._cached(key, lambda: self._draw_highlight((rgb[0], rgb[1], rgb[2])))

    @property
    def shadow_offset(self) -> tuple[int, int]:
        """Where the shadow goes relative to the card's top-left: a little down and right."""
        pad = self._shadow_pad
        return (-pad + round(self.width * 0.015), -pad + round(self.width * 0.035))

    @property
    def highlight_offset(self) -> tuple[int, int]:
        """Where the highlight goes relative to the card's top-left."""
        return (-self._glow_pad, -self._glow_pad)

    # Drawing ----------------------------------------------------------------------------------

    def _cached(self, key: tuple[str, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._cache.get(key)
        if surf is None:
            surf = self._cache[key] = make()
        return surf

    def _px(self, fraction: float) -> int:
        return max(1, round(self.width * fraction))

    def _draw_face(self, code: str, indices: bool = True) -> pygame.Surface:
        rank, suit = parse(code)
        if rank == JOKER:
            return self._draw_joker(indices)
        surf = _blank(*self.size).copy()
        colour = suit_colour(suit, self.four_colour)
        if rank == "A":
            self._draw_ace(surf, suit, colour)
        elif rank in _FIGURES:
            self._draw_court(surf, rank, suit, colour)
        else:
            self._draw_pips(surf, rank, suit, colour)
        if indices:
            self._draw_indices(surf, self._index(rank, suit, colour))
        return surf

    def _index(self, rank: str, suit: str, colour: RGB) -> pygame.Surface:
        """Rank over suit, centred in the index column."""
        glyph = _rank(rank, self._px(RANK_CAP), colour)
        mark = pip(suit, self._px(SUIT_H), colour)
        col = max(self._px(INDEX_W), glyph.get_width(), mark.get_width())
        # Below the glyph's ink, not its capital height: the hook of the J (and the Q's tail)
        # goes under the baseline, and a pip over it turns the J into a "!".
        top = max(self._px(RANK_CAP), glyph.get_height()) + self._px(INDEX_GAP)
        surf = pygame.Surface((col, top + mark.get_height()), pygame.SRCALPHA)
        surf.fill((*colour, 0))
        surf.blit(glyph, ((col - glyph.get_width()) // 2, 0))
        surf.blit(mark, ((col - mark.get_width()) // 2, top))
        return surf

    def _draw_indices(self, surf: pygame.Surface, index: pygame.Surface) -> None:
        """The index top-left and, turned round, bottom-right."""
        x, y = self._index_origin(index)
        surf.blit(index, (x, y))
        turned = pygame.transform.rotate(index, 180)
        surf.blit(
            turned, (self.width - x - index.get_width(), self.height - y - index.get_height())
        )

    def _index_origin(self, index: pygame.Surface) -> tuple[int, int]:
        col = self._px(INDEX_W)
        x = self._px(INDEX_X) + (col - index.get_width()) // 2
        return max(self._px(0.03), x), self._px(INDEX_Y)

    def _draw_pips(self, surf: pygame.Surface, rank: str, suit: str, colour: RGB) -> None:
        size, spread = PIP_SIZES[rank]
        ph = self._px(size)
        top, bottom = PIP_ROWS[0] * self.height, PIP_ROWS[1] * self.height
        for col, row in PIP_LAYOUTS[rank]:
            img = pip(suit, ph, colour, upside_down=row > 0.5)
            cx = (0.5 + (col - 1) * spread) * self.width
            cy = top + (bottom - top) * row
            surf.blit(img, (round(cx - img.get_width() / 2), round(cy - img.get_height() / 2)))

    def _draw_ace(self, surf: pygame.Surface, suit: str, colour: RGB) -> None:
        if suit == "S":
            self._draw_ace_of_spades(surf, colour)
            return
        img = pip(suit, self._px(0.46), colour)
        surf.blit(img, img.get_rect(center=(self.width / 2, self.height / 2)))

    def _draw_ace_of_spades(self, surf: pygame.Surface, colour: RGB) -> None:
        """The decorated ace: a gold ring with rays around a large spade."""
        size = (self._px(0.72), self._px(0.72))
        canvas = _canvas(size, FACE)
        u = size[0] * SS
        c = (u / 2, u / 2)
        for i in range(16):  # fine rays between the rings
            a = math.pi * 2 * i / 16
            p0 = (c[0] + math.cos(a) * u * 0.36, c[1] + math.sin(a) * u * 0.36)
            p1 = (c[0] + math.cos(a) * u * 0.47, c[1] + math.sin(a) * u * 0.47)
            pygame.draw.line(canvas, GOLD, p0, p1, max(1, round(u * 0.012)))
        pygame.draw.circle(canvas, GOLD_DARK, c, u * 0.48, max(1, round(u * 0.012)))
        pygame.draw.circle(canvas, GOLD, c, u * 0.36, max(1, round(u * 0.02)))
        ph = u * 0.5
        pw = ph * SUIT_ASPECT["S"]
        draw_suit(canvas, "S", pygame.Rect(c[0] - pw / 2, c[1] - ph * 0.55, pw, ph), colour)
        small = _shrink(canvas, size)
        surf.blit(small, small.get_rect(center=(self.width / 2, self.height / 2)))
        if self.width >= 90:  # the brand line would only be noise on small cards
            label = _text("CARIOCA", self._px(0.045), GOLD_DARK, "DejaVuSans-Bold.ttf")
            centre = (self.width / 2, self.height / 2 + size[1] * 0.58)
            surf.blit(label, label.get_rect(center=centre))

    def _panel_rect(self) -> pygame.Rect:
        x0 = self._px(0.285)
        y0 = self._px(INDEX_Y)
        return pygame.Rect(x0, y0, self.width - 2 * x0, self.height - 2 * y0)

    def _draw_court(self, surf: pygame.Surface, rank: str, suit: str, colour: RGB) -> None:
        """A framed, double-ended figure: the top half drawn once and turned for the bottom."""
        rect = self._panel_rect()
        half = (rect.w, rect.h // 2 + 1)
        canvas = _canvas(half, _PANEL_TINT[rank])
        canvas.fill((*_PANEL_TINT[rank], 255))
        pen = _Pen(canvas, half[0] * SS)
        _FIGURES[rank](pen, colour, suit, half[1] / half[0] + 0.05)
        top = _shrink(canvas, half)
        surf.blit(top, rect.topleft)
        surf.blit(pygame.transform.rotate(top, 180), (rect.x, rect.bottom - half[1]))
        mid = rect.y + rect.h // 2
        line = max(1, self._px(0.008))
        pygame.draw.line(surf, GOLD_DARK, (rect.x, mid), (rect.right - 1, mid), line)
        pygame.draw.rect(surf, colour, rect, max(1, self._px(0.012)))
        pygame.draw.rect(surf, GOLD, rect.inflate(-2 * self._px(0.02), -2 * self._px(0.02)), line)

    def _draw_joker(self, letters: bool = True) -> pygame.Surface:
        """The purple joker inside a thin white margin, "JOKER" down two corners."""
        surf = _blank(*self.size).copy()
        inset = self._px(0.045)
        rect = surf.get_rect().inflate(-2 * inset, -2 * inset)
        panel = _joker_panel(rect.w, rect.h)
        mask = _rounded_mask(rect.w, rect.h, self._px(RADIUS * 0.6))
        panel.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(panel, rect.topleft)
        if letters:
            self._draw_indices(surf, self._joker_index())
        return surf

    def _joker_index(self) -> pygame.Surface:
        """ "JOKER" stacked vertically in gold, so an overlapped joker still reads as one."""
        cap = self._px(0.1)
        letters = [_text(ch, cap, GOLD_LIGHT) for ch in "JOKER"]
        gap = self._px(0.022)
        col = max(self._px(INDEX_W), *(g.get_width() for g in letters))
        height = sum(g.get_height() for g in letters) + gap * 4
        surf = pygame.Surface((col, height), pygame.SRCALPHA)
        surf.fill((*GOLD_LIGHT, 0))
        y = 0
        for g in letters:
            surf.blit(g, ((col - g.get_width()) // 2, y))
            y += cap + gap
        return surf

    def _draw_marked(self, code: str, stands_for: str) -> pygame.Surface:
        """The wild's face with a gold-edged badge, in place of its index, naming what it plays.

        A wild 2 also keeps a small tag of what it really is under the badge, so "2♣ as Q" is
        still told apart from a real Q in an overlapped meld.
        """
        surf = self.bare(code).copy()
        badge = self._badge(stands_for)
        x, y = self._px(INDEX_X) - self._px(0.02), self._px(INDEX_Y) - self._px(0.025)
        surf.blit(badge, (x, y))
        turned = pygame.transform.rotate(badge, 180)
        bw, bh = badge.get_size()
        surf.blit(turned, (self.width - x - bw, self.height - y - bh))
        if code != JOKER:
            tag = self._small_tag(*parse(code))
            surf.blit(tag, (x + (bw - tag.get_width()) // 2, y + bh + self._px(0.03)))
        return surf

    def _badge(self, stands_for: str) -> pygame.Surface:
        """White badge, gold edge: the index of the card a wild plays as ("7H", or "7")."""
        suit = stands_for[-1] if stands_for[-1:] in SUITS else ""
        rank = stands_for[: len(stands_for) - len(suit)]
        if rank not in RANKS:
            raise ValueError(f"a wild cannot stand for {stands_for!r}")
        colour = suit_colour(suit, self.four_colour) if suit else INK
        cap = self._px(RANK_CAP)
        inner = self._index(rank, suit, colour) if suit else _rank(rank, cap, colour)
        pad = self._px(0.025)
        col = self._px(INDEX_W) + 2 * self._px(0.02)
        size = (
            max(col, inner.get_width() + 2 * pad),
            inner.get_height() + 2 * pad + self._px(0.01),
        )
        canvas = _canvas(size, GOLD)
        r = self._px(0.05) * SS
        pygame.draw.rect(canvas, GOLD, canvas.get_rect(), border_radius=r)
        ring = max(SS, round(self.width * 0.022 * SS))
        pygame.draw.rect(
            canvas,
            (255, 255, 255),
            canvas.get_rect().inflate(-2 * ring, -2 * ring),
            border_radius=max(0, r - ring),
        )
        badge = _shrink(canvas, size)
        badge.blit(inner, ((size[0] - inner.get_width()) // 2, pad + self._px(0.006)))
        return badge

    def _small_tag(self, rank: str, suit: str) -> pygame.Surface:
        """A small "2♣" naming what a wild 2 really is."""
        colour = suit_colour(suit, self.four_colour)
        cap = self._px(0.08)
        glyph = _text(rank, cap, colour)
        mark = pip(suit, cap, colour)
        gap = max(1, cap // 6)
        surf = pygame.Surface(
            (glyph.get_width() + gap + mark.get_width(), cap + 1), pygame.SRCALPHA
        )
        surf.fill((*colour, 0))
        surf.blit(glyph, (0, 0))
        surf.blit(mark, (glyph.get_width() + gap, 0))
        return surf

    def _draw_back(self, style: int) -> pygame.Surface:
        """White border, a fine lattice on the colour, a light frame and the suit medallion."""
        base = BACK_COLOURS[style]
        canvas = _canvas(self.size, (250, 248, 244))
        full = canvas.get_rect()
        radius = round(RADIUS * self.width * SS)
        pygame.draw.rect(canvas, (250, 248, 244), full, border_radius=radius)
        border = round(self.width * 0.06 * SS)
        field = full.inflate(-2 * border, -2 * border)
        pygame.draw.rect(canvas, base, field, border_radius=max(0, radius - border))
        step = self.width * SS / 13
        _lattice(canvas, field, _mix(base, (255, 255, 255), 0.22), step, max(1, SS // 2 + 1))
        line = max(1, round(self.width * 0.012 * SS))
        frame = field.inflate(-round(self.width * 0.05 * SS), -round(self.width * 0.05 * SS))
        pygame.draw.rect(canvas, (250, 244, 230), frame, line, border_radius=radius // 2)
        _medallion(canvas, full.center, self.width * SS * 0.26, base)
        surf = _shrink(canvas, self.size)
        pygame.draw.rect(surf, EDGE, surf.get_rect(), 1, border_radius=self._px(RADIUS))
        surf.blit(_shape_mask(*self.size), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return surf

    def _draw_shadow(self) -> pygame.Surface:
        pad = self._shadow_pad
        size = (self.width + 2 * pad, self.height + 2 * pad)
        surf = pygame.Surface(size, pygame.SRCALPHA)
        surf.fill((0, 0, 0, 0))
        body = _shape_mask(*self.size).copy()
        body.fill((0, 0, 0, 120), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(body, (pad, pad))
        return pygame.transform.gaussian_blur(surf, max(1, pad // 2), repeat_edge_pixels=False)

    def _draw_highlight(self, rgb: RGB) -> pygame.Surface:
        """A soft halo plus a crisp ring at the card edge; the inside stays clear."""
        pad = self._glow_pad
        size = (self.width + 2 * pad, self.height + 2 * pad)
        halo = _shape_mask(self.width, self.height, grow=pad // 2).copy()
        halo.fill((*rgb, 170), special_flags=pygame.BLEND_RGBA_MULT)
        surf = pygame.Surface(size, pygame.SRCALPHA)
        surf.fill((*rgb, 0))
        surf.blit(halo, (pad - pad // 2, pad - pad // 2))
        surf = pygame.transform.gaussian_blur(surf, max(1, pad // 2), repeat_edge_pixels=False)
        surf.blit(self._ring(rgb, size, pad), (0, 0))
        surf.blit(
            _hole_mask(self.width, self.height, pad), (0, 0), special_flags=pygame.BLEND_RGBA_MULT
        )
        return surf

    def _ring(self, rgb: RGB, size: tuple[int, int], pad: int) -> pygame.Surface:
        canvas = _canvas(size, rgb)
        stroke = max(2, round(self.width * 0.025)) * SS
        rect = pygame.Rect(pad * SS, pad * SS, self.width * SS, self.height * SS)
        rect = rect.inflate(2 * stroke - SS, 2 * stroke - SS)  # just outside the card edge
        radius = round(RADIUS * self.width * SS) + stroke - SS // 2  # concentric with the card
        pygame.draw.rect(canvas, rgb, rect, stroke, border_radius=radius)
        return _shrink(canvas, size)


@lru_cache(maxsize=32)
def _rounded_mask(width: int, height: int, radius: int) -> pygame.Surface:
    """White with a rounded rectangle of the given size and radius as alpha."""
    canvas = _canvas((width, height), (255, 255, 255))
    pygame.draw.rect(canvas, (255, 255, 255), canvas.get_rect(), border_radius=radius * SS)
    return _shrink(canvas, (width, height))
