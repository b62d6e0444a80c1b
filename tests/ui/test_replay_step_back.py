"""A paused Buraco viewer prepares the position one step back in frames with nothing to draw:
a ← then swaps it in (no rebuild, no card face painted in its frame) and shows exactly what a
viewer that jumped there shows. Checked by what the frame calls and draws, never by time."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop.play import replay_session
from carioca_desktop.storage import Paths
from carioca_desktop.ui import sprites
from carioca_desktop.ui.app import App
from carioca_desktop.ui.replay_viewer import open_viewer
from tests.ui.test_replay_viewer_looks import _match


def _press(scene: Any, key: int) -> None:
    scene.handle_before_ui(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def _settle(app: App, scene: Any) -> None:
    """Frames with nothing to draw until the step back is prepared (both rehearsals done)."""
    for _ in range(400):
        app.frame(0.016)
        if scene._back is not None and scene._back_stages is None and scene._stages is None:
            return
    raise AssertionError(
        f"not prepared in 400 frames: back={scene._back!r} stages={scene._back_stages!r}"
    )


def _viewer(tmp_path: Path, name: str, all_hands: bool) -> tuple[App, Any]:
    app = App(size=(1600, 900), paths=Paths.under(tmp_path / name), fast=False)
    scene: Any = open_viewer(app, _match("buraco"))
    app.reset(scene)
    scene.all_hands = all_hands
    return app, scene


@pytest.mark.parametrize("all_hands", [False, True])
def test_a_buraco_step_back_after_idle_frames_rebuilds_and_paints_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, all_hands: bool
) -> None:
    app, scene = _viewer(tmp_path, "a", all_hands)
    scene.go(60)
    built: list[int] = []
    painted: list[str] = []
    real_at = replay_session.Recorded.game_at
    real_shadowed = sprites.CardImages.shadowed
    stepping = False

    def game_at(self: Any, position: int) -> Any:
        if stepping:
            built.append(position)
        return real_at(self, position)

    def shadowed(self: Any, code: str, width: int, stands_for: str | None = None) -> Any:
        if stepping and ("shadowed", width, code, stands_for) not in self._images:
            painted.append(f"{code}@{width}")
        return real_shadowed(self, code, width, stands_for)

    monkeypatch.setattr(replay_session.Recorded, "game_at", game_at)
    monkeypatch.setattr(sprites.CardImages, "shadowed", shadowed)
    used = scene.layer.used_ahead
    for step in range(8):  # ← presses one after another, idle frames between them
        _settle(app, scene)
        stepping = True
        _press(scene, pygame.K_LEFT)
        app.frame(0.016)
        stepping = False
        assert scene.replay.position == 59 - step
    assert built == [], f"positions rebuilt in a ← frame: {built}"
    assert painted == [], f"faces painted in a ← frame: {painted}"
    assert scene.layer.used_ahead > used  # the parts were laid from the ones drawn ahead


@pytest.mark.parametrize("all_hands", [False, True])
def test_a_prepared_step_back_shows_what_a_jump_there_shows(
    tmp_path: Path, all_hands: bool
) -> None:
    app, scene = _viewer(tmp_path, "stepped", all_hands)
    scene.go(45)
    for _ in range(5):
        _settle(app, scene)
        _press(scene, pygame.K_LEFT)
        app.frame(0.016)
    other_app, other = _viewer(tmp_path, "jumped", all_hands)
    other.go(40)
    other_app.frame(0.016)
    app.frame(0.016)
    assert scene.replay.position == other.replay.position == 40
    assert scene.obs == other.obs
    assert scene.log_lines == other.log_lines
    # Each on a surface of its own: both apps draw on pygame's one display surface (the
    # screens compared were one surface).
    pictures = []
    for viewer in (scene, other):
        surface = pygame.Surface(viewer.app.size)
        viewer.draw(surface)
        pictures.append(pygame.image.tobytes(surface, "RGB"))
    assert pictures[0] == pictures[1], "the pictures differ"
