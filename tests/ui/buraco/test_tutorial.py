"""The Buraco tutorial: its script alone, every wrong move answered with the step's hint and
nothing changed, the whole round played through the real table's clicks, drags and keys,
its words in every language, and the menu's way to it (and to Buraco's rules)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from carioca_desktop import i18n
from carioca_desktop.play.buraco.tutorial import (
    ACES,
    KINGS,
    PARTNER_RUN,
    RUN,
    SPADES,
    STEPS,
    YOUR_RUN,
    BuracoTutorial,
    tutorial_session,
)
from carioca_desktop.rules.buraco.actions import Action, Add, Discard, Draw, LayDown, TakePile
from carioca_desktop.storage import Paths, has_autosave
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco.rules import BuracoRulesScene
from carioca_desktop.ui.scenes.buraco.tutorial import NS, BuracoTutorialScene
from carioca_desktop.ui.scenes.gamechoice import GameChoiceScene
from carioca_desktop.ui.scenes.menu import MenuScene
from tests.ui.carioca.test_table_scene import drag, frames, press

pytestmark = pytest.mark.usefixtures("spanish")

# The right move of each step of the player, and a move the engine allows that is not it.
RIGHT: dict[str, Action] = {
    "draw": Draw(0),
    "lay_down": LayDown(0, (RUN,)),
    "discard": Discard(0, "9C"),
    "take_pile": TakePile(0),
    "meld_set": LayDown(0, (KINGS,)),
    "buraco": Add(0, YOUR_RUN, ("10H", "JH")),
    "partner": Add(0, PARTNER_RUN, ("9C", "10C")),
    "morto": LayDown(0, (SPADES, ACES)),
    "go_out": Discard(0, "4D"),
}
WRONG: dict[str, Action] = {
    "draw": TakePile(0),
    "lay_down": Discard(0, "KS"),
    "discard": Add(0, YOUR_RUN, ("10H",)),
    "take_pile": Draw(0),
    "meld_set": Add(0, YOUR_RUN, ("10H",)),
    "buraco": Add(0, PARTNER_RUN, ("9C",)),
    "partner": Discard(0, "9C"),
    "morto": Discard(0, "4D"),
}


def test_the_script_plays_through_without_a_screen() -> None:
    session, tutorial = tutorial_session("Tú"), BuracoTutorial()
    game = session.game
    seen = []
    while not tutorial.finished:
        step = tutorial.step
        seen.append(step.id)
        if step.id == "watch":
            while (action := session.pending_bot_action()) is not None:
                session.apply(action)
            tutorial.watch(game)
            continue
        wrong = WRONG.get(step.id)
        if wrong is not None:
            assert game.check(wrong) is None, wrong  # legal, yet not this step's move
            assert tutorial.objects(wrong) and tutorial.nudged
        action = RIGHT[step.id]
        assert game.check(action) is None and not tutorial.objects(action), action
        session.apply(action)
        tutorial.moved(action, game)
        assert not tutorial.nudged
    assert seen == [s.id for s in STEPS[:-1]]  # every step, in order
    obs = game.observation(0)
    assert game.round_over and obs.took_morto == (1, 0) and not obs.hand
    assert [m.buraco for m in obs.table] == ["limpo", None, None, "sujo", None]
    texts = [" ".join(cards) for side, cards in game.table_texts() if side == 0]
    assert "5H 6H 7H 8H 9H 10H JH" in texts  # the buraco limpo
    assert "4S 5S 6S JK=7S 8S 9S 10S" in texts  # the buraco sujo, from the morto
    assert game.scores == (610, -210) and session.autosave is False


VARIANTS: dict[str, dict[str, list[Action]]] = {
    "a longer first run": {
        "lay_down": [LayDown(0, ((*RUN, "10H"),))],
        "buraco": [Add(0, YOUR_RUN, ("JH",))],
    },
    "another discard": {"discard": [Discard(0, "KS")]},
    "one card at a time": {
        "buraco": [Add(0, YOUR_RUN, ("10H",)), Add(0, YOUR_RUN, ("JH",))],
        "partner": [Add(0, PARTNER_RUN, ("9C",)), Add(0, PARTNER_RUN, ("10C",))],
        "morto": [LayDown(0, (ACES,)), LayDown(0, (SPADES,))],
    },
}


@pytest.mark.parametrize("name", VARIANTS)
def test_other_right_moves_reach_the_same_end(name: str) -> None:
    """The coach lights one way; another the step allows never locks the tutorial."""
    session, tutorial = tutorial_session("Tú"), BuracoTutorial()
    game = session.game
    while not tutorial.finished:
        if tutorial.step.id == "watch":
            while (action := session.pending_bot_action()) is not None:
                session.apply(action)
            tutorial.watch(game)
            continue
        for action in VARIANTS[name].get(tutorial.step.id, [RIGHT[tutorial.step.id]]):
            assert game.check(action) is None and not tutorial.objects(action), action
            session.apply(action)
            tutorial.moved(action, game)
    assert game.round_over and game.scores[0] > 0 and not game.hand(0)


def test_the_bots_play_their_script() -> None:
    session = tutorial_session("Tú")
    for action in (RIGHT["draw"], RIGHT["lay_down"], RIGHT["discard"]):
        session.apply(action)
    played = []
    while (action := session.pending_bot_action()) is not None:
        played.append(action)
        session.apply(action)
    assert played[3] == LayDown(2, (("6C", "7C", "8C"),))  # Bia, the partner, lays down
    assert session.game.observation(0).pile == ("KD", "9C", "JH", "KC", "10C")


# ----------------------------------------------------------------------------- at the table
def make(tmp_path: Path) -> tuple[App, BuracoTutorialScene]:
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    app.push(MenuScene(app))
    scene = BuracoTutorialScene(app)
    app.push(scene)
    frames(app)
    return app, scene


def at(scene: BuracoTutorialScene, code: str) -> tuple[int, int]:
    """A point on the card's visible strip in the hand."""
    for found, rect, _ in reversed(scene.moves.hand_rows()):
        if found == code:
            return rect.left + 6, rect.top + 30
    raise AssertionError(f"{code} is not in the hand")


def pick(app: App, scene: BuracoTutorialScene, *codes: str) -> None:
    for code in codes:
        press(app, at(scene, code))


def key(app: App, code: int) -> None:
    app.process(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    frames(app)


def step(scene: BuracoTutorialScene) -> str:
    return scene.tutorial.step.id


def test_a_wrong_move_gets_the_hint_and_changes_nothing(tmp_path: Path) -> None:
    app, scene = make(tmp_path)
    game = scene.session.game
    while not scene.tutorial.finished:
        if step(scene) == "watch":
            frames(app, 5)
            continue
        before = game.to_dict()
        wrong = WRONG.get(step(scene), Draw(0))  # going out: nothing else is legal
        assert not scene.try_action(wrong, (800, 450))
        assert game.to_dict() == before
        nudge = i18n.tr(f"{NS}.{step(scene)}.nudge")
        if step(scene) in WRONG:
            assert scene.toasts[-1].text == nudge and scene.tutorial.nudged
        else:  # the engine's own refusal, in words
            assert scene.toasts[-1].text and scene.toasts[-1].text != nudge
        assert scene.try_action(RIGHT[step(scene)], (800, 450))
    assert game.round_over


def test_the_tutorial_played_to_the_end_with_clicks_drags_and_keys(tmp_path: Path) -> None:
    app, scene = make(tmp_path)
    layout, game = scene.layout, scene.session.game
    cards, targets = scene.lit()
    assert step(scene) == "draw" and targets == [layout.stock] and not cards
    press(app, layout.pile_area.center)  # off the script: the hint, nothing happens
    assert step(scene) == "draw" and game.phase.value == "draw"
    assert scene.toasts[-1].text == i18n.tr(f"{NS}.draw.nudge")
    key(app, pygame.K_h)  # the Pista's key says the coach's hint
    assert scene.toasts[-1].text == i18n.tr(f"{NS}.draw.nudge")
    key(app, pygame.K_s)
    assert step(scene) == "lay_down" and len(scene.lit()[0]) == 5
    pick(app, scene, *RUN)
    assert pygame.Rect(scene.buttons["lay_down"].rect) in scene.lit()[1]  # ready: lit
    press(app, scene.buttons["lay_down"].rect.center)
    assert step(scene) == "discard"
    pick(app, scene, "9C")
    key(app, pygame.K_d)
    for _ in range(40):
        if step(scene) == "take_pile":
            break
        frames(app)
    assert step(scene) == "take_pile"
    press(app, scene.places.pile[-1].center)
    assert step(scene) == "meld_set" and len(game.hand(0)) == 7
    pick(app, scene, *KINGS)
    key(app, pygame.K_l)
    assert step(scene) == "buraco"
    pick(app, scene, "10H", "JH")
    press(app, scene.places.melds[YOUR_RUN].center)
    assert step(scene) == "partner"
    pick(app, scene, "9C", "10C")  # the picked cards go together
    drag(app, at(scene, "10C"), scene.places.melds[PARTNER_RUN].center)
    assert step(scene) == "morto" and len(game.hand(0)) == 11  # the morto came to hand
    pick(app, scene, *SPADES)
    press(app, scene.buttons["group"].rect.center)
    pick(app, scene, *ACES)
    press(app, scene.buttons["lay_down"].rect.center)
    assert step(scene) == "go_out" and game.hand(0) == ["4D"]
    drag(app, at(scene, "4D"), scene.layout.pile_area.center)
    assert scene.tutorial.finished and game.round_over
    for _ in range(3):
        app.frame(1.0)
    assert app.stack.top is scene and scene.sheet is None  # the coach's buttons lead on
    assert scene.sheet_up  # the round's sheet is painted under the goodbye
    app.screenshot(str(tmp_path / "done.png"))
    press(app, scene.coach_buttons[0].rect.center)
    frames(app)
    assert isinstance(app.stack.top, MenuScene)
    assert not has_autosave(app.paths)  # the tutorial never touches the player's save


def test_leaving_the_tutorial_returns_to_the_menu(tmp_path: Path) -> None:
    app, scene = make(tmp_path)
    assert scene.coach_buttons[0].text == "Salir del tutorial"
    press(app, scene.coach_buttons[0].rect.center)
    frames(app)
    assert isinstance(app.stack.top, MenuScene)


# ----------------------------------------------------------------------------- words
def keys_used() -> list[str]:
    out = [f"{NS}.{k}" for k in ("progress", "leave", "play", "table_title")]
    for s in STEPS:
        out += [f"{NS}.{s.id}.title", f"{NS}.{s.id}.text"]
        if s.id != "done":
            out.append(f"{NS}.{s.id}.nudge")
    out += [f"{NS}.choose.{k}" for k in ("tutorial", "rules", "carioca", "buraco")]
    return [*out, f"{NS}.choose.carioca_about", f"{NS}.choose.buraco_about"]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_text_is_in_every_language(lang: str) -> None:
    missing = [k for k in keys_used() if not i18n.has(k, lang)]
    assert not missing
    # Each language's own Buraco words.
    words = {"pt": ("morto", "canastra limpa", "lixo"), "it": ("pozzetto", "burraco", "jolly")}
    text = " ".join(i18n.tr(k, lang) for k in keys_used())
    assert all(w in text for w in words.get(lang, ()))


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_scene_builds_and_paints_in_every_language(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARIOCA_LANG", lang)
    _app, scene = make(tmp_path)
    assert i18n.language() == lang
    surface = pygame.Surface((1600, 900))
    scene.draw(surface)
    assert scene.coach_buttons and scene._coach_rect().bottom < scene.layout.our_zone.bottom
    scene.tutorial.nudged = True  # the longest panel: with the hint
    scene.draw(surface)
    assert scene._coach_rect().bottom < scene.layout.hand_area.top


# ----------------------------------------------------------------------------- the menu
def test_the_menus_tutorial_and_rules_offer_buraco(tmp_path: Path) -> None:
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    menu = MenuScene(app)
    app.push(menu)
    frames(app)
    menu._tutorial()
    frames(app)
    choice = app.stack.top
    assert isinstance(choice, GameChoiceScene)
    choice.choose("buraco")
    frames(app)
    assert isinstance(app.stack.top, BuracoTutorialScene)
    app.reset(MenuScene(app))
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    menu._rules()
    frames(app)
    choice = app.stack.top
    assert isinstance(choice, GameChoiceScene)
    choice.choose("buraco")
    frames(app)
    rules = app.stack.top
    assert isinstance(rules, BuracoRulesScene) and rules.rules.preset == "brasileiro"


def test_the_rules_say_what_each_preset_changes(tmp_path: Path, spanish: None) -> None:
    """The sections say the Brazilian game; the last line adds what a preset changes."""
    i18n.set_language("es")  # whatever language an earlier test left
    from carioca_desktop.rules.buraco.ruleset import preset_rules
    from carioca_desktop.ui.scenes.buraco.rules import house_words

    assert house_words(preset_rules("brasileiro")) == []
    italian = house_words(preset_rules("italiano"))
    assert italian == [
        i18n.tr("buraco_tutorial.house.no_twos").capitalize(),
        i18n.tr("buraco_tutorial.house.swap_shift").capitalize(),
        i18n.tr("buraco_tutorial.house.needs_discard").capitalize()
        + ", "
        + i18n.tr("buraco_tutorial.house.no_wild_out"),
        i18n.tr("buraco_tutorial.house.stock_end_2").capitalize(),
    ]
    assert house_words(preset_rules("stbl")) == ["Solo escaleras, sin tríos"]
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    from_menu = BuracoRulesScene(app, preset_rules("brasileiro"), at_table=False)
    assert from_menu.lines()[-1][0] == "Por defecto"
    at_table = BuracoRulesScene(app, preset_rules("italiano"))
    head, words = at_table.lines()[-1]
    assert head == "Esta partida" and "Sin trío de 2" in words and "2000" in at_table.lines()[0][1]
