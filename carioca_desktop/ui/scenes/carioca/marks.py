"""Marks over the table: the keyboard's focus ring, and lit cards and targets (Pista, tutorial)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.ui.sprites import CardImages, TextCache, panel
from carioca_desktop.ui.tablekit.marks import focus_ring, outline
from carioca_desktop.ui.tablekit.toast_spot import spot
from carioca_desktop.ui.theme import TEXT

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.carioca.layout import TableLayout
    from carioca_desktop.ui.scenes.carioca.view import TableView
    from carioca_desktop.ui.tablekit.hand import HandModel

LIGHT = (120, 210, 255)  # lit by a hint: a cool blue, apart from the gold of "picked"
LIGHT_HC = (170, 240, 255)


def paint(
    surface: pygame.Surface,
    layout: TableLayout,
    view: TableView,
    images: CardImages,
    texts: TextCache,
    lit: tuple[tuple[str, ...], list[pygame.Rect], str],
    ring: pygame.Rect | None,
    rows: Sequence[tuple[int, pygame.Rect]],
    hand: HandModel,
) -> None:
    """The lit cards (found in the hand ``rows``) and places, the hint's words, the focus ring."""
    codes, rects, words = lit
    hc = view.high_contrast
    if codes or rects:
        _light(surface, layout, images, hc, codes, rects, rows, hand)
    if words:
        _words(surface, layout, texts, hc, words, view.covered())
    if ring is not None:
        focus_ring(surface, ring, layout.px, hc)


def target_rect(
    layout: TableLayout, view: TableView, kind: str, index: int = -1
) -> pygame.Rect | None:
    """A place on the table by name: "stock", "pozo", "slots", "meld" (by index)."""
    if kind == "stock":
        return layout.stock
    if kind == "pozo":
        return layout.pozo
    if kind == "slots" and view.slots:
        return view.slots[0].rect.unionall([v.rect for v in view.slots])
    if kind == "meld" and index in view.melds:
        return view.melds[index].box
    return None


def _light(
    surface: pygame.Surface,
    layout: TableLayout,
    images: CardImages,
    hc: bool,
    codes: tuple[str, ...],
    rects: list[pygame.Rect],
    rows: Sequence[tuple[int, pygame.Rect]],
    hand: HandModel,
) -> None:
    colour = LIGHT_HC if hc else LIGHT
    used: set[int] = set()
    placed = dict(rows)
    for code in codes:
        uid = hand.uid_for(code, used)
        if uid is None or uid not in placed:
            continue
        used.add(uid)
        rect = placed[uid]
        glow, (gx, gy) = images.glow(rect.width, colour)
        surface.blit(glow, (rect.x + gx, rect.y + gy))
    width = layout.px(5 if hc else 4)
    for rect in rects:
        outline(surface, rect.inflate(layout.px(14), layout.px(14)), colour, width)


def _words(
    surface: pygame.Surface,
    layout: TableLayout,
    texts: TextCache,
    hc: bool,
    words: str,
    avoid: Sequence[pygame.Rect],
) -> None:
    """The hint in words, left of the piles (where the viewer's eye already is), or the
    nearest place that covers no meld, name or hand (tablekit/toast_spot.py)."""
    width = max(layout.upx(220), layout.stock.left - layout.centre.left - layout.px(40))
    width = min(width, layout.upx(420))
    size = layout.upx(16)
    lines = texts.wrap(words, size, width - layout.upx(28), bold=True)
    line_h = round(size * 1.35)
    box = pygame.Rect(0, 0, width, line_h * len(lines) + layout.upx(20))
    box.midright = (layout.stock.left - layout.px(30), layout.stock.centery)
    screen = pygame.Rect((0, 0), layout.size).inflate(-layout.upx(8), -layout.upx(8))
    box = spot(box.size, box.midbottom, avoid, screen, layout.upx(12))
    colour = LIGHT_HC if hc else LIGHT
    surface.blit(panel(box.size, layout.upx(12), (8, 30, 40, 235), colour, 2), box)
    y = box.top + layout.upx(10)
    for line in lines:
        text = texts.render(line, size, TEXT, bold=True)
        surface.blit(text, (box.left + layout.upx(14), y))
        y += line_h
