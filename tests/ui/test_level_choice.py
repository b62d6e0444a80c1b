"""The very first New game asks the bots' level, one line on each, suggesting Beginner; the
answer is every bot seat's, kept in the settings, and not asked again."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pygame
import pygame_gui
import pytest

from carioca_desktop.i18n import tr
from carioca_desktop.storage import Paths, Settings, load_settings
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco.newgame import BuracoNewGameScene
from carioca_desktop.ui.scenes.carioca.newgame import NewGameScene
from carioca_desktop.ui.scenes.levelchoice import OFFERED, SUGGESTED, LevelChoiceScene
from carioca_desktop.ui.scenes.menu import MenuScene
from tests.fixtures.drawn import record_drawn_text

pytestmark = pytest.mark.usefixtures("spanish")


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.frame(0.016)


def click(app: App, text: str) -> None:
    button = next(
        w
        for w in app.manager.get_sprite_group().sprites()
        if isinstance(w, pygame_gui.elements.UIButton) and w.alive() and w.text == text
    )
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.process(pygame.event.Event(kind, button=1, pos=button.rect.center, touch=False))
    frames(app)


def named(level: str) -> str:
    name = tr(f"common.level_{level}")
    return name[:1].upper() + name[1:]


@pytest.mark.parametrize("game", ["carioca", "buraco"])
def test_the_first_new_game_asks_the_level_and_remembers_it(
    tmp_path: Path, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    said: list[str] = []
    record_drawn_text(monkeypatch, said)
    app = App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)
    app.update_settings(app.settings.replace(last_game=game))
    app.push(MenuScene(app))
    frames(app)
    click(app, tr("menu.new_game"))
    question = app.stack.top
    assert isinstance(question, LevelChoiceScene)
    app.screenshot(str(tmp_path / "ask.png"))
    for level in OFFERED:  # one line on each, the game's own
        assert any(tr(f"levels.{game}.{level}").startswith(s) for s in said if s), level
    assert any(named(SUGGESTED).lower() in s for s in said)  # the suggestion said in words
    click(app, named("easy"))
    screen = app.stack.top
    assert isinstance(screen, (NewGameScene, BuracoNewGameScene))
    kinds = [s.kind for s in screen.seats] if isinstance(screen, NewGameScene) else screen.kinds
    assert kinds[0] == "human" and set(kinds[1:]) == {"easy"}
    assert load_settings(app.paths)[0].bot_level == "easy"
    frames(app)
    shown = [
        w.text
        for w in app.manager.get_sprite_group().sprites()
        if isinstance(w, pygame_gui.elements.UIButton) and w.alive() and w.visible
    ]
    assert tr("newgame.start") in shown  # the screen is whole again, its widgets alive
    app.reset(MenuScene(app))
    frames(app)
    click(app, tr("menu.new_game"))  # the next time: not asked, the level kept
    again = app.stack.top
    assert isinstance(again, (NewGameScene, BuracoNewGameScene))
    kinds = [s.kind for s in again.seats] if isinstance(again, NewGameScene) else again.kinds
    assert set(kinds[1:]) == {"easy"}


def test_esc_keeps_the_levels_and_asks_again_next_time(tmp_path: Path) -> None:
    app = App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)
    app.push(MenuScene(app))
    frames(app)
    click(app, tr("menu.new_game"))
    app.process(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    frames(app)
    assert isinstance(app.stack.top, NewGameScene)
    assert app.settings.bot_level is None


@pytest.mark.parametrize("bad", ["expert", 3, ""])
def test_a_bad_remembered_level_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="bot_level"):
        Settings(bot_level=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [(1024, 600), (1600, 900), (3840, 2160)])
def test_every_levels_line_is_shown_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """Spanish beginner's line was cut after two lines ("...y se aferra a las")."""
    from carioca_desktop import i18n

    app = App(size=size, paths=Paths.under(tmp_path), fast=True)
    drawn: list[str] = []
    record_drawn_text(monkeypatch, drawn)
    cut: list[str] = []
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            for game in ("carioca", "buraco"):
                drawn.clear()
                LevelChoiceScene(app, game, lambda level: None).paint(pygame.Surface(size))
                shown = " ".join(drawn).split()
                for level in OFFERED:
                    words = tr(f"levels.{game}.{level}").split()
                    if not any(shown[i : i + len(words)] == words for i in range(len(shown))):
                        cut.append(f"{lang} {game} {level}")
    finally:
        i18n.set_language("es")
    assert not cut, cut
