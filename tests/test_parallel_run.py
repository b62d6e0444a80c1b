"""The test run on every core (pytest-xdist, pyproject's addopts): each worker has the
loopback guard and a home of its own, and ``-n auto`` runs a command that names files in one
process."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from xml.etree import ElementTree

import pytest

from tests.conftest import pytest_xdist_auto_num_workers

ROOT = Path(__file__).resolve().parents[1]
CASES = "tests/fixtures/parallel_cases.py"


def test_every_worker_fails_a_test_that_sends_elsewhere(tmp_path: Path) -> None:
    report = tmp_path / "cases.xml"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", CASES, "-n", "2", "--dist", "load",
         f"--junitxml={report}", "-p", "no:cacheprovider"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 1 and "8 failed" in run.stdout, run.stdout[-3000:]
    messages = [f.get("message", "") for f in ElementTree.parse(report).iter("failure")]
    pattern = (
        r"AssertionError: \[(gw\d+) (\S+) (127\.0\.0\.1:\d+)\] a test sent to '192\.0\.2\.1': "
        r"tests use loopback only"
    )
    refused = [re.fullmatch(pattern, m) for m in messages]
    assert len(refused) == 8 and all(refused), messages
    homes = {m.group(1): m.group(2) for m in refused if m}
    assert set(homes) == {"gw0", "gw1"}, messages
    assert len(set(homes.values())) == 2  # a home of its own in each worker
    assert os.environ["CARIOCA_HOME"] not in homes.values()
    # A discovery port of its own too: a search answered by another worker's table (the
    # last socket bound to a shared port gets every datagram) would fail the search tests.
    searches = {m.group(1): m.group(3) for m in refused if m}
    assert len(set(searches.values())) == 2, searches


def config(*args: str, where: Path = ROOT) -> Any:
    return SimpleNamespace(args=list(args), invocation_params=SimpleNamespace(dir=where))


def test_files_and_test_ids_run_in_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYTEST_XDIST_AUTO_NUM_WORKERS", raising=False)
    assert pytest_xdist_auto_num_workers(config("tests/test_version.py")) == 0
    assert pytest_xdist_auto_num_workers(config("tests/x.py::test_y", CASES)) == 0
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    assert pytest_xdist_auto_num_workers(config("tests")) == 2
    assert pytest_xdist_auto_num_workers(config("tests/ui", CASES)) == 2
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(64)), raising=False)
    assert pytest_xdist_auto_num_workers(config("tests")) == 8  # each worker is a whole process
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0}, raising=False)
    assert pytest_xdist_auto_num_workers(config("tests")) == 0  # one core: no workers
    monkeypatch.setenv("PYTEST_XDIST_AUTO_NUM_WORKERS", "3")
    assert pytest_xdist_auto_num_workers(config("tests/test_version.py")) is None  # xdist's
