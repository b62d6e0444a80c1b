"""The replay viewer: the real table driven by a kept match's actions, read-only; the keys
move the position (each position the same game as replaying that many actions), V shows all
hands face up, Tab turns the table to another seat, Space plays on by itself."""

from __future__ import annotations

import dataclasses
from functools import cache
from types import ModuleType

import pygame
import pytest

from carioca_desktop.play.replay_session import ReplaySession
from carioca_desktop.replay_tool import record_bot_match
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage.jsonio import dump
from carioca_desktop.storage.match_file import MatchFile
from carioca_desktop.storage.replay_check import steps
from carioca_desktop.ui.app import App
from carioca_desktop.ui.replay_viewer import open_viewer
from carioca_desktop.ui.scenes.carioca.replay import ReplayViewerScene


@cache  # a whole bot match, the same for each test here: recorded once per process
def _match() -> MatchFile:
    rules = CariocaRules.from_dict({"players": 3, "preset": "chico"})
    _r, match, _g = record_bot_match("carioca", rules, ["easy", "normal", "easy"], 41)
    assert match is not None
    return match


def _state_after(match: MatchFile, count: int) -> bytes:
    for number, (game, _a) in enumerate(steps(match), 1):
        if number == count:
            return dump(game.to_dict())
    raise AssertionError(count)


def test_seeking_anywhere_is_the_replay_at_that_position() -> None:
    match = _match()
    session = ReplaySession(match)
    assert len(session.rounds) == 4 and session.rounds[0].start == 0
    assert session.rounds[-1].end == len(match.actions)
    for position in (1, 57, session.rounds[2].start, session.rounds[1].end, len(match.actions)):
        session.seek(position)
        assert dump(session.game.to_dict()) == _state_after(match, position)
    session.seek(0)
    assert isinstance(session.game, Game) and session.position == 0


def press(scene: ReplayViewerScene, key: int) -> None:
    scene.handle_before_ui(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_the_keys_move_through_the_match_on_the_table(app: App) -> None:
    match = _match()
    scene = open_viewer(app, match)
    app.reset(scene)
    app.frame(0.016)
    r = scene.replay
    for _ in range(5):
        press(scene, pygame.K_RIGHT)
        app.frame(0.016)
    assert r.position == 5
    press(scene, pygame.K_LEFT)
    assert r.position == 4 and dump(r.game.to_dict()) == _state_after(match, 4)
    press(scene, pygame.K_PAGEDOWN)
    assert r.position == r.rounds[1].start
    press(scene, pygame.K_END)
    assert r.position == r.rounds[1].end and r.game.round_over
    press(scene, pygame.K_HOME)
    press(scene, pygame.K_PAGEUP)
    assert r.position == 0
    press(scene, pygame.K_TAB)
    app.frame(0.016)
    assert r.seat == 1 and scene.model.viewer == 1
    assert scene.model.obs.hand == tuple(r.game.observation(1).hand)


def test_space_plays_on_by_itself_and_nothing_is_saved(app: App) -> None:
    scene = open_viewer(app, _match())
    app.reset(scene)
    press(scene, pygame.K_s)
    press(scene, pygame.K_s)  # the fastest pace
    press(scene, pygame.K_SPACE)
    for _ in range(200):
        app.frame(0.1)
    assert scene.replay.position > 10
    assert not app.paths.autosave_file.exists()
    assert not (app.paths.stats_file.parent / "replays").exists()


def test_try_this_turn_again_opens_a_practice_table_that_records_nothing(app: App) -> None:
    from carioca_desktop.play.carioca.session import MatchSession
    from carioca_desktop.ui.scenes.carioca import TableScene

    scene = open_viewer(app, _match())
    app.reset(scene)
    scene.go(30)
    press(scene, pygame.K_t)
    practice = app.stack.top
    assert isinstance(practice, TableScene) and not isinstance(practice, ReplayViewerScene)
    session = practice.session
    assert isinstance(session, MatchSession) and not session.autosave
    r = scene.replay
    assert r.position >= 30 and session.game.current_player == r.seat == 0
    assert session.human_seats == [0] and session.game.hand(0) == r.game.hand(0)
    for _ in range(400):  # the bots play on; the person's seat waits at its turn
        app.frame(0.05)
    assert not app.paths.autosave_file.exists() and not app.paths.stats_file.exists()


def cheap_coach(monkeypatch: pytest.MonkeyPatch, coach: ModuleType, most: int) -> None:
    """The game's coach with at most ``most`` continuations a decision (its own 32 or 40
    cost these tests 12 s of CPU each): the panel's work (asked on a thread, "thinking"
    until the judgements come, then their lines) is the same; how well the coach prices a
    decision is tests/play/*/test_coach.py's (and bench_coach.py's) to prove."""
    bands = dataclasses.replace(coach.COACH.bands, most=most)
    monkeypatch.setattr(coach, "COACH", dataclasses.replace(coach.COACH, bands=bands))


def test_the_coach_panel_judges_the_round_on_screen(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from carioca_desktop.play.carioca import coach

    cheap_coach(monkeypatch, coach, 2)
    match = _match()
    scene = open_viewer(app, match)
    app.reset(scene)
    scene.go(scene.replay.rounds[1].start + 3)
    press(scene, pygame.K_c)
    lines = scene.coach.lines()
    assert lines and "2" in lines[0]  # round 2, while hard thinks
    scene.coach.wait(600)
    app.frame(0.016)
    lines = scene.coach.lines()
    assert scene.coach.judged is not None and len(lines) >= 2
    press(scene, pygame.K_c)
    assert not scene.coach.open


def test_a_buraco_match_on_its_own_table(app: App) -> None:
    from carioca_desktop.play.replay_session import BuracoReplaySession
    from carioca_desktop.rules.buraco.ruleset import BuracoRules
    from carioca_desktop.ui.scenes.buraco.replay import BuracoReplayViewerScene

    rules = BuracoRules.from_dict({"game": "buraco", "players": 2, "preset": "dois_jogadores"})
    _r, match, _g = record_bot_match("buraco", rules, ["easy", "normal"], 43)
    assert match is not None
    scene = open_viewer(app, match)
    assert isinstance(scene, BuracoReplayViewerScene)
    app.reset(scene)
    app.frame(0.016)
    r = scene.replay
    assert isinstance(r, BuracoReplaySession) and len(r.rounds) >= 1
    for _ in range(6):
        press(scene, pygame.K_RIGHT)
        app.frame(0.016)
    assert r.position == 6
    press(scene, pygame.K_LEFT)
    assert dump(r.game.to_dict()) == _state_after(match, 5)
    press(scene, pygame.K_END)
    assert r.game.round_over
    press(scene, pygame.K_RIGHT)  # the sheet's Continue: the next round's recorded deal
    app.frame(0.016)
    assert r.position == r.rounds[0].end + 1 and not r.game.round_over
    press(scene, pygame.K_TAB)
    app.frame(0.016)
    assert r.seat == 1 and scene.viewer == 1
    scene.go(300)  # the log is the tail of the whole match's, told from its last events
    from carioca_desktop.play.buraco.text import log_line

    events = scene.obs.events
    told = [log_line(e, scene.names, scene.viewer, scene.speaks_to_you) for e in events]
    lines = [line for line in told if line]
    assert scene.log_lines and scene.log_lines == lines[-len(scene.log_lines) :]
    assert scene.viewer == 1


@cache
def _buraco_match() -> MatchFile:
    from carioca_desktop.rules.buraco.ruleset import BuracoRules

    rules = BuracoRules.from_dict(
        {"game": "buraco", "players": 2, "preset": "dois_jogadores", "target": 300}
    )  # a short match: the coach plays its hand out many times
    _r, match, _g = record_bot_match("buraco", rules, ["easy", "normal"], 43)
    assert match is not None
    return match


def test_the_buraco_coach_panel_judges_the_hand_on_screen(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from carioca_desktop.play.buraco import coach
    from carioca_desktop.play.buraco.coach import Judgement

    cheap_coach(monkeypatch, coach, 4)  # 4: one of these decisions comes out costly
    scene = open_viewer(app, _buraco_match())
    app.reset(scene)
    scene.go(5)
    press(scene, pygame.K_c)
    assert scene.coach.open and "1" in scene.coach.lines()[0]
    scene.coach.wait(300)
    app.frame(0.016)
    judged = scene.coach.judged
    assert judged and all(isinstance(j, Judgement) and j.round_index == 0 for j in judged)
    lines = scene.coach.lines()
    bad = [j for j in judged if j.verdict != "fine"]
    assert len(lines) == 2 + min(len(bad), 7) + (1 if bad else 0)
    press(scene, pygame.K_c)
    assert not scene.coach.open


def test_buraco_try_this_turn_again_is_a_practice_table_that_records_nothing(app: App) -> None:
    from carioca_desktop.bots.buraco.driver import buraco_step, make_buraco_bot
    from carioca_desktop.play.buraco.session import BuracoSession
    from carioca_desktop.ui.scenes.buraco import BuracoTableScene
    from carioca_desktop.ui.scenes.buraco.replay import BuracoReplayViewerScene

    scene = open_viewer(app, _buraco_match())
    app.reset(scene)
    scene.go(20)
    press(scene, pygame.K_t)
    practice = app.stack.top
    assert isinstance(practice, BuracoTableScene)
    assert not isinstance(practice, BuracoReplayViewerScene)
    session = practice.session
    assert isinstance(session, BuracoSession) and not session.autosave
    r = scene.replay
    assert r.position >= 20 and session.game.current_player == r.seat == 0
    assert session.human_seats == [0] and session.game.to_dict() == r.game.to_dict()
    for _ in range(40):
        app.frame(0.05)
    bots = [make_buraco_bot("normal", s, 9) for s in range(2)]
    while not session.game.is_over:  # the person's seat played on to the match's end
        action = buraco_step(session.game, bots)
        assert action is not None
        session.apply(action)
    app.frame(0.05)
    home = app.paths.stats_file.parent
    assert not app.paths.autosave_file.exists() and not app.paths.stats_file.exists()
    assert not (home / "replays").exists()


def test_the_buraco_coach_names_the_cards_of_adds_and_lay_downs(app: App) -> None:
    from carioca_desktop.i18n import set_language
    from carioca_desktop.rules.buraco.actions import Add, Discard, LayDown, TakePile
    from carioca_desktop.ui.scenes.buraco.coach_words import action_words

    set_language("en")
    assert action_words(Add(0, 2, ("8S",))) != action_words(Add(0, 1, ("JD",)))
    assert "8♠" in action_words(Add(0, 2, ("8S",)))
    assert "K♠" in action_words(LayDown(0, (("KS", "KH", "KD"),)))
    assert "7♥" in action_words(Discard(0, "7H")) and action_words(TakePile(0)) == "take the pile"
