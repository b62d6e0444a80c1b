"""Seat panels kept as pictures, by what they show.

A seat panel (hud.draw_seat: the translucent panel, the avatar, the texts, the fan of backs
and its count) took 0.1-0.3 ms to draw, and a bot's move redraws two or three of them (the
seat that acted, the seat to act next, a fan a flight leaves). What a seat shows comes back
turn after turn (eleven cards and waiting, twelve and acting...), so each is kept as the
felt under the seat's extent with the panel drawn on it, an opaque picture: drawing the seat
again is one blit of that picture, pixel for pixel the panel drawn over the felt.

The picture holds the felt, so it may only stand in for the live drawing where nothing else
was drawn under the seat before it (``alone``: the top bar and the seats drawn earlier do not
reach its extent); elsewhere the panel is drawn live, as before.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Callable, Collection, Hashable, Iterator, Sequence
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import language
from carioca_desktop.ui import hud
from carioca_desktop.ui.scenes.carioca import zones
from carioca_desktop.ui.sprites import CardImages, TextCache

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.carioca.layout import TableLayout

Box = tuple[int, int, int, int]
WORDS_KEPT = 6  # top bars and logs: the ones shown, and the next move's drawn ahead


class SeatPictures:
    """The last pictures of the seat panels (bounded: ``limit`` of them, least recent out)."""

    def __init__(self, limit: int = 48) -> None:
        self._pictures: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._limit = limit
        # The top bar and the log, kept the same way: each move changes them, so only the
        # pictures now shown and the ones a rehearsal drew ahead (rehearse.py) are kept.
        self._words: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def clear(self) -> None:
        self._pictures.clear()
        self._words.clear()

    def words(
        self,
        base: pygame.Surface,
        box: pygame.Rect,
        key: Hashable,
        draw: Callable[[pygame.Surface, tuple[int, int]], None],
    ) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The felt under ``box`` with ``draw(picture, offset)`` drawn on it (what it draws
        at a place of the window, moved by ``offset``), kept by ``key``; and where it goes.
        None when the box lies outside ``base``."""
        area = box.clip(base.get_rect())
        if not area.w or not area.h:
            return None
        key = (key, (area.x, area.y, area.w, area.h), id(base), language())
        picture = self._words.get(key)
        if picture is None:
            picture = base.subsurface(area).copy()
            draw(picture, (-area.x, -area.y))
            self._words[key] = picture
            if len(self._words) > WORDS_KEPT:
                self._words.popitem(last=False)
        else:
            self._words.move_to_end(key)
        return picture, area

    def __len__(self) -> int:
        return len(self._pictures)

    def draw(
        self,
        surface: pygame.Surface,
        base: pygame.Surface,
        panel: pygame.Rect,
        extent: Box,
        info: hud.SeatInfo,
        texts: TextCache,
        images: CardImages,
        back_w: int,
        scale: float,
        hidden: int,
    ) -> None:
        """Draw the seat onto ``surface`` whose pixels under ``extent`` are ``base``'s (the
        felt): from the kept picture when it shows the same, drawn and kept otherwise."""
        found = self.picture(base, panel, extent, info, texts, images, back_w, scale, hidden)
        if found is not None:
            surface.blit(*found)

    def picture(
        self,
        base: pygame.Surface,
        panel: pygame.Rect,
        extent: Box,
        info: hud.SeatInfo,
        texts: TextCache,
        images: CardImages,
        back_w: int,
        scale: float,
        hidden: int,
    ) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The kept picture of the seat and where it goes (drawn and kept if new); None
        when the seat lies outside ``base``."""
        area = pygame.Rect(extent).clip(base.get_rect())
        if not area.w or not area.h:
            return None
        key = (info, hidden, (area.x, area.y, area.w, area.h), (panel.x, panel.y, panel.w,
               panel.h), scale, back_w, id(images), id(base), language())  # fmt: skip
        picture = self._pictures.get(key)
        if picture is None:
            self.misses += 1
            picture = base.subsurface(area).copy()
            hud.draw_seat(picture, panel.move(-area.x, -area.y), info, texts, images, back_w,
                          scale, hidden)  # fmt: skip
            self._pictures[key] = picture
            if len(self._pictures) > self._limit:
                self._pictures.popitem(last=False)
        else:
            self.hits += 1
            self._pictures.move_to_end(key)
        return picture, area


def _placed(
    layout: TableLayout, viewer: int, seats: Sequence[hud.SeatInfo], images: CardImages
) -> Iterator[tuple[hud.SeatInfo, pygame.Rect | None, Box, bool]]:
    """Each seat drawn, in order: its panel (None: the viewer's, at the bottom), its
    extent, and whether nothing is drawn under it before it (its picture may be used)."""
    under = [layout.top_bar]  # what is drawn before a seat: a kept seat may not cover it
    for info in seats:
        spot = layout.seats.get(info.seat)
        if spot is not None:
            box = (spot.panel.x, spot.panel.y, spot.panel.w, spot.panel.h)
            extent = zones.seat_extent(box, layout.ui, layout.back_w, images)
            alone = pygame.Rect(extent).collidelist(under) < 0
            under.append(pygame.Rect(extent))
            yield info, spot.panel, extent, alone
        elif info.seat == viewer:
            under.append(layout.viewer_panel)
            yield info, None, zones.rect_box(layout.viewer_panel.inflate(8, 8)), False


def paint_seats(
    pictures: SeatPictures,
    surf: pygame.Surface,
    base: pygame.Surface,
    layout: TableLayout,
    viewer: int,
    seats: Sequence[hud.SeatInfo],
    hidden: Counter[Hashable],
    texts: TextCache,
    images: CardImages,
    near: Callable[[pygame.Rect | Box], bool],
) -> None:
    """Every seat panel the clip (``near``) touches, over the top bar: the opponents' from
    their pictures where nothing is drawn under them first, the viewer's live."""
    same_size = surf.get_size() == base.get_size()
    for info, panel, extent, alone in _placed(layout, viewer, seats, images):
        if not near(extent):  # the viewer's: its box in zones.items
            continue
        if panel is None:
            hud.draw_viewer_panel(surf, layout.viewer_panel, info, texts, layout.ui)
            continue
        backs = hidden[("fan", info.seat)]
        if alone and same_size:
            pictures.draw(surf, base, panel, extent, info, texts, images,
                          layout.back_w, layout.ui, backs)  # fmt: skip
        else:
            hud.draw_seat(surf, panel, info, texts, images, layout.back_w,
                          layout.ui, backs)  # fmt: skip


def warm_seats(
    pictures: SeatPictures,
    base: pygame.Surface,
    layout: TableLayout,
    viewer: int,
    seats: Sequence[hud.SeatInfo],
    wanted: Collection[tuple[int, int]],
    texts: TextCache,
    images: CardImages,
) -> None:
    """Draw ahead what ``paint_seats`` will draw for ``seats`` (all of them, in order): for
    each (seat, backs its fan hides) in ``wanted``, the kept picture made, or the words of
    a panel drawn live rendered (onto a scratch picture), so the frame that shows them
    blits what is ready. Nothing is drawn on screen."""
    for info, panel, extent, alone in _placed(layout, viewer, seats, images):
        for seat, backs in wanted:
            if seat != info.seat:
                continue
            if panel is not None and alone:
                pictures.picture(base, panel, extent, info, texts, images, layout.back_w,
                                 layout.ui, backs)  # fmt: skip
                continue
            scratch = pygame.Surface(pygame.Rect(extent).size, pygame.SRCALPHA)
            if panel is not None:
                here = panel.move(-extent[0], -extent[1])
                hud.draw_seat(scratch, here, info, texts, images, layout.back_w, layout.ui,
                              backs)  # fmt: skip
            else:
                here = layout.viewer_panel.move(-extent[0], -extent[1])
                hud.draw_viewer_panel(scratch, here, info, texts, layout.ui)
