"""Every seat's hand face up at once, for the replay viewer's "all hands" view (V): on each
other seat's panel, under its name, a strip of overlapped face-up cards (the viewed seat's own
hand stays where the table draws it). Pure drawing over either game's table; the scenes say
where each seat's panel is and on which edge of the table it sits."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache, partial

import pygame

from carioca_desktop.ui.sprites import CardImages
from carioca_desktop.ui.window import can_convert

STEP = 0.42  # visible share of an overlapped card: its index stays readable
MIN_STEP = 0.27  # overlapped this much more to keep a hand in one row: "10" still reads
MIN_CARD_W, CARD_W = 40, 56  # px at 1600x900 (the smallest keeps the index readable at 1280x720)
TOP_WIDEN = 1.15  # a top seat's strip may be this much wider than its panel, then it wraps
UNDER_NAME = 0.36  # the strip starts this far down the panel: under its line of words
NAME_H = 0.36  # a side seat's strip starts no higher (hud.HEADER_H: the words' line above)


def card_width(size: tuple[int, int]) -> int:
    w, h = size
    return max(MIN_CARD_W, round(CARD_W * min(w / 1600, h / 900)))


def strip_rects(count: int, origin: tuple[int, int], cw: int, max_w: int) -> list[pygame.Rect]:
    """``count`` overlapped cards from ``origin`` (top left), in one row no wider than
    ``max_w`` while overlapping them more keeps each index readable (down to ``MIN_STEP``),
    else wrapped into rows (a second row reached past a side seat's panel, over the log)."""
    ch, step = round(cw * 7 / 5), max(1, round(cw * STEP))
    if count > 1 and cw + (count - 1) * step > max_w:
        step = max(round(cw * MIN_STEP), (max_w - cw) // (count - 1))
    per_row = max(1, (max_w - cw) // step + 1)
    x0, y0 = origin
    return [
        pygame.Rect(x0 + (i % per_row) * step, y0 + (i // per_row) * (ch // 2 + 4), cw, ch)
        for i in range(count)
    ]


def place(side: str, panel: pygame.Rect, count: int, size: tuple[int, int]) -> list[pygame.Rect]:
    """The rectangles of a seat's ``count`` cards: over the lower part of the seat's panel
    (where its fan of backs was; the name stays readable above), as wide as the panel (a top
    seat's a little wider), wrapped into rows, kept within the window; the cards no bigger
    than lets the strip end within the panel (``_fitting_width``: a top seat's reached 24-29
    px into the meld area under it at 3840x2160)."""
    y = panel.top + round(panel.height * UNDER_NAME)
    cw = _fitting_width(side, panel, count, size, panel.bottom - y)
    gap = max(4, cw // 8)
    max_w = _strip_width(side, panel, gap)
    probe = strip_rects(count, (0, 0), cw, max_w)
    width = max((r.right for r in probe), default=cw)
    height = max((r.bottom for r in probe), default=cw)
    if side != "top":  # a side seat's strip ends within its panel where it can (the log is
        # often right under it), starting no higher than under the name
        y = max(panel.top + round(panel.height * NAME_H), min(y, panel.bottom - height))
    if side == "top":
        x = panel.centerx - width // 2
    elif side == "left":
        x = panel.left + gap
    else:
        x = panel.right - gap - width
    x = max(gap, min(size[0] - gap - width, x))
    y = max(gap, min(size[1] - gap - height, y))
    return strip_rects(count, (x, y), cw, max_w)


def _strip_width(side: str, panel: pygame.Rect, gap: int) -> int:
    return panel.width - 2 * gap if side != "top" else round(panel.width * TOP_WIDEN)


def _fitting_width(
    side: str, panel: pygame.Rect, count: int, size: tuple[int, int], room: int
) -> int:
    """The widest card, up to the window's size and down to ``MIN_CARD_W``, whose strip
    ends within ``room`` under the name: a top seat's meld area and a side seat's log are
    right under its panel (a side seat's cards covered the log's title at 1600x900)."""
    cw = card_width(size)
    while cw > MIN_CARD_W:
        gap = max(4, cw // 8)
        rects = strip_rects(count, (0, 0), cw, _strip_width(side, panel, gap))
        if max((r.bottom for r in rects), default=0) <= room - gap // 2:
            break
        cw -= 1
    return cw


def paint_hands(
    surface: pygame.Surface,
    images: CardImages,
    hands: Mapping[int, Sequence[str]],
    spots: Mapping[int, tuple[str, pygame.Rect]],
) -> dict[int, list[pygame.Rect]]:
    """Draw each seat's hand (``hands``: seat → card codes) at its spot (seat → (side,
    panel)); the cards' rectangles per seat, for tests and the bar."""
    out: dict[int, list[pygame.Rect]] = {}
    size = surface.get_size()
    for seat, (side, panel) in spots.items():
        codes = hands.get(seat, ())
        rects = place(side, panel, len(codes), size)
        out[seat] = rects
        if not rects:
            continue
        back = rects[0].unionall(rects).inflate(10, 10)
        surface.blit(_shade(back.size), back)
        for code, rect in zip(codes, rects, strict=True):
            surface.blit(images.face(code, rect.width), rect)
    return out


def warm_jobs(
    images: CardImages,
    hands: Mapping[int, Sequence[str]],
    spots: Mapping[int, tuple[str, pygame.Rect]],
    size: tuple[int, int],
) -> list[Callable[[], object]]:
    """The faces ``paint_hands`` will draw, each a call that paints it ahead (into the
    images' cache) if it is not there yet."""
    return [
        partial(images.face, code, rect.width)
        for seat, (side, panel) in spots.items()
        for code, rect in zip(
            hands.get(seat, ()), place(side, panel, len(hands.get(seat, ())), size), strict=True
        )
    ]


@lru_cache(maxsize=16)
def _shade(size: tuple[int, int]) -> pygame.Surface:
    """The dark under a seat's face-up cards, made once a size (in the display's format)."""
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 120))
    return shade.convert_alpha() if can_convert() else shade
