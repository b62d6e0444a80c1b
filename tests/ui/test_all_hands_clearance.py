"""The replay viewer's "all hands face up": a seat's face-up cards end within its panel (a
side seat's covered the log's title at 1600x900); a top seat's clear of the meld area under
it (at 3840x2160 they reached 29 px into Buraco's other side's melds and 24 px into Carioca's
top seats' zones; 9-12 px at 1600x900)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from carioca_desktop.storage import Paths
from carioca_desktop.ui import allhands
from carioca_desktop.ui.app import App
from carioca_desktop.ui.replay_viewer import open_viewer
from tests.ui.test_replay_all_hands import _buraco, _carioca, _press

# (window, a top seat's panel) as both games' tables place them
PANELS = [
    ((3840, 2160), pygame.Rect(1576, 124, 689, 220)),  # Buraco's partner
    ((3840, 2160), pygame.Rect(2258, 127, 596, 228)),  # Carioca, five seats
    ((1600, 900), pygame.Rect(658, 52, 285, 91)),
    ((1600, 900), pygame.Rect(940, 54, 249, 95)),
]


@pytest.mark.parametrize(("size", "panel"), PANELS)
def test_a_top_seats_cards_end_within_its_panel(size: tuple[int, int], panel: pygame.Rect) -> None:
    for count in (1, 7, 11, 15):
        rects = allhands.place("top", panel, count, size)
        strip = rects[0].unionall(rects)
        assert strip.bottom <= panel.bottom and strip.top >= panel.top, (count, strip, panel)
        assert rects[0].w >= allhands.MIN_CARD_W  # the index still reads


# (window, a side seat's side and panel) as both games' tables place them
SIDE_PANELS = [
    ((1600, 900), "left", pygame.Rect(11, 342, 249, 91)),  # Buraco: the log is right under
    ((1600, 900), "right", pygame.Rect(1332, 342, 249, 91)),
    ((1600, 900), "left", pygame.Rect(13, 293, 249, 95)),  # Carioca, five seats
    ((3840, 2160), "left", pygame.Rect(28, 826, 601, 220)),
    ((3840, 2160), "right", pygame.Rect(3212, 705, 596, 228)),
]


@pytest.mark.parametrize(("size", "side", "panel"), SIDE_PANELS)
def test_a_side_seats_cards_end_within_its_panel(
    size: tuple[int, int], side: str, panel: pygame.Rect
) -> None:
    """At 1600x900 a side seat's 56-px cards ran 20 px under its panel, over the log's
    title; from 1600x900 up they end within it (below, the panel is shorter than the
    smallest readable card: not asked here)."""
    for count in (1, 7, 11, 15):
        rects = allhands.place(side, panel, count, size)
        strip = rects[0].unionall(rects)
        assert panel.top <= strip.top and strip.bottom <= panel.bottom, (count, strip, panel)
        assert panel.left <= strip.left and strip.right <= panel.right, (count, strip, panel)
        assert rects[0].w >= allhands.MIN_CARD_W


@pytest.mark.slow  # about 10 s: two bot matches replayed at 3840x2160
@pytest.mark.parametrize("size", [(1600, 900), (3840, 2160)])
def test_no_top_hand_reaches_a_meld_area(tmp_path: Path, size: tuple[int, int]) -> None:
    app = App(size=size, paths=Paths.under(tmp_path), fast=True)
    seen: list[str] = []
    for match in (_buraco(4), _carioca(5)):
        scene = open_viewer(app, match)
        app.reset(scene)
        scene.go(40)
        app.frame(0.016)
        _press(scene, pygame.K_v)
        surface = pygame.Surface(size)
        scene.draw(surface)
        drawn = scene.paint_hands(surface)
        layout = scene.layout
        for seat, (side, _panel) in scene.hand_spots().items():
            if side != "top":
                continue
            strip = drawn[seat][0].unionall(drawn[seat])
            zones = [layout.their_zone] if match.game == "buraco" else list(layout.zones.values())
            near = [z for z in zones if z.w and z.h and z.top >= strip.top]
            seen.append(f"{match.game} seat {seat}: {strip} / {near}")
            assert not any(strip.colliderect(z) for z in near), seen[-1]
    assert len(seen) >= 3, seen  # Buraco's partner, Carioca's two top seats
