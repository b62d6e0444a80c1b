"""Parts of the table's layer kept as pictures, as the seats are (seatcache.py): the top bar,
the move log and the piles.

Each move changes them (the status, a new line, a card on the pozo), and drawn in the move's
frame they cost a translucent panel, words and cards blended over the felt. Each is kept as
the felt under its box with it drawn on it, one opaque blit, used where nothing drawn before
it reaches its box (the top bar is drawn first; the view says whether the log and the piles
are alone); elsewhere it is drawn live, as before. The rehearsal of a bot's move
(rehearse.py) draws the next move's ahead. tests/test_table_seatcache.py compares a round's
layers with these parts drawn live.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.ui import hud
from carioca_desktop.ui.sprites import panel
from carioca_desktop.ui.theme import TEXT_DIM

if TYPE_CHECKING:
    from carioca_desktop.rules.carioca.observation import Observation
    from carioca_desktop.ui.scenes.carioca.layerparts import LayerView, Words
    from carioca_desktop.ui.scenes.carioca.layout import TableLayout


@lru_cache(maxsize=16)
def loose_card(size: tuple[int, int], angle: int) -> pygame.Surface:
    """A blank card face turned a little: the edge of a discard under the pozo's top card."""
    card = panel(size, max(3, round(size[0] * 0.09)), (246, 242, 232, 255), (150, 146, 138), 1)
    return pygame.transform.rotozoom(card, angle, 1.0)


def piles_box(layout: TableLayout) -> pygame.Rect:
    """Everything the piles may cover: their cards, glows and the words under them."""
    piles = layout.stock.union(layout.pozo).inflate(layout.stock.width, layout.stock.width)
    piles.height += layout.upx(40)
    return piles


def top_bar(view: LayerView, surf: pygame.Surface | None, text: Words) -> None:
    """The top bar: drawn first, over the felt alone, so from its kept picture (drawn and
    kept when new; ``surf`` None: only that, ahead of the frame that shows it)."""
    layout = view.layout
    assert layout is not None
    bar, texts, ui = layout.top_bar, view.texts, layout.ui
    base = view.base()
    if surf is not None and surf.get_size() != base.get_size():
        hud.draw_top_bar(surf, bar, text.title, text.status, texts, ui)
        return
    key = ("top", text.title, text.status, (bar.x, bar.y, bar.w, bar.h), ui)

    def draw(picture: pygame.Surface, offset: tuple[int, int]) -> None:
        hud.draw_top_bar(picture, bar.move(offset), text.title, text.status, texts, ui)

    found = view.seat_pictures.words(base, bar.inflate(8, 8), key, draw)
    if surf is not None and found is not None:
        surf.blit(*found)
    elif surf is not None:
        hud.draw_top_bar(surf, bar, text.title, text.status, texts, ui)


def log(view: LayerView, surf: pygame.Surface | None, text: Words) -> None:
    """The move log: drawn last; from its kept picture while nothing else on the layer
    reaches its box (``surf`` None: only the picture, ahead of its frame)."""
    layout = view.layout
    assert layout is not None
    rect, texts, ui = layout.log, view.texts, layout.ui
    base = view.base()
    alone = view.log_alone and (surf is None or surf.get_size() == base.get_size())
    if not alone:
        if surf is not None:
            hud.draw_log(surf, rect, text.log, texts, ui)
        return
    key = ("log", tuple(text.log), (rect.x, rect.y, rect.w, rect.h), ui)

    def draw(picture: pygame.Surface, offset: tuple[int, int]) -> None:
        hud.draw_log(picture, rect.move(offset), text.log, texts, ui)

    found = view.seat_pictures.words(base, rect.inflate(8, 8), key, draw)
    if surf is not None and found is not None:
        surf.blit(*found)
    elif surf is not None:
        hud.draw_log(surf, rect, text.log, texts, ui)


def draw_ahead(view: LayerView, text: Words) -> None:
    """Keep the pictures of the top bar and the log that ``text`` will show."""
    if view.layout is not None:
        top_bar(view, None, text)
        log(view, None, text)


def piles(
    view: LayerView,
    surf: pygame.Surface | None,
    obs: Observation,
    top: str | None,
    attention: bool,
) -> None:
    """The piles: from their kept picture while nothing drawn before them (the top bar, the
    seats) reaches their box (``surf`` None: only the picture, ahead of its frame)."""
    layout = view.layout
    assert layout is not None
    base = view.base()
    alone = view.piles_alone and (surf is None or surf.get_size() == base.get_size())
    if not alone:
        if surf is not None:
            draw_piles(view, surf, obs, top, attention, (0, 0))
        return
    key = ("piles", obs.stock_size, min(2, max(0, obs.pozo_size - 1)), top,
           obs.pozo_top is not None, attention)  # fmt: skip

    def draw(picture: pygame.Surface, offset: tuple[int, int]) -> None:
        draw_piles(view, picture, obs, top, attention, offset)

    found = view.seat_pictures.words(base, piles_box(layout), key, draw)
    if surf is not None and found is not None:
        surf.blit(*found)
    elif surf is not None:
        draw_piles(view, surf, obs, top, attention, (0, 0))


def piles_ahead(
    view: LayerView, obs: Observation, tops: Sequence[str | None], attention: bool
) -> None:
    """Keep the pictures of the piles ``obs`` will show, with each of ``tops`` on the pozo
    (the card under a discard in flight, then the discard)."""
    if view.layout is not None:
        for card in tops:
            piles(view, None, obs, card, attention)


def draw_piles(
    view: LayerView,
    surf: pygame.Surface,
    obs: Observation,
    top: str | None,
    attention: bool,
    offset: tuple[int, int],
) -> None:
    """The stock and the pozo with their words, drawn where they lie moved by ``offset``."""
    layout, images = view.layout, view.images
    assert layout is not None
    stock, pozo = layout.stock.move(offset), layout.pozo.move(offset)
    view.slot_outline(surf, stock)
    view.slot_outline(surf, pozo)
    if attention:  # gold says "your move": take a card from either pile
        glow, (gx, gy) = images.glow(stock.width, "gold")
        surf.blit(glow, (stock.x + gx, stock.y + gy))
        if obs.pozo_top is not None:
            surf.blit(glow, (pozo.x + gx, pozo.y + gy))
    depth = min(4, (obs.stock_size + 11) // 12)
    back = images.back(stock.width)
    if obs.stock_size:
        shadow, (dx, dy) = images.shadow(stock.width)
        surf.blit(shadow, (stock.x + dx, stock.y + dy))
        for k in range(depth, -1, -1):
            surf.blit(back, (stock.x - k * 2, stock.y - k * 2))
    if obs.pozo_size > 1:  # the discards below show as a loose pile of edges
        for angle, dx, dy in ((-7, -3, 2), (5, 3, -1))[: obs.pozo_size - 1]:
            edge = loose_card(pozo.size, angle)
            surf.blit(edge, edge.get_rect(center=(pozo.centerx + dx, pozo.centery + dy)))
    if top is not None:
        view.card(surf, top, pozo)
    small = layout.upx(14)
    label = view.texts.render(tr("table.stock", n=obs.stock_size), small, TEXT_DIM)
    surf.blit(label, label.get_rect(midtop=(stock.centerx, stock.bottom + layout.px(8))))
    label = view.texts.render(tr("table.pozo"), small, TEXT_DIM)
    surf.blit(label, label.get_rect(midtop=(pozo.centerx, pozo.bottom + layout.px(8))))
