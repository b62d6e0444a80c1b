"""New game opens on the game the player chose last (Carioca on a first run), remembered in
the settings file; a bad value there is reported and set aside."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
from pathlib import Path

from carioca_desktop.storage import Paths, load_settings
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco.newgame import BuracoNewGameScene
from carioca_desktop.ui.scenes.carioca.newgame import NewGameScene
from carioca_desktop.ui.scenes.menu import MenuScene


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.frame(0.016)


def open_new_game(app: App) -> object:
    menu = MenuScene(app)
    app.reset(menu)
    frames(app)
    menu._new_game()
    frames(app)
    return app.stack.top


def test_new_game_opens_on_the_game_chosen_last(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    app = App(size=(1280, 720), paths=paths, fast=True)
    carioca = open_new_game(app)
    assert isinstance(carioca, NewGameScene)
    carioca._set_game("buraco")
    frames(app)
    assert isinstance(app.stack.top, BuracoNewGameScene)
    assert load_settings(paths)[0].last_game == "buraco"

    again = App(size=(1280, 720), paths=paths, fast=True)  # the next time the app starts
    buraco = open_new_game(again)
    assert isinstance(buraco, BuracoNewGameScene)
    buraco._set_game("carioca")
    frames(again)
    assert isinstance(again.stack.top, NewGameScene)
    assert load_settings(paths)[0].last_game == "carioca"


def test_a_bad_last_game_is_set_aside_and_carioca_opens(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    paths.settings_file.parent.mkdir(parents=True, exist_ok=True)
    doc = {"schema": 1, "volume": 0.4, "last_game": "poker"}
    paths.settings_file.write_text(json.dumps(doc), encoding="utf-8")
    loaded, notices = load_settings(paths)
    assert loaded.last_game == "carioca" and loaded.volume == 0.4
    assert [n.detail.split(":")[0] for n in notices] == ["last_game"]
    assert isinstance(open_new_game(App(size=(1280, 720), paths=paths, fast=True)), NewGameScene)
