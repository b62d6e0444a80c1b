"""Words that must be read whole in a box of the network screens (a seat's state, the bar's
"free seats" or "the host starts when everyone is ready"): the largest font that shows them
on one line, else two lines in a smaller one, and only then cut with "…" (at 1024x600 a
fixed 16 px line was cut or hidden under a button)."""

from __future__ import annotations

import pygame

from carioca_desktop.ui.drawing import RGB
from carioca_desktop.ui.widgets import draw_text, fit, font, wrap

SMALLEST = 11  # px: below this the words are not read, only guessed


def lines_for(text: str, box: pygame.Rect, size: int, bold: bool = False
              ) -> tuple[pygame.font.Font, list[str]]:  # fmt: skip
    """The font and the lines that show ``text`` in ``box``: one line in the largest size
    from ``size`` down to ``SMALLEST``, else the fewest lines (two or more) that fit the
    box's height; the last resort is one line cut with "…"."""
    smallest = min(size, max(SMALLEST, round(size * 0.7)))
    for px in range(size, smallest - 1, -1):
        fnt = font(px, bold=bold)
        if fnt.size(text)[0] <= box.w:
            return fnt, [text]
    for px in range(size, smallest - 1, -1):
        fnt = font(px, bold=bold)
        lines = wrap(text, fnt, box.w)
        fits = all(fnt.size(line)[0] <= box.w for line in lines)
        if fits and len(lines) * fnt.get_linesize() <= box.h:
            return fnt, lines
    fnt = font(smallest, bold=bold)
    return fnt, [fit(text, fnt, box.w)]


def paint_words(surface: pygame.Surface, text: str, box: pygame.Rect, size: int,
                colour: RGB, bold: bool = False, align: str = "left") -> list[str]:  # fmt: skip
    """Draw ``text`` in ``box`` (see ``lines_for``), the lines centred on the box's height,
    at its left or centre; the lines drawn."""
    fnt, lines = lines_for(text, box, size, bold)
    step = fnt.get_linesize()
    y = box.centery - step * len(lines) // 2
    for line in lines:
        if align == "center":
            draw_text(surface, line, fnt, (box.centerx, y), colour, "midtop")
        else:
            draw_text(surface, line, fnt, (box.x, y), colour, "topleft")
        y += step
    return lines


def button_width(text: str, u: float, least: int = 180, most: int = 300) -> int:
    """A bar button as wide as its words need (the theme's 16 px button font at scale ``u``,
    with room at its sides), between ``least`` and ``most`` (scaled): the words between the
    buttons get the rest of the bar."""
    need = font(max(6, round(16 * u))).size(text)[0] + round(48 * u)
    return max(round(least * u), min(round(most * u), need))
