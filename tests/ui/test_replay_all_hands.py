"""The replay viewer's "all hands face up" (V): at both games' tables every other seat's hand is
drawn face up beside its panel, card for card the hand the engine holds, inside a 1280x720
window and not over another seat's hand; V again is "my view" (no other hand shown)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from carioca_desktop.replay_tool import record_bot_match
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.storage.match_file import MatchFile
from carioca_desktop.ui.app import App
from carioca_desktop.ui.replay_viewer import open_viewer


@pytest.fixture
def small_app(tmp_path: Path) -> App:
    return App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)


def _carioca(players: int) -> MatchFile:
    rules = CariocaRules.from_dict({"players": players, "preset": "chico"})
    _r, match, _g = record_bot_match("carioca", rules, ["easy"] * players, 41)
    assert match is not None
    return match


def _buraco(players: int) -> MatchFile:
    preset = "dois_jogadores" if players == 2 else "brasileiro"
    rules = BuracoRules.from_dict({"game": "buraco", "players": players, "preset": preset})
    _r, match, _g = record_bot_match("buraco", rules, ["easy"] * players, 43)
    assert match is not None
    return match


def _press(scene: object, key: int) -> None:
    event = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")
    scene.handle_before_ui(event)  # type: ignore[attr-defined]


@pytest.mark.parametrize("which", ["carioca3", "carioca5", "buraco2", "buraco4"])
def test_all_hands_face_up_shows_every_other_hand(small_app: App, which: str) -> None:
    match = _carioca(int(which[-1])) if which.startswith("c") else _buraco(int(which[-1]))
    scene = open_viewer(small_app, match)
    small_app.reset(scene)
    scene.go(12)
    small_app.frame(0.016)
    surface = pygame.Surface((1280, 720))
    assert scene.paint_hands(surface) == {}  # my view: no other hand
    _press(scene, pygame.K_v)
    assert scene.all_hands
    scene.draw(surface)
    drawn = scene.paint_hands(surface)
    game, viewer = scene.replay.game, scene.replay.seat
    assert set(drawn) == set(range(game.players)) - {viewer}
    screen = surface.get_rect()
    for seat, rects in drawn.items():
        codes = game.hand(seat)
        assert len(rects) == len(codes) > 0
        assert all(screen.contains(r) and r.width >= 40 for r in rects)
        last = rects[-1]  # the last card lies on top: it is that card's face
        face = scene.images.face(codes[-1], last.width)
        assert surface.subsurface(last).copy().get_at((5, 5)) == face.get_at((5, 5))
        for other, theirs in drawn.items():
            if other != seat:
                area = rects[0].unionall(rects)
                assert not area.colliderect(theirs[0].unionall(theirs))
    _press(scene, pygame.K_v)
    assert not scene.all_hands and scene.paint_hands(surface) == {}
