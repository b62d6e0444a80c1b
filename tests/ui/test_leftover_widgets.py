"""Every screen's widgets go when the screen goes: each way out of each screen (its buttons,
Esc) is taken, and no widget made by a screen that left the stack is still alive in the UI
manager (the tutorial's goodbye once left its two buttons over the menu and the next table).

The judge does not ask the stack who owns what: each widget is stamped, when it is made, with
the scene whose code made it (the nearest scene on the call stack)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import sys
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest
from pygame_gui.core import UIElement

from carioca_desktop.i18n import tr
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scene import Scene
from carioca_desktop.ui.scenes.buraco.tutorial import BuracoTutorialScene
from carioca_desktop.ui.scenes.carioca.tutorial import TutorialScene
from carioca_desktop.ui.scenes.menu import MenuScene

pytestmark = pytest.mark.usefixtures("spanish")

MAKERS: weakref.WeakKeyDictionary[Any, Scene] = weakref.WeakKeyDictionary()


@pytest.fixture(autouse=True)
def stamped(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Stamp each new widget with the scene whose code made it."""
    original = UIElement.__init__

    def init(self: Any, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        frame = sys._getframe(1)
        while frame is not None:
            maker = frame.f_locals.get("self")
            if isinstance(maker, Scene):
                MAKERS[self] = maker
                break
            frame = frame.f_back  # type: ignore[assignment]

    monkeypatch.setattr(UIElement, "__init__", init)
    yield
    MAKERS.clear()


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.frame(0.016)


def leftovers(app: App) -> list[str]:
    """Alive widgets whose making scene is off the stack."""
    on = {id(s) for s in app.stack.scenes}
    return [
        f"{type(MAKERS[w]).__name__}: {getattr(w, 'text', type(w).__name__)!r}"
        for w in app.manager.get_sprite_group().sprites()
        if w.alive() and w in MAKERS and id(MAKERS[w]) not in on
    ]


def own_buttons(app: App, scene: Scene) -> list[str]:
    return [
        w.text
        for w in app.manager.get_sprite_group().sprites()
        if isinstance(w, pygame_gui.elements.UIButton) and w.alive() and MAKERS.get(w) is scene
    ]


def click_text(app: App, scene: Scene, text: str) -> None:
    """A left click in the middle of the scene's button that says ``text``."""
    button = next(
        w
        for w in app.manager.get_sprite_group().sprites()
        if isinstance(w, pygame_gui.elements.UIButton)
        and w.alive()
        and MAKERS.get(w) is scene
        and w.text == text
    )
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        event = pygame.event.Event(kind, button=1, pos=button.rect.center, touch=False)
        app.process(event)
    frames(app)


def escape(app: App) -> None:
    app.process(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    frames(app)


def finished(scene: Any) -> None:
    """The tutorial at its goodbye (its last step)."""
    scene.tutorial.index = len(scene.tutorial.steps) - 1
    scene.app.dirty()


def open_menu(tmp_path: Path) -> App:
    app = App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)
    app.push(MenuScene(app))
    frames(app)
    return app


@pytest.mark.parametrize("make", [TutorialScene, BuracoTutorialScene])
def test_the_tutorials_goodbye_buttons_go_with_the_tutorial(
    tmp_path: Path, make: Callable[[App], Any]
) -> None:
    for way in (0, 1):  # "Menu", then "Play a match"
        app = open_menu(tmp_path)
        scene = make(app)
        app.push(scene)
        frames(app)
        finished(scene)
        frames(app)
        words = [tr("common.menu"), tr(f"{scene.coach_ns}.play")]
        assert set(words) <= set(own_buttons(app, scene))
        click_text(app, scene, words[way])
        assert scene not in app.stack.scenes
        assert leftovers(app) == []
        if way == 1:  # the new game's screen, then back to the menu: still nothing left
            escape(app)
            assert leftovers(app) == []


def screens(app: App) -> dict[str, Callable[[], Scene]]:
    """Each screen reachable from the menu, made afresh."""
    from carioca_desktop.rules import RuleSet
    from carioca_desktop.ui.scenes.buraco.newgame import BuracoNewGameScene
    from carioca_desktop.ui.scenes.buraco.rules import BuracoRulesScene
    from carioca_desktop.ui.scenes.carioca.newgame import NewGameScene
    from carioca_desktop.ui.scenes.carioca.rules import RulesScene
    from carioca_desktop.ui.scenes.pause import PauseScene
    from carioca_desktop.ui.scenes.settings import SettingsScene
    from carioca_desktop.ui.scenes.stats import StatsScene

    def buraco_rules() -> Any:
        return RuleSet.from_dict({"game": "buraco", "preset": "brasileiro"})

    return {
        "newgame": lambda: NewGameScene(app),
        "buraco_newgame": lambda: BuracoNewGameScene(app),
        "settings": lambda: SettingsScene(app),
        "settings_rules": lambda: SettingsScene(app, "rules"),
        "stats": lambda: StatsScene(app),
        "rules": lambda: RulesScene(app),
        "buraco_rules": lambda: BuracoRulesScene(app, buraco_rules(), at_table=False),
        "pause": lambda: PauseScene(app),
        "tutorial": lambda: TutorialScene(app),
        "buraco_tutorial": lambda: BuracoTutorialScene(app),
    }


@pytest.mark.parametrize(
    "name",
    ["newgame", "buraco_newgame", "settings", "stats", "rules", "buraco_rules", "pause",
     "tutorial", "buraco_tutorial",
     pytest.param("settings_rules", marks=pytest.mark.slow)],  # a button per house rule
)  # fmt: skip
def test_every_way_out_of_every_screen_leaves_none_of_its_widgets(
    tmp_path: Path, name: str
) -> None:
    """Each of the screen's buttons pressed (on a fresh stack: menu, then the screen), and
    Esc: whatever the button opens, no widget of a screen off the stack is left."""
    app = open_menu(tmp_path)
    scene = screens(app)[name]()
    app.push(scene)
    frames(app)
    words = own_buttons(app, scene)
    assert words, name
    for text in [*words, None]:
        app.reset(MenuScene(app))
        frames(app)
        scene = screens(app)[name]()
        app.push(scene)
        frames(app)
        if text is None:
            escape(app)
        elif text in own_buttons(app, scene):
            click_text(app, scene, text)
        assert leftovers(app) == [], (name, text)
        app.running = True  # a Quit button stops only the loop this test does not run


def test_the_abandon_dialogs_safe_answer_is_the_highlighted_default(tmp_path: Path) -> None:
    from carioca_desktop.ui.scenes.confirm import ConfirmScene

    app = open_menu(tmp_path)
    dialog = ConfirmScene(app, "?", ["Ana, Beto"], tr("newgame.abandon_yes"),
                          tr("newgame.abandon_no"), lambda: None)  # fmt: skip
    app.push(dialog)
    frames(app)
    looks = {
        w.text: w.get_class_ids()[-1]
        for w in app.manager.get_sprite_group().sprites()
        if isinstance(w, pygame_gui.elements.UIButton) and MAKERS.get(w) is dialog
    }
    assert looks[tr("newgame.abandon_no")] == "@primary"
    assert looks[tr("newgame.abandon_yes")] != "@primary"
    app.process(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    frames(app)
    assert dialog.answered is False  # Enter answers the highlighted, safe one
