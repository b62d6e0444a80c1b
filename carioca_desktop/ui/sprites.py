"""Cached images for the table: card art at any width, converted for fast blits, and text."""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

import pygame

from carioca_desktop.ui import textfit
from carioca_desktop.ui.cardart import CardArt
from carioca_desktop.ui.theme import ui_font, wrap
from carioca_desktop.ui.window import can_convert

RGB = tuple[int, int, int]


def _fast(surface: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format when there is a display (blits ~3× faster)."""
    if not can_convert():
        return surface
    return surface.convert_alpha()


class CardImages:
    """Card faces, backs, marked wilds, shadows and glows by (what, width); drawn once each.

    The table needs a handful of widths (hand, the melds' few, slots, piles, backs); a window
    resize changes them, so once more than ``keep`` are cached the width least recently
    drawn at is dropped (a hit is only a lookup: it does not reorder).

    Faces the table will need soon (the melds' narrower widths) can be drawn ahead, a few at
    a time in frames with nothing else to do: ``prepare`` queues them, ``prepare_some``
    draws what fits in a time budget.
    """

    def __init__(self, four_colour: bool = False, back_style: int = 0, keep: int = 16) -> None:
        self.four_colour = four_colour
        self.back_style = back_style
        self._arts: OrderedDict[int, CardArt] = OrderedDict()
        self._images: dict[tuple[object, ...], pygame.Surface] = {}
        self._shadows: dict[int, tuple[pygame.Surface, tuple[int, int]]] = {}
        self._keep = keep
        self._todo: deque[tuple[str, str, int]] = deque()

    @property
    def widths(self) -> list[int]:
        """The widths cached now, least recently used first."""
        return list(self._arts)

    def prepare(self, wanted: Iterable[tuple[str, str, int]]) -> None:
        """Queue images to draw ahead of need, replacing what was queued: ("face", code,
        width), ("shadowed", code, width) or ("bare", code, width), the face without indices
        a marked wild is drawn on. Never more widths than the cache keeps."""
        jobs = list(wanted)
        if len({w for _, _, w in jobs}) > self._keep:
            raise ValueError(f"more than {self._keep} widths to prepare")
        self._todo = deque(jobs)

    @property
    def preparing(self) -> int:
        """Images still queued by ``prepare``."""
        return len(self._todo)

    def prepare_some(self, budget_s: float) -> bool:
        """Draw queued images until ``budget_s`` seconds have gone; True while some remain."""
        end = time.perf_counter() + budget_s
        todo = self._todo
        while todo and time.perf_counter() < end:
            kind, code, width = todo.popleft()
            if kind == "face":
                self.face(code, width)
            elif kind == "shadowed":
                self.shadowed(code, width)
            else:
                self.art(width).bare(code)
        return bool(todo)

    def art(self, width: int) -> CardArt:
        art = self._arts.get(width)
        if art is None:
            art = self._arts[width] = CardArt(width, self.four_colour)
            if len(self._arts) > self._keep:
                old, _ = self._arts.popitem(last=False)
                self._images = {k: v for k, v in self._images.items() if k[1] != old}
                self._shadows.pop(old, None)
        else:
            self._arts.move_to_end(width)
        return art

    def _get(self, key: tuple[object, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        image = self._images.get(key)
        if image is None:
            image = self._images[key] = _fast(make())
        return image

    # A full redraw of a busy table asks for some 270 images: a hit is one dict lookup, and
    # only a miss touches the painter (and its recently-used order).
    def face(self, code: str, width: int, stands_for: str | None = None) -> pygame.Surface:
        """A face; a wild with ``stands_for`` wears the marker of the card it plays as."""
        if stands_for:
            key: tuple[object, ...] = ("marked", width, code, stands_for)
            image = self._images.get(key)
            if image is None:
                art = self.art(width)
                image = self._get(key, lambda: art.marked(code, stands_for))
            return image
        image = self._images.get(("face", width, code))
        if image is None:
            art = self.art(width)
            image = self._get(("face", width, code), lambda: art.face(code))
        return image

    def back(self, width: int) -> pygame.Surface:
        image = self._images.get(("back", width, self.back_style))
        if image is None:
            art = self.art(width)
            image = self._get(("back", width, self.back_style), lambda: art.back(self.back_style))
        return image

    def shadow(self, width: int) -> tuple[pygame.Surface, tuple[int, int]]:
        found = self._shadows.get(width)
        if found is None or width not in self._arts:
            art = self.art(width)
            found = self._shadows[width] = (
                self._get(("shadow", width), art.shadow),
                art.shadow_offset,
            )
        return found

    def shadowed(
        self, code: str, width: int, stands_for: str | None = None
    ) -> tuple[pygame.Surface, tuple[int, int]]:
        """A face with its drop shadow baked in (one blit instead of two); blit it at the
        card's top-left plus the offset (the shadow's, which reaches past the card)."""
        key = ("shadowed", width, code, stands_for)
        image = self._images.get(key)
        if image is None:
            face = self.face(code, width, stands_for)
            image = self._images[key] = _fast(_baked(face, *self.shadow(width)))
        return image, self._shadows[width][1]

    def shadowed_back(self, width: int) -> tuple[pygame.Surface, tuple[int, int]]:
        """A back with its drop shadow baked in (see ``shadowed``)."""
        key = ("shadowed_back", width, self.back_style)
        image = self._images.get(key)
        if image is None:
            back = self.back(width)
            image = self._images[key] = _fast(_baked(back, *self.shadow(width)))
        return image, self._shadows[width][1]

    def glow(
        self, width: int, colour: str | tuple[int, int, int] = "gold"
    ) -> tuple[pygame.Surface, tuple[int, int]]:
        art = self.art(width)
        return self._get(("glow", width, colour), lambda: art.highlight(colour)), (
            art.highlight_offset
        )


def _baked(card: pygame.Surface, shadow: pygame.Surface, offset: tuple[int, int]) -> pygame.Surface:
    """``card`` over its ``shadow`` in one picture, drawn as the two blits drew it.

    The shadow is black, so composing the card over it on a transparent picture is exact
    where the card is opaque (the card) or clear (the shadow). At the card's antialiased
    corners a blit keeps colour times coverage, which would darken them once the picture is
    blitted again with the combined coverage: those few pixels get their colour back.
    """
    dx, dy = offset
    at = (-dx, -dy)  # the card inside the shadow's picture
    out = shadow.copy()
    out.blit(card, at)
    seen = pygame.mask.from_surface(card, 0)  # alpha > 0
    seen.erase(pygame.mask.from_surface(card, 254), (0, 0))  # minus alpha 255: the edges
    for box in seen.get_bounding_rects():
        for y in range(box.top, box.bottom):
            for x in range(box.left, box.right):
                if not seen.get_at((x, y)):
                    continue
                r, g, b, a = card.get_at((x, y))
                under = shadow.get_at((x + at[0], y + at[1]))[3]
                cover = a + under * (255 - a) / 255
                out.set_at(
                    (x + at[0], y + at[1]),
                    (round(r * a / cover), round(g * a / cover), round(b * a / cover),
                     round(cover)),
                )  # fmt: skip
    return out


class TextCache:
    """Rendered text by (text, size, bold, colour); bounded, so a long game cannot grow it."""

    def __init__(self, limit: int = 600) -> None:
        self._cache: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self._limit = limit
        # What fitting and wrapping measured, by (text, size, width, bold): the fonts are
        # fixed per size and weight, and the log measured every word of every line it
        # showed at each move (a third of its drawing).
        self._fitted: OrderedDict[tuple[str, int, int, bool], str] = OrderedDict()
        self._wrapped: OrderedDict[tuple[str, int, int, bool], tuple[str, ...]] = OrderedDict()

    def render(self, text: str, size: int, colour: RGB, bold: bool = False) -> pygame.Surface:
        key = (text, size, colour, bold)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = _fast(textfit.render(ui_font(size, bold), text, colour))
        self._cache[key] = surf
        if len(self._cache) > self._limit:
            self._cache.popitem(last=False)
        return surf

    def fit(
        self, text: str, size: int, colour: RGB, width: int, bold: bool = False
    ) -> pygame.Surface:
        """The text, shortened with an ellipsis until it fits ``width`` pixels."""
        key = (text, size, width, bold)
        fitted = self._fitted.get(key)
        if fitted is None:
            fitted = textfit.font_fit(text, ui_font(size, bold), width)
            keep_bounded(self._fitted, key, fitted, self._limit)
        return self.render(fitted, size, colour, bold)

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Greedy word wrap to ``width`` pixels; explicit newlines start new lines."""
        key = (text, size, width, bold)
        lines = self._wrapped.get(key)
        if lines is None:
            lines = tuple(wrap(text, ui_font(size, bold), width))
            keep_bounded(self._wrapped, key, lines, self._limit)
        return list(lines)


def keep_bounded(cache: OrderedDict[Any, Any], key: Any, value: Any, limit: int) -> None:
    """Remember ``value`` in a bounded cache (the oldest goes first)."""
    cache[key] = value
    if len(cache) > limit:
        cache.popitem(last=False)


@lru_cache(maxsize=256)
def panel(
    size: tuple[int, int],
    radius: int,
    fill: tuple[int, int, int, int],
    border: RGB | None = None,
    width: int = 1,
) -> pygame.Surface:
    """A rounded translucent panel (seats, slots, the log); cached, never draw on it."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, fill, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surf, border, rect, width, border_radius=radius)
    return _fast(surf)
