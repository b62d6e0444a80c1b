"""The replay bar's pictures, kept between frames: its words as runs (each word with its
soft shadow, rendered once), so a step, which changes only the action's number, renders one
short run instead of both lines of the bar (the bar's words and shade were a third of a
Buraco step frame's CPU: 0.3-0.5 ms of 1.3-1.8); and the stages in which the viewer paints
ahead the card faces a step will draw (``warm_steps``)."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator

import pygame

from carioca_desktop.ui import textfit
from carioca_desktop.ui.drawing import SHADOW
from carioca_desktop.ui.sprites import keep_bounded
from carioca_desktop.ui.window import can_convert

RGB = tuple[int, int, int]
Run = tuple[pygame.Surface, int]  # a word's picture and how far the line goes on after it
SLOW_S = 0.0003  # a call that took longer painted something (a cached one is a lookup)
RUNS_KEPT = 400  # words kept: the bar's few dozen, every number a match reaches, the keys
# Whole lines, the least recently shown dropped first: the keys' (shown every frame) and the
# positions' near this one (a step back shows one again; the next is laid ahead), ~40 KB
# each at 1600x900.
LINES_KEPT = 40


class Runs:
    """Words rendered once each, with the soft shadow ``draw_text`` gives them."""

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[str, pygame.font.Font, RGB], Run] = OrderedDict()
        self._lines: OrderedDict[tuple[str, pygame.font.Font, RGB], pygame.Surface]
        self._lines = OrderedDict()

    def run(self, word: str, fnt: pygame.font.Font, colour: RGB) -> Run:
        """The word's picture and how far the line goes on after it (its advance)."""
        key = (word, fnt, colour)
        found = self._kept.get(key)
        if found is None:
            found = (_shadowed(word, fnt, colour), fnt.size(word)[0])
            keep_bounded(self._kept, key, found, RUNS_KEPT)
        return found

    def width(self, text: str, fnt: pygame.font.Font, colour: RGB) -> int:
        """How wide ``draw`` lays ``text`` (its words and the spaces between them)."""
        return self.line(text, fnt, colour).get_width() - 2

    def line(self, text: str, fnt: pygame.font.Font, colour: RGB) -> pygame.Surface:
        """``text`` laid word by word into one picture, kept while it is shown (the keys'
        line for good, the position's until the next step): a frame blits it once."""
        key = (text, fnt, colour)
        image = self._lines.get(key)
        if image is not None:
            self._lines.move_to_end(key)  # the keys' line stays: it was dropped every 8 steps
        else:
            runs = [self.run(w, fnt, colour) for w in text.split(" ")]
            space = self.run(" ", fnt, colour)[1]
            total = sum(wide for _image, wide in runs) + space * (len(runs) - 1)
            high = max(r[0].get_height() for r in runs)
            image = pygame.Surface((max(1, total + 2), high), pygame.SRCALPHA)
            x = 0
            for run, wide in runs:
                image.blit(run, (x, 0))
                x += wide + space
            image = image.convert_alpha() if can_convert() else image
            keep_bounded(self._lines, key, image, LINES_KEPT)
        return image

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        fnt: pygame.font.Font,
        at: tuple[int, int],
        colour: RGB,
        anchor: str = "midleft",
    ) -> pygame.Rect:
        """``text`` as one line at ``at`` by ``anchor`` ("midleft" or "midright"); its
        rectangle."""
        image = self.line(text, fnt, colour)
        height = fnt.get_height()
        total = image.get_width() - 2
        x = at[0] - total if anchor == "midright" else at[0]
        surface.blit(image, (x, at[1] - height // 2))
        return pygame.Rect(x, at[1] - height // 2, total, height)


def _shadowed(word: str, fnt: pygame.font.Font, colour: RGB) -> pygame.Surface:
    """One word over its shadow (offset as ``draw_text`` offsets it), on clear pixels."""
    if not word.strip():
        return pygame.Surface((1, 1), pygame.SRCALPHA)  # nothing to see: clear
    image = textfit.render(fnt, word, colour)
    off = max(1, fnt.get_height() // 16)
    out = pygame.Surface((image.get_width() + off, image.get_height() + off), pygame.SRCALPHA)
    dark = textfit.render(fnt, word, SHADOW)
    dark.set_alpha(150)
    out.blit(dark, (off, off))
    out.blit(image, (0, 0))
    return out.convert_alpha() if can_convert() else out


def warm_steps(jobs: Iterable[Callable[[], object]]) -> Iterator[None]:
    """Run ``jobs`` (pictures drawn ahead into their caches), a stage after each one that
    painted: a frame paints at most one card face (~0.5 ms) of the many a step may need."""
    for job in jobs:
        start = time.perf_counter()
        job()
        if time.perf_counter() - start > SLOW_S:
            yield
