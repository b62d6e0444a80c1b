"""One frame of the table over its cached layer: the hand, highlights, flights, the drag.

The painters take what they draw (a ``Picture`` the scene makes each frame), not the scene.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.play.news import News
from carioca_desktop.ui import hud
from carioca_desktop.ui.anim import Animator, Toast
from carioca_desktop.ui.scenes.carioca import marks as table_marks
from carioca_desktop.ui.scenes.carioca.input import Drag
from carioca_desktop.ui.scenes.carioca.layout import TableLayout
from carioca_desktop.ui.scenes.carioca.view import TableView
from carioca_desktop.ui.sprites import CardImages, TextCache, panel
from carioca_desktop.ui.tablekit import news as news_marks
from carioca_desktop.ui.tablekit.blitter import draw_rect
from carioca_desktop.ui.tablekit.hand import HandModel
from carioca_desktop.ui.tablekit.toast_spot import spot
from carioca_desktop.ui.theme import GOLD, GREEN_OK, RED_BAD

ACCEPT = (110, 230, 140)
Lit = tuple[tuple[str, ...], list[pygame.Rect], str]


@dataclass(frozen=True)
class Picture:
    """What moves over the layer this frame. ``rows`` is the hand row as drawn (the lifted
    and hovered cards, the gap a dragged card would drop into); ``accepts`` the melds and
    pozo that would take the moving card (None: no card moving); ``lit`` the cards, places
    and words a hint lights; ``ring`` the keyboard focus; ``waiting_for`` the next person at
    a hot seat while the hand lies face down; ``news`` the melds and cards laid since the
    viewer last acted."""

    layout: TableLayout
    view: TableView
    images: CardImages
    texts: TextCache
    hand: HandModel
    rows: Sequence[tuple[int, pygame.Rect]]
    hidden: Counter[Hashable]
    hand_hidden: bool
    waiting_for: str | None
    drag: Drag | None
    pointer: tuple[int, int]
    accepts: tuple[frozenset[int], bool] | None
    lit: Lit
    ring: pygame.Rect | None
    hint: str
    animator: Animator
    toasts: Sequence[Toast]
    news: News = field(default_factory=News)


def paint(surface: pygame.Surface, p: Picture) -> None:
    """Everything over the layer, in order: what lies under the hand, the hand, the rest."""
    paint_under(surface, p)
    paint_hand(surface, p)
    paint_over(surface, p)


def paint_under(surface: pygame.Surface, p: Picture) -> None:
    """The faint pozo while its card is dragged; what changed since the viewer last
    acted; the targets a moving card lights."""
    _ghost_pozo(surface, p.layout, p.drag)
    _news(surface, p)
    if not p.hand_hidden:
        _targets(surface, p)


def paint_hand(surface: pygame.Surface, p: Picture) -> None:
    if p.hand_hidden:
        _hidden_hand(surface, p)
    else:
        _hand(surface, p)


def paint_over(surface: pygame.Surface, p: Picture) -> None:
    """The marks on the hand, the hint, the flights, the dragged card and the toasts (where
    they cover no meld, name or hand)."""
    if not p.hand_hidden:
        table_marks.paint(surface, p.layout, p.view, p.images, p.texts, p.lit, p.ring, p.rows,
                          p.hand)  # fmt: skip
    hint = _hint(surface, p)
    p.animator.draw(surface)
    _drag(surface, p.images, p.drag)
    layout = p.layout  # the piles with their words, and the log: kept clear where there is room
    piles = [layout.stock.union(layout.pozo).inflate(0, layout.upx(36)), layout.log]
    avoid = [*p.view.covered(), *([hint] if hint is not None else [])]
    hud.draw_toasts(surface, p.toasts, p.texts, p.layout.ui, avoid, piles)


def hand_key(p: Picture) -> Hashable | None:
    """What the hand row shows (``paint_hand``), to leave it on the window while it stays
    the same; None while something is painted under it (``paint_under``) or it lies face
    down."""
    if p.hand_hidden or p.drag is not None or p.accepts is not None:
        return None
    hand, picked = p.hand, p.hand.picked
    rows = tuple(
        (uid, hand.code(uid), (r.x, r.y, r.w, r.h), uid in picked, p.hidden[("hand", uid)] > 0)
        for uid, r in p.rows
    )
    return rows, id(p.images)


def _ghost_pozo(surface: pygame.Surface, layout: TableLayout, drag: Drag | None) -> None:
    """While the pozo's top card is being dragged, its place shows it faintly."""
    if drag is None or drag.kind != "pozo":
        return
    shade = panel(layout.pozo.size, max(4, layout.pozo.width // 11), (8, 30, 20, 150))
    surface.blit(shade, layout.pozo)


def _news(surface: pygame.Surface, p: Picture) -> None:
    """The melds laid and the cards added since the viewer last acted, until they act (as
    at Buraco's table: tablekit/news.py)."""
    for index, placed in p.view.melds.items():
        marks = p.news.marks(index)
        if marks[0] or marks[1]:
            news_marks.mark(surface, placed.box, placed.cards, placed.meld.text, marks,
                            p.layout.upx)  # fmt: skip


def _targets(surface: pygame.Surface, p: Picture) -> None:
    """While a card is dragged or selected: melds that would take it light up, and the
    target under the pointer is framed (gold if it would work, red if not)."""
    if p.drag is not None and p.drag.kind != "card":
        _frame(surface, p.layout.hand_area.inflate(16, 16), GOLD, 2)
        return
    if p.accepts is None:
        return
    melds, pozo_ok = p.accepts
    pointer, view = p.pointer, p.view
    thick = 2 if view.high_contrast else 0  # high contrast: bolder frames
    for index, box in view.melds.items():
        rect = box.box.inflate(10, 10)
        over = rect.collidepoint(pointer)
        if index in melds:
            _frame(surface, rect, GOLD if over else ACCEPT, 3 + thick)
        elif over:
            _frame(surface, rect, RED_BAD, 2 + thick)
    pozo = p.layout.pozo.inflate(10, 10)
    if pozo_ok:
        _frame(surface, pozo, GOLD if pozo.collidepoint(pointer) else GREEN_OK, 3 + thick)
    for slot in view.slots:
        if slot.rect.collidepoint(pointer):
            _frame(surface, slot.rect, GOLD, 3 + thick)


def _frame(
    surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], w: int
) -> None:
    draw_rect(surface, colour, rect, w, border_radius=max(6, rect.width // 24))


def _hand(surface: pygame.Surface, p: Picture) -> None:
    images, picked = p.images, p.hand.picked
    for uid, rect in p.rows:
        if p.hidden[("hand", uid)]:
            continue
        image, (dx, dy) = images.shadowed(p.hand.code(uid), rect.width)
        surface.blit(image, (rect.x + dx, rect.y + dy))
        if uid in picked:
            glow, (gx, gy) = images.glow(rect.width, "gold")
            surface.blit(glow, (rect.x + gx, rect.y + gy))


def _hint(surface: pygame.Surface, p: Picture) -> pygame.Rect | None:
    """Why Bajarse is still off although every slot reads as a meld: over the slots, or the
    nearest place that covers no meld, name, hand nor the slots (tablekit/toast_spot.py);
    its box, for the toasts to keep off."""
    if not p.hint:
        return None
    layout = p.layout
    text = p.texts.render(p.hint, layout.upx(15), (255, 226, 200), bold=True)
    size = text.get_rect().inflate(layout.upx(28), layout.upx(12)).size
    anchor = (layout.slots_area.centerx, layout.slots_area.top - layout.upx(6))
    screen = pygame.Rect((0, 0), layout.size).inflate(-layout.upx(8), -layout.upx(8))
    avoid = [*p.view.covered(), layout.slots_area]
    box = spot(size, anchor, avoid, screen, layout.upx(12))
    surface.blit(panel(box.size, layout.upx(10), (70, 24, 20, 215), RED_BAD, 1), box)
    surface.blit(text, text.get_rect(center=box.center))
    return box


def _drag(surface: pygame.Surface, images: CardImages, drag: Drag | None) -> None:
    if drag is None:
        return
    rect = drag.rect
    shadow, (dx, dy) = images.shadow(rect.width)
    lift = max(4, rect.width // 14)  # a held card throws its shadow further
    surface.blit(shadow, (rect.x + dx + lift, rect.y + dy + lift))
    surface.blit(drag.image, rect)


def _hidden_hand(surface: pygame.Surface, p: Picture) -> None:
    """Hot seat between people's turns: the hand lies face down (its size is public)."""
    layout, images, rows = p.layout, p.images, p.rows
    for _, rect in rows:
        image, (dx, dy) = images.shadowed_back(rect.width)
        surface.blit(image, (rect.x + dx, rect.y + dy))
    area = rows[0][1].union(rows[-1][1]) if rows else layout.hand_area
    if p.waiting_for is None:
        return
    words = tr("hotseat.hidden", name=p.waiting_for)
    text = p.texts.render(words, layout.upx(17), (246, 240, 226), bold=True)
    box = text.get_rect().inflate(layout.upx(30), layout.upx(14))
    box.center = area.center
    surface.blit(panel(box.size, layout.upx(10), (8, 30, 20, 225), GOLD, 2), box)
    surface.blit(text, text.get_rect(center=box.center))
