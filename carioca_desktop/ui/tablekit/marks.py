"""Marks both tables draw: a card's outline (a dark edge under a coloured one)."""

from __future__ import annotations

import pygame

from carioca_desktop.ui.tablekit.blitter import draw_rect


def outline(
    surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], width: int
) -> None:
    radius = max(6, min(rect.width, rect.height) // 10)
    draw_rect(surface, (0, 0, 0), rect.inflate(2, 2), width + 2, border_radius=radius)
    draw_rect(surface, colour, rect, width, border_radius=radius)
