"""What keeps the replay viewer's step frames near the table's floor, checked by what they
draw (never by time): the bar renders only the words a step changed, and a paused Buraco
viewer paints the card faces of the next step ahead, in frames with nothing to draw, so the
step's frame paints none."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop.storage import Paths
from carioca_desktop.ui import replay_bar, sprites, textfit
from carioca_desktop.ui.app import App
from carioca_desktop.ui.replay_viewer import open_viewer
from tests.ui.test_replay_viewer_looks import _match


def _press(scene: Any, key: int) -> None:
    scene.handle_before_ui(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


@pytest.mark.parametrize("game", ["carioca", "buraco"])
def test_a_step_renders_only_the_bars_new_words(
    tmp_path: Path, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    scene: Any = open_viewer(app, _match(game))
    app.reset(scene)
    scene.go(30)
    scene.paint_bar(pygame.Surface((1600, 900)))  # the bar's words as they are now
    rendered: list[str] = []
    real = textfit.render

    def render(fnt: pygame.font.Font, text: str, colour: object, bg: object = None) -> Any:
        rendered.append(text)
        return real(fnt, text, colour, bg)

    monkeypatch.setattr(textfit, "render", render)
    scene.go(31)
    scene.paint_bar(pygame.Surface((1600, 900)))
    # Only the new position's number (with its shadow): before, both lines, twice each.
    assert rendered == ["31", "31"], rendered
    rendered.clear()
    scene.paint_bar(pygame.Surface((1600, 900)))
    assert rendered == [], rendered


def test_the_bars_words_are_laid_as_one_line_would_be() -> None:
    pygame.font.init()
    runs = replay_bar.Runs()
    fnt = pygame.font.Font(None, 18)
    text = "Acción 31 de 624 · ronda 2"
    surface = pygame.Surface((400, 40), pygame.SRCALPHA)
    right = runs.draw(surface, text, fnt, (390, 20), (255, 255, 255), "midright")
    assert right.right == 390 and abs(right.w - fnt.size(text)[0]) <= 4
    assert surface.get_bounding_rect().colliderect(right)


def test_a_paused_buraco_step_paints_no_card_face_in_its_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=False)  # fast: no rehearsal
    scene: Any = open_viewer(app, _match("buraco"))
    app.reset(scene)
    scene.go(40)
    painted: list[str] = []
    real = sprites.CardImages.shadowed
    stepping = False

    def shadowed(self: Any, code: str, width: int, stands_for: str | None = None) -> Any:
        if stepping and ("shadowed", width, code, stands_for) not in self._images:
            painted.append(f"{code}@{width}")
        return real(self, code, width, stands_for)

    monkeypatch.setattr(sprites.CardImages, "shadowed", shadowed)
    for step in range(12):
        for _ in range(300):  # the frames after the position was shown: the next rehearsed
            app.frame(0.016)
            key = scene._rehearsed
            if key is not None and key[1] == scene.replay.position and scene._stages is None:
                break
        assert scene._stages is None, f"step {step}: the rehearsal did not end in 300 frames"
        stepping = True
        _press(scene, pygame.K_RIGHT)
        app.frame(0.016)
        stepping = False
        scene.animator.finish()
    assert painted == [], f"faces painted in a step's frame: {painted}"
