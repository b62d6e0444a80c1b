"""Buraco as a new player meets it, end to end through the real UI: the menu, New game (the game
stepper to Buraco), a whole match against three bots to 3000 by following the Pista (H, then
the advised move by a key, a click or a drag), every round's sheet, the final sheet naming the
engine's winner, the statistics; and hot seats (partners, and the 2-player game) where no
hand but the seated person's is ever drawn face up. Only posted pygame events drive it
(tests/fixtures/buraco_person.py)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools
import random
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from carioca_desktop import i18n
from carioca_desktop.bots.buraco.driver import make_buraco_bot
from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.buraco.text import privacy_text, side_name
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco.actions import Add, Discard, Draw, LayDown, TakePile
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.storage import Paths, load_settings, load_stats, save_settings
from carioca_desktop.storage.settings import Settings
from carioca_desktop.ui import hud
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import BuracoTableScene
from carioca_desktop.ui.scenes.buraco.houserules import rules_name
from carioca_desktop.ui.scenes.buraco.newgame import BuracoNewGameScene
from carioca_desktop.ui.scenes.menu import MenuScene
from tests.fixtures.buraco_person import Person, final_title

SIZE = (1600, 900)


@pytest.fixture(autouse=True)
def back_to_spanish() -> Iterator[None]:
    yield
    i18n.set_language("es")


def start_app(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int, **settings: object
) -> App:
    """The app as a first run starts it (the menu), with these settings saved; New game
    deals with ``seed`` (it draws one from the system otherwise)."""
    paths = Paths.under(tmp_path)
    save_settings(Settings().replace(**settings), paths)
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(seed))
    app = App(size=SIZE, paths=paths, fast=True)
    app.push(MenuScene(app))
    return app


def check_match(person: Person, table: BuracoTableScene) -> None:
    """Every round ended with its sheet; the last names the engine's winner; no refusal."""
    game = table.session.game
    rounds = len(game.observation(0).history)
    assert game.is_over and game.winner is not None
    assert person.seen.sheets == [(r, r == rounds) for r in range(1, rounds + 1)]
    for r in range(1, rounds):
        assert tr("buraco.sheet.title", n=r) in person.seen.titles
    assert final_title(table) in person.seen.titles
    loser = tr("buraco.sheet.winner", names=side_name(table.names, 1 - game.winner))
    assert loser not in person.seen.titles
    assert person.seen.refusals == []
    assert person.turns == len(person.seen.hints) > 0


def test_a_new_player_plays_a_whole_match_to_3000_as_the_pista_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = start_app(tmp_path, monkeypatch, 5, language="pt")
    assert app.settings.last_game == "carioca"  # a first run: New game opens on Carioca
    person = Person(app, monkeypatch)
    new_game = person.open_buraco_new_game()  # so the game stepper is used
    assert load_settings(app.paths)[0].last_game == "buraco"
    assert person.buttons(tr("buraco.preset.brasileiro"))
    assert new_game.kinds == ["human", "normal", "normal", "normal"]
    table = person.start()
    rules = table.session.game.rules
    assert (rules.preset, rules.target, rules.players) == ("brasileiro", 3000, 4)
    assert [s.kind for s in table.session.seats] == ["human", "bot", "bot", "bot"]

    table = person.play()
    check_match(person, table)
    kinds = {type(a) for a in person.seen.hints}
    assert {Draw, TakePile, LayDown, Add, Discard} <= kinds  # clicks, drags and keys for each
    stats = load_stats(app.paths)[0]
    assert len(stats.buraco) == 1 and len(stats.records) == 1
    record = stats.buraco[0]
    assert record.winner == table.session.game.winner and record.target == 3000
    assert record.human_seats == (0,) and record.scores == tuple(table.session.game.scores)
    # The final sheet's last word: another Buraco match.
    person.press(tr("common.new_game"))
    assert isinstance(app.stack.top, BuracoNewGameScene)


@pytest.mark.parametrize(
    ("preset", "language", "seed"), [("italiano", "it", 3), ("fechado", "pt", 4)]
)
def test_a_short_match_on_house_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, preset: str, language: str, seed: int
) -> None:
    """House rules saved in Settings (a preset to 500) come first in New game. Italian
    burraco has pinelle to place in runs; the closed pile (fechado) is taken only with its
    top card put down at once, in new melds or on a meld."""
    house = {"game": "buraco", "preset": preset, "target": 500}
    app = start_app(
        tmp_path, monkeypatch, seed, language=language, last_game="buraco", buraco_rules=house
    )
    person = Person(app, monkeypatch)
    person.open_buraco_new_game()  # straight to Buraco: the game chosen last
    rules = preset_rules(preset, target=500)
    assert person.buttons(rules_name(rules))
    table = person.start()
    assert table.session.game.rules == rules
    table = person.play()
    check_match(person, table)
    if preset == "fechado":  # the pile taken both ways the closed pile allows
        takes = [a for a in person.seen.hints if isinstance(a, TakePile)]
        assert any(a.melds for a in takes) and any(a.add is not None for a in takes)
    stats = load_stats(app.paths)[0]
    assert len(stats.buraco) == 1 and stats.buraco[0].target == 500


@pytest.mark.parametrize(("preset", "people"), [("brasileiro", (0, 2)), ("dois_jogadores", (0, 1))])
def test_a_hot_seat_round_shows_only_the_seated_persons_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, preset: str, people: tuple[int, ...]
) -> None:
    """Partners (two bots against them), then the 2-player game between two people: each
    hand-over shows the privacy screen, which says Buraco, the round and the score; no frame
    draws a face that is not on the table, in the pile, in a move everyone saw or in the
    seated person's own hand (a partner's hand is never face up, nor any hand while the
    bots play between two people's turns); the round is played to its sheet."""
    app = start_app(tmp_path, monkeypatch, 11, language="en", last_game="buraco")
    person = Person(app, monkeypatch, faces=True)
    scene = person.open_buraco_new_game()
    if preset != "brasileiro":
        person.set_preset(tr(f"buraco.preset.{preset}"))
    for seat in people[1:]:
        person.set_seat(app.stack.top, seat, tr("common.human"))  # type: ignore[arg-type]
    scene = app.stack.top
    assert isinstance(scene, BuracoNewGameScene) and scene.rules.preset == preset
    badges: list[tuple[int, str | None]] = []
    avatar = hud.avatar

    def badge(seat: int, name: str, radius: int, label: str | None = None) -> object:
        badges.append((seat, label))
        return avatar(seat, name, radius, label)

    monkeypatch.setattr(hud, "avatar", badge)
    table = person.start()
    session = table.session
    assert session.hot_seat and session.human_seats == list(people)

    table = person.play(rounds=1)
    assert person.seen.sheets == [(1, False)]
    assert person.seen.refusals == []
    seats = [seat for seat, _, _ in person.seen.privacy]
    assert seats[0] == 0 and len(seats) > 4
    assert all(a != b for a, b in itertools.pairwise(seats))  # every hand-over, each in turn
    assert set(seats) == set(people)
    events = table.session.game.observation(0).events  # the round's
    turns = [e for e in events if e.seat in people and e.kind in ("draw", "take_pile")]
    assert len(seats) == len(turns)  # one privacy screen before each person's turn
    labels = {seat: label for seat, _, label in person.seen.privacy}
    assert labels == {seat: hud.initials(table.names)[seat] for seat in people}
    assert len(set(labels.values())) == len(people)  # "P1" and "P2", not two "P"s
    assert {(seat, labels[seat]) for seat in people} <= set(badges)  # the table's panels too
    assert not {(seat, None) for seat in people} & set(badges)  # none left to a bare "P"
    first = person.seen.privacy[0][1]
    title = tr("buraco.title", preset=tr(f"buraco.preset.{preset}"), n=1)
    assert first.split("\n")[0] == title
    assert first.split("\n")[1].startswith(f"{side_name(table.names, 0)}: 0 — ")
    assert tr("buraco.target", n=3000) in first
    face_up = [seat for seat, hidden, _ in person.seen.hands if not hidden]
    assert set(face_up) == set(people)
    assert any(hidden for _, hidden, _ in person.seen.hands)


def test_the_privacy_words_name_the_game_the_round_and_the_score(tmp_path: Path) -> None:
    i18n.set_language("pt")
    rules = preset_rules("brasileiro")
    game = BuracoGame.new(rules, random.Random(4))
    obs = game.observation(1)
    names = ["Ana", "Beto", "Carla", "Diego"]
    words = privacy_text(obs, names, 1)
    assert words.split("\n") == [
        "Buraco · Brasileiro · Rodada 1",
        "Beto & Diego: 0 — Ana & Carla: 0 · Meta: 3000 pontos",
    ]


# ------------------------------------------------------------------------ what the Pista lights
def hand_table(
    tmp_path: Path, game: BuracoGame, monkeypatch: pytest.MonkeyPatch
) -> tuple[BuracoTableScene, Person]:
    """Ana's table at a set position, the bots normal."""
    i18n.set_language("en")
    seats = [SeatConfig("Ana", "human")] + [SeatConfig(n, "bot", "normal") for n in ("B", "C", "D")]
    bots = {i: make_buraco_bot("normal", i, 1) for i in (1, 2, 3)}
    session = BuracoSession(game, seats, 1, bots, autosave=False)
    app = App(size=SIZE, paths=Paths.under(tmp_path), fast=True)
    table = BuracoTableScene(app, session)
    app.push(table)
    app.frame(0.016)
    return table, Person(app, monkeypatch)


OTHERS = [["3S", "4S", "9D"], ["3D", "4D", "9C"], ["3C", "4C", "10D"]]


def test_the_pista_sets_aside_each_meld_of_a_lay_down_so_l_puts_all_down(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = BuracoGame.from_position(
        preset_rules("brasileiro"),
        [["5H", "6H", "7H", "QS", "QD", "QC", "8C", "KD"], *OTHERS],
        stock=["9S", "10S", "JS"], pile=["2C"],
    )  # fmt: skip
    table, person = hand_table(tmp_path, game, monkeypatch)
    person.key(pygame.K_s, "s")
    melds = (("5H", "6H", "7H"), ("QS", "QD", "QC"))
    table.moves.light(("5H", "6H", "7H", "QS", "QD", "QC"), melds)
    staged = [table.moves.codes(g) for g in table.moves.staged]
    assert staged == [melds[0]] and table.moves.codes(table.moves.picked) == melds[1]
    person.key(pygame.K_l, "l")
    assert person.seen.refusals == []
    assert [m.cards for m in game.observation(0).table] == [melds[0], melds[1]]


def test_a_click_adds_several_cards_with_a_wild_to_a_run_that_could_take_it_at_either_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = BuracoGame.from_position(
        preset_rules("italiano"),
        [["KD", "2D", "5C", "8S", "9H"], *OTHERS],
        stock=["9S", "10S", "JS"], pile=["4C"],
        table=[{"side": 0, "meld": ["10D", "JD", "QD"]}],
    )  # fmt: skip
    table, person = hand_table(tmp_path, game, monkeypatch)
    person.key(pygame.K_s, "s")
    assert game.check(Add(0, 0, ("KD", "2D"))).code == "ambiguous_wild"  # type: ignore[union-attr]
    rows = table.moves.rows_by_uid()
    for uid in table.hand.uids():
        if table.hand.code(uid) in ("KD", "2D"):
            person.click(rows[uid].center)
    assert sorted(table.moves.codes(table.moves.picked)) == ["2D", "KD"]
    assert table.moves.accepts() == frozenset({0})  # lit green: it will take them
    person.click(table.places.melds[0].center)
    assert person.seen.refusals == []
    assert len(game.observation(0).table[0].cards) == 5


def test_before_drawing_a_click_on_a_meld_takes_the_closed_pile_with_its_top_card_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Fechado: the pile's top card must go down at once. A click on the pile would choose
    the meld for it; a click on the meld (or Enter on it) says which."""
    game = BuracoGame.from_position(
        preset_rules("fechado"),
        [["KD", "5C", "8S", "9H", "JC"], *OTHERS],
        stock=["9S", "10S", "JS"], pile=["3H", "7C"],
        table=[{"side": 0, "meld": ["7D", "7H", "7S"]}, {"side": 0, "meld": ["4C", "5C", "6C"]}],
    )  # fmt: skip
    table, person = hand_table(tmp_path, game, monkeypatch)
    takes = [a for a in game.legal_actions(0) if isinstance(a, TakePile)]
    assert [a.add for a in takes] == [0, 1]  # the 7 of clubs fits the sevens and the run
    person.click(table.places.melds[1].center)  # the run, not the pile's first choice
    assert person.seen.refusals == []
    assert game.observation(0).table[1].cards == ("4C", "5C", "6C", "7C")
    assert game.observation(0).table[0].cards == ("7D", "7H", "7S")
    assert "3H" in game.hand(0)
