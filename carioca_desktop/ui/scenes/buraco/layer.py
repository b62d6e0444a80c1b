"""The Buraco table's still layer: what only the observation changes, drawn once and kept.

As at the Carioca table (ui/scenes/table/frame.py): each frame blits the layer and draws
what moves over it (paint.py). The layer is made of parts in regions that do not overlap
(the bar, each seat, the panels, each side's melds, the stock and mortos, the pile, the
log: ``paint._still``); after a move only the parts whose key changed are drawn again, each
over its own patch of felt. A discard leaves the forty-odd meld cards alone; a meld laid
down leaves the pile alone. A part made of pieces (a side's melds: ``Pieces``) is drawn
again only where its changed pieces were and are: the whole part is drawn, clipped there.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from carioca_desktop.i18n import language
from carioca_desktop.ui.cardart import felt
from carioca_desktop.ui.scenes.buraco.paint import MeldPlaces, Picture, _still, place_melds
from carioca_desktop.ui.scenes.buraco.pieces import Pieces


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

    def forget(self) -> None:
        """The whole layer is drawn again on the next frame."""
        self.key = None
        self._parts.clear()
        self._pieces.clear()
        self._changes = None

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
            surface.blit(background, (0, 0))
        pile = self.places.pile
        self.places, self.sizes = place_melds(p.layout, p.obs)
        part = self._part(surface, None if whole else background)
        _still(surface, p, self.places, self.sizes, part)
        if not self.places.pile:  # the pile was left as it was: so are its places
            self.places.pile = pile
        self.key = key
        return surface

    def take_changes(self) -> list[pygame.Rect] | None:
        """The boxes drawn again since the last call (None: the whole layer), for the
        window (ui/scenes/table/window.py) to lay back only there."""
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
            if clip.w and clip.h:
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
            p.hand_hidden, p.pile_in_flight)  # fmt: skip
