"""Text that always draws: a fallback glyph for text with no width, and fitting to a width by
bisection (a 10,000-character name costs a dozen measurements, not ten thousand)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

FALLBACK = "?"  # drawn in place of text that has no visible glyph (zero-width characters)
ELLIPSIS = "…"
# No line of the UI is wider than this many characters; longer text is cut before measuring.
MAX_CHARS = 400


def render(fnt: pygame.font.Font, text: str, colour: object, bg: object = None) -> pygame.Surface:
    """``fnt.render`` that never fails on text: zero-width or too-wide text draws the fallback
    glyph (or the part that fits) instead of raising pygame.error."""
    text = text[:MAX_CHARS]
    try:
        return fnt.render(text, True, colour, bg)  # type: ignore[arg-type]
    except (pygame.error, ValueError):
        return fnt.render(FALLBACK, True, colour, bg)  # type: ignore[arg-type]


def fit(text: str, width: int, measure: Callable[[str], int]) -> str:
    """``text``, cut and ended with an ellipsis if ``measure`` says it is wider than
    ``width``. Widths grow with the prefix, so the longest fitting prefix is found by
    bisection: O(log n) measurements."""
    text = text[:MAX_CHARS]
    if _width(measure, text) <= width:
        return text
    low, high = 0, len(text)  # text[:low] + "…" fits (or low is 0); text[:high] + "…" does not
    while high - low > 1:
        mid = (low + high) // 2
        if _width(measure, text[:mid].rstrip() + ELLIPSIS) <= width:
            low = mid
        else:
            high = mid
    return text[:low].rstrip() + ELLIPSIS


def font_fit(text: str, fnt: pygame.font.Font, width: int) -> str:
    return fit(text, width, lambda t: fnt.size(t)[0])


def _width(measure: Callable[[str], int], text: str) -> int:
    try:
        return measure(text)
    except (pygame.error, ValueError):
        return 0
