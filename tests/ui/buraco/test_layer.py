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

from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.seated import SeatConfig
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


def test_pieces_changed_is_where_the_changed_pieces_were_and_are() -> None:
    from carioca_desktop.ui.scenes.buraco.pieces import Pieces, Probe

    def extent(key: tuple[int, int]) -> pygame.Rect:
        return pygame.Rect(key[0], key[1], 10, 10)

    before = Pieces("base", {0: (0, 0), 1: (20, 0), 2: (40, 0)}, extent)
    after = Pieces("base", {0: (0, 0), 1: (20, 0), 2: (60, 0), 3: (80, 0)}, extent)
    # piece 2 moved (40 → 60) and piece 3 is new; pieces 0 and 1 are not redrawn
    assert after.changed(before) == pygame.Rect(40, 0, 50, 10)
    assert before.changed(before) == pygame.Rect(0, 0, 0, 0)
    gone = Pieces("base", {0: (0, 0)}, extent)
    assert gone.changed(before) == pygame.Rect(20, 0, 30, 10)

    probe = Probe()
    card = pygame.Surface((7, 9))
    probe.blit(card, (3, 4))
    probe.blit(card, pygame.Rect(30, 1, 100, 100))  # a Rect's corner, the source's size
    assert probe.rect == pygame.Rect(3, 1, 34, 12)


def test_a_meld_that_grows_redraws_its_side_only_where_melds_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over a played round, some meld parts are drawn again in less than half their region
    (the pixels are checked by the test above)."""
    from carioca_desktop.ui.scenes.buraco import pieces

    clips: list[pygame.Rect] = []
    changed = pieces.Pieces.changed

    def spy(self: pieces.Pieces, before: pieces.Pieces) -> pygame.Rect:
        clips.append(changed(self, before))
        return clips[-1]

    monkeypatch.setattr(pieces.Pieces, "changed", spy)
    seats = [SeatConfig(n, "bot", "normal") for n in ("Ana", "Beto", "Carla", "Diego")]
    session = BuracoSession.new(preset_rules("brasileiro"), seats, 8, autosave=False)
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=False)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    for _ in range(400):
        if session.game.round_over:
            break
        scene.perform(session.pending_bot_action() or pytest.fail("no bot move"))
        scene.layer.get(scene.picture())
    u = scene.layout.upx
    zone = scene.layout.our_zone.inflate(u(16), u(12))
    assert clips, "no meld part was drawn again by its pieces"
    assert any(0 < c.w * c.h < zone.w * zone.h // 2 for c in clips)
