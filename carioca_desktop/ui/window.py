"""The window's first size: the saved one, but never larger than the desktop nor tiny."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

MIN_SIZE = (960, 600)  # as App.MIN_SIZE: smaller windows cannot show the table


def clamp_size(
    wanted: tuple[int, int],
    desktops: Sequence[tuple[int, int]],
    minimum: tuple[int, int] = MIN_SIZE,
) -> tuple[int, int]:
    """``wanted`` within [minimum, largest desktop]; a desktop smaller than the minimum wins
    (a window larger than the screen is unusable). Unknown desktops clamp to the minimum
    and 4096 × 4096."""
    known = [(w, h) for w, h in desktops if w > 0 and h > 0]
    top = max(known, key=lambda s: s[0] * s[1]) if known else (4096, 4096)
    width = min(max(wanted[0], minimum[0]), top[0])
    height = min(max(wanted[1], minimum[1]), top[1])
    return (width, height)


def desktop_sizes() -> list[tuple[int, int]]:
    try:
        return [tuple(s) for s in pygame.display.get_desktop_sizes()]  # type: ignore[misc]
    except pygame.error:
        return []
