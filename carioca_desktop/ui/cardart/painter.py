"""``CardArt``: every card image (faces, backs, shadows, highlights, markers) drawn for one
card width and cached."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from .base import (
    BACK_COLOURS,
    EDGE,
    FACE,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    HIGHLIGHTS,
    INDEX_GAP,
    INDEX_W,
    INDEX_X,
    INDEX_Y,
    INK,
    JOKER,
    PIP_LAYOUTS,
    PIP_ROWS,
    PIP_SIZES,
    RADIUS,
    RANK_CAP,
    RANKS,
    RGB,
    SS,
    SUIT_ASPECT,
    SUIT_H,
    SUITS,
    _blank,
    _canvas,
    _hole_mask,
    _mix,
    _Pen,
    _rank,
    _rounded_mask,
    _shape_mask,
    _shrink,
    _text,
    draw_suit,
    parse,
    pip,
    suit_colour,
)
from .court import _FIGURES, _PANEL_TINT
from .ornaments import _joker_panel, _lattice, _medallion

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
        """A card back: style 0 deep red, 1 navy, 2 plum, 3 charcoal."""
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
