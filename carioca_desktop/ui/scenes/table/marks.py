"""Marks over the table: the keyboard's focus ring, and lit cards and targets (Pista, tutorial)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from carioca_desktop.ui.sprites import panel
from carioca_desktop.ui.theme import GOLD, TEXT

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.table.scene import TableScene

LIGHT = (120, 210, 255)  # lit by a hint: a cool blue, apart from the gold of "picked"
LIGHT_HC = (170, 240, 255)
FOCUS_HC = (255, 246, 150)


def paint(scene: TableScene, surface: pygame.Surface) -> None:
    codes, rects, words = scene.lit()
    if codes or rects:
        _light(scene, surface, codes, rects)
    if words:
        _words(scene, surface, words)
    ring = scene.keys.focus_rect()
    if ring is not None:
        hc = scene.view.high_contrast
        colour = FOCUS_HC if hc else GOLD
        width = scene.layout.px(5 if hc else 3)
        outline(surface, ring.inflate(scene.layout.px(10), scene.layout.px(10)), colour, width)


def outline(
    surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], width: int
) -> None:
    radius = max(6, min(rect.width, rect.height) // 10)
    pygame.draw.rect(surface, (0, 0, 0), rect.inflate(2, 2), width + 2, border_radius=radius)
    pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


def target_rect(scene: TableScene, kind: str, index: int = -1) -> pygame.Rect | None:
    """A place on the table by name: "stock", "pozo", "slots", "meld" (by index)."""
    layout, view = scene.layout, scene.view
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
    scene: TableScene, surface: pygame.Surface, codes: tuple[str, ...], rects: list[pygame.Rect]
) -> None:
    hc = scene.view.high_contrast
    colour = LIGHT_HC if hc else LIGHT
    used: set[int] = set()
    rows = dict(scene.moves.hand_rows())
    for code in codes:
        uid = scene.hand.uid_for(code, used)
        if uid is None or uid not in rows:
            continue
        used.add(uid)
        rect = rows[uid]
        glow, (gx, gy) = scene.images.glow(rect.width, colour)
        surface.blit(glow, (rect.x + gx, rect.y + gy))
    width = scene.layout.px(5 if hc else 4)
    for rect in rects:
        outline(surface, rect.inflate(scene.layout.px(14), scene.layout.px(14)), colour, width)


def _words(scene: TableScene, surface: pygame.Surface, words: str) -> None:
    """The hint in words, left of the piles (where the viewer's eye already is)."""
    layout = scene.layout
    width = max(layout.upx(220), layout.stock.left - layout.centre.left - layout.px(40))
    width = min(width, layout.upx(420))
    size = layout.upx(16)
    lines = scene.texts.wrap(words, size, width - layout.upx(28), bold=True)
    line_h = round(size * 1.35)
    box = pygame.Rect(0, 0, width, line_h * len(lines) + layout.upx(20))
    box.midright = (layout.stock.left - layout.px(30), layout.stock.centery)
    box.clamp_ip(pygame.Rect((0, 0), layout.size))
    colour = LIGHT_HC if scene.view.high_contrast else LIGHT
    surface.blit(panel(box.size, layout.upx(12), (8, 30, 40, 235), colour, 2), box)
    y = box.top + layout.upx(10)
    for line in lines:
        text = scene.texts.render(line, size, TEXT, bold=True)
        surface.blit(text, (box.left + layout.upx(14), y))
        y += line_h
