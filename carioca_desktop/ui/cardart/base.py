"""What every piece of the card art draws with: card codes and labels, the palette, the card's
geometry (as fractions of its width), text, the suit shapes and pips, the card-shaped blank
and masks, and the ``_Pen`` the pictures are drawn with."""

from __future__ import annotations

import math
from collections.abc import Sequence
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
BACK_COLOURS: tuple[RGB, ...] = ((142, 22, 38), (26, 42, 100), (84, 36, 104), (46, 50, 56))
# red, navy, plum, charcoal (Settings: card_back is the index)

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


@lru_cache(maxsize=32)
def _rounded_mask(width: int, height: int, radius: int) -> pygame.Surface:
    """White with a rounded rectangle of the given size and radius as alpha."""
    canvas = _canvas((width, height), (255, 255, 255))
    pygame.draw.rect(canvas, (255, 255, 255), canvas.get_rect(), border_radius=radius * SS)
    return _shrink(canvas, (width, height))


# --- The pen of the pictures ------------------------------------------------------------------


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
