"""Where everything on the table goes, computed from the window size alone (pure geometry)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pygame import Rect

from carioca_desktop.ui.cardart import INDEX_RIGHT
from carioca_desktop.ui.tablekit.wordsize import growth

BASE = (1600, 900)
CARD_SCALES = {"small": 0.82, "medium": 1.0, "large": 1.15, "xlarge": 1.3}
UI_MIN, UI_MAX = 0.85, 1.3  # limits of the text furniture's scale (before the player's UI scale)
BUTTONS = ("lay_down", "auto", "undo", "hint", "sort_rank", "sort_suit")  # two columns of three
STRIP = 0.36  # the visible left strip of an overlapped meld card, as a fraction of its width
MELD_MIN = 30  # narrower meld cards would not show their index
MELD_SHRINK = (1.0, 0.9, 0.8, 0.7, 0.62, 0.56, 0.5)  # meld card widths tried, of the base width
HAND_STEP = 0.74  # widest spacing of hand cards, as a fraction of the card width

# Opponents in play order (counter-clockwise from the viewer at the bottom): (side, fraction).
# Top fractions run left to right, side fractions top to bottom.
SPOTS: dict[int, tuple[tuple[str, float], ...]] = {
    1: (("top", 0.5),),
    2: (("top", 0.72), ("top", 0.28)),
    3: (("right", 0.5), ("top", 0.5), ("left", 0.5)),
    4: (("right", 0.5), ("top", 0.7), ("top", 0.3), ("left", 0.5)),
    5: (("right", 0.5), ("top", 0.8), ("top", 0.5), ("top", 0.2), ("left", 0.5)),
    6: (("right", 0.78), ("right", 0.22), ("top", 0.7), ("top", 0.3), ("left", 0.22),
        ("left", 0.78)),
    7: (("right", 0.78), ("right", 0.22), ("top", 0.8), ("top", 0.5), ("top", 0.2),
        ("left", 0.22), ("left", 0.78)),
}  # fmt: skip


@dataclass(frozen=True)
class SeatSpot:
    """An opponent's place: which edge of the table, and its panel."""

    seat: int
    side: str
    panel: Rect


@dataclass
class TableLayout:
    """Every rectangle of the table for one window size, viewer and card size."""

    size: tuple[int, int]
    scale: float
    ui: float
    top_bar: Rect
    seats: dict[int, SeatSpot]
    viewer_panel: Rect
    centre: Rect
    stock: Rect
    pozo: Rect
    zones: dict[int, Rect]
    viewer_zone: Rect  # the viewer's melds: where the lay-down slots are (beside them, if any)
    lower: Rect
    slots_area: Rect
    buttons: list[Rect]
    log: Rect
    hand_area: Rect
    hand_card: tuple[int, int]
    meld_w: int
    slot_w: int
    back_w: int
    lift: int
    sides: dict[str, list[int]] = field(default_factory=dict)
    # How much larger than the theme's the table's pygame_gui words are (ui/tablekit/wordsize)
    grow: float = 1.0

    def px(self, n: float) -> int:
        """A length of the 1600×900 design, at this window's scale (cards, table)."""
        return max(1, round(n * self.scale))

    def upx(self, n: float) -> int:
        """A length of the text furniture (panels, fonts, buttons): it scales less than the
        cards, so words stay readable in a small window and do not balloon in a big one."""
        return max(1, round(n * self.ui))


def card_h(width: int) -> int:
    return round(width * 7 / 5)


@dataclass(frozen=True)
class _Scale:
    """The two scales of a window: cards and table (``px``), text furniture (``upx``)."""

    s: float
    u: float

    def px(self, n: float) -> int:
        return _px(n, self.s)

    def upx(self, n: float) -> int:
        return _px(n, self.u)


def compute_layout(
    size: tuple[int, int],
    players: int,
    viewer: int,
    card_size: str = "medium",
    ui_scale: float = 1.0,
    ratio: float = 1.0,
) -> TableLayout:
    """The layout for a window; opponents are placed counter-clockwise after ``viewer``.
    ``card_size`` and ``ui_scale`` are the player's settings (cards; words and buttons);
    ``size`` and ``ui_scale`` are in pixels, ``ratio`` of them to a point (the words' limits
    are in points, so a Retina drawable is the same table at twice the pixels)."""
    w, h = size
    s = min(w / BASE[0], h / BASE[1])
    words = min(UI_MAX, max(UI_MIN, s / ratio)) * max(0.75, min(2.0, ui_scale / ratio))
    k = _Scale(s, ratio * words)
    hand_w = max(40, round(110 * s * CARD_SCALES.get(card_size, 1.0)))
    hand_w = min(hand_w, round(h * 0.2 * 5 / 7))  # never let the hand eat the table
    hand_h, lift, pad = card_h(hand_w), round(card_h(hand_w) * 0.16), k.px(14)
    top_bar = Rect(0, 0, w, k.upx(48))
    opponents = [(viewer + n) % players for n in range(1, players)]
    spots = SPOTS[len(opponents)]
    panel = (k.upx(262), k.upx(100))
    side_w = panel[0] + k.upx(20) if any(side != "top" for side, _ in spots) else 0
    top_row = Rect(0, top_bar.bottom + k.px(8), w, panel[1])
    hand_top = h - pad - hand_h
    lower_h = max(k.px(142), k.upx(140))
    lower = Rect(pad, hand_top - lift - k.px(6) - lower_h, w - 2 * pad, lower_h)
    centre = Rect(side_w + pad, top_row.bottom + k.px(8), w - 2 * (side_w + pad), 0)
    centre.height = max(k.px(120), lower.top - k.px(8) - centre.top)
    seats, sides = _place_seats(opponents, spots, panel, top_row, centre, w, pad)
    stock, pozo = _piles(centre, s)
    zones = _zones(centre, stock.union(pozo).inflate(k.px(30), k.px(44)), sides, s)
    slots_area, buttons, log = _lower_band(lower, k)
    viewer_panel = Rect(pad, h - pad - k.upx(86), k.upx(210), k.upx(86))
    hand_left = viewer_panel.right + k.px(16)
    return TableLayout(
        size=(w, h),
        scale=s,
        ui=k.u,
        top_bar=top_bar,
        seats=seats,
        viewer_panel=viewer_panel,
        centre=centre,
        stock=stock,
        pozo=pozo,
        zones=zones,
        viewer_zone=slots_area.inflate(0, -k.upx(6)),
        lower=lower,
        slots_area=slots_area,
        buttons=buttons,
        log=log,
        hand_area=Rect(hand_left, hand_top, w - pad - hand_left, hand_h),
        hand_card=(hand_w, hand_h),
        meld_w=max(28, k.px(74)),
        slot_w=max(28, k.px(66)),
        back_w=max(14, k.upx(28)),
        lift=lift,
        sides=sides,
        grow=growth(k.u, ui_scale),
    )


def _lower_band(lower: Rect, k: _Scale) -> tuple[Rect, list[Rect], Rect]:
    """Between the piles and the hand: the slots, the buttons (in ``BUTTONS`` order, two
    columns of three) and the move log."""
    column, gap, log_w = k.upx(138), k.upx(8), min(k.upx(300), lower.width // 4)
    log = Rect(lower.right - log_w, lower.top, log_w, lower.height)
    bx = log.left - k.upx(16) - 2 * column - gap
    slots_area = Rect(lower.left, lower.top, bx - k.upx(12) - lower.left, lower.height)
    pitch = min(k.upx(44), (lower.height + gap) // 3)
    buttons = [
        Rect(bx + (n // 3) * (column + gap), lower.top + (n % 3) * pitch, column, pitch - gap)
        for n in range(len(BUTTONS))
    ]
    return slots_area, buttons, log


def _place_seats(
    opponents: Sequence[int],
    spots: Sequence[tuple[str, float]],
    panel: tuple[int, int],
    top_row: Rect,
    centre: Rect,
    width: int,
    pad: int,
) -> tuple[dict[int, SeatSpot], dict[str, list[int]]]:
    seats: dict[int, SeatSpot] = {}
    sides: dict[str, list[int]] = {"top": [], "left": [], "right": []}
    pw, ph = panel
    fracs = {side: sorted(f for s, f in spots if s == side) for side in ("left", "right")}
    for seat, (side, frac) in zip(opponents, spots):
        if side == "top":
            usable = width - 2 * pad - pw
            rect = Rect(pad + round(usable * frac), top_row.top, pw, ph)
        else:
            x = pad if side == "left" else width - pad - pw
            order = fracs[side].index(frac)
            rect = _side_panel(x, centre, pw, ph, len(fracs[side]), order, frac)
        seats[seat] = SeatSpot(seat, side, rect)
        sides[side].append(seat)
    sides["top"].sort(key=lambda s: seats[s].panel.x)
    for side in ("left", "right"):
        sides[side].sort(key=lambda s: seats[s].panel.y)
    return seats, sides


def _side_panel(x: int, centre: Rect, pw: int, ph: int, count: int, k: int, frac: float) -> Rect:
    """A seat on a side column; two on one side share it evenly, shorter if space is short
    (the panel then drops its second line)."""
    if count <= 1:
        return Rect(x, centre.top + round((centre.height - ph) * frac), pw, ph)
    height = min(ph, (centre.height - 6 * (count - 1)) // count)
    gap = (centre.height - count * height) // (count + 1)
    return Rect(x, centre.top + gap + k * (height + gap), pw, height)


def _px(n: float, scale: float) -> int:
    return max(1, round(n * scale))


def _piles(centre: Rect, s: float) -> tuple[Rect, Rect]:
    """Mazo and pozo side by side, low in the middle of the table: the viewer's melds go
    below them (where the lay-down slots are), so the room above is the opponents'."""
    pw = max(30, _px(92, s))
    ph = card_h(pw)
    gap = _px(34, s)
    cx = centre.centerx
    top = max(centre.top + ph // 2, centre.bottom - ph - _px(34, s))
    stock = Rect(cx - gap // 2 - pw, top, pw, ph)
    pozo = Rect(cx + gap // 2, stock.top, pw, ph)
    return stock, pozo


def _zones(centre: Rect, piles: Rect, sides: dict[str, list[int]], s: float) -> dict[int, Rect]:
    """Meld zones: each opponent's in front of them (top seats above the piles, side seats
    beside them)."""
    gap = _px(10, s)
    top_band = Rect(centre.left, centre.top, centre.width, piles.top - centre.top - gap)
    mid_top, mid_bottom = top_band.bottom + gap, centre.bottom
    left_band = Rect(centre.left, mid_top, piles.left - gap - centre.left, mid_bottom - mid_top)
    right_band = Rect(piles.right + gap, mid_top, centre.right - piles.right - gap, 0)
    right_band.height = mid_bottom - mid_top
    zones: dict[int, Rect] = {}
    _split(zones, sides["top"], top_band, horizontal=True, gap=gap)
    if not sides["left"] and not sides["right"]:
        # No side seats: the middle band beside the piles is the viewer's and the top seats'.
        left_band.width = right_band.width = 0
    _split(zones, sides["left"], left_band, horizontal=False, gap=gap)
    _split(zones, sides["right"], right_band, horizontal=False, gap=gap)
    return zones


def _split(
    zones: dict[int, Rect], seats: list[int], band: Rect, horizontal: bool, gap: int
) -> None:
    if not seats:
        return
    n = len(seats)
    for k, seat in enumerate(seats):
        if horizontal:
            part = (band.width - gap * (n - 1)) // n
            zones[seat] = Rect(band.left + k * (part + gap), band.top, part, band.height)
        else:
            part = (band.height - gap * (n - 1)) // n
            zones[seat] = Rect(band.left, band.top + k * (part + gap), band.width, part)


# ---------------------------------------------------------------------- rows of cards
def hand_rects(n: int, area: Rect, card: tuple[int, int], centre: int | None = None) -> list[Rect]:
    """Hand cards overlapped to fit ``area``, left to right (the right one on top), centred
    on ``centre`` (the window's middle) when they fit there. The overlap never hides a
    card's index (a step of at least ``INDEX_RIGHT`` of the width): a hand too long for that
    gets smaller cards, on the same bottom line."""
    cw, ch = card
    if n <= 0:
        return []
    step = cw * HAND_STEP if n == 1 else min(cw * HAND_STEP, (area.width - cw) / (n - 1))
    top = area.top
    if n > 1 and step < cw * INDEX_RIGHT:
        small = max(1, int(area.width / (1 + (n - 1) * INDEX_RIGHT)))
        top, ch = top + ch - round(ch * small / cw), round(ch * small / cw)
        cw, step = small, small * INDEX_RIGHT
    total = cw + step * (n - 1)
    middle = area.centerx if centre is None else centre
    x0 = min(max(area.left, middle - total / 2), area.right - total)
    return [Rect(round(x0 + k * step), top, cw, ch) for k in range(n)]


def insertion_index(x: int, rects: Sequence[Rect]) -> int:
    """Where a card dropped at ``x`` goes among cards laid out as ``rects``."""
    for k, rect in enumerate(rects):
        if x < rect.centerx:
            return k
    return len(rects)


def meld_width(n: int, cw: int) -> int:
    return cw + round(cw * STRIP) * max(0, n - 1)


def meld_widths(base_w: int) -> list[int]:
    """Every card width ``flow_melds`` can give the melds of a zone, widest first."""
    return list(dict.fromkeys(max(MELD_MIN, round(base_w * f)) for f in MELD_SHRINK))


def meld_card_rects(box: Rect, n: int, cw: int) -> list[Rect]:
    strip = round(cw * STRIP)
    return [Rect(box.left + k * strip, box.top, cw, card_h(cw)) for k in range(n)]


def flow_melds(
    zone: Rect,
    lengths: Sequence[int],
    base_w: int,
    label_h: int,
    align: str = "left",
    centre: int | None = None,
) -> tuple[int, list[Rect]]:
    """Card width and a box per meld, flowed in rows under a label line and aligned towards
    the owner ("left", "right" or "center"); shrinks the cards (down to 50 %) until
    everything fits the zone."""
    boxes: list[Rect] = []
    cw = base_w
    for cw in meld_widths(base_w):
        boxes = _flow(zone, lengths, cw, label_h, align, centre)
        if boxes and boxes[-1].bottom <= zone.bottom and all(b.right <= zone.right for b in boxes):
            break
    return cw, boxes


def _flow(
    zone: Rect, lengths: Sequence[int], cw: int, label_h: int, align: str, centre: int | None
) -> list[Rect]:
    gap, ch = max(4, cw // 5), card_h(cw)
    rows: list[list[Rect]] = [[]]
    x, y = zone.left, zone.top + label_h
    for n in lengths:
        mw = meld_width(n, cw)
        if x > zone.left and x + mw > zone.right:
            x, y = zone.left, y + ch + gap
            rows.append([])
        rows[-1].append(Rect(x, y, mw, ch))
        x += mw + gap
    for row in rows:
        if row and align != "left":
            slack = zone.right - row[-1].right
            shift = slack if align == "right" else slack // 2
            if align == "center" and centre is not None:  # on the window's axis if it fits
                width = row[-1].right - row[0].left
                shift = min(slack, max(0, centre - width // 2 - zone.left))
            for box in row:
                box.x += max(0, shift)
    return [box for row in rows for box in row]


def slot_rects(area: Rect, wants: Sequence[int], gap: int, centre: int | None = None) -> list[Rect]:
    """The lay-down slots side by side, each as wide as it wants (all shrunk alike when
    they do not fit), centred on ``centre`` (else in ``area``) as far as the area allows."""
    if not wants:
        return []
    room = area.width - gap * (len(wants) - 1)
    factor = min(1.0, room / max(1, sum(wants)))
    widths = [max(40, int(w * factor)) for w in wants]
    total = sum(widths) + gap * (len(widths) - 1)
    middle = area.centerx if centre is None else centre
    x = max(area.left, min(middle - total // 2, area.right - total))
    out = []
    for width in widths:
        out.append(Rect(x, area.top, width, area.height))
        x += width + gap
    return out
