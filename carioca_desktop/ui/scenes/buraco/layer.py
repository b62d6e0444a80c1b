"""The Buraco table's still layer: what only the observation changes, drawn once and kept.

As at the Carioca table (ui/scenes/carioca/frame.py): each frame blits the layer and draws
what moves over it (paint.py). The layer is made of parts in regions that do not overlap
(the bar, each seat, the panels, each side's melds, the stock and mortos, the pile, the
log: ``paint._still``); after a move only the parts whose key changed are drawn again, each
over its own patch of felt. A discard leaves the forty-odd meld cards alone; a meld laid
down leaves the pile alone. A part made of pieces (a side's melds: ``Pieces``) is drawn
again only where its changed pieces were and are: the whole part is drawn, clipped there.

The rehearsal of a bot's move (rehearse.py) draws ahead, on an idle frame, the parts the
next position changes (the bar, the seats, the viewer's and the side panels, the stock, the
melds, the log; not the pile, which places its cards as it draws), each over its patch of
felt as the layer would: the move's frame blits them, a side's melds only where its changed
pieces are (``ahead``). A wrong guess leaves an unused picture, dropped at the next.

The replay viewer also keeps, in its idle frames, the pictures of the parts a position showed
(``keep_shown``, bounded by bytes): stepping back through positions already seen, even one ←
straight after another, blits their parts instead of drawing them (the log, the melds, the
panels: about 0.6 ms of a Buraco step back's frame).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator

import pygame

from carioca_desktop.i18n import language
from carioca_desktop.ui.cardart import felt
from carioca_desktop.ui.scenes.buraco.paint import MeldPlaces, Picture, _still, place_melds
from carioca_desktop.ui.scenes.buraco.pieces import Pieces

SHOWN_BYTES = 32 * 1024 * 1024  # parts' pictures kept by ``keep_shown`` (~60 steps at 1600x900)
# Not kept: the pile places its cards as it draws; the melds' regions are a megabyte each at
# 1600x900 and a step back redraws only their changed pieces (0.03-0.06 ms).
NOT_KEPT = ("pile", "melds0", "melds1")
Box = tuple[int, int, int, int]


class Layer:
    """The still part of the table and the places it laid out; ``get`` brings it up to date
    (the whole of it after a resize, a new look or language, or ``forget``)."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] | None = None
        self.surface: pygame.Surface | None = None
        self.places = MeldPlaces()
        self.sizes: dict[int, tuple[int, float]] = {}
        self._parts: dict[str, tuple[object, pygame.Rect]] = {}
        self._pieces: dict[str, Pieces] = {}
        self._changes: list[pygame.Rect] | None = None  # redrawn since taken (None: all)
        # Parts drawn ahead: (name, key, region) → the felt under the region with the part
        # drawn on it, for the layer's whole-key (size, look, language) ``_ahead_for``.
        self._ahead: list[tuple[str, object, tuple[int, int, int, int], pygame.Surface]] = []
        self._ahead_for: tuple[object, ...] | None = None
        self.scratch: pygame.Surface | None = None
        self.used_ahead = 0  # parts laid from a picture drawn ahead or kept (tests)
        # Parts as positions showed them, (name, key, region) → their picture (keep_shown).
        self._shown: OrderedDict[tuple[str, object, Box], pygame.Surface] = OrderedDict()
        self._shown_bytes = 0
        self._drawn = 0  # parts the last ``ahead`` drew and kept

    def forget(self) -> None:
        """The whole layer is drawn again on the next frame."""
        self.key = None
        self._parts.clear()
        self._pieces.clear()
        self._changes = None
        self._ahead.clear()
        self._shown.clear()
        self._shown_bytes = 0

    def get(self, p: Picture) -> pygame.Surface:
        key = _layer_key(p)
        surface = self.surface
        if surface is None or surface.get_size() != p.layout.size:
            surface = self.surface = pygame.Surface(p.layout.size).convert()
            self.forget()
        if key == self.key:
            return surface
        background = felt(p.layout.size)
        whole = self.key is None or key[:3] != self.key[:3]  # another size, look or language
        if whole:
            self._parts.clear()
            self._pieces.clear()
            self._changes = None
            self._ahead.clear()
            self._shown.clear()
            self._shown_bytes = 0
            surface.blit(background, (0, 0))
        pile = self.places.pile
        self.places, self.sizes = place_melds(p.layout, p.obs)
        part = self._part(surface, None if whole else background)
        _still(surface, p, self.places, self.sizes, part)
        if not self.places.pile:  # the pile was left as it was: so are its places
            self.places.pile = pile
        self.key = key
        return surface

    def ahead(self, p: Picture) -> int:
        """Draw ahead the parts ``p`` shows that the layer does not, each as the layer would
        draw it (the pile only drawn, not kept: its words and cards are then in their
        caches); the number kept."""
        steps = self.ahead_steps(p)
        for _ in steps:
            pass
        return self._drawn

    def ahead_steps(self, p: Picture, keep_old: bool = False) -> Iterator[None]:
        """``ahead`` one part at a time: a step after the parts are found (their keys) and
        after each part drawn, so the replay viewer spreads the rehearsal over the frames
        after a step instead of one frame (``_drawn``: the number kept, once done). With
        ``keep_old`` the parts drawn ahead before stay too (the viewer draws the position
        one step back after the next one's: either key then blits)."""
        self._drawn = 0
        surface = self.surface
        if surface is None or self.key is None:
            return
        whole = _layer_key(p)[:3]
        if whole != self.key[:3]:
            return
        if whole != self._ahead_for:
            self._ahead.clear()
            self._ahead_for = whole
        scratch = self._scratch(surface)
        background = felt(p.layout.size)
        bounds = scratch.get_rect()
        fresh: list[tuple[str, object, tuple[int, int, int, int], pygame.Surface]] = []
        todo: list[tuple[str, object, pygame.Rect, Callable[[], None]]] = []

        def part(
            name: str,
            region: pygame.Rect,
            key: object,
            draw: Callable[[], None],
            pieces: Pieces | None = None,
        ) -> None:
            region = region.clip(bounds)
            if self._parts.get(name) == (key, region) or not (region.w and region.h):
                return  # the layer shows it already
            box = (region.x, region.y, region.w, region.h)
            known = next((k for k in self._ahead if k[:3] == (name, key, box)), None)
            if known is not None:
                fresh.append(known)
            else:
                todo.append((name, key, region, draw))

        places, sizes = place_melds(p.layout, p.obs)
        _still(scratch, p, places, sizes, part)
        old = list(self._ahead)
        yield
        for name, key, region, draw in todo:
            scratch.set_clip(region)
            if name != "pile":
                scratch.blit(background, region, region)
            draw()
            scratch.set_clip(None)
            if name != "pile":
                # The pile places its cards as it draws: not kept, only drawn (its words
                # and cards are then in their caches).
                box = (region.x, region.y, region.w, region.h)
                fresh.append((name, key, box, scratch.subsurface(region).copy()))
            yield
        self._drawn = sum(1 for f in fresh if f not in old)
        self._ahead = fresh + [k for k in old if k not in fresh] if keep_old else fresh

    def _drawn_ahead(self, name: str, key: object, region: pygame.Rect) -> pygame.Surface | None:
        box = (region.x, region.y, region.w, region.h)
        for known in self._ahead:
            if known[:3] == (name, key, box):
                return known[3]
        return self._shown.get((name, key, box))

    def keep_shown(self, p: Picture) -> int:
        """Keep a picture of each part of ``p`` (what the layer now shows) not kept yet, as
        the layer draws it (over its patch of felt: copied from the layer, or drawn again
        apart when its region meets another part's, whose drawing may lie over it); not the
        ``NOT_KEPT``. The oldest are dropped past
        ``SHOWN_BYTES``. A later frame showing the same part blits it. The number kept (-1:
        the layer does not show ``p``)."""
        surface = self.surface
        if surface is None or self.key is None or _layer_key(p) != self.key:
            return -1
        scratch = self._scratch(surface)
        background, bounds = felt(p.layout.size), surface.get_rect()
        regions = [region for _key, region in self._parts.values()]
        kept = 0

        def part(
            name: str,
            region: pygame.Rect,
            key: object,
            draw: Callable[[], None],
            pieces: Pieces | None = None,
        ) -> None:
            nonlocal kept
            region = region.clip(bounds)
            box = (region.x, region.y, region.w, region.h)
            if name in NOT_KEPT or (name, key, box) in self._shown or not (region.w and region.h):
                return
            source = surface
            apart = sum(region.colliderect(other) for other in regions) > 1
            if apart or self._parts.get(name) != (key, region):  # not the layer's picture
                source = scratch
                scratch.set_clip(region)
                scratch.blit(background, region, region)
                draw()
                scratch.set_clip(None)
            self._shown[(name, key, box)] = source.subsurface(region).copy()
            self._shown_bytes += region.w * region.h * surface.get_bytesize()
            kept += 1

        places, sizes = place_melds(p.layout, p.obs)
        _still(scratch, p, places, sizes, part)
        while self._shown_bytes > SHOWN_BYTES and self._shown:
            (_n, _k, (_x, _y, w, h)), _old = self._shown.popitem(last=False)
            self._shown_bytes -= w * h * surface.get_bytesize()
        return kept

    def _scratch(self, surface: pygame.Surface) -> pygame.Surface:
        """A surface the size of the layer to draw parts apart on."""
        scratch = self.scratch
        if scratch is None or scratch.get_size() != surface.get_size():
            scratch = self.scratch = surface.copy()
        return scratch

    def take_changes(self) -> list[pygame.Rect] | None:
        """The boxes drawn again since the last call (None: the whole layer), for the
        window (ui/scenes/carioca/window.py) to lay back only there."""
        changes, self._changes = self._changes, []
        return changes

    def _part(
        self, surface: pygame.Surface, background: pygame.Surface | None
    ) -> Callable[..., None]:
        """Draws a part whose key changed, over its patch of ``background`` (None: the
        whole felt was just laid)."""
        bounds = surface.get_rect()

        def part(
            name: str,
            region: pygame.Rect,
            key: object,
            draw: Callable[[], None],
            pieces: Pieces | None = None,
        ) -> None:
            region = region.clip(bounds)
            known = self._parts.get(name)
            if known == (key, region):
                return  # the layer still shows it
            clip = region
            before = self._pieces.get(name)
            if (
                background is not None
                and known is not None
                and known[1] == region
                and pieces is not None
                and before is not None
                and before.base == pieces.base
            ):
                clip = pieces.changed(before).clip(region)
            drawn = None if background is None else self._drawn_ahead(name, key, region)
            if drawn is not None and clip.w and clip.h:
                # Drawn ahead by the rehearsal: one opaque blit of what changed.
                surface.blit(drawn, clip, clip.move(-region.x, -region.y))
                self.used_ahead += 1
                if self._changes is not None:
                    self._changes.append(clip)
            elif clip.w and clip.h:
                surface.set_clip(clip)  # nothing of a part reaches into another's region
                if background is not None:
                    surface.blit(background, clip, clip)
                draw()
                surface.set_clip(None)
                if self._changes is not None:
                    self._changes.append(clip)
            self._parts[name] = (key, region)
            if pieces is not None:
                self._pieces[name] = pieces
            else:
                self._pieces.pop(name, None)

        return part


def _layer_key(p: Picture) -> tuple[object, ...]:
    """Everything the still layer is drawn from (the observation compared by value); the
    first three, when they change, call for the whole layer."""
    seats = tuple(sorted(p.seat_lines.items()))
    return ((p.layout.size, id(p.layout)), id(p.images), language(), p.obs, tuple(p.names),
            seats, p.title, p.status, tuple(p.log), tuple(p.mortos), p.pile_all, p.first_min,
            p.hand_hidden, p.pile_in_flight, p.hands_up)  # fmt: skip
