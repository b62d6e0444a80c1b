"""A part of the Buraco table's layer made of pieces drawn in order (a side's melds), and
the probe that measures where a piece draws without drawing it (layer.py redraws such a
part only where its changed pieces were and are)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame


@dataclass(frozen=True)
class Pieces:
    """A part drawn as pieces in order over what its ``base`` key says (a side's melds over
    their frame and label): each piece's key by its number, and where a piece of a key draws
    (measured, not drawn: ``Probe``). Drawn again after a change with the same base, the
    part is drawn whole but clipped to where the pieces that changed were and are: outside
    that box the same pieces lie over the same base in the same order, pixel for pixel."""

    base: object
    keys: Mapping[int, Hashable]
    extent: Callable[[Any], pygame.Rect]

    def changed(self, before: Pieces) -> pygame.Rect:
        boxes = [
            self.extent(k)
            for i in self.keys.keys() | before.keys.keys()
            if self.keys.get(i) != before.keys.get(i)
            for k in (self.keys.get(i), before.keys.get(i))
            if k is not None
        ]
        return boxes[0].unionall(boxes[1:]) if boxes else pygame.Rect(0, 0, 0, 0)


class Probe:
    """Stands in for the layer while a piece is measured: where its blits would go."""

    def __init__(self) -> None:
        self.rects: list[pygame.Rect] = []

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None,
             special_flags: int = 0) -> pygame.Rect:  # fmt: skip
        size = source.get_size() if area is None else pygame.Rect(area).size
        rect = pygame.Rect(pygame.Rect(dest).topleft if len(dest) == 4 else dest, size)
        self.rects.append(rect)
        return rect

    @property
    def rect(self) -> pygame.Rect:
        return self.rects[0].unionall(self.rects[1:]) if self.rects else pygame.Rect(0, 0, 0, 0)
