"""The tutorial: its script alone, and played to the end through synthetic input.

Clicks, drags and keys; a gentle word for a move off the script; nothing saved.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop.play.carioca.tutorial import (
    BOT_TRIO,
    STEPS,
    YOUR_ESCALA,
    YOUR_TRIO,
    Tutorial,
    tutorial_session,
)
from carioca_desktop.rules.carioca.actions import POZO, STOCK, Add, Discard, Draw, LayDown, Swap
from carioca_desktop.storage import Paths, has_autosave
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.carioca.tutorial import TutorialScene
from carioca_desktop.ui.scenes.menu import MenuScene
from tests.ui.carioca.test_table_scene import card_pos, drag, frames, press

pytestmark = pytest.mark.usefixtures("spanish")


def test_the_script_plays_through_without_a_screen() -> None:
    session, tutorial = tutorial_session("Tú"), Tutorial()
    game = session.game

    def move(action: Any) -> None:
        assert game.check(action) is None and not tutorial.objects(action), action
        session.apply(action)
        tutorial.moved(action)

    assert tutorial.objects(Draw(0, STOCK)) and tutorial.nudged  # not this time
    move(Draw(0, POZO))
    tutorial.arranged()
    move(LayDown(0, (("7S", "7D", "7C"), ("3H", "4H", "5H", "6H"))))
    assert tutorial.objects(Discard(0, "10H"))  # it is needed later
    move(Discard(0, "KC"))
    assert tutorial.step.id == "watch"
    while (action := session.pending_bot_action()) is not None:
        session.apply(action)
    tutorial.watch(game)
    assert tutorial.step.id == "draw_stock"
    assert game.observation(0).table[BOT_TRIO].stands_for == (None, None, "10")
    move(Draw(0, STOCK))
    move(Add(0, YOUR_ESCALA, "7H"))
    move(Swap(0, BOT_TRIO, "10H"))
    move(Add(0, YOUR_TRIO, "JK"))
    move(Discard(0, "9D"))
    assert tutorial.finished and game.phase.value == "match_over"
    assert [s.id for s in STEPS][-1] == "done" and session.autosave is False


def test_an_optional_step_gives_way_to_the_next_move() -> None:
    session, tutorial = tutorial_session("Tú"), Tutorial()
    session.apply(Draw(0, POZO))
    tutorial.moved(Draw(0, POZO))
    laydown = LayDown(0, (("7S", "7D", "7C"), ("3H", "4H", "5H", "6H")))
    assert tutorial.step.id == "arrange" and not tutorial.objects(laydown)
    tutorial.moved(laydown)
    assert tutorial.step.id == "discard"


def step(scene: TutorialScene) -> str:
    return scene.tutorial.step.id


def test_the_tutorial_played_to_the_end_with_clicks_drags_and_keys(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    app = App(size=(1600, 900), paths=paths, fast=True)
    app.push(MenuScene(app))
    scene = TutorialScene(app)
    app.push(scene)
    frames(app)
    widgets = scene.widgets
    assert widgets is not None and step(scene) == "draw"
    codes, rects, _ = scene.lit()
    assert codes == ("7S", "7D") and rects == [scene.layout.pozo]

    press(app, scene.layout.stock.center)  # off the script: a gentle word, nothing happens
    assert step(scene) == "draw" and scene.session.game.phase.value == "draw"
    assert scene.toasts[-1].text == "Esta vez toma el 7♣ del pozo: haz clic en el pozo."
    assert scene.tutorial.nudged
    app.screenshot(str(tmp_path / "nudge.png"))

    press(app, scene.layout.pozo.center)
    assert step(scene) == "arrange"
    press(app, widgets.sort_suit.rect.center)
    assert step(scene) == "lay_down"
    for k, code in enumerate(("7S", "7D", "7C", "3H", "4H", "5H", "6H")):
        drag(app, card_pos(scene, code), scene.view.slots[0 if k < 3 else 1].rect.center)
    assert widgets.lay_down.is_enabled
    press(app, widgets.lay_down.rect.center)
    assert step(scene) == "discard"
    pos = card_pos(scene, "KC")
    press(app, pos)
    press(app, pos)  # a double click discards
    assert step(scene) in ("watch", "draw_stock")
    for _ in range(10):
        if step(scene) == "draw_stock":
            break
        frames(app)
    assert step(scene) == "draw_stock"

    key(app, pygame.K_s)
    assert step(scene) == "add"
    escala = scene.view.melds[YOUR_ESCALA].box
    drag(app, card_pos(scene, "7H"), (escala.right - 4, escala.centery))
    assert step(scene) == "swap"
    wild = scene.view.melds[BOT_TRIO].cards[2]
    drag(app, card_pos(scene, "10H"), (wild.centerx, wild.top + 10))
    assert step(scene) == "joker" and "JK" in scene.session.game.hand(0)
    press(app, card_pos(scene, "JK"))  # click to pick, click the meld: no dragging
    press(app, scene.view.melds[YOUR_TRIO].box.center)
    assert step(scene) == "go_out"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_d)
    assert scene.tutorial.finished and scene.session.game.phase.value == "match_over"
    for _ in range(3):
        app.frame(1.0)
    assert app.stack.top is scene  # no score sheet: the coach says goodbye
    menu_button = scene.coach_buttons[0]
    press(app, menu_button.rect.center)
    frames(app)
    assert isinstance(app.stack.top, MenuScene)
    assert not has_autosave(paths)  # the tutorial never touches the player's save


def test_leaving_the_tutorial_returns_to_the_menu(tmp_path: Path) -> None:
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    scene = TutorialScene(app)
    app.push(scene)
    frames(app)
    assert scene.coach_buttons and scene.coach_buttons[0].text == "Salir del tutorial"
    press(app, scene.coach_buttons[0].rect.center)
    frames(app)
    assert isinstance(app.stack.top, MenuScene)


def key(app: App, code: int) -> None:
    app.process(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    frames(app)


def test_the_tutorial_is_a_one_round_match() -> None:
    """Its header said "Ronda 2 de 8": the tutorial is one round, the classic round 2."""
    from carioca_desktop.play.carioca.tutorial import tutorial_game

    game = tutorial_game("Tú")
    assert game.round_index == 0 and game.rules.rounds == ("1T1E",)
    assert game.contract.code == "1T1E"
