"""What changed on the table's layer since it was drawn, so only those places are redrawn.

The layer (view.py) is described as a set of items, each a screen box and a key saying what
is drawn there: the top bar, every seat panel, the piles, every meld card and name, every
slot, the log. After a move, the items that appeared, went or changed give the boxes to
redraw; the view repaints each box from the felt up, clipped to it, with everything that
touches it, in the usual order, so the result is the picture a full redraw makes, pixel for
pixel (tests/test_table_zones.py compares them over whole rounds).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.ui import hud
from carioca_desktop.ui.sprites import CardImages
from carioca_desktop.ui.tablekit.blitter import aligned

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.carioca.layerparts import LayerView, Words

Box = tuple[int, int, int, int]
Item = tuple[Box, Hashable]
FULL = 0.55  # redraw everything once the boxes cover more than this share of the window


def rect_box(rect: pygame.Rect) -> Box:
    return (rect.x, rect.y, rect.w, rect.h)


_box = rect_box


def items(
    view: LayerView, text: Words, hidden: Counter[Hashable], pozo_under: str | None
) -> set[Item]:
    """Everything the layer shows, as (box, what) pairs."""
    layout, obs, images, texts = view.layout, view.obs, view.images, view.texts
    assert layout is not None and obs is not None
    out: set[Item] = {(_box(layout.top_bar.inflate(8, 8)), ("top", text.title, text.status))}
    for info in text.seats:
        spot = layout.seats.get(info.seat)
        if spot is not None:
            box = seat_extent(_box(spot.panel), layout.ui, layout.back_w, images)
            out.add((box, ("seat", info, hidden[("fan", info.seat)])))
        elif info.seat == obs.seat:
            out.add((_box(layout.viewer_panel.inflate(8, 8)), ("viewer", info)))
    stock, pozo = layout.stock, layout.pozo
    piles = stock.union(pozo).inflate(stock.width, stock.width)
    piles.height += layout.upx(40)  # the words under the piles
    top = pozo_under if hidden[("pozo",)] else obs.pozo_top
    out.add(
        (_box(piles), ("piles", obs.stock_size, obs.pozo_size > 1, obs.pozo_size > 2, top,
                       obs.pozo_top is not None, text.attention, tr("table.pozo")))
    )  # fmt: skip
    for name, pos, active in view.labels:
        size = texts.render(name, layout.upx(14), (0, 0, 0), bold=True).get_size()
        out.add(((pos[0], pos[1], size[0], size[1]), ("label", name, active)))
    for index, mb in view.melds.items():
        for k, rect in enumerate(mb.cards):
            if not hidden[("meld", index, k)]:
                code, marker = mb.meld.cards[k], mb.meld.stands_for[k]
                out.add((card_box(images, code, rect, marker), ("card", index, k, code, marker)))
    for n, slot in enumerate(view.slots):
        cards = tuple(
            (code, marker, _box(rect))
            for (uid, code, marker), rect in zip(slot.cards, slot.card_rects)
            if not hidden[("hand", uid)]
        )
        spare = tuple(_box(r) for r in slot.spare_rects)
        what = ("slot", n, slot.title, slot.verdict, slot.ok, slot.hint, cards, spare)
        margin = layout.slot_w // 2
        out.add((_box(slot.rect.inflate(margin, margin)), what))
    out.add((_box(layout.log.inflate(8, 8)), ("log", tuple(text.log))))
    return out


def card_box(images: CardImages, code: str, rect: pygame.Rect, marker: str | None) -> Box:
    """Where a card with its shadow lies."""
    image, (dx, dy) = images.shadowed(code, rect.width, marker)
    return (rect.x + dx, rect.y + dy, image.get_width(), image.get_height())


def seat_extent(panel: Box, scale: float, back_w: int, images: CardImages) -> Box:
    """Everything a seat panel may cover (its fan of backs leans out of the panel): found
    once per place and size by drawing the panel, fuller than it ever gets, aside."""
    return _seat_extent(panel, scale, back_w, images.back(back_w))


@lru_cache(maxsize=32)
def _seat_extent(panel: Box, scale: float, back_w: int, back: pygame.Surface) -> Box:
    rect = pygame.Rect(panel)
    margin = 4 * back_w
    scratch = pygame.Surface((rect.w + 2 * margin, rect.h + 2 * margin), pygame.SRCALPHA)
    here = rect.move(margin - rect.x, margin - rect.y)
    bounds = here.copy()
    for count in (1, 5, 11, 15, 22, 30):
        scratch.fill((0, 0, 0, 0))
        hud.draw_fan(scratch, hud.fan_area(here, scale), count, back)
        bounds.union_ip(scratch.get_bounding_rect())
    bounds.move_ip(rect.x - margin, rect.y - margin)
    return _box(bounds.inflate(12, 12))  # the badge and the active border's width


def dirty(old: set[Item], new: set[Item], size: tuple[int, int]) -> list[pygame.Rect] | None:
    """The boxes to redraw (merged where they overlap), or None when redrawing everything
    costs less."""
    boxes = [pygame.Rect(box) for box, _ in old ^ new]
    merged: list[pygame.Rect] = []
    for rect in boxes:
        rect = aligned(rect, pygame.Rect((0, 0), size))  # a faster copy, same picture
        if not rect.w or not rect.h:
            continue
        while (hit := rect.collidelist(merged)) >= 0:
            rect.union_ip(merged.pop(hit))
        merged.append(rect)
    if sum(r.w * r.h for r in merged) > FULL * size[0] * size[1]:
        return None
    return merged
