"""Crash reports and the log file."""

from __future__ import annotations

import logging
import sys
import tempfile
from pathlib import Path

import pytest

import carioca_desktop
from carioca_desktop.storage import Paths, crash, setup_logging, write_crash_report


def boom() -> BaseException:
    try:
        raise RuntimeError("the pozo fell over")
    except RuntimeError as exc:
        return exc


def test_crash_report_in_logs_folder(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    report = write_crash_report(boom(), {"scene": "table", "seed": "42"}, paths)
    assert report.parent == paths.logs_dir and report.name.startswith("crash-")
    text = report.read_text(encoding="utf-8")
    for needed in (
        carioca_desktop.__version__,
        "RuntimeError: the pozo fell over",
        "in boom",  # the traceback
        "scene: table",
        sys.version.split()[0],
        "platform: ",
    ):
        assert needed in text


def test_crash_report_falls_back_to_the_temp_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where the logs folder should be")
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    report = write_crash_report(boom(), paths=Paths.under(blocker))
    # A private folder of its own (issue 15), not a fixed name someone could plant first.
    assert report.parent.parent == tmp_path / "tmp"
    assert report.parent.name.startswith("carioca-crash-")
    assert "the pozo fell over" in report.read_text(encoding="utf-8")


def test_crash_report_never_raises(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    class Nasty(Exception):
        def __str__(self) -> str:
            raise ValueError("no string for you")

    blocker = tmp_path / "blocker"
    blocker.write_text("")
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(blocker))
    report = write_crash_report(Nasty(), paths=Paths.under(blocker))
    assert isinstance(report, Path)


def test_old_crash_reports_are_pruned(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = Paths.under(tmp_path)
    paths.logs_dir.mkdir()
    for i in range(crash.KEEP_REPORTS + 5):
        (paths.logs_dir / f"crash-old-{i:02d}.txt").write_text("old")
    write_crash_report(boom(), paths=paths)
    assert len(list(paths.logs_dir.glob("crash-*.txt"))) == crash.KEEP_REPORTS


def test_setup_logging_writes_carioca_log_once(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    root = logging.getLogger()
    before = list(root.handlers)
    level = root.level
    try:
        setup_logging(paths)
        setup_logging(paths)  # again: replaces, does not duplicate
        added = [h for h in root.handlers if h not in before]
        assert len(added) == 1
        logging.getLogger("carioca_desktop.test").warning("hello log")
        added[0].flush()
        assert "hello log" in (paths.logs_dir / "carioca.log").read_text(encoding="utf-8")
    finally:
        for handler in [h for h in root.handlers if h not in before]:
            root.removeHandler(handler)
            handler.close()
        root.setLevel(level)


def test_the_log_rotates_before_it_passes_its_size(tmp_path: Path) -> None:
    from carioca_desktop.storage.crash import RotatingLog

    handler = RotatingLog(tmp_path / "carioca.log", 200, 2)
    handler.setFormatter(logging.Formatter("%(message)s"))
    log = logging.getLogger("test-rotation")
    log.propagate = False
    log.addHandler(handler)
    try:
        for k in range(30):
            log.warning("line %02d %s", k, "x" * 30)
    finally:
        log.removeHandler(handler)
        handler.close()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["carioca.log", "carioca.log.1", "carioca.log.2"]
    assert all((tmp_path / n).stat().st_size <= 200 for n in names)
    assert "line 29" in (tmp_path / "carioca.log").read_text()


def test_the_default_house_rules_are_valid_without_asking() -> None:
    from carioca_desktop.rules.ruleset import RuleSet
    from carioca_desktop.storage.settings import DEFAULT_HOUSE_RULES

    RuleSet.from_dict(dict(DEFAULT_HOUSE_RULES))  # what the validator's shortcut relies on
