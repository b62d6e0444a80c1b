"""What a new Buraco player sees, checked against the engine: the limpo / sujo badges follow
the engine's classification, the round sheet's columns add up, the final sheet names the side
the engine made the winner, the sheet covers the table's buttons, the 2-player game is not
called a partnership, the log says where each meld of a lay-down ends, and the menu names
the second game. (tools/shots/buraco_shots.py draws the same screens to PNGs to look at by eye.)"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re
from pathlib import Path

import pygame
import pytest

from carioca_desktop import i18n
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.buraco.text import log_line, round_sheets, rules_of, side_name
from carioca_desktop.rules.buraco.actions import Draw, LayDown
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import BuracoTableScene
from carioca_desktop.ui.scenes.buraco import sheet as buraco_sheet
from carioca_desktop.ui.scenes.buraco.newgame import BuracoNewGameScene
from carioca_desktop.ui.scenes.menu import MenuScene
from tests.fixtures.buraco_position import NAMES, bots, mid_game, seats


def make_app(tmp_path: Path, size: tuple[int, int] = (1600, 900)) -> App:
    return App(size=size, paths=Paths.under(tmp_path), fast=True)


def play_out(session: BuracoSession) -> None:
    while not session.game.round_over:
        action = session.pending_bot_action()
        assert action is not None
        session.apply(action)


HOME_WORDS = {"pt": ("LIMPA", "SUJA"), "it": ("PULITO", "SPORCO"), "en": ("CLEAN", "DIRTY")}


@pytest.mark.parametrize("language", ["pt", "it", "en"])
def test_badges_say_limpo_and_sujo_as_the_engine_classifies(
    tmp_path: Path, language: str, drawn: list[str], lang: None
) -> None:
    app = make_app(tmp_path, (1280, 720))
    i18n.set_language(language)
    game = mid_game()
    kinds = [m.buraco for m in game.observation(0).table]
    assert kinds == ["limpo", "sujo", "limpo", None, "sujo", None, None]  # the position's intent
    scene = BuracoTableScene(app, BuracoSession(game, seats(), 1, bots(), autosave=False))
    app.push(scene)
    drawn.clear()
    app.screenshot(str(tmp_path / "t.png"))
    limpo, sujo = i18n.tr("buraco.badge.limpo"), i18n.tr("buraco.badge.sujo")
    assert drawn.count(limpo) == kinds.count("limpo") == 2
    assert drawn.count(sujo) == kinds.count("sujo") == 2
    assert (limpo, sujo) == HOME_WORDS[language]


def sheet_values(scene: BuracoTableScene) -> dict[int, dict[str, int]]:
    """Each side's sheet rows as the sheet writes them, read back as numbers."""
    obs = scene.obs
    bonuses = rules_of(obs).bonuses
    out: dict[int, dict[str, int]] = {}
    for s in round_sheets(obs, scene.names):
        rows = {}
        for row in buraco_sheet.ROWS:
            text = buraco_sheet._value(row, s, bonuses)
            numbers = [int(n) for n in re.findall(r"[-+]?\d+", text)]
            rows[row] = numbers[-1]  # "2 (+200)" → 200: the points the row brings
        out[s.side] = rows
    return out


def test_round_sheet_rows_add_up_to_the_total(tmp_path: Path, lang: None) -> None:
    i18n.set_language("pt")
    app = make_app(tmp_path)
    session = BuracoSession(mid_game(), seats(people=()), 1, bots(people=()), autosave=False)
    play_out(session)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    for side, rows in sheet_values(scene).items():
        parts = ("meld_points", "limpos", "sujos", "going_out", "hands", "morto")
        assert sum(rows[r] for r in parts) == rows["total"] == session.game.state.history[-1][side]
    limpos = round_sheets(scene.obs, scene.names)[0].limpos
    assert limpos >= 1  # the count and its points ("1 (+200)")
    text = buraco_sheet._value("limpos", round_sheets(scene.obs, scene.names)[0], {"limpo": 200})
    assert text == i18n.tr("buraco_look.bonus_value", n=limpos, points=200 * limpos)


@pytest.mark.parametrize("scores", [(2700, 2650), (2100, 2950)])
def test_final_sheet_names_the_side_the_engine_made_winner(
    tmp_path: Path, scores: tuple[int, int], drawn: list[str], lang: None
) -> None:
    i18n.set_language("it")
    app = make_app(tmp_path)
    game = mid_game(scores=scores)
    session = BuracoSession(game, seats(people=()), 1, bots(people=()), autosave=False)
    play_out(session)
    assert game.is_over and game.winner is not None
    scene = BuracoTableScene(app, session)
    app.push(scene)
    scene.show_sheet()
    drawn.clear()
    app.screenshot(str(tmp_path / "final.png"))
    names = list(NAMES)
    winner = i18n.tr("buraco.sheet.winner", names=side_name(names, game.winner))
    loser = i18n.tr("buraco.sheet.winner", names=side_name(names, 1 - game.winner))
    assert winner in drawn and loser not in drawn
    assert i18n.tr("buraco_look.match_over") in drawn  # the bar says the match, not the round
    assert scene.sheet is not None
    texts = [b.text for b in scene.sheet.buttons]
    assert texts == [i18n.tr("buraco.sheet.menu"), i18n.tr("common.new_game")]
    at = scene.sheet.button.rect.center  # a click on "New game": Buraco's screen, over the menu
    app.frame(0.016)
    app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(0.016)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.process(pygame.event.Event(kind, pos=at, button=1))
    app.frame(0.016)
    assert isinstance(app.stack.top, BuracoNewGameScene)
    assert isinstance(app.stack.scenes[0], MenuScene)


def test_a_round_sheet_names_no_winner_and_covers_the_table_buttons(
    tmp_path: Path, drawn: list[str], lang: None
) -> None:
    i18n.set_language("en")
    app = make_app(tmp_path)
    session = BuracoSession.new(preset_rules("brasileiro"), seats(people=()), 5, autosave=False)
    play_out(session)
    assert not session.game.is_over
    scene = BuracoTableScene(app, session)
    app.push(scene)
    table_buttons = [b for key, b in scene.buttons.items() if key != "menu"]
    assert all(b.visible for b in table_buttons)
    scene.show_sheet()
    drawn.clear()
    app.screenshot(str(tmp_path / "round.png"))
    assert i18n.tr("buraco.sheet.title", n=1) in drawn
    assert not [t for t in drawn if t.endswith("won the match!")]
    assert not any(b.visible for b in table_buttons) and scene.buttons["menu"].visible
    scene.next_round()
    assert all(b.visible for b in table_buttons) and scene.sheet is None


@pytest.mark.parametrize("language", ["pt", "it", "en"])
def test_two_player_game_is_not_called_a_partnership(
    tmp_path: Path, language: str, drawn: list[str], lang: None
) -> None:
    app = make_app(tmp_path, (1280, 720))
    i18n.set_language(language)
    scene = BuracoNewGameScene(app)
    app.push(scene)
    app.frame(0.016)
    partners = i18n.tr("buraco.newgame.players", n=4)
    assert any(partners in t for t in drawn)
    assert any(i18n.tr("buraco_look.score_out", out=100, no_morto=100) in t for t in drawn)
    scene.preset = "dois_jogadores"
    scene.rebuild()
    drawn.clear()
    app.frame(0.016)
    assert any(i18n.tr("buraco_look.players_two") in t for t in drawn)
    assert not any(i18n.tr("buraco.newgame.players", n=2) in t for t in drawn)
    rows = [scene._row(scene._areas()[0], i) for i in range(2)]
    assert rows[1].top - rows[0].bottom < rows[0].height  # the two seats side by side


def test_lay_down_log_marks_where_each_meld_ends(lang: None) -> None:
    i18n.set_language("pt")
    rules = preset_rules("brasileiro")
    others = [["3S", "4S", "9D"], ["3D", "4D", "9C"], ["3C", "4C", "10D"]]
    hands = [["5H", "6H", "7H", "KC", "KD", "KS", "9H"], *others]
    game = BuracoGame.from_position(rules, hands, stock=["2D", "10S"], pile=["QC"])
    game.apply(Draw(0))
    events = game.apply(LayDown(0, (("5H", "6H", "7H"), ("KC", "KD", "KS"))))
    view = next(e for e in game.observation(0).events[-len(events) :] if e.kind == "lay_down")
    line = log_line(view, NAMES, 0)
    assert line is not None and " · " in line
    first, second = line.split(" · ")
    assert "7♥" in first and "K♣" in second


def test_menu_names_buraco(tmp_path: Path, drawn: list[str], lang: None) -> None:
    app = make_app(tmp_path)
    for language in ("pt", "it", "en"):
        i18n.set_language(language)
        app.reset(MenuScene(app))
        drawn.clear()
        app.screenshot(str(tmp_path / "menu.png"))
        words = i18n.tr("buraco_look.also")
        assert words in drawn and ("Burraco" if language == "it" else "Buraco") in words


@pytest.mark.parametrize("size", [(1600, 900), (1280, 720)])
def test_table_says_what_going_out_takes_and_the_first_meld_minimum(
    tmp_path: Path, size: tuple[int, int], drawn: list[str], lang: None
) -> None:
    app = make_app(tmp_path, size)
    i18n.set_language("it")
    rules = preset_rules("italiano")
    session = BuracoSession.new(rules, seats(), 11, autosave=False)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    drawn.clear()
    app.screenshot(str(tmp_path / "t.png"))
    words = " ".join(drawn)
    out = i18n.tr(f"buraco.newgame.out_{rules.go_out_requires}")
    assert "pulito" in out and all(word in words for word in out.split())
    assert i18n.tr("buraco.first_min", n=rules.first_meld_min) in drawn


def test_people_at_a_hot_seat_type_their_names(tmp_path: Path, lang: None) -> None:
    import pygame_gui

    app = make_app(tmp_path, (1280, 720))
    i18n.set_language("pt")
    scene = BuracoNewGameScene(app)
    app.push(scene)
    scene.kinds = ["human", "normal", "human", "easy"]
    scene.rebuild()
    app.frame(0.016)
    assert scene.names() == [
        i18n.tr("newgame.person", n=1),
        "Beto",
        i18n.tr("newgame.person", n=2),
        "Diego",
    ]
    entry = next(e for e, i in scene._entries.items() if i == 2)
    event = pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=entry, text=" Zé ")
    assert scene.handle_event(event)
    assert scene.names()[2] == "Zé"
    scene.preset = "italiano"  # a new preset rebuilds the screen: the name stays
    scene.rebuild()
    assert scene.names()[2] == "Zé"
    scene.start(abandon=True)
    table = app.stack.scenes[0]
    assert isinstance(table, BuracoTableScene)
    assert [s.name for s in table.session.seats][2] == "Zé"
    assert table.session.seats[2].kind == "human"


def test_buraco_rules_are_a_click_away_before_playing(tmp_path: Path, lang: None) -> None:
    from pygame_gui.elements import UIButton

    from carioca_desktop.ui.scenes.buraco.rules import BuracoRulesScene

    app = make_app(tmp_path, (1280, 720))
    i18n.set_language("it")
    scene = BuracoNewGameScene(app)
    app.push(scene)
    scene.preset = "italiano"
    scene.rebuild()
    app.frame(0.016)
    how = next(
        e for e in scene.elements if isinstance(e, UIButton) and e.text == i18n.tr("menu.rules")
    )
    at = how.rect.center
    app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(0.016)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.process(pygame.event.Event(kind, pos=at, button=1))
    app.frame(0.016)
    top = app.stack.top
    assert isinstance(top, BuracoRulesScene) and top.rules.preset == "italiano"
