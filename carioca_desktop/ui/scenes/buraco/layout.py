"""Where everything on the Buraco table goes, recomputed on resize (16:9 design at 1600×900).

Partners sit opposite: the viewer at the bottom, the partner at the top, the opponents left
and right (play order counter-clockwise: right, top, left); in the 2-player game the
opponent sits at the top. Each side's melds share one area: the viewer's side between the
piles and the hand, the other side's across, between the piles and the top seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

BUTTONS = ("lay_down", "group", "sort", "clear", "undo", "hint")
RATIO = 7 / 5


@dataclass
class BuracoLayout:
    size: tuple[int, int]
    ui: float  # the design scale (1.0 at 1600×900)
    bar: pygame.Rect
    seats: dict[int, pygame.Rect]  # seat → its panel (every seat but the viewer)
    viewer_panel: pygame.Rect
    score_panel: pygame.Rect
    info_panel: pygame.Rect
    their_zone: pygame.Rect
    our_zone: pygame.Rect
    centre: pygame.Rect
    stock: pygame.Rect
    mortos: list[pygame.Rect]
    pile_area: pygame.Rect
    hand_area: pygame.Rect
    hand_w: int
    pile_w: int
    log: pygame.Rect
    buttons: dict[str, pygame.Rect] = field(default_factory=dict)
    menu: pygame.Rect = field(default_factory=pygame.Rect)
    keys: pygame.Rect = field(default_factory=pygame.Rect)  # the keyboard help, as Carioca's
    bar_clear: int = 0  # the right edge of extra bar buttons (the network table's Reactions)
    grow: float = 1.0  # the pygame_gui words' size over the theme's (ui/tablekit/wordsize)

    def upx(self, n: float) -> int:
        return max(1, round(n * self.ui))


WORDS_MIN = 0.85  # the log's and the rule panel's text never smaller (Carioca's UI_MIN)


def words_scale(layout: BuracoLayout) -> float:
    """The scale of the words in the side panels: the window's, but not so small that they
    cannot be read (8 px at the 960×600 minimum); the panels wrap and drop what does not fit."""
    return max(layout.ui, WORDS_MIN)


def seat_places(players: int, viewer: int) -> dict[str, int]:
    """Which seat sits where: "top", "left", "right" (never the viewer)."""
    if players == 2:
        return {"top": 1 - viewer}
    return {"right": (viewer + 1) % 4, "top": (viewer + 2) % 4, "left": (viewer + 3) % 4}


def compute_layout(size: tuple[int, int], players: int, viewer: int, mortos: int) -> BuracoLayout:
    w, h = size
    ui = min(w / 1600, h / 900)

    def px(n: float) -> int:
        return max(1, round(n * ui))

    side_w = px(274)  # side panels 262 wide, as Carioca's: a fan of 11+ backs stays inside
    bar = pygame.Rect(0, 0, w, px(46))
    top_seat = pygame.Rect(0, 0, px(300), px(96))
    top_seat.midtop = (w // 2, bar.bottom + px(8))
    seat_h = px(96)
    mid_y = round(h * 0.40)
    left_seat = pygame.Rect(px(12), mid_y, side_w - px(12), seat_h)
    right_seat = pygame.Rect(w - side_w - px(8), mid_y, side_w - px(12), seat_h)
    places = seat_places(players, viewer)
    rects = {"top": top_seat, "left": left_seat, "right": right_seat}
    seats = {seat: rects[where] for where, seat in places.items()}

    inner_l, inner_r = side_w + px(18), w - side_w - px(18)
    hand_w = px(100)
    hand_h = round(hand_w * RATIO)
    hand_area = pygame.Rect(inner_l, h - px(16) - hand_h, inner_r - inner_l, hand_h)
    pile_w = px(72)
    centre_h = round(pile_w * RATIO) + px(30)
    centre_top = round(h * 0.385)
    centre = pygame.Rect(inner_l, centre_top, inner_r - inner_l, centre_h)
    their_zone = pygame.Rect(inner_l, top_seat.bottom + px(8), inner_r - inner_l, 0)
    their_zone.height = centre.top - px(8) - their_zone.top
    our_zone = pygame.Rect(inner_l, centre.bottom + px(8), inner_r - inner_l, 0)
    our_zone.height = hand_area.top - px(30) - our_zone.top

    # The stock keeps clear of the left seat's fan of backs, which stands out past its panel.
    stock = pygame.Rect(centre.left + px(24), centre.top + px(4), pile_w, round(pile_w * RATIO))
    morto_w = round(pile_w * 0.74)
    mortos_rects = []
    x = stock.right + px(22)
    for _ in range(mortos):
        r = pygame.Rect(x, stock.top, morto_w, round(morto_w * RATIO))
        mortos_rects.append(r)
        x = r.right + px(16)
    pile_left = x + px(20)
    pile_area = pygame.Rect(pile_left, stock.top, centre.right - pile_left, stock.height)

    score_panel = pygame.Rect(w - side_w, bar.bottom + px(8), side_w - px(12), px(128))
    info_panel = pygame.Rect(px(12), bar.bottom + px(8), side_w - px(12), px(128))
    viewer_panel = pygame.Rect(px(12), h - px(16) - px(86), side_w - px(12), px(86))
    info_panel_bottom = bar.bottom + px(8) + px(128)
    log_top = (left_seat.bottom if players == 4 else info_panel_bottom) + px(12)
    log = pygame.Rect(px(12), log_top, side_w - px(12), viewer_panel.top - px(12) - log_top)
    layout = BuracoLayout(
        size,
        ui,
        bar,
        seats,
        viewer_panel,
        score_panel,
        info_panel,
        their_zone,
        our_zone,
        centre,
        stock,
        mortos_rects,
        pile_area,
        hand_area,
        hand_w,
        pile_w,
        log,
    )
    by = right_seat.bottom + px(16)
    for key in BUTTONS:
        layout.buttons[key] = pygame.Rect(w - side_w, by, side_w - px(12), px(40))
        by += px(48)
    # The bar's buttons keep room for their words (the theme's font does not shrink with the
    # window: "Tasti (F1)" was cut at 960×600).
    bh = max(bar.height - px(12), 26)
    layout.menu = pygame.Rect(px(8), (bar.height - bh) // 2, max(px(130), 112), bh)
    layout.keys = pygame.Rect(layout.menu.right + px(8), layout.menu.y, max(px(150), 150), bh)
    return layout


# --------------------------------------------------------------------------- fans and flows
def fan_width(n: int, card_w: int, step: float) -> int:
    return card_w + round(card_w * step) * max(0, n - 1)


def flow(
    zone: pygame.Rect, lengths: Sequence[int], ui: float
) -> tuple[int, float, list[pygame.Rect]]:
    """Melds of these lengths as fans in rows inside ``zone``: the card width and overlap
    step used (the largest that fit) and each meld's box (cards only; badges go above)."""
    gap, badge = max(6, round(14 * ui)), max(10, round(20 * ui))
    for card_w in (72, 66, 60, 54, 48, 44, 40, 36, 32):
        w = max(12, round(card_w * ui * 1.0))
        for step in (0.36, 0.3, 0.26):
            boxes = _rows(zone, lengths, w, step, gap, badge)
            if boxes is not None:
                return w, step, boxes
    w = max(12, round(30 * ui))
    boxes = _rows(zone, lengths, w, 0.24, gap, badge, force=True)
    return w, 0.24, boxes or []


def _rows(
    zone: pygame.Rect,
    lengths: Sequence[int],
    w: int,
    step: float,
    gap: int,
    badge: int,
    force: bool = False,
) -> list[pygame.Rect] | None:
    h = round(w * RATIO)
    x, y = zone.left, zone.top + badge
    out = []
    for n in lengths:
        fw = fan_width(n, w, step)
        if x > zone.left and x + fw > zone.right:
            x, y = zone.left, y + h + badge + gap // 2
        if (y + h > zone.bottom or fw > zone.width) and not force:
            return None
        out.append(pygame.Rect(x, y, fw, h))
        x += fw + gap
    return out


def fan_rects(box: pygame.Rect, n: int, w: int, step: float) -> list[pygame.Rect]:
    dx = round(w * step)
    return [pygame.Rect(box.left + k * dx, box.top, w, box.height) for k in range(n)]


def pile_rects(area: pygame.Rect, n: int, w: int) -> list[pygame.Rect]:
    """The open pile spread left to right, every card's index in view; a long pile takes two
    rows of smaller cards."""
    if n == 0:
        return []
    h = round(w * RATIO)
    step = min(round(w * 0.5), (area.width - w) // max(1, n - 1)) if n > 1 else 0
    if n == 1 or step >= round(w * 0.3):
        top = area.top + (area.height - h) // 2
        return [pygame.Rect(area.left + k * step, top, w, h) for k in range(n)]
    w2 = max(16, round(area.height / 2 / RATIO * 0.98))
    h2 = round(w2 * RATIO)
    per_row = (n + 1) // 2
    step2 = min(round(w2 * 0.5), (area.width - w2) // max(1, per_row - 1))
    out = []
    for k in range(n):
        row, col = divmod(k, per_row)
        out.append(pygame.Rect(area.left + col * step2, area.top + row * (h2 + 1), w2, h2))
    return out


def hand_rects(area: pygame.Rect, n: int, w: int) -> list[pygame.Rect]:
    """The hand in one overlapped row, every index in view: a long hand (a morto, a big
    pile) takes smaller cards rather than hiding their corners; bottoms stay aligned."""
    if n == 0:
        return []
    least = 0.34  # the part of a card left in view: its index
    if n > 1 and (area.width - w) / (n - 1) < w * least:
        # Smaller in steps, not a pixel a card: each new width draws every face again (and
        # the card images keep only a dozen widths), so a hand growing card by card after
        # a taken pile would redraw them all at every card.
        fitted, notch = int(area.width / (1 + least * (n - 1))), max(4, w // 12)
        w = max(24, fitted - fitted % notch)
    h = round(w * RATIO)
    step = min(round(w * 0.8), (area.width - w) // max(1, n - 1)) if n > 1 else 0
    total = w + step * (n - 1)
    left = area.centerx - total // 2
    return [pygame.Rect(left + k * step, area.bottom - h, w, h) for k in range(n)]
