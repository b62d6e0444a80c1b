"""The middle of the Buraco table, painted from a ``Picture``: the stock, the mortos (there,
taken by whom, or gone to the stock) and the discard pile (spread or squared), framed while
the viewer's move goes there."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.rules.buraco.observation import BuracoObservation
from carioca_desktop.ui import hud
from carioca_desktop.ui.scenes.buraco.layout import RATIO, pile_rects
from carioca_desktop.ui.scenes.buraco.pictured import Painted
from carioca_desktop.ui.tablekit.blitter import draw_rect
from carioca_desktop.ui.theme import GOLD, GREEN_OK, TEXT, TEXT_DIM


@dataclass(frozen=True)
class Morto:
    """One morto as the table shows it: still there, taken (by whom), or gone to the stock."""

    where: str  # "there" | "taken" | "stock"
    holder: int | None = None


def mortos_of(obs: BuracoObservation, total: int) -> list[Morto]:
    """Each morto of the round: the taken ones first (the piles go in order), then those
    still there, then those turned into the stock when it ran out (BURACO.md §6)."""
    holders = [seat for side in obs.morto_holders for seat in side]
    out = [Morto("taken", seat) for seat in holders]
    out += [Morto("there") for _ in range(obs.mortos_left)]
    out += [Morto("stock") for _ in range(max(0, total - len(out)))]
    return out[:total]


class PilesPicture(Painted, Protocol):
    """A frame's picture as the piles' painter reads it: with the mortos."""

    @property
    def mortos(self) -> Sequence[Morto]: ...


def stock(surface: pygame.Surface, p: PilesPicture) -> None:
    layout, images = p.layout, p.images
    rect = layout.stock
    for k in range(min(3, (p.obs.stock_size + 9) // 10)):
        edge = rect.move(-k * 2, -k * 2)
        surface.blit(images.back(rect.width), edge)
    if p.obs.stock_size == 0:
        pygame.draw.rect(surface, (240, 220, 160), rect, 1, border_radius=layout.upx(7))
    attention = p.obs.turn == p.obs.seat and p.obs.phase == "draw" and not p.hand_hidden
    if attention:
        glow, (gx, gy) = images.glow(rect.width, "gold")
        surface.blit(glow, (rect.x + gx, rect.y + gy))
    label = p.texts.render(tr("buraco.stock", n=p.obs.stock_size), layout.upx(13), TEXT)
    surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.bottom + layout.upx(4))))


def mortos(surface: pygame.Surface, p: PilesPicture) -> None:
    layout, images, u = p.layout, p.images, p.layout.upx
    for rect, morto in zip(layout.mortos, p.mortos):
        if morto.where == "there":
            back = pygame.transform.rotate(images.back(rect.width), 0)
            surface.blit(back, rect)
            surface.blit(back, rect.move(u(3), -u(3)))
            label, colour = tr("buraco.morto"), TEXT
        else:
            pygame.draw.rect(surface, (240, 220, 160), rect, 1, border_radius=u(6))
            if morto.where == "taken" and morto.holder is not None:
                r = min(rect.width // 2 - u(4), u(18))
                disc = hud.avatar(
                    morto.holder, p.names[morto.holder], r, hud.initials(p.names)[morto.holder]
                )
                surface.blit(disc, disc.get_rect(center=rect.center))
                label = (tr("buraco.morto_taken_you") if morto.holder == p.obs.seat
                         else tr("buraco.morto_taken", name=p.names[morto.holder]))  # fmt: skip
                colour = GREEN_OK
            else:
                label, colour = tr("buraco.morto_stock"), TEXT_DIM
        text = p.texts.fit(label, u(12), colour, rect.width + u(26), bold=True)
        surface.blit(text, text.get_rect(midtop=(rect.centerx, rect.bottom + u(5))))


def pile(surface: pygame.Surface, p: PilesPicture) -> list[pygame.Rect]:
    layout, images, obs, u = p.layout, p.images, p.obs, p.layout.upx
    area = layout.pile_area
    label_y = area.bottom + u(4)
    if obs.pile_size == 0:
        empty = pygame.Rect(area.left, area.top, layout.pile_w, area.height)
        pygame.draw.rect(surface, (240, 220, 160), empty, 1, border_radius=u(7))
        text = p.texts.render(tr("buraco.pile_empty"), u(13), TEXT_DIM)
        at = text.get_rect(midtop=(empty.centerx, label_y))
        at.left = max(at.left, area.left)  # a long word starts at the pile, never cut before it
        surface.blit(text, at)
        return [empty]
    if p.pile_all and obs.pile:
        rects = pile_rects(area, len(obs.pile), layout.pile_w)
        shown = len(obs.pile) - (1 if p.pile_in_flight else 0)
        for code, rect in list(zip(obs.pile, rects))[:shown]:
            image, (dx, dy) = images.shadowed(code, rect.width)
            surface.blit(image, (rect.x + dx, rect.y + dy))
    else:
        rect = pygame.Rect(area.left + u(8), area.top, layout.pile_w, round(layout.pile_w * RATIO))
        for k in range(min(3, obs.pile_size - 1), 0, -1):
            surface.blit(images.back(rect.width), rect.move(-k * u(3), k * u(1)))
        if obs.pile_top and not p.pile_in_flight:
            surface.blit(images.face(obs.pile_top, rect.width), rect)
        rects = [rect]
    words = tr("buraco.pile", n=obs.pile_size)
    text = p.texts.render(words, u(13), TEXT)
    surface.blit(text, (rects[0].left, label_y))
    return rects


def pile_lit(surface: pygame.Surface, p: PilesPicture, rects: Sequence[pygame.Rect]) -> None:
    """The pile framed in gold while it is where the viewer's move goes."""
    selected = [c for c, _, mark in p.hand if mark == "picked"]
    lit = (
        p.obs.turn == p.obs.seat
        and not p.hand_hidden
        and (p.obs.phase == "draw" or len(selected) == 1)
    )
    if lit and rects:
        u = p.layout.upx
        span = rects[0].unionall(list(rects))
        draw_rect(surface, GOLD, span.inflate(u(10), u(10)), u(2), border_radius=u(9))
