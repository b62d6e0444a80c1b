"""The green felt of the table: noise grain, a soft pool of light and a vignette, one picture
per window size (kept on disk between runs)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import lru_cache

import pygame

from .base import RGB

# --- Felt -------------------------------------------------------------------------------------


# The table colours Settings offers (table_colour): the felt, and its high-contrast shade.
FELTS: dict[str, tuple[RGB, RGB]] = {
    "green": ((30, 104, 62), (20, 78, 46)),
    "blue": ((28, 74, 118), (18, 52, 88)),
    "wine": ((110, 34, 48), (80, 22, 34)),
}
_chosen = ["green"]


def set_colour(name: str) -> None:
    """The felt every table and screen draws from now on (an unknown name: green)."""
    _chosen[0] = name if name in FELTS else "green"


def colour() -> str:
    return _chosen[0]


def felt(size: tuple[int, int], high_contrast: bool = False) -> pygame.Surface:
    """The table: fine noise grain under a soft vignette, in the chosen colour, built once
    per size (and kept on disk between runs when the app has set a cache folder)."""
    return _felt((size[0], size[1]), high_contrast, _chosen[0])


@lru_cache(maxsize=4)
def _felt(size: tuple[int, int], high_contrast: bool, name: str) -> pygame.Surface:
    from carioca_desktop.ui import picturecache

    key = (size, high_contrast) if name == "green" else (size, high_contrast, name)
    return picturecache.kept("felt", key, lambda: _draw_felt(size, high_contrast, name))


# ``felt.cache_clear()`` empties the cache, as when ``felt`` itself was the cached function.
setattr(felt, "cache_clear", _felt.cache_clear)  # noqa: B010 (a function's attribute)


def _draw_felt(size: tuple[int, int], high_contrast: bool, name: str = "green") -> pygame.Surface:
    w, h = size
    base: RGB = FELTS[name][1 if high_contrast else 0]
    surf = pygame.Surface((w, h))
    surf.fill(base)
    grain = _noise_tile(base, 3 if high_contrast else 9)
    tw, th = grain.get_size()
    for y in range(0, h, th):
        for x in range(0, w, tw):
            surf.blit(grain, (x, y))
    if not high_contrast:
        surf.blit(_glow(size), (0, 0))
    surf.blit(_vignette(size, 150 if not high_contrast else 90), (0, 0))
    return surf


@lru_cache(maxsize=4)
def _noise_tile(base: RGB, amount: int) -> pygame.Surface:
    """A seamless-enough tile of soft grain: random bytes through a palette of greens."""
    side = 96
    rng = random.Random(1234)
    tile = pygame.image.frombuffer(rng.randbytes(side * side), (side, side), "P")
    tile.set_palette([_shade(base, (v - 128) / 128 * amount) for v in range(256)])
    tile = _to_rgb(tile)
    # Doubling with smoothing turns single-pixel salt-and-pepper into soft woollen grain.
    return pygame.transform.smoothscale(tile, (side * 2, side * 2))


def _to_rgb(surf: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(surf.get_size(), depth=32)
    out.blit(surf, (0, 0))
    return out


def _shade(c: RGB, d: float) -> tuple[int, int, int]:
    return (
        max(0, min(255, round(c[0] + d * 0.6))),
        max(0, min(255, round(c[1] + d))),
        max(0, min(255, round(c[2] + d * 0.7))),
    )


def _vignette(size: tuple[int, int], strength: int) -> pygame.Surface:
    """Darkening towards the edges: a small radial ramp smoothly scaled up."""

    def alpha(x: int, y: int) -> int:
        d = math.hypot((x + 0.5 - 32) / 32, (y + 0.5 - 18) / 18) / math.sqrt(2)
        return min(255, round(float(max(0.0, (d - 0.35) / 0.65) ** 1.6) * strength))

    return pygame.transform.smoothscale(_ramp((64, 36), (0, 12, 4), alpha), size)


def _glow(size: tuple[int, int]) -> pygame.Surface:
    """A faint pool of light in the middle of the table."""

    def alpha(x: int, y: int) -> int:
        d = math.hypot((x + 0.5 - 16) / 16, (y + 0.5 - 9) / 9)
        return round(max(0.0, 1 - d) ** 2 * 34)

    return pygame.transform.smoothscale(_ramp((32, 18), (120, 200, 130), alpha), size)


def _ramp(size: tuple[int, int], colour: RGB, alpha: Callable[[int, int], int]) -> pygame.Surface:
    """A small surface of one colour whose alpha ``alpha(x, y)`` gives, built from bytes
    (one set_at per pixel costs several times more). Its bytes are BGRA, ARGB8888 in memory
    as the window's and the felt's pixels are: scaled to the window and blitted, an RGBA
    picture took the generic per-pixel path, 30-180 ms a blit, against 1-18 ms (the same
    pixels; tests/ui/test_cardart.py)."""
    w, h = size
    red, green, blue = colour
    pixels = bytearray()
    for y in range(h):
        for x in range(w):
            pixels += bytes((blue, green, red, alpha(x, y)))
    return pygame.image.frombytes(bytes(pixels), size, "BGRA")
