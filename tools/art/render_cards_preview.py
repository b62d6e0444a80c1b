"""Contact sheet of every card, back and marked wild.

Run: python tools/art/render_cards_preview.py OUT
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Run as a plain script from anywhere: make the repository importable.

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root


import pygame

from carioca_desktop.ui.cardart import ALL_CODES, RANKS, SUITS, CardArt, felt

MARKED = [("JK", "6H"), ("JK", "7"), ("2C", "9D"), ("2S", "Q"), ("JK", "10S"), ("2H", "KC")]


def _row(sheet: pygame.Surface, art: CardArt, codes: list[str], y: int, step: int) -> int:
    """Draw one row of cards with their shadows; returns the y below it."""
    x = 16
    for code in codes:
        dx, dy = art.shadow_offset
        sheet.blit(art.shadow(), (x + dx, y + dy))
        sheet.blit(art.face(code), (x, y))
        x += step
    return y + art.height + 16


def _meld(
    sheet: pygame.Surface, art: CardArt, cards: list[tuple[str, str | None]], x: int, y: int
) -> None:
    """An overlapped meld: only the left 30% of each card but the last shows."""
    step = round(art.width * 0.3)
    for code, stands in cards:
        dx, dy = art.shadow_offset
        sheet.blit(art.shadow(), (x + dx, y + dy))
        sheet.blit(art.marked(code, stands) if stands else art.face(code), (x, y))
        x += step


def _extras(sheet: pygame.Surface, art: CardArt, y: int) -> int:
    """Backs, highlights, marked wilds and two overlapped melds."""
    x = 16
    for surf in (art.face("JK"), art.back(0), art.back(1)):
        sheet.blit(surf, (x, y))
        x += art.width + 12
    for colour in ("gold", "green", "red"):
        ox, oy = art.highlight_offset
        sheet.blit(art.face("AH"), (x, y))
        sheet.blit(art.highlight(colour), (x + ox, y + oy))
        x += art.width + 20
    for code, stands in MARKED:
        sheet.blit(art.marked(code, stands), (x, y))
        x += art.width + 12
    y += art.height + 24
    _meld(sheet, art, [("5H", None), ("JK", "6H"), ("7H", None), ("8H", None)], 16, y)
    _meld(
        sheet,
        art,
        [("QS", None), ("2C", "Q"), ("QD", None), ("QC", None)],
        16 + art.width * 2 + 20,
        y,
    )
    _meld(
        sheet,
        art,
        [("9S", None), ("10S", None), ("2H", "JS"), ("QS", None), ("KS", None)],
        16 + art.width * 4 + 40,
        y,
    )
    return y + art.height + 24


def build(width: int, four_colour: bool, sheet_w: int) -> pygame.Surface:
    """One sheet section: all faces at `width` px, then backs and markers."""
    art = CardArt(width, four_colour)
    rows = len(SUITS) + 2.5
    sheet = felt((sheet_w, round(rows * (art.height + 24)) + 40))
    sheet = sheet.copy()
    y, step = 16, art.width + max(6, width // 10)
    for suit in SUITS:
        y = _row(sheet, art, [r + suit for r in RANKS], y, step)
    _extras(sheet, art, y)
    return sheet


def main(out: str) -> None:
    pygame.init()
    start = time.perf_counter()
    art = CardArt(110)
    for code in ALL_CODES:
        art.face(code)
    print(f"53 faces at 110 px: {(time.perf_counter() - start) * 1000:.0f} ms")
    parts = [
        build(110, False, 1900),
        build(110, True, 1900),
        build(70, False, 1900),
        build(44, False, 1900),
        build(200, False, 3000),
    ]
    width = max(p.get_width() for p in parts)
    sheet = felt((width, sum(p.get_height() for p in parts))).copy()
    y = 0
    for part in parts:
        sheet.blit(part, (0, y))
        y += part.get_height()
    pygame.image.save(sheet, out)
    print("wrote", out)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/cards_preview.png")
