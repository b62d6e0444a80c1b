"""The window over the table's layer: each frame lays the layer back only where it changed
or where the last frame drew over it (dirty rectangles), not the whole window.

A frame is the layer (view.py, kept) with the hand, flights, highlights and toasts painted
over it (paint.py), then the widgets (pygame_gui). Laying the whole layer again cost a
window-sized copy a frame (0.2-0.4 ms of a ~2 ms move frame). The painters draw through a
``Recorder``, which remembers every rectangle they touched; the widgets' rectangles are
read from pygame_gui's sprites. The next frame lays the layer back over those rectangles
and over the boxes the layer itself redrew (``TableView.take_changes``), which gives the
picture a whole copy gives, pixel for pixel (tests/test_table_window.py compares them
frame by frame). Anything else that may have drawn on the window (a scene over the table,
a resize, the table's own subclass drawing more) makes the next frame lay the layer whole.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import pygame

FULL = 0.5  # lay the whole layer once the rectangles cover more than this share
# Copies start on a 64-byte boundary of a 32-bit row: a 300×300 copy starting 100 pixels in
# took 0.11 ms here, starting 96 or 112 pixels in 0.009 ms (the C library's memcpy).
ALIGN = 16


def aligned(rect: pygame.Rect, bounds: pygame.Rect) -> pygame.Rect:
    """``rect`` widened leftwards to start on a multiple of ``ALIGN`` pixels, within
    ``bounds`` (copying a little more of the same picture changes nothing)."""
    left = rect.x - rect.x % ALIGN
    return pygame.Rect(left, rect.y, rect.right - left, rect.h).clip(bounds)


class Recorder:
    """Stands in for the window while the painters draw over the layer (``blit`` and
    ``draw_rect`` only), remembering the rectangles they touched."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.rects: list[pygame.Rect] = []

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None,
             special_flags: int = 0) -> pygame.Rect:  # fmt: skip
        rect = self.surface.blit(source, dest, area, special_flags)
        self.rects.append(rect)
        return rect

    def get_rect(self, **kw: Any) -> pygame.Rect:
        return self.surface.get_rect(**kw)

    def get_size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def get_width(self) -> int:
        return self.surface.get_width()

    def get_height(self) -> int:
        return self.surface.get_height()


def draw_rect(
    surface: pygame.Surface | Recorder,
    colour: tuple[int, int, int],
    rect: pygame.Rect,
    width: int,
    border_radius: int,
) -> pygame.Rect:
    """``pygame.draw.rect`` onto the window or through a ``Recorder`` (which remembers it)."""
    target = surface.surface if isinstance(surface, Recorder) else surface
    drawn = pygame.draw.rect(target, colour, rect, width, border_radius=border_radius)
    if isinstance(surface, Recorder):
        surface.rects.append(drawn)
    return drawn


def merged(rects: Sequence[pygame.Rect], size: tuple[int, int]) -> list[pygame.Rect] | None:
    """The rectangles clipped to the window, one dropped where another holds it and two
    merged where their union is barely larger than both (the hand's overlapping cards);
    None when laying the whole layer costs less. Copying a place twice is harmless."""
    bounds = pygame.Rect((0, 0), size)
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = aligned(rect, bounds)
        if not rect.w or not rect.h:
            continue
        k = 0
        while k < len(out):
            other = out[k]
            union = rect.union(other)
            if union.w * union.h <= rect.w * rect.h + other.w * other.h:
                rect = union
                out.pop(k)
                k = 0
            else:
                k += 1
        out.append(rect)
    if sum(r.w * r.h for r in out) > FULL * size[0] * size[1]:
        return None
    return out


class Window:
    """What the window shows beyond the layer: the rectangles the last frame drew over it
    (None: unknown, the next frame lays the layer whole), the hand row's apart (a frame
    whose hand row is the same and untouched leaves it there), and on which window."""

    def __init__(self) -> None:
        self._over: list[pygame.Rect] | None = None
        self._hand: list[pygame.Rect] = []
        self._hand_key: Hashable | None = None
        self._window: tuple[int, tuple[int, int]] | None = None
        self.kept: list[pygame.Rect] | None = None  # the hand row left from the last frame

    def lost(self) -> None:
        """Something else drew on the window (a scene over the table) or it changed."""
        self._over = None

    def lay(
        self,
        surface: pygame.Surface,
        layer: pygame.Surface,
        changed: list[pygame.Rect] | None,
        hand_key: Hashable | None = None,
    ) -> bool:
        """Lay the layer on the window where needed: over what changed in it (``changed``,
        None: all of it) and over what the last frame drew on it, except the hand row when
        it shows the same (``hand_key``) and none of those places touches it. True if the
        hand row was left as it is (``kept``): not to be painted again."""
        key = (id(surface), surface.get_size())
        boxes, self.kept = None, None
        if self._over is not None and changed is not None and key == self._window:
            size = surface.get_size()
            others = merged([*changed, *self._over], size)
            hand = self._hand
            if (
                others is not None
                and hand_key is not None
                and hand_key == self._hand_key
                and not any(box.collidelist(hand) >= 0 for box in others)
            ):
                boxes, self.kept = others, hand
            else:
                boxes = merged([*changed, *self._over, *hand], size)
        self._window, self._over, self._hand_key = key, None, hand_key
        if boxes is None:
            surface.blit(layer, (0, 0))
        else:
            for box in boxes:
                surface.blit(layer, box, box)
        return self.kept is not None

    def drawn_over(self, rects: Sequence[pygame.Rect], hand: Sequence[pygame.Rect]) -> None:
        """The rectangles this frame drew over the layer (the painters' and the widgets',
        and the hand row's apart), if nothing else draws on the window before the next."""
        self._over, self._hand = list(rects), list(hand)

    def also_drawn(self, rects: Sequence[pygame.Rect]) -> None:
        """More drawn over the layer after the table's painters (a network table's avatars
        and bubbles): laid back over too, when the frame's rectangles are known."""
        if self._over is not None:
            self._over.extend(rects)


def drawn_at(image: pygame.Surface, rect: pygame.Rect, area: pygame.Rect | None) -> pygame.Rect:
    """Where pygame_gui blits a sprite: its image (or the image's ``area``) at the rect's
    corner (the root container's rect is the whole window, its image empty)."""
    size = image.get_size() if area is None else pygame.Rect(area).size
    return pygame.Rect(rect.topleft, size)
