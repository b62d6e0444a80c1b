"""tests/fixtures/pixels.py's comparison answers as the RGB bytes' comparison does."""

from __future__ import annotations

import sys

import pygame

from tests.fixtures.pixels import same_rgb


def test_same_rgb_is_the_rgb_bytes_comparison() -> None:
    a = pygame.Surface((40, 30))
    a.fill((10, 20, 30))
    b = a.copy()
    assert same_rgb(a, b)
    b.set_at((39, 29), (10, 20, 31))  # one channel of one pixel
    assert not same_rgb(a, b) and not same_rgb(b, a)
    assert not same_rgb(a, pygame.Surface((30, 40)))
    other_format = pygame.Surface((40, 30), 0, 24)  # the same colours, laid out otherwise
    other_format.fill((10, 20, 30))
    assert same_rgb(a, other_format) and same_rgb(other_format, a)


def test_a_differing_padding_byte_is_the_same_picture() -> None:
    a = pygame.Surface((40, 30), 0, 32)
    a.fill((10, 20, 30))
    r, g, b, _ = a.get_masks()
    unused = ~(r | g | b) & 0xFFFFFFFF
    assert unused and sys.byteorder == "little"  # a padding byte in each 32-bit pixel
    padded = a.copy()
    raw = bytearray(padded.get_buffer().raw)
    raw[(unused.bit_length() - 1) // 8] ^= 0xFF  # the first pixel's padding byte
    padded.get_buffer().write(bytes(raw), 0)
    assert padded.get_buffer().raw != a.get_buffer().raw
    assert same_rgb(a, padded)
