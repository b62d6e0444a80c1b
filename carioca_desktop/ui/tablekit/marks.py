"""Marks both tables draw: a card's outline (a dark edge under a coloured one) and the
keyboard's focus ring."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from carioca_desktop.ui.tablekit.blitter import draw_rect
from carioca_desktop.ui.theme import GOLD

FOCUS_HC = (255, 246, 150)  # the ring in high contrast: paler and wider


def outline(
    surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], width: int
) -> None:
    radius = max(6, min(rect.width, rect.height) // 10)
    draw_rect(surface, (0, 0, 0), rect.inflate(2, 2), width + 2, border_radius=radius)
    draw_rect(surface, colour, rect, width, border_radius=radius)


def focus_ring(
    surface: pygame.Surface, ring: pygame.Rect, px: Callable[[float], int], high_contrast: bool
) -> None:
    """The keyboard's focus around ``ring`` (``px``: the table's scale for its pixels)."""
    colour = FOCUS_HC if high_contrast else GOLD
    width = px(5 if high_contrast else 3)
    outline(surface, ring.inflate(px(10), px(10)), colour, width)
