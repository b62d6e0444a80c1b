"""The 2-player Buraco game read in Italian, as drawn (issue 28, item 6): the round sheet and
the final sheet of a match the person played against one bot say one winner in the
singular, speak of no couple, and call the person's morto theirs ("tuo", not "di Tu")."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from carioca_desktop import i18n
from carioca_desktop.bots.buraco.driver import buraco_step, make_buraco_bot
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco.actions import NextRound
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import BuracoTableScene

SEATS = [SeatConfig("Ana", "human"), SeatConfig("Beto", "bot", "normal")]
WRONG = ("vincono", "coppia", "Coppia", "di Tu", "compagn", "Tu ha", "Tu hai")


def play_round(session: BuracoSession) -> None:
    stand_in = {0: make_buraco_bot("normal", 0, 4)}
    for _ in range(3000):
        if session.game.round_over:
            return
        action = session.pending_bot_action() or buraco_step(session.game, stand_in)
        assert action is not None
        session.apply(action)
    raise AssertionError("the round did not end")


def sheet_words(tmp_path: Path, session: BuracoSession, drawn: list[str]) -> list[str]:
    app = App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)
    i18n.set_language("it")
    app.manager.set_locale("it")
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(0.016)
    drawn.clear()
    scene.show_sheet()
    scene.forget()
    app.dirty()
    app.frame(0.016)
    assert scene.sheet is not None
    buttons = [b.text for b in app.manager.get_root_container().elements if hasattr(b, "text")]
    return [*drawn, *buttons]


def wrong(words: list[str]) -> list[str]:
    return [w for w in words if any(bad in w for bad in WRONG)]


def test_the_2_player_round_and_final_sheets_read_right_in_italian(
    tmp_path: Path, lang: None, drawn: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARIOCA_LANG", "it")
    session = BuracoSession.new(preset_rules("dois_jogadores", target=1), SEATS, 6, autosave=False)
    play_round(session)
    assert session.game.is_over  # one round reaches a target of 1 point
    words = sheet_words(tmp_path / "final", session, drawn)
    winner = session.game.winner
    assert winner is not None
    name = SEATS[winner].name
    assert f"{name} vince la partita!" in words, words
    assert wrong(words) == [], wrong(words)
    assert "Carte rimaste in mano" in words and "Torna al menu" in words

    again = BuracoSession.new(preset_rules("dois_jogadores"), SEATS, 6, autosave=False)
    play_round(again)
    assert not again.game.is_over
    words = sheet_words(tmp_path / "round", again, drawn)
    assert "Fine della mano 1" in words and "Mano successiva" in words, words
    assert wrong(words) == [], wrong(words)
    again.apply(NextRound())


def test_the_persons_morto_is_theirs_on_the_2_player_table(
    tmp_path: Path, lang: None, drawn: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARIOCA_LANG", "it")
    session = BuracoSession.new(preset_rules("dois_jogadores"), SEATS, 6, autosave=False)
    stand_in = {0: make_buraco_bot("normal", 0, 4)}
    for _ in range(3000):
        game = session.game
        if any(e.kind == "morto" and e.seat == 0 for e in game.observation(0).events):
            break
        if game.round_over:
            session.apply(NextRound())
            continue
        action = session.pending_bot_action() or buraco_step(game, stand_in)
        assert action is not None
        session.apply(action)
    else:
        raise AssertionError("Ana never took a morto")
    app = App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)
    i18n.set_language("it")
    scene = BuracoTableScene(app, session)
    app.push(scene)
    drawn.clear()
    scene.forget()
    app.dirty()
    app.frame(0.016)
    assert "tuo" in drawn and wrong(drawn) == [], wrong(drawn)
