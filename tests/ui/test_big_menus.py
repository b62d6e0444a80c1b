"""The menu screens in a 3840x2160 window fill it as their 1600x900 layout grown 2.4x: their
widgets take the same share of the window and their words are 2.4x as tall (the menu in the
default run, every other screen in the slow one). They followed the automatic UI scale
(1.75) alone and read as a 1080p layout in the middle of a 4K window."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton, UITextEntryLine

from carioca_desktop.i18n import tr
from carioca_desktop.storage import Paths
from carioca_desktop.ui import widgets
from carioca_desktop.ui.app import App
from carioca_desktop.ui.dpi import screen_growth
from carioca_desktop.ui.scene import Routes, Scene

BIG = (3840, 2160)
GROWTH = 2.4  # 3840x2160 over 1600x900

SCREENS: dict[str, Callable[[Routes], Scene]] = {
    "newgame_carioca": lambda r: r.new_game("carioca"),
    "newgame_buraco": lambda r: r.new_game("buraco"),
    "settings": lambda r: r.settings(),
    "stats": lambda r: r.stats(),
    "history": lambda r: r.history(),
    "rules_carioca": lambda r: r.game_rules("carioca"),
    "rules_buraco": lambda r: r.game_rules("buraco"),
    "tutorial_pick": lambda r: r.choose_game(tr("menu.tutorial"), lambda game: None),
    "net_choice": lambda r: r.net_play(),
    "net_host": lambda r: r.net_host(),
    "net_join": lambda r: r.net_join(),
}


def _widgets(scene: Any) -> list[Any]:
    return [e for e in scene.elements if isinstance(e, (UIButton, UITextEntryLine)) and e.visible]


def _look(app: App, scene: Any) -> tuple[pygame.Rect, float, int]:
    """The rectangle around the scene's buttons and entries, their median height, and the
    smallest height of their words."""
    app.frame(0.016)
    shown = _widgets(scene)
    assert shown, "no widgets on screen"
    around = shown[0].rect.unionall([e.rect for e in shown[1:]])
    heights = sorted(e.rect.h for e in shown)
    words = min(e.font.get_point_size() for e in shown if e.font is not None)
    return around, heights[len(heights) // 2], words


def _open(app: App, name: str) -> Any:
    scene: Any = SCREENS[name](app.routes)
    scene.ask_level = False  # New game's first question, measured on its own screen
    app.reset(app.routes.menu())
    app.push(scene)
    return scene


def _short_of_growth(tmp_path: Path, names: list[str]) -> list[str]:
    """The screens among ``names`` whose widgets did not grow with the window from 1600x900
    to 3840x2160, each with what was measured."""
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    small = {name: _look(app, _open(app, name)) for name in names}
    app.resize(BIG)
    assert app.size == BIG
    big = {name: _look(app, _open(app, name)) for name in names}
    short: list[str] = []
    for name in names:
        (s_rect, s_h, s_words), (b_rect, b_h, b_words) = small[name], big[name]
        # The layout is the design's, grown: the widgets' share of the window is the same,
        # and their words grow as much (1.75x before: the UI scale alone).
        if not (
            b_rect.w >= 0.9 * GROWTH * s_rect.w
            and b_rect.h >= 0.9 * GROWTH * s_rect.h
            and b_h >= 0.9 * GROWTH * s_h
            and b_words >= 0.9 * GROWTH * s_words
        ):
            short.append(f"{name}: {s_rect} {s_h} {s_words}px -> {b_rect} {b_h} {b_words}px")
    return short


@pytest.mark.slow  # about 30 s: every screen's widgets drawn at 4K
def test_every_menu_screen_grows_with_a_4k_window(tmp_path: Path) -> None:
    short = _short_of_growth(tmp_path, list(SCREENS))
    assert not short, "\n".join(short)


def test_the_menu_grows_with_a_4k_window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The menu's widgets and its hand-drawn title (1.7x before, the limit of ``k``); a new
    window size re-places them once (a new UI scale placed them again at the next frame)."""
    sizes: list[int] = []
    title = widgets.gold_title

    def logged(text: str, size: int, *args: Any, **kwargs: Any) -> Any:
        sizes.append(size)
        return title(text, size, *args, **kwargs)

    from carioca_desktop.ui.scenes import menu

    monkeypatch.setattr(menu, "gold_title", logged)
    monkeypatch.setattr(menu.MenuScene, "kept_key", lambda self: None)  # painted, not read back
    builds: list[object] = []
    build = menu.MenuScene.build
    monkeypatch.setattr(menu.MenuScene, "build", lambda self: builds.append(build(self)))
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    app.reset(menu.MenuScene(app))
    looks: list[tuple[int, pygame.Rect, int, int]] = []
    for size in ((1600, 900), BIG):
        sizes.clear()
        builds.clear()
        app.resize(size)
        looks.append((0, *_look(app, app.stack.top)))
        looks[-1] = (max(sizes), *looks[-1][1:])
        assert len(builds) == 1, builds  # re-placed once, not again at the next frame
    (small_title, s_rect, s_h, s_words), (big_title, b_rect, b_h, b_words) = looks
    assert big_title >= 0.97 * GROWTH * small_title, (small_title, big_title)
    assert b_rect.w >= 0.9 * GROWTH * s_rect.w and b_rect.h >= 0.9 * GROWTH * s_rect.h
    assert b_h >= 0.9 * GROWTH * s_h and b_words >= 0.9 * GROWTH * s_words, (s_words, b_words)


def test_the_growth_leaves_the_design_and_small_windows_alone() -> None:
    assert screen_growth((1600, 900), 1.0) == 1.0
    assert screen_growth((1024, 600), 1.0) == 1.0
    assert screen_growth((3840, 2160), 1.75) == pytest.approx(2.4 / 1.75)
    # A player's own UI scale still multiplies it: the growth is over the automatic scale.
    assert screen_growth((2880, 1620), 1.5) == pytest.approx(1.2)


def test_a_grown_list_grows_its_rows_and_their_words() -> None:
    """History's list at any growth, in a small window (cheap): rows and words 2x."""
    from pygame_gui.elements import UISelectionList

    from carioca_desktop.ui.grownlist import GrownList
    from carioca_desktop.ui.theme import make_manager

    pygame.init()
    pygame.display.set_mode((800, 600))
    manager = make_manager((800, 600))
    looks = []
    for grown in (UISelectionList, lambda *a: GrownList(*a, grow=2.0)):
        listing = grown(pygame.Rect(0, 0, 300, 200), ["Ana", "Beto"], manager)
        manager.update(0.016)
        button = listing.item_list[0]["button_element"]
        looks.append((button.rect.h, button.font.get_point_size()))
    (plain_h, plain_words), (big_h, big_words) = looks
    assert big_h == 2 * plain_h and big_words == 2 * plain_words, looks


@pytest.mark.slow  # about 15 s: History's widgets drawn at 4K
def test_historys_list_grows_with_a_4k_window(tmp_path: Path) -> None:
    """Its rows are made by the list itself (1.75x before: the theme's rows and words)."""
    from carioca_desktop.storage.replays import keep_match
    from carioca_desktop.ui.scenes.history import HistoryScene
    from tests.storage.test_replay_store import _fake

    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    keep_match(_fake(1), app.paths)
    scene = HistoryScene(app)
    app.reset(scene)
    rows: list[tuple[int, int]] = []
    for size in ((1600, 900), BIG):
        app.resize(size)  # the scene re-places its widgets
        app.frame(0.016)
        assert scene.listing is not None
        (button,) = [i["button_element"] for i in scene.listing.item_list if i["button_element"]]
        rows.append((button.rect.h, button.font.get_point_size()))
    (small_h, small_words), (big_h, big_words) = rows
    assert big_h >= 0.95 * GROWTH * small_h and big_words >= 0.95 * GROWTH * small_words, rows
