"""The Buraco table's moves in motion: a draw, the pile or a morto to a hand, a discard onto
the pile, cards laid down or added gliding to their meld (at the animation setting's pace;
none at top speed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from carioca_desktop.ui.anim import Flight
from carioca_desktop.ui.scenes.buraco import paint as buraco_paint

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.buraco.tablehost import BuracoTableHost


class BuracoFlights:
    def __init__(self, table: BuracoTableHost) -> None:
        self.t = table

    def seat_rect(self, seat: int, width: int) -> pygame.Rect:
        """Where a seat's cards come from and go to: the hand, or the seat's panel."""
        rect = pygame.Rect(0, 0, width, round(width * 7 / 5))
        if seat == self.t.viewer or seat not in self.t.layout.seats:
            rect.midbottom = self.t.layout.hand_area.midbottom
        else:
            rect.center = self.t.layout.seats[seat].center
        return rect

    def fly(self, kind: str, seat: int, cards: tuple[str, ...], pile: pygame.Rect) -> None:
        """A card glides for each move a person can follow: a draw, a take of the pile or a
        morto, a discard. Faster or none at all by the animation setting."""
        if self.t.glide <= 0 or seat < 0:
            return
        w = self.t.layout.pile_w
        back = self.t.images.back(w)
        shadow = self.t.images.shadow(w)
        home = self.seat_rect(seat, w)
        if kind == "draw":
            self.t.animator.add(
                Flight(back, self.t.layout.stock.copy(), home, self.t.glide, 0.0, None, shadow)
            )
        elif kind == "morto":
            index = max(0, len(self.t.layout.mortos) - self.t.obs.mortos_left - 1)  # the one taken
            src = (
                self.t.layout.mortos[index].copy() if self.t.layout.mortos else self.t.layout.stock
            )
            for k in range(3):
                self.t.animator.add(Flight(back, src, home, self.t.glide, 0.06 * k, None, shadow))
        elif kind == "take_pile":
            for k, code in enumerate(cards[-6:]):
                face = self.t.images.face(code, w)
                self.t.animator.add(
                    Flight(face, pile.copy(), home, self.t.glide, 0.05 * k, None, shadow)
                )
        elif kind == "discard" and cards:
            face = self.t.images.face(cards[0], w)
            dst = pygame.Rect(pile.right - w // 2, pile.top, w, round(w * 7 / 5))
            self.t.animator.add(Flight(face, home, dst, self.t.glide, 0.0, ("pile",), shadow))

    def to_melds(
        self, seat: int, first: int | None, melds: tuple[tuple[str, ...], ...], add: bool
    ) -> None:
        """Cards laid down or added glide from the seat to their meld on the table."""
        if self.t.glide <= 0 or first is None:
            return
        places, _ = buraco_paint.place_melds(self.t.layout, self.t.obs)
        w = self.t.layout.pile_w
        home = self.seat_rect(seat, w)
        shadow = self.t.images.shadow(w)
        for i, cards in enumerate(melds):
            box = places.melds.get(first + (0 if add else i))
            if box is None:
                continue
            for k, code in enumerate(cards):
                face = self.t.images.face(code.split("=")[0], w)
                dst = pygame.Rect(0, 0, box.height * 5 // 7, box.height)
                dst.topright = box.topright if add else (box.left + dst.width, box.top)
                self.t.animator.add(
                    Flight(face, home, dst, self.t.glide, 0.04 * (k + i), None, shadow)
                )
