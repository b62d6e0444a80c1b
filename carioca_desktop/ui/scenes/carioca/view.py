"""Where each card of an observation lies on screen, and the cached picture of the table
(the lay-down slots' part of both: slotview.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from carioca_desktop.rules.carioca.observation import MeldView, Observation
from carioca_desktop.ui import hud
from carioca_desktop.ui.cardart import felt, felt_colour
from carioca_desktop.ui.scenes.carioca import kept, seatcache, zones
from carioca_desktop.ui.scenes.carioca.layout import (
    TableLayout,
    flow_melds,
    hand_rects,
    meld_card_rects,
)
from carioca_desktop.ui.scenes.carioca.slotview import SlotView as SlotView  # its old path
from carioca_desktop.ui.scenes.carioca.slotview import draw_slots, place_slots
from carioca_desktop.ui.sprites import CardImages, TextCache, panel
from carioca_desktop.ui.tablekit.hand import HandModel
from carioca_desktop.ui.theme import GOLD, TEXT


@lru_cache(maxsize=4)
def _table_print(size: tuple[int, int], area: tuple[int, ...]) -> pygame.Surface:
    """A faint line printed on the felt round the playing area, as on a card-room table."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = pygame.Rect(area)
    radius = rect.height // 2
    pygame.draw.rect(surf, (240, 220, 160, 34), rect, 2, border_radius=radius)
    pygame.draw.rect(surf, (240, 220, 160, 18), rect.inflate(-14, -14), 1, border_radius=radius)
    return surf


def _base(size: tuple[int, int], high_contrast: bool, area: tuple[int, ...]) -> pygame.Surface:
    return _base_in(size, high_contrast, area, felt_colour())


@lru_cache(maxsize=4)
def _base_in(
    size: tuple[int, int], high_contrast: bool, area: tuple[int, ...], name: str
) -> pygame.Surface:
    """The felt and the line printed on it, made once per window size."""
    surf = felt(size, high_contrast).copy()
    surf.blit(_table_print(size, area), (0, 0))
    return surf


def _kind(what: Hashable, kind: str) -> bool:
    """Whether a layer item (zones.py) is of ``kind``."""
    return isinstance(what, tuple) and what[:1] == (kind,)


@dataclass
class MeldBox:
    meld: MeldView
    box: pygame.Rect
    cards: list[pygame.Rect]
    width: int


@dataclass
class TableText:
    """The words the layer shows, prepared by the scene."""

    title: str = ""
    status: str = ""
    log: list[str] = field(default_factory=list)
    seats: list[hud.SeatInfo] = field(default_factory=list)
    attention: bool = False  # the viewer must draw: the piles glow


class TableView:
    """Geometry of one observation in one layout, plus the table picture without the hand
    (cached; rebuilt only when something on it changes)."""

    def __init__(self, images: CardImages, texts: TextCache) -> None:
        self.images = images
        self.texts = texts
        self.layout: TableLayout | None = None
        self.obs: Observation | None = None
        self.melds: dict[int, MeldBox] = {}
        self.labels: list[tuple[str, tuple[int, int], bool]] = []
        self.slots: list[SlotView] = []
        self.high_contrast = False
        self._layer: pygame.Surface | None = None  # None: to be brought up to date
        self._drawn: pygame.Surface | None = None  # the last picture (zones.py redraws parts)
        self._items: set[zones.Item] = set()
        self._whole: object = None  # what, when it changes, needs a whole new picture
        self.seat_pictures = seatcache.SeatPictures()  # the seat panels by what they show
        self._changes: list[pygame.Rect] | None = None  # redrawn since taken (None: all)
        self.log_alone = False  # nothing else on the layer reaches the log's box
        self.piles_alone = False  # nothing drawn before the piles reaches their box

    # ------------------------------------------------------------------ geometry
    def rebuild(self, layout: TableLayout, obs: Observation, slots: list[SlotView]) -> None:
        self.layout, self.obs, self.slots = layout, obs, slots
        place_slots(self.slots, layout)
        self._place_melds(layout, obs)
        self._layer = None

    def _viewer_zone(self, layout: TableLayout) -> pygame.Rect:
        """The viewer's melds lie where the slots are; beside them while slots are shown."""
        zone = layout.viewer_zone
        if self.slots:
            right = max(v.rect.right for v in self.slots) + layout.px(16)
            zone = pygame.Rect(right, zone.top, max(0, zone.right - right), zone.height)
        return zone

    def _place_melds(self, layout: TableLayout, obs: Observation) -> None:
        self.melds.clear()
        self.labels.clear()
        for seat in range(obs.players):
            mine = [m for m in obs.table if m.owner == seat]
            if not mine:
                continue
            align = "center"
            if seat == obs.seat:
                zone = self._viewer_zone(layout)
            else:
                zone = layout.zones.get(seat, layout.centre)
                spot = layout.seats.get(seat)
                align = {"left": "left", "right": "right"}.get(spot.side if spot else "", align)
            label_h = layout.upx(20)
            lengths = [len(m.cards) for m in mine]
            centre = layout.size[0] // 2
            cw, boxes = flow_melds(zone, lengths, layout.meld_w, label_h, align, centre)
            for meld, box in zip(mine, boxes):
                rects = meld_card_rects(box, len(meld.cards), cw)
                self.melds[meld.index] = MeldBox(meld, box, rects, cw)
            first = boxes[0]
            self.labels.append(
                (obs.names[seat], (first.left, first.top - label_h), obs.turn == seat)
            )

    def covered(self) -> list[pygame.Rect]:
        """What a toast must not cover: the melds, the names (over the melds and on the seat
        panels), the hand and the top bar (tablekit/toast_spot.py); the piles it keeps off where
        it can (``layout.stock``, ``layout.pozo``)."""
        layout = self.layout
        if layout is None:
            return []
        names = [
            self.texts.render(name, layout.upx(14), TEXT, bold=True).get_rect(topleft=pos)
            for name, pos, _ in self.labels
        ]
        panels = [spot.panel for spot in layout.seats.values()]
        boxes = [mb.box for mb in self.melds.values()]
        return [*boxes, *names, *panels, layout.viewer_panel, layout.hand_area, layout.top_bar]

    def hand_positions(
        self, hand: HandModel, exclude: set[int], gap_at: int | None = None
    ) -> list[tuple[int, pygame.Rect]]:
        """The hand row (cards in slots or being dragged left out; a gap where a dragged card
        would drop)."""
        assert self.layout is not None
        uids = [c.uid for c in hand.cards if c.uid not in exclude]
        count = len(uids) + (1 if gap_at is not None else 0)
        layout = self.layout
        rects = hand_rects(count, layout.hand_area, layout.hand_card, layout.size[0] // 2)
        if gap_at is not None:
            rects = rects[:gap_at] + rects[gap_at + 1 :]
        return list(zip(uids, rects))

    def fan_rect(self, seat: int) -> pygame.Rect:
        """Where an opponent's newest card sits (flights to and from a hand)."""
        assert self.layout is not None and self.obs is not None
        spot = self.layout.seats.get(seat)
        if spot is None:
            return self.layout.viewer_panel.copy()
        area = hud.fan_area(spot.panel, self.layout.ui)
        rects = hud.fan_rects(area, max(1, self.obs.hand_sizes[seat]), self.layout.back_w)
        return rects[-1]

    def meld_at(self, pos: tuple[int, int]) -> tuple[int, int | None] | None:
        """(meld index, card index under the pointer or None) for a point over a meld."""
        for index, mb in self.melds.items():
            if mb.box.inflate(12, 12).collidepoint(pos):
                for k in range(len(mb.cards) - 1, -1, -1):
                    if mb.cards[k].collidepoint(pos):
                        return index, k
                return index, None
        return None

    def slot_at(self, pos: tuple[int, int]) -> int | None:
        return next((k for k, s in enumerate(self.slots) if s.rect.collidepoint(pos)), None)

    def slot_card_at(self, pos: tuple[int, int]) -> int | None:
        for view in self.slots:
            for (uid, _, _), rect in reversed(list(zip(view.cards, view.card_rects))):
                if rect.collidepoint(pos):
                    return uid
        return None

    def slot_card_rect(self, uid: int) -> pygame.Rect | None:
        for view in self.slots:
            for (u, _, _), rect in zip(view.cards, view.card_rects):
                if u == uid:
                    return rect
        return None

    # ------------------------------------------------------------------ the picture
    def invalidate(self) -> None:
        """Bring the picture up to date before it is shown next (only what changed)."""
        self._layer = None

    def forget(self) -> None:
        """Draw the whole picture again next time (benchmarks: the full redraw)."""
        self._layer = self._drawn = None

    def layer(
        self, text: TableText, hidden: Counter[Hashable], pozo_under: str | None
    ) -> pygame.Surface:
        """The table without the hand. After a change only the places that changed are
        drawn again (zones.py), over the last picture; the result is the same picture."""
        if self._layer is None:
            layout = self.layout
            assert layout is not None
            new = zones.items(self, text, hidden, pozo_under)
            whole = (id(layout), layout.size, self.high_contrast, id(self.images), felt_colour())
            boxes = None
            if self._drawn is not None and whole == self._whole:
                boxes = zones.dirty(self._items, new, layout.size)
            elif whole != self._whole:
                self.seat_pictures.clear()  # they hold the felt of another size or look
            self._items, self._whole = new, whole
            log_box, piles = layout.log.inflate(8, 8), kept.piles_box(layout)
            self.log_alone = not any(
                log_box.colliderect(box) for box, what in new if not _kind(what, "log")
            )
            self.piles_alone = not any(  # the top bar and the seats are drawn before them
                piles.colliderect(box)
                for box, what in new
                if _kind(what, "top") or _kind(what, "seat") or _kind(what, "viewer")
            )
            if boxes is None or self._drawn is None:
                self._drawn = self._draw_layer(text, hidden, pozo_under)
                self._changes = None
            else:
                if self._changes is not None:
                    self._changes += boxes
                base = self.base()
                for box in boxes:
                    self._drawn.set_clip(box)
                    self._drawn.blit(base, box, box)
                    self._paint(self._drawn, text, hidden, pozo_under, box)
                self._drawn.set_clip(None)
            self._layer = self._drawn
        return self._layer

    def take_changes(self) -> list[pygame.Rect] | None:
        """The boxes of the picture drawn again since the last call (None: the whole)."""
        changes, self._changes = self._changes, []
        return changes

    def base(self) -> pygame.Surface:
        """The felt with the line printed round the playing area."""
        layout = self.layout
        assert layout is not None
        ring = layout.centre.inflate(layout.px(40), 0).clip(pygame.Rect((0, 0), layout.size))
        return _base(layout.size, self.high_contrast, (ring.x, ring.y, ring.w, ring.h))

    def _draw_layer(
        self, text: TableText, hidden: Counter[Hashable], pozo_under: str | None
    ) -> pygame.Surface:
        surf = self.base().copy()
        self._paint(surf, text, hidden, pozo_under, None)
        return surf

    def _paint(
        self,
        surf: pygame.Surface,
        text: TableText,
        hidden: Counter[Hashable],
        pozo_under: str | None,
        clip: pygame.Rect | None,
    ) -> None:
        """Everything on the felt; with ``clip``, only what touches it (the surface is
        clipped to it too)."""
        layout, obs = self.layout, self.obs
        assert layout is not None and obs is not None

        def near(rect: pygame.Rect | zones.Box) -> bool:
            return clip is None or bool(clip.colliderect(rect))

        if near(layout.top_bar.inflate(8, 8)):
            kept.top_bar(self, surf, text)
        seatcache.paint_seats(self.seat_pictures, surf, self.base(), layout, obs.seat,
                              text.seats, hidden, self.texts, self.images, near)  # fmt: skip
        if near(kept.piles_box(layout)):
            top = pozo_under if hidden[("pozo",)] else obs.pozo_top
            kept.piles(self, surf, obs, top, text.attention)
        self._draw_melds(surf, hidden, clip)
        draw_slots(self, surf, hidden, clip)
        if near(layout.log.inflate(8, 8)):
            kept.log(self, surf, text)

    def card(
        self, surf: pygame.Surface, code: str, rect: pygame.Rect, marker: str | None = None
    ) -> None:
        image, (dx, dy) = self.images.shadowed(code, rect.width, marker)
        surf.blit(image, (rect.x + dx, rect.y + dy))

    def slot_outline(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        radius = max(4, round(rect.width * 0.09))
        edge, width = ((220, 240, 225), 2) if self.high_contrast else ((120, 170, 130), 1)
        surf.blit(panel(rect.size, radius, (0, 30, 14, 70), edge, width), rect)

    def _draw_melds(
        self, surf: pygame.Surface, hidden: Counter[Hashable], clip: pygame.Rect | None = None
    ) -> None:
        layout, obs = self.layout, self.obs
        assert layout is not None and obs is not None
        for name, pos, active in self.labels:
            colour = GOLD if active else TEXT
            label = self.texts.render(name, layout.upx(14), colour, bold=True)
            if clip is None or clip.colliderect(label.get_rect(topleft=pos)):
                surf.blit(label, pos)
        for index, mb in self.melds.items():
            if clip is not None and not clip.colliderect(mb.box.inflate(mb.width, mb.width)):
                continue
            for k, rect in enumerate(mb.cards):
                if hidden[("meld", index, k)]:
                    continue
                self.card(surf, mb.meld.cards[k], rect, mb.meld.stands_for[k])
