"""One frame of the table: the cached layer, then what moves (hand, highlights, flights, drag)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.ui import hud
from carioca_desktop.ui.scenes.table import marks as table_marks
from carioca_desktop.ui.sprites import panel
from carioca_desktop.ui.theme import GOLD, GREEN_OK, RED_BAD

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.table.scene import TableScene

ACCEPT = (110, 230, 140)


def paint(scene: TableScene, surface: pygame.Surface) -> None:
    hidden = scene.hidden()
    under = scene.pozo_under if hidden[("pozo",)] else None
    key = (frozenset(hidden.items()), under, scene.layout.size)
    if key != scene._layer_key:
        scene.view.invalidate()
        scene._layer_key = key
    surface.blit(scene.view.layer(scene.text, hidden, under), (0, 0))
    _ghost_pozo(scene, surface)
    if scene.hand_hidden:
        _hidden_hand(scene, surface)
    else:
        _targets(scene, surface)
        _hand(scene, surface, hidden)
        table_marks.paint(scene, surface)
    _hint(scene, surface)
    scene.animator.draw(surface)
    _drag(scene, surface)
    for toast in scene.toasts:
        hud.draw_toast(surface, toast, scene.texts, scene.layout.ui)


def _ghost_pozo(scene: TableScene, surface: pygame.Surface) -> None:
    """While the pozo's top card is being dragged, its place shows it faintly."""
    drag = scene.input.drag
    if drag is None or drag.kind != "pozo":
        return
    shade = panel(scene.layout.pozo.size, max(4, scene.layout.pozo.width // 11), (8, 30, 20, 150))
    surface.blit(shade, scene.layout.pozo)


def _moving_code(scene: TableScene) -> str | None:
    drag = scene.input.drag
    if drag is not None:
        return drag.code if drag.kind == "card" else None
    selected = scene.hand.selected
    return scene.hand.code(selected) if selected is not None else None


def _targets(scene: TableScene, surface: pygame.Surface) -> None:
    """While a card is dragged or selected: melds that would take it light up, and the
    target under the pointer is framed (gold if it would work, red if not)."""
    code = _moving_code(scene)
    drag = scene.input.drag
    if drag is not None and drag.kind != "card":
        _frame(surface, scene.layout.hand_area.inflate(16, 16), GOLD, 2)
        return
    if code is None:
        return
    melds, pozo_ok = scene.moves.accepts(code)
    pointer = scene.input.pointer
    thick = 2 if scene.view.high_contrast else 0  # high contrast: bolder frames
    for index, box in scene.view.melds.items():
        rect = box.box.inflate(10, 10)
        over = rect.collidepoint(pointer)
        if index in melds:
            _frame(surface, rect, GOLD if over else ACCEPT, 3 + thick)
        elif over:
            _frame(surface, rect, RED_BAD, 2 + thick)
    pozo = scene.layout.pozo.inflate(10, 10)
    if pozo_ok:
        _frame(surface, pozo, GOLD if pozo.collidepoint(pointer) else GREEN_OK, 3 + thick)
    for view in scene.view.slots:
        if view.rect.collidepoint(pointer):
            _frame(surface, view.rect, GOLD, 3 + thick)


def _frame(
    surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], w: int
) -> None:
    pygame.draw.rect(surface, colour, rect, w, border_radius=max(6, rect.width // 24))


def _hand(scene: TableScene, surface: pygame.Surface, hidden: Counter[Hashable]) -> None:
    drag = scene.input.drag
    gap = scene.moves.gap_for(drag.pos) if drag is not None else None
    images, picked = scene.images, scene.hand.picked
    for uid, rect in scene.moves.hand_rows(gap):
        if hidden[("hand", uid)]:
            continue
        shadow, (dx, dy) = images.shadow(rect.width)
        surface.blit(shadow, (rect.x + dx, rect.y + dy))
        surface.blit(images.face(scene.hand.code(uid), rect.width), rect)
        if uid in picked:
            glow, (gx, gy) = images.glow(rect.width, "gold")
            surface.blit(glow, (rect.x + gx, rect.y + gy))


def _hint(scene: TableScene, surface: pygame.Surface) -> None:
    """Why Bajarse is still off although every slot reads as a meld."""
    if not scene.hint:
        return
    layout = scene.layout
    text = scene.texts.render(scene.hint, layout.upx(15), (255, 226, 200), bold=True)
    box = text.get_rect().inflate(layout.upx(28), layout.upx(12))
    box.midbottom = (layout.slots_area.centerx, layout.slots_area.top - layout.upx(6))
    surface.blit(panel(box.size, layout.upx(10), (70, 24, 20, 215), RED_BAD, 1), box)
    surface.blit(text, text.get_rect(center=box.center))


def _drag(scene: TableScene, surface: pygame.Surface) -> None:
    drag = scene.input.drag
    if drag is None:
        return
    rect = drag.rect
    shadow, (dx, dy) = scene.images.shadow(rect.width)
    lift = max(4, rect.width // 14)  # a held card throws its shadow further
    surface.blit(shadow, (rect.x + dx + lift, rect.y + dy + lift))
    surface.blit(drag.image, rect)


def _hidden_hand(scene: TableScene, surface: pygame.Surface) -> None:
    """Hot seat between people's turns: the hand lies face down (its size is public)."""
    layout, images = scene.layout, scene.images
    rows = scene.moves.hand_rows()
    for _, rect in rows:
        shadow, (dx, dy) = images.shadow(rect.width)
        surface.blit(shadow, (rect.x + dx, rect.y + dy))
        surface.blit(images.back(rect.width), rect)
    area = rows[0][1].union(rows[-1][1]) if rows else layout.hand_area
    person = scene.hotseat.next_person()
    if person is None:
        return
    words = tr("hotseat.hidden", name=scene.session.seats[person].name)
    text = scene.texts.render(words, layout.upx(17), (246, 240, 226), bold=True)
    box = text.get_rect().inflate(layout.upx(30), layout.upx(14))
    box.center = area.center
    surface.blit(panel(box.size, layout.upx(10), (8, 30, 20, 225), GOLD, 2), box)
    surface.blit(text, text.get_rect(center=box.center))
