"""The cards of the Buraco table that are not on the piles, painted from a ``Picture``: the
melds (fanned, with their buraco and length badges), a meld framed as a target for the
picked or dragged cards, and the viewer's hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.rules.buraco.observation import MeldView
from carioca_desktop.ui.scenes.buraco.layout import fan_rects
from carioca_desktop.ui.sprites import panel
from carioca_desktop.ui.tablekit import news as news_marks
from carioca_desktop.ui.tablekit.blitter import draw_rect
from carioca_desktop.ui.theme import GOLD, RED_BAD

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.buraco.pictured import Painted

LIMPO = (72, 170, 104)
SUJO = (196, 120, 48)
ACCEPT = (110, 230, 140)


def meld(
    surface: pygame.Surface,
    p: Painted,
    meld: MeldView,
    box: pygame.Rect,
    w: int,
    step: float,
    marks: tuple[bool, tuple[str, ...]] = (False, ()),
) -> None:
    images, u = p.images, p.layout.upx
    rects = fan_rects(box, meld.length, w, step)
    for code, rect in zip(meld.cards, rects):
        head, _, marker = code.partition("=")
        image, (dx, dy) = images.shadowed(head, w, marker or None)
        surface.blit(image, (rect.x + dx, rect.y + dy))
    news(surface, p, meld, box, rects, marks)
    x = box.left
    if meld.buraco:
        colour = LIMPO if meld.buraco == "limpo" else SUJO
        words = tr(f"buraco.badge.{meld.buraco}")
        x = pill(surface, p, words, (box.left, box.top - u(3)), colour) + u(4)
    if meld.length >= 5:
        pill(surface, p, str(meld.length), (x, box.top - u(3)), (36, 60, 48))


def target(surface: pygame.Surface, p: Painted, box: pygame.Rect, lit: bool, aimed: bool) -> None:
    """A meld as a target for the picked or dragged cards: green if it would take them, gold
    when aimed at (the pointer, the keyboard); red when aimed at and it would not."""
    u = p.layout.upx
    frame = box.inflate(u(8), u(8))
    over = aimed or frame.collidepoint(p.pointer)
    if lit:
        colour = GOLD if over else ACCEPT
        draw_rect(surface, colour, frame, u(3), border_radius=u(8))
    elif p.accepts is not None and over:
        draw_rect(surface, RED_BAD, frame, u(2), border_radius=u(8))


def badge_top(box: pygame.Rect, u: Callable[[float], int]) -> int:
    """The top of a meld's badge row (buraco, length), drawn just above its cards."""
    return box.top - u(3) - round(max(11, u(13)) * 1.3) - u(2)


STAGED_PILL = (24, 92, 52)  # the green of cards set aside, darkened under white words


def pill(
    surface: pygame.Surface,
    p: Painted,
    words: str,
    bottomleft: tuple[int, int],
    colour: tuple[int, int, int],
) -> int:
    u = p.layout.upx
    size = max(11, u(13))  # read at a glance at 1280x720 too (it sits in the badge row)
    text = p.texts.render(words, size, (255, 250, 236), bold=True)
    box = text.get_rect().inflate(u(12), u(2))
    box.bottomleft = bottomleft
    surface.blit(panel(box.size, box.height // 2, (*colour, 245), (240, 226, 180), 1), box)
    surface.blit(text, text.get_rect(center=box.center))
    return box.right


def hand(surface: pygame.Surface, p: Painted) -> None:
    """The viewer's hand: picked cards lifted with a gold glow, cards set aside for a meld
    of the next lay-down with a green one."""
    images, u = p.images, p.layout.upx
    for code, rect, mark in p.hand:
        if p.hand_hidden:
            image, (dx, dy) = images.shadowed_back(rect.width)
            surface.blit(image, (rect.x + dx, rect.y + dy))
            continue
        image, (dx, dy) = images.shadowed(code, rect.width)
        surface.blit(image, (rect.x + dx, rect.y + dy))
        if mark:
            glow, (gx, gy) = images.glow(rect.width, "gold" if mark == "picked" else "green")
            surface.blit(glow, (rect.x + gx, rect.y + gy))
    if p.staged and not p.hand_hidden:
        n = len(p.staged)
        words = tr("buraco.staged_one") if n == 1 else tr("buraco.staged", n=n)
        # Above the highest card, lifted ones too (at 1280x720 they hid the words), on a pill
        # so that a meld in the side's zone behind does not blur it.
        top = min((rect.top for _, rect, _ in p.hand), default=p.layout.hand_area.top)
        pill(surface, p, words, (p.layout.hand_area.left, top - u(4)), STAGED_PILL)


def news(
    surface: pygame.Surface,
    p: Painted,
    meld: MeldView,
    box: pygame.Rect,
    rects: list[pygame.Rect],
    marks: tuple[bool, tuple[str, ...]],
) -> None:
    """What changed since the viewer last acted, until they act (both tables' marks:
    tablekit/news.py)."""
    news_marks.mark(surface, box, rects, meld.cards, marks, p.layout.upx)
