"""The background autosave: off the frame, latest wins, flushed on demand, errors reported."""

from __future__ import annotations

import json
import logging
import random
import threading
from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import (
    Paths,
    autosave_later,
    clear_autosave,
    documents,
    flush_autosaves,
    has_autosave,
    load_autosave,
)
from carioca_desktop.storage.autosaver import BackgroundWriter, Job, writer_for
from carioca_desktop.storage.rngcodec import compact_match, expand_match, pack_state
from tests.fixtures.waiting import PATIENCE, wait_until

SEATS = [SeatConfig("Tú", "human")] + [SeatConfig(f"Bot {i}", "bot", "normal") for i in (1, 2, 3)]


def play(session: MatchSession, moves: int) -> None:
    for _ in range(moves):
        action = session.pending_bot_action()
        if action is None:
            return
        session.apply(action)


def on_disk(paths: Paths) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(paths.autosave_file.read_text())
    return doc


def test_after_a_flush_the_file_is_the_last_state(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    session = MatchSession.new(CariocaRules(), SEATS, 5, paths=paths)
    play(session, 30)
    assert flush_autosaves(10.0)
    assert expand_match(on_disk(paths)["match"]) == session.to_dict()
    loaded, _, notices = load_autosave(paths, lambda d: MatchSession.from_dict(d, paths))
    assert notices == [] and isinstance(loaded, MatchSession)
    assert loaded.to_dict() == session.to_dict()


def test_reading_the_autosave_waits_for_the_latest_state(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    session = MatchSession.new(CariocaRules(), SEATS, 6, paths=paths)
    play(session, 10)
    # No explicit flush: load_autosave itself lets the pending state reach the file first.
    _, match, _ = load_autosave(paths)
    assert match == session.to_dict()


def test_states_handed_in_while_writing_are_coalesced_latest_wins() -> None:
    gate, written = threading.Event(), []

    def slow_write(item: int) -> None:
        gate.wait(5)
        written.append(item)

    writer = BackgroundWriter(slow_write)
    for k in range(50):
        writer.submit(k)
    gate.set()
    assert writer.flush(PATIENCE)
    assert written[-1] == 49 and len(written) <= 2  # the first, perhaps, and the last
    assert writer.submitted == 50 and writer.written == len(written)


def test_a_held_state_waits_for_its_release_or_a_flush() -> None:
    written: list[int] = []
    writer = BackgroundWriter(written.append)
    writer.submit(1, hold=True)
    assert not writer.idle
    threading.Event().wait(0.05)  # time enough for the thread to write it, were it free
    assert written == []
    writer.release()
    assert writer.flush(PATIENCE) and written == [1]
    writer.submit(2, hold=True)
    assert writer.flush(PATIENCE) and written == [1, 2]  # a flush (quit, Continue) writes it too


def test_at_the_table_a_moves_save_is_held_until_the_next_frame(tmp_path: Path) -> None:
    """The frame that applies a move is not shared with encoding its save; the next frame
    (release_decision) lets it go, and covering the table (release_save) does too."""
    paths = Paths.under(tmp_path)
    bots = [SeatConfig(f"Bot {i}", "bot", "normal") for i in range(4)]
    session = MatchSession.new(CariocaRules(), bots, 12, paths=paths)
    session.decide_ahead()
    writer = writer_for(paths)
    for release in (session.release_decision, session.release_save):
        assert writer.flush(PATIENCE)  # the new match's own save, written at once
        done = writer.written
        session.release_decision()
        action = wait_until(session.pending_bot_action, what="the bot's worked-out move")
        session.apply(action)
        threading.Event().wait(0.05)
        assert writer.written == done and not writer.idle  # held
        release()
        writer.flush(PATIENCE)
        assert writer.written == done + 1
        assert load_autosave(paths)[1] == session.to_dict()


def test_a_write_error_is_reported_not_raised(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = Paths.under(tmp_path)

    def full_disk(target: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(documents, "atomic_write_bytes", full_disk)
    with caplog.at_level(logging.WARNING):
        autosave_later({"seats": []}, paths)  # returns at once, raises nothing
        assert flush_autosaves(10.0)
    writer = writer_for(paths)
    assert writer.failures == 1 and isinstance(writer.last_error, OSError)
    assert "autosave failed" in caplog.text and "No space left" in caplog.text
    monkeypatch.undo()
    autosave_later({"seats": [1]}, paths)  # the writer keeps working after a failure
    assert flush_autosaves(10.0) and writer.failures == 1
    assert load_autosave(paths)[1] == {"seats": [1]}


def test_clearing_drops_states_not_yet_written(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    for k in range(20):
        autosave_later({"n": k}, paths)
    clear_autosave(paths)
    assert flush_autosaves(10.0)
    assert not has_autosave(paths) and not paths.autosave_file.exists()


def test_generator_states_are_stored_compactly_and_read_back(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    session = MatchSession.new(CariocaRules(), SEATS, 7, paths=paths)
    play(session, 5)
    flush_autosaves(10.0)
    raw = on_disk(paths)["match"]
    assert set(raw["game"]["rng"]) == {"mt19937", "version", "gauss"}
    assert all(set(bot["rng"]) == {"mt19937", "version", "gauss"} for bot in raw["bots"].values())
    old_size = len(json.dumps(session.to_dict(), separators=(",", ":")))
    assert paths.autosave_file.stat().st_size < 0.7 * old_size


def test_a_save_in_the_old_format_still_loads(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    session = MatchSession.new(CariocaRules(), SEATS, 8, autosave=False)
    play(session, 12)
    doc = {
        "schema": 1,
        "saved_at": "2026-01-01T00:00:00+00:00",
        "app_version": "0.1.0",
        "match": session.to_dict(),  # generator states as 625-number lists
    }
    paths.autosave_file.parent.mkdir(parents=True)
    paths.autosave_file.write_text(json.dumps(doc))
    loaded, _, notices = load_autosave(paths, lambda d: MatchSession.from_dict(d, paths))
    assert notices == [] and isinstance(loaded, MatchSession)
    assert loaded.to_dict() == session.to_dict()


def test_the_compact_form_round_trips_any_generator_state() -> None:
    rng = random.Random(99)
    rng.random(), rng.gauss(0, 1)
    version, words, gauss = rng.getstate()
    match: dict[str, Any] = {
        "game": {"rng": [version, list(words), gauss]},
        "bots": {"1": {"rng": "odd"}},
    }
    packed = compact_match(match)
    assert packed["bots"] == match["bots"] and match["game"]["rng"][1] == list(words)
    assert expand_match(json.loads(json.dumps(packed))) == match


def test_a_damaged_compact_state_is_an_invalid_game(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    session = MatchSession.new(CariocaRules(), SEATS, 9, paths=paths)
    flush_autosaves(10.0)
    doc = on_disk(paths)
    bad = pack_state([3, [0] * 625, None])
    bad["mt19937"] = bad["mt19937"][:-8]
    doc["match"]["game"]["rng"] = bad
    paths.autosave_file.write_text(json.dumps(doc))
    loaded, _, notices = load_autosave(paths, lambda d: MatchSession.from_dict(d, paths))
    assert loaded is None and [n.problem for n in notices] == ["invalid_game"]
    assert session.game.players == 4


def test_the_document_is_built_from_a_snapshot_later_moves_cannot_touch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import carioca_desktop.play.seated as session_module  # where the session saves and records

    handed: list[Any] = []
    monkeypatch.setattr(
        session_module, "autosave_later", lambda match, paths, hold=False: handed.append(match)
    )
    bots = [SeatConfig(f"Bot {i}", "bot", "normal") for i in range(4)]
    session = MatchSession.new(CariocaRules(), bots, 11, paths=Paths.under(tmp_path))
    play(session, 3)
    then = session.to_dict()
    build = handed[-1]
    play(session, 20)  # the game, its log and the bots' generators move on
    assert session.to_dict() != then
    assert build() == then


def test_quitting_the_app_waits_for_the_last_autosave(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import argparse
    import time

    import carioca_desktop.ui.app as app_module
    import carioca_desktop.ui.autoplay as autoplay_module
    from carioca_desktop.storage.atomic import atomic_write_bytes as real_write

    paths = Paths.under(tmp_path)

    def slow_disk(target: Path, data: bytes) -> None:
        time.sleep(0.05)
        real_write(target, data)

    class NoTheme:
        def get_theme(self) -> object:
            return object()

    class PlayingApp:
        """Stands for the window: its loop hands in autosaves faster than the disk takes
        them, then the player quits."""

        def __init__(self, *args: object, **kwargs: object) -> None:
            self.manager = NoTheme()

        def run(self) -> int:
            for k in range(6):
                autosave_later({"n": k}, paths)
            return 0

    monkeypatch.setattr(documents, "atomic_write_bytes", slow_disk)
    monkeypatch.setattr(app_module, "App", PlayingApp)
    monkeypatch.setattr(autoplay_module, "start_autoplay", lambda app, options: None)
    args = argparse.Namespace(
        autoplay=True,
        seed=1,
        players=4,
        preset=None,
        rounds=1,
        screenshot=None,
        resume=False,
        game="carioca",
    )
    assert app_module.run(args) == 0
    # No flush here: run() itself waited for the latest state before returning.
    assert on_disk(paths)["match"] == {"n": 5}


def test_a_job_runs_after_the_states_before_it_and_is_never_replaced() -> None:
    gate, done = threading.Event(), []

    def slow_write(item: int) -> None:
        gate.wait(5)
        done.append(item)

    writer = BackgroundWriter(slow_write)
    writer.submit(1)
    writer.submit(2)  # replaces 1 if 1 still waits
    writer.then(Job(lambda: done.append(-1), "job"))
    for k in (3, 4, 5):  # after the job: coalesced among themselves, never replacing it
        writer.submit(k)
    gate.set()
    assert writer.flush(PATIENCE)
    assert done.index(-1) == len(done) - 2 and done[-1] == 5
    assert 2 in done and all(k < 3 for k in done[: done.index(-1)])


def test_clearing_keeps_the_jobs_and_waits_for_them() -> None:
    done: list[int] = []
    writer = BackgroundWriter(done.append)
    writer.submit(1, hold=True)
    writer.then(Job(lambda: done.append(-1), "job"), hold=True)
    writer.submit(2, hold=True)
    assert writer.discard(5)  # states dropped, the job run before it returns
    assert done == [-1]


def test_a_job_may_flush_or_clear_without_waiting_for_itself() -> None:
    done: list[object] = []
    writer = BackgroundWriter(done.append)

    def job() -> None:
        done.append(writer.flush(1))
        done.append(writer.discard(1))

    writer.then(Job(job, "job"))
    assert writer.flush(PATIENCE) and done == [True, True]


def test_at_the_table_the_end_of_a_match_is_recorded_off_the_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The match's last move returns before its record and the save's removal are done;
    they happen on the writer's thread, record first, and a flush (Continue, the
    statistics) waits for them."""
    import carioca_desktop.play.seated as seated
    from carioca_desktop.play.resume import load_resumable
    from carioca_desktop.storage import load_stats

    paths = Paths.under(tmp_path)
    seats = [SeatConfig("Tú", "human"), SeatConfig("Ana", "bot", "normal")]
    rules = CariocaRules.from_dict({"preset": "chico", "players": 2})
    session = MatchSession.new(rules, seats, 3, paths=paths)
    session.decide_ahead()  # as the table does
    threads: list[tuple[str, str]] = []
    real_append, real_clear = seated.append_match, seated.clear_autosave

    def append(*args: Any, **kw: Any) -> Any:
        threads.append(("record", threading.current_thread().name))
        assert paths.autosave_file.exists()
        return real_append(*args, **kw)

    def clear(*args: Any, **kw: Any) -> Any:
        threads.append(("clear", threading.current_thread().name))
        return real_clear(*args, **kw)

    monkeypatch.setattr(seated, "append_match", append)
    monkeypatch.setattr(seated, "clear_autosave", clear)
    from carioca_desktop.bots.carioca.base import make_bot
    from carioca_desktop.bots.carioca.driver import bot_step

    stand_in = {0: make_bot("normal", 0, 1)}  # plays the person's seat
    while not session.game.is_over:
        session.release_decision()
        if session.game.phase.value == "round_over":
            session.next_round()
            continue
        if session.game.current_player == 0:
            action = bot_step(session.game, stand_in)
        else:
            action = session.pending_bot_action()
        assert action is not None
        session.apply(action)
    writer = writer_for(paths)
    assert threads == [] and not writer.idle  # held: nothing done on the last move's frame
    session.release_decision()  # the next frame
    assert writer.flush(10)
    assert threads == [("record", "autosave"), ("clear", "autosave")]
    assert session.recorded and not paths.autosave_file.exists()
    assert [m.match_id for m in load_stats(paths)[0].matches] == [session.match_id]
    assert load_resumable(paths) == (None, [])
