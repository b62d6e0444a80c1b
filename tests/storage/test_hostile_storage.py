"""Hostile files and a hostile machine (issue 15): huge numbers in settings, FIFOs and devices
where files should be, a finished match killed before it was recorded, a newer version's
autosave, crash reports and a full disk."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.resume import load_resumable, recorded_ids
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import (
    Paths,
    Settings,
    load_autosave,
    load_settings,
    load_stats,
    write_crash_report,
)
from carioca_desktop.storage.saves import autosave_protected, side_file
from tests.fixtures.hostile_base import play_step, stand_ins
from tests.fixtures.waiting import PATIENCE

ROOT = Path(__file__).resolve().parents[2]
HUGE = "1" + "0" * 400


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


# ---------------------------------------------------------------------- settings numbers
@pytest.mark.parametrize(
    "body",
    [
        f'{{"schema": 1, "volume": {HUGE}}}',
        f'{{"schema": 1, "ui_scale": {HUGE}}}',
        f'{{"schema": 1, "ui_scale": -{HUGE}, "volume": 0.5}}',
        f'{{"schema": 1, "card_back": {HUGE}}}',
        f'{{"schema": 1, "window_size": [{HUGE}, 600]}}',
        '{"schema": 1, "volume": 1e308, "ui_scale": 1.5e-300, "card_back": 0.5}',
        '{"schema": 1, "volume": NaN}',
        '{"schema": 1, "ui_scale": Infinity}',
        '{"schema": 1, "volume": 1e999}',
    ],
)
def test_absurd_numbers_in_settings_are_set_aside_not_a_crash(tmp_path: Path, body: str) -> None:
    paths = Paths.under(tmp_path)
    write(paths.settings_file, body)
    settings, notices = load_settings(paths)
    assert notices and all(n.moved_to for n in notices)
    assert Path(notices[0].moved_to or "").read_text(encoding="utf-8") == body  # bytes kept
    assert 0.0 <= settings.volume <= 1.0 and settings.ui_scale is None


def test_the_window_is_clamped_to_the_desktop_and_a_sane_minimum() -> None:
    from carioca_desktop.ui.app import fit_window

    assert fit_window((16384, 16384), (1920, 1080)) == (1880, 970)  # title bar, taskbar
    assert fit_window((320, 240), (1920, 1080)) == (960, 600)
    assert fit_window((1200, 700), (800, 600)) == (800, 600)  # a small screen wins
    assert fit_window((16384, 16384), None) == (4096, 4096)  # no desktop: still sane
    assert fit_window((1200, 700), None) == (1200, 700)


def test_the_app_opens_a_saved_huge_window_at_desktop_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pygame

    from carioca_desktop.storage import save_settings
    from carioca_desktop.ui import desktop as desktop_module
    from carioca_desktop.ui.app import App

    paths = Paths.under(tmp_path)
    save_settings(Settings(window_size=(5000, 4000)), paths)
    monkeypatch.setattr(desktop_module, "desktop_size", lambda: (1920, 1080))
    app = App(paths=paths, fast=True)
    try:
        desktop = (1920, 1080)
        assert app.size[0] <= desktop[0] and app.size[1] <= desktop[1]
        assert app.screen.get_size() == app.size
    finally:
        pygame.quit()


# ---------------------------------------------------------------------- not regular files
def _in_time(call: Any, seconds: float = PATIENCE) -> Any:
    """Run ``call`` in a thread; fail (rather than hang the suite) if it blocks."""
    out: list[Any] = []
    worker = threading.Thread(target=lambda: out.append(call()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "reading blocked"
    return out[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_fifos_are_set_aside_without_blocking(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    paths.autosave_file.parent.mkdir(parents=True)
    for path in (paths.settings_file, paths.stats_file, paths.autosave_file):
        os.mkfifo(path)
    settings, notices = _in_time(lambda: load_settings(paths))
    assert settings == Settings() and [n.problem for n in notices] == ["not_a_file"]
    stats, notices = _in_time(lambda: load_stats(paths))
    assert stats.matches == () and [n.problem for n in notices] == ["not_a_file"]
    session, notices = _in_time(lambda: load_resumable(paths))
    assert session is None and [n.problem for n in notices] == ["not_a_file"]
    for notice in notices:
        assert notice.moved_to and stat.S_ISFIFO(os.lstat(notice.moved_to).st_mode)
    assert not os.path.lexists(paths.autosave_file)


def test_a_folder_or_a_device_is_set_aside(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    paths.settings_file.mkdir(parents=True)
    (paths.settings_file / "inside.txt").write_text("kept")
    if os.path.exists("/dev/zero"):
        os.symlink("/dev/zero", paths.stats_file)
    _, notices = load_settings(paths)
    assert [n.problem for n in notices] == ["not_a_file"]
    assert (Path(notices[0].moved_to or "") / "inside.txt").read_text() == "kept"
    if os.path.exists("/dev/zero"):
        _, notices = _in_time(lambda: load_stats(paths))
        assert [n.problem for n in notices] == ["not_a_file"]


# ---------------------------------------------------------------------- finished matches
SEATS = [SeatConfig("Tú", "human"), SeatConfig("Ana", "bot", "easy")]


def _finish_match(paths: Paths, seed: int = 4) -> MatchSession:
    rules = CariocaRules.from_dict({"preset": "chico", "players": 2})
    session = MatchSession.new(rules, SEATS, seed, paths=paths)
    players = stand_ins(session)
    while play_step(session, players):
        pass
    return session


def test_a_finished_match_is_recorded_before_its_save_is_cleared(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import carioca_desktop.play.seated as session_module  # where the session saves and records

    paths = Paths.under(tmp_path)
    order: list[str] = []
    real_append, real_clear = session_module.append_match, session_module.clear_autosave

    def append(*args: Any, **kw: Any) -> Any:
        order.append("record")
        assert paths.autosave_file.exists(), "the save went before the match was recorded"
        return real_append(*args, **kw)

    def clear(*args: Any, **kw: Any) -> Any:
        order.append("clear")
        return real_clear(*args, **kw)

    monkeypatch.setattr(session_module, "append_match", append)
    monkeypatch.setattr(session_module, "clear_autosave", clear)
    session = _finish_match(paths)
    assert order == ["record", "clear"]
    assert recorded_ids(paths) == {session.match_id}


def test_a_kill_between_recording_and_clearing_loses_and_doubles_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import carioca_desktop.play.seated as session_module  # where the session saves and records

    paths = Paths.under(tmp_path)
    monkeypatch.setattr(session_module, "clear_autosave", lambda *a, **k: None)  # "killed"
    session = _finish_match(paths)
    assert paths.autosave_file.exists()
    monkeypatch.undo()
    resumed, notices = load_resumable(paths)  # Continue
    assert resumed is None and [n.problem for n in notices] == ["finished"]
    assert not paths.autosave_file.exists()
    stats, _ = load_stats(paths)
    assert [m.match_id for m in stats.matches] == [session.match_id]


def test_a_kill_before_recording_records_the_match_on_continue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import carioca_desktop.play.seated as session_module  # where the session saves and records

    paths = Paths.under(tmp_path)

    def full_disk(*args: Any, **kw: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(session_module, "append_match", full_disk)
    session = _finish_match(paths)
    assert paths.autosave_file.exists() and load_stats(paths)[0].matches == ()
    monkeypatch.undo()
    resumed, notices = load_resumable(paths)
    assert resumed is None and [n.problem for n in notices] == ["finished"]
    assert recorded_ids(paths) == {session.match_id}


@pytest.mark.parametrize(
    "name", ["Ana\tMaría", "Ana\nMaría", "x" * 65, "\u200bAna", "\u202eanA", "Ana\x00", ""]
)
def test_names_that_statistics_would_drop_are_refused_at_the_source(name: str) -> None:
    with pytest.raises(ValueError):
        SeatConfig(name, "human")


def test_long_matches_with_huge_scores_are_recorded(tmp_path: Path) -> None:
    """64 rounds and scores far over 100,000 are what a rule set allows: stats accept them."""
    from carioca_desktop.storage import MatchRecord, PlayerRecord, append_match

    rules = {"preset": "clasico", "rounds": ["3E"] * 64, "points": {"K": 10_000}}
    CariocaRules.from_dict(rules)  # a rule set the game accepts
    record = MatchRecord(
        finished_at="2026-01-01T00:00:00+00:00",
        preset="clasico",
        rules=rules,
        players=[PlayerRecord("Ana María", "human"), PlayerRecord("Beto", "bot", "easy")],
        round_points=[[0, 130_000]] * 64,
        totals=[0, 64 * 130_000],
        winners=[0],
        scoring="penalty",
        human_seats=[0],
        match_id="abc123",
    )
    paths = Paths.under(tmp_path)
    stats, _ = append_match(record, paths)
    assert load_stats(paths)[0].matches == (record,) == stats.matches


# ---------------------------------------------------------------------- newer autosave
def test_a_match_beside_a_newer_versions_save_is_kept_and_said(tmp_path: Path) -> None:
    from types import SimpleNamespace

    from carioca_desktop import i18n
    from carioca_desktop.storage import flush_autosaves
    from carioca_desktop.ui.tablekit.save_watch import side_save_text

    paths = Paths.under(tmp_path)
    newer = '{"schema": 99, "match": {"from": "the future"}}'
    write(paths.autosave_file, newer)
    _, _, notices = load_autosave(paths)  # the app's start: the newer save is noticed
    assert [n.problem for n in notices] == ["newer_version"]
    seats = [*SEATS, SeatConfig("Beto", "bot", "normal")]
    session = MatchSession.new(CariocaRules(), seats, 3, paths=paths)
    players = stand_ins(session)
    for _ in range(12):
        play_step(session, players)
    assert flush_autosaves(10.0)  # the autosave is written off the frame
    assert paths.autosave_file.read_text(encoding="utf-8") == newer  # untouched
    assert autosave_protected(paths) and side_file(paths).exists()
    resumed, notices = load_resumable(paths)
    assert isinstance(resumed, MatchSession) and resumed.to_dict() == session.to_dict()
    scene = SimpleNamespace(session=session, app=SimpleNamespace(paths=paths))
    assert side_save_text(scene) == i18n.tr("notice.save_side")  # type: ignore[arg-type]
    for lang in i18n.LANGUAGES:
        assert i18n.has("notice.save_side", lang) and i18n.has("notice.save_finished", lang)


# ---------------------------------------------------------------------- crash, disk
def test_crash_reports_go_to_a_private_folder_never_through_a_symlink(tmp_path: Path) -> None:
    trap = Path(tempfile.gettempdir()) / "carioca-crash"
    planted = not os.path.lexists(trap)
    if planted:
        os.symlink(tmp_path / "attacker", trap)
    try:
        blocked = tmp_path / "logs-is-a-file"
        blocked.write_text("x")
        paths = Paths.under(tmp_path).__class__(
            tmp_path / "s.json", tmp_path / "a.json", tmp_path / "t.json", blocked / "logs"
        )
        report = write_crash_report(RuntimeError("boom"), paths=paths)
        assert report.exists() and "boom" in report.read_text(encoding="utf-8")
        folder = report.parent
        assert folder != trap and folder.name.startswith("carioca-crash-")
        assert not folder.is_symlink() and stat.S_IMODE(folder.stat().st_mode) == 0o700
        assert not (tmp_path / "attacker").exists()
    finally:
        if planted:
            os.unlink(trap)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_costs_one_line_on_stderr(tmp_path: Path) -> None:
    (tmp_path / "logs").mkdir()
    os.symlink("/dev/full", tmp_path / "logs" / "carioca.log")
    code = (
        "import logging, sys; from pathlib import Path; "
        "from carioca_desktop.storage import Paths, setup_logging; "
        "setup_logging(Paths.under(Path(sys.argv[1]))); "
        "[logging.getLogger('t').warning('line %d', i) for i in range(200)]"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr[:500]
    assert "No space left" in lines[0]


def test_the_resumable_loader_reads_json_of_any_shape(tmp_path: Path) -> None:
    """Continue with a save whose match is JSON of the wrong shapes never raises."""
    paths = Paths.under(tmp_path)
    for match in ({}, {"game": []}, {"format": "carioca-session", "version": 1, "seed": 10**400},
                  {"format": "carioca-session", "version": 1, "seed": 1, "preset": "x",
                   "game": {"format": "carioca-match", "version": 1}}):  # fmt: skip
        doc = {"schema": 1, "saved_at": "2026-01-01T00:00:00", "app_version": "0", "match": match}
        write(paths.autosave_file, json.dumps(doc))
        session, notices = load_resumable(paths)
        assert session is None and [n.problem for n in notices] == ["invalid_game"]


def test_the_table_says_its_match_is_saved_beside_a_newer_save(tmp_path: Path) -> None:
    import pygame

    from carioca_desktop import i18n
    from carioca_desktop.storage.autosaver import flush_pending
    from carioca_desktop.ui.app import App
    from carioca_desktop.ui.scenes.carioca import TableScene

    paths = Paths.under(tmp_path)
    write(paths.autosave_file, '{"schema": 99, "match": {}}')
    app = App(size=(1280, 800), paths=paths, fast=True)  # its start notices the newer save
    try:
        session = MatchSession.new(CariocaRules.from_dict({"players": 2}), SEATS, 5, paths=paths)
        scene = TableScene(app, session)
        app.push(scene)
        app.frame(1 / 60)
        assert i18n.tr("notice.save_side") in [t.text for t in scene.toasts]
        flush_pending(paths)  # the match's first save is written on the autosave's thread
        assert side_file(paths).exists()
    finally:
        pygame.quit()
    plain = Paths.under(tmp_path / "plain")  # and only then
    app = App(size=(1280, 800), paths=plain, fast=True)
    try:
        session = MatchSession.new(CariocaRules.from_dict({"players": 2}), SEATS, 5, paths=plain)
        scene = TableScene(app, session)
        app.push(scene)
        assert i18n.tr("notice.save_side") not in [t.text for t in scene.toasts]
    finally:
        pygame.quit()
