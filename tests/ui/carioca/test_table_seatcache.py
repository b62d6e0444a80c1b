"""Seat panels kept as pictures (seatcache.py) draw what the live panel draws, pixel for
pixel, and a panel whose content changed is drawn again, never taken from the old picture."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from carioca_desktop.storage import Paths
from carioca_desktop.ui import hud
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.carioca import TableScene, zones
from carioca_desktop.ui.scenes.carioca.seatcache import SeatPictures
from carioca_desktop.ui.sprites import CardImages, TextCache
from tests.ui.carioca.test_table_zones import bots_session  # clasico, no autosave


def live_picture(scene: TableScene, monkeypatch: pytest.MonkeyPatch) -> bytes:
    """The whole layer with every seat panel, the top bar and the log drawn live (no kept
    pictures)."""

    def live(surface: pygame.Surface, base: pygame.Surface, panel: pygame.Rect, extent: object,
             info: hud.SeatInfo, texts: TextCache, images: CardImages, back_w: int,
             scale: float, hidden: int) -> None:  # fmt: skip
        hud.draw_seat(surface, panel, info, texts, images, back_w, scale, hidden)

    hidden = scene.frame.hidden()
    under = scene.model.pozo_under if hidden[("pozo",)] else None
    with monkeypatch.context() as patch:
        patch.setattr(scene.view.seat_pictures, "draw", live)
        patch.setattr(scene.view.seat_pictures, "words", lambda *a, **k: None)  # drawn live
        surf = scene.view._draw_layer(scene.model.text, hidden, under)
    return pygame.image.tobytes(surf, "RGB")


@pytest.mark.parametrize("size", [(1600, 900), (1024, 640)])
def test_kept_seat_panels_draw_what_the_live_panels_draw(
    tmp_path: Path, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over four rounds of six bots, every frame's layer (partly redrawn, seat panels, the top
    bar and the log from their pictures) equals the layer drawn whole with every panel drawn
    live. At
    1024×640 two top seats' extents overlap, so one of them is drawn live (not alone)."""
    session = bots_session(5, 6)
    app = App(size=size, paths=Paths.under(tmp_path), fast=True)
    scene = TableScene(app, session)
    app.push(scene)
    pictures = scene.view.seat_pictures
    for _ in range(600):
        if session.game.round_index >= 4:  # four rounds: enough frames for both paths
            break
        if scene.game_over_round:
            session.next_round()
        app.dirty()
        app.frame(1 / 60)
        drawn = scene.view._drawn
        assert drawn is not None
        assert pygame.image.tobytes(drawn, "RGB") == live_picture(scene, monkeypatch)
    assert pictures.hits > 2 and pictures.misses > 5  # both paths ran
    assert len(pictures._words) > 0
    assert size == (1024, 640) or (scene.view.log_alone and scene.view.piles_alone)


def test_a_changed_panel_is_drawn_again_and_an_unchanged_one_is_reused() -> None:
    pygame.init()
    base = pygame.Surface((600, 300))
    base.fill((30, 104, 62))
    pygame.draw.line(base, (200, 180, 90), (0, 0), (600, 300), 3)  # not a flat felt
    images, texts = CardImages(), TextCache()
    panel = pygame.Rect(100, 80, 262, 100)
    extent = zones.seat_extent((100, 80, 262, 100), 1.0, 36, images)
    info = hud.SeatInfo(2, "Ana", "Normal", "35 pts", False, 11, False)
    pictures = SeatPictures()

    def kept(seat: hud.SeatInfo, hidden: int = 0) -> bytes:
        surf = base.copy()
        pictures.draw(surf, base, panel, extent, seat, texts, images, 36, 1.0, hidden)
        return pygame.image.tobytes(surf, "RGB")

    def live(seat: hud.SeatInfo, hidden: int = 0) -> bytes:
        surf = base.copy()
        hud.draw_seat(surf, panel, seat, texts, images, 36, 1.0, hidden)
        return pygame.image.tobytes(surf, "RGB")

    assert kept(info) == live(info)
    assert (pictures.hits, pictures.misses) == (0, 1)
    changes = [
        replace(info, score="120 pts"),
        replace(info, cards=12),
        replace(info, active=True),
        replace(info, laid_down=True),
        replace(info, name="Beto"),
    ]
    for changed in changes:
        assert live(changed) != live(info)  # the change shows
        assert kept(changed) == live(changed)  # so it was drawn again, not reused
    assert kept(info, hidden=1) == live(info, hidden=1)  # a back in flight
    assert pictures.misses == 2 + len(changes)
    assert kept(info) == live(info)
    assert pictures.hits == 1  # the first panel, unchanged, came from its picture
