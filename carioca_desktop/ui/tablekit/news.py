"""Both tables' marks for what changed since the viewer last acted, until they act: a new
meld framed in gold, a card added to an older one with a gold dot over it (the marks come
from play/news.py's ``News``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

import pygame

NEWS = (255, 206, 84)  # since the viewer's last action


def mark(
    surface: pygame.Surface,
    box: pygame.Rect,
    rects: Sequence[pygame.Rect],
    texts: Sequence[str],
    marks: tuple[bool, tuple[str, ...]],
    u: Callable[[float], int],
) -> None:
    """One meld's marks: ``box`` framed when it is new, else a dot over each added card,
    found among the meld's cards as written (``texts``, ``JK=9C``) from its end, where the
    latest copies are. Blits only (Buraco's layer measures a meld through a stand-in that
    records blits)."""
    new, added = marks
    if new:
        frame = box.inflate(u(6), u(6))
        surface.blit(_frame(frame.size, u(2), u(8)), frame)
        return
    left = list(added)
    dot = _dot(u(5))
    for k in range(min(len(texts), len(rects)) - 1, -1, -1):
        text = texts[k]
        match = next((a for a in left if a == text or a == text.partition("=")[0]), None)
        if match is None:
            continue
        left.remove(match)
        surface.blit(dot, dot.get_rect(center=(rects[k].left + u(9), rects[k].top - u(5))))


@lru_cache(maxsize=32)
def _frame(size: tuple[int, int], width: int, radius: int) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, NEWS, surf.get_rect(), width, border_radius=radius)
    return surf


@lru_cache(maxsize=8)
def _dot(radius: int) -> pygame.Surface:
    surf = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
    centre = (radius + 1, radius + 1)
    pygame.draw.circle(surf, (40, 30, 10), centre, radius + 1)
    pygame.draw.circle(surf, NEWS, centre, radius)
    return surf
