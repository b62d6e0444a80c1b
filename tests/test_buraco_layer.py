"""The Buraco table's cached layer (ui/scenes/buraco/layer.py) draws what painting the whole
table draws: after every move of a played round, the frame kept up to date part by part is
pixel for pixel the frame painted from scratch (so no part reaches outside its region and
no part is left stale)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pytest

from carioca_desktop.play.buraco_session import BuracoSession
from carioca_desktop.play.session import SeatConfig
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import BuracoTableScene
from carioca_desktop.ui.scenes.buraco import paint as buraco_paint


def differing(a: pygame.Surface, b: pygame.Surface) -> int:
    """How many pixels differ."""
    diff = a.copy()
    diff.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other = b.copy()
    other.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(diff, (0, 0, 0, 255), (1, 1, 1, 255)).count()
    return a.get_width() * a.get_height() - same


@pytest.mark.parametrize(("size", "preset"), [((1600, 900), "brasileiro"),
                                              ((1280, 720), "tres_mortos"),
                                              ((1440, 900), "dois_jogadores")])  # fmt: skip
def test_the_layer_kept_part_by_part_is_the_table_painted_whole(
    tmp_path: Path, size: tuple[int, int], preset: str
) -> None:
    rules = preset_rules(preset)
    names = ("Ana", "Beto", "Carla", "Diego")[: rules.players]
    seats = [SeatConfig(n, "bot", "normal") for n in names]
    session = BuracoSession.new(rules, seats, 8, autosave=False)
    app = App(size=size, paths=Paths.under(tmp_path), fast=False)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    game = session.game
    whole = pygame.Surface(size).convert()
    checked = 0
    for step in range(400):
        if game.round_over:
            break
        before = game.event_count
        scene.perform(session.pending_bot_action() or pytest.fail("no bot move"))
        assert game.event_count > before
        if step % 3:
            continue
        picture = scene.picture()
        scene.layer.get(picture)  # up to date part by part
        buraco_paint.paint(whole, picture)  # from scratch, no layer, nothing clipped
        kept = app.screen.copy()
        buraco_paint.paint(kept, picture, scene.layer)
        assert differing(kept, whole) == 0, f"after move {step}"
        checked += 1
    assert checked > 20
