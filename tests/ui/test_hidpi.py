"""A high-DPI drawable: the app draws at the drawable's pixels while the window and the mouse
speak points (``ui/window.py``). A Retina screen is simulated with the test hook
``CARIOCA_PIXEL_RATIO=2``; the real ``pygame.Window`` path is opened with
``CARIOCA_WINDOW=hidpi`` (its ratio is 1 on these drivers)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UIButton

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.storage import Paths
from carioca_desktop.ui import window as window_module
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import BuracoTableScene
from carioca_desktop.ui.scenes.carioca.layout import compute_layout
from carioca_desktop.ui.scenes.menu import MenuScene
from carioca_desktop.ui.window import choose_mode, simulated_ratio
from tests.ui.buraco.test_table import seats
from tests.ui.carioca.test_table_scene import SIMPLE, card_pos, did, frames, table

pytestmark = pytest.mark.usefixtures("spanish")


def halved(pos: tuple[int, int]) -> tuple[int, int]:
    """A drawable position (pixels at ratio 2) as the window's points SDL reports."""
    return (pos[0] // 2, pos[1] // 2)


def click(app: App, points: tuple[int, int]) -> None:
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=points, button=1))
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=points, button=1))
    frames(app)


def menu(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ratio: int) -> App:
    monkeypatch.setenv("CARIOCA_PIXEL_RATIO", str(ratio))
    app = App(size=(1600, 900), paths=Paths.under(tmp_path / str(ratio)), fast=True)
    app.push(MenuScene(app))
    app.frame(0.0)
    return app


def buttons(app: App) -> list[UIButton]:
    found = [e for e in app.manager.get_root_container().elements if isinstance(e, UIButton)]
    return sorted(found, key=lambda b: (b.rect.top, b.rect.left))


def test_the_window_kind_is_chosen_per_system_and_by_the_switch() -> None:
    assert choose_mode({}, "darwin")[0] == "hidpi"  # Retina
    assert choose_mode({}, "linux")[0] == "legacy"  # X11: SDL 2 has no pixel ratio there
    assert choose_mode({}, "win32")[0] == "legacy"  # per-monitor awareness gives pixels
    assert choose_mode({"SDL_VIDEODRIVER": "wayland"}, "linux")[0] == "hidpi"
    legacy = choose_mode({"CARIOCA_WINDOW": "legacy"}, "darwin")
    assert legacy == ("legacy", "CARIOCA_WINDOW=legacy")
    assert choose_mode({"CARIOCA_WINDOW": "hidpi"}, "linux")[0] == "hidpi"
    assert choose_mode({"CARIOCA_WINDOW": "sharp!"}, "linux")[0] == "legacy"  # auto's
    ratios = [simulated_ratio({"CARIOCA_PIXEL_RATIO": v}) for v in ("2", "x", "9", "0")]
    assert ratios == [2, 1, 1, 1]


def test_a_ratio_of_two_draws_the_window_at_twice_its_points(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    one, two = menu(tmp_path, monkeypatch, 1), menu(tmp_path, monkeypatch, 2)
    assert two.window.points == one.window.points == (1600, 900)
    assert two.size == two.screen.get_size() == (3200, 1800)
    assert two.manager.window_resolution == (3200, 1800)
    assert (one.ui_scale, two.ui_scale) == (1.0, 2.0)
    assert two.automatic_ui_scale() == 1.0  # the Settings row's "automatic": in points
    for a, b in zip(buttons(one), buttons(two), strict=True):  # the same menu, twice as big
        assert abs(b.rect.w - 2 * a.rect.w) <= 2 and abs(b.rect.top - 2 * a.rect.top) <= 2
    m1 = buttons(one)[0].font.size("M")[1]
    assert buttons(two)[0].font.size("M")[1] >= 1.9 * m1  # text drawn at 2x


def test_the_carioca_tables_words_grow_with_the_ratio_not_with_its_limits() -> None:
    one = compute_layout((1600, 900), 4, 0, "medium", 1.0, 1.0)
    two = compute_layout((3200, 1800), 4, 0, "medium", 2.0, 2.0)
    assert abs(two.top_bar.height - 2 * one.top_bar.height) <= 1
    assert abs(two.viewer_panel.width - 2 * one.viewer_panel.width) <= 1
    # Without the ratio, the window's growth and the UI scale would both count: 2.6x words.
    unaware = compute_layout((3200, 1800), 4, 0, "medium", 2.0)
    assert unaware.top_bar.height >= 2.5 * one.top_bar.height


def test_clicks_at_window_points_land_on_the_right_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARIOCA_PIXEL_RATIO", "2")
    app, scene = table(tmp_path, SIMPLE)
    assert app.size == (3200, 1800)
    click(app, halved(scene.layout.stock.center))
    assert scene.session.game.phase.value == "play"  # drew from the stock
    click(app, halved(card_pos(scene, "JH")))
    assert scene.hand.selected is not None
    assert scene.hand.code(scene.hand.selected) == "JH"
    click(app, halved(scene.layout.pozo.center))
    assert did(scene, "discard", "JH")


def test_a_card_dragged_at_window_points_reaches_buracos_pile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARIOCA_PIXEL_RATIO", "2")
    app = App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)
    session = BuracoSession.new(preset_rules("brasileiro"), seats(), 21, autosave=False)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(0.016)
    click(app, halved(scene.layout.stock.center))
    game = session.game
    assert game.phase.value == "play"
    code = scene.hand.cards[2].code
    start = halved(scene.moves.hand_rows()[2][1].center)
    end = halved(scene.layout.pile_area.center)
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for k in range(1, 6):
        at = (start[0] + (end[0] - start[0]) * k // 5, start[1] + (end[1] - start[1]) * k // 5)
        app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0)))
    dragged = scene.moves.drag_card()
    assert dragged is not None and dragged[0] == code
    assert abs(dragged[1].centerx - 2 * end[0]) <= 1  # held under the pointer, in pixels
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    assert game.current_player == 1 and game.observation(0).pile[-1] == code


def test_pygame_gui_hears_the_pointer_and_the_clicks_in_pixels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = menu(tmp_path, monkeypatch, 2)
    target = buttons(app)[-1]
    where = halved(target.rect.center)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda *a: where)  # SDL's pointer: points
    app.frame(1 / 60)
    assert target.hovered
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=where, button=1))
    assert target.held  # pressed where the player pressed, not at half the place


def test_the_high_dpi_window_opens_resizes_and_goes_full_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARIOCA_WINDOW", "hidpi")
    app = App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)
    app.push(MenuScene(app))
    app.frame(0.0)
    assert app.window.mode == "hidpi" and isinstance(app.window._sdl, pygame.Window)
    assert app.screen is app.window.surface and app.window._texture is not None  # its own
    assert app.size == app.window.points == (1280, 720) and app.pixel_ratio == 1.0
    app.process(pygame.event.Event(pygame.VIDEORESIZE, w=1400, h=800, size=(1400, 800)))
    assert app.size == (1400, 800) and app.settings.window_size == (1400, 800)
    app.process(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    assert app.settings.fullscreen
    app.process(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    assert not app.settings.fullscreen and app.size == (1400, 800)
    app.frame(1 / 60)
    shot = tmp_path / "shot.png"
    app.screenshot(str(shot))
    assert pygame.image.load(str(shot)).get_size() == (1400, 800)


def test_a_refused_high_dpi_window_falls_back_to_the_old_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise pygame.error("no such window")

    monkeypatch.setenv("CARIOCA_WINDOW", "hidpi")
    monkeypatch.setattr(window_module.pygame, "Window", refuse)
    app = App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)
    assert app.window.mode == "legacy" and "no such window" in app.window.reason
    assert pygame.display.get_surface() is app.screen


def test_a_fresh_process_plays_a_round_in_the_high_dpi_window(tmp_path: Path) -> None:
    """In a process where no display-module window ever existed (pygame converts images to a
    window surface's format: the high-DPI window borrows a hidden one's)."""
    env = {
        **os.environ,
        "CARIOCA_WINDOW": "hidpi",
        "CARIOCA_HOME": str(tmp_path),
        "CARIOCA_DISCOVERY": "127.0.0.1",
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
    }
    shot = tmp_path / "table.png"
    command = [sys.executable, "-m", "carioca_desktop", "--autoplay", "--seed", "3"]
    done = subprocess.run(
        [*command, "--rounds", "1", "--screenshot", str(shot)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0 and "stopped" not in done.stderr, done.stderr[-2000:]
    assert pygame.image.load(str(shot)).get_size() == (1600, 900)
