"""The Buraco session decides its bots' moves on a worker thread (play/botworker.py, as the
Carioca session does): the same moves as deciding in the frame, and a save made while a bot
thinks records the bots as they were before it began, so Continue replays the same choice."""

from __future__ import annotations

from pathlib import Path

from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco.actions import Action
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.storage import Paths, flush_autosaves, load_autosave

BOTS = [SeatConfig(n, "bot", level) for n, level in
        (("Ana", "normal"), ("Beto", "hard"), ("Carla", "easy"), ("Diego", "normal"))]  # fmt: skip


def play(session: BuracoSession, moves: int, ahead: bool) -> list[Action]:
    if ahead:
        session.decide_ahead()
    out = []
    for _ in range(moves):
        if session.game.round_over:
            session.next_round()
        if ahead:
            session.release_decision()
        action = session.pending_bot_action()
        assert action is not None
        session.apply(action)
        out.append(action)
    return out


def test_decisions_on_the_worker_are_the_frames_own(tmp_path: Path) -> None:
    rules = preset_rules("brasileiro")
    inline = play(BuracoSession.new(rules, BOTS, 12, autosave=False), 150, ahead=False)
    ahead = play(BuracoSession.new(rules, BOTS, 12, autosave=False), 150, ahead=True)
    assert ahead == inline


def test_a_save_while_a_bot_thinks_keeps_the_bots_from_before(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    session = BuracoSession.new(preset_rules("brasileiro"), BOTS, 5, paths=paths)
    play(session, 7, ahead=True)  # a decision now waits on the worker for the next bot
    before = session.to_dict()["bots"]
    session.release_decision()
    assert session.pending_bot_action() is not None  # the bot has chosen: its rng moved on
    session.arrange(0, ["AS"])  # a bot seat: nothing kept, nothing saved
    assert session.to_dict()["bots"] == before
    assert flush_autosaves(10.0)
    saved, _, _ = load_autosave(paths, match_validator=lambda d: BuracoSession.from_dict(d))
    assert isinstance(saved, BuracoSession)
    again = saved.pending_bot_action()
    assert again == session.pending_bot_action()  # Continue makes the same choice
