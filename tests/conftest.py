"""Test setup: headless SDL, silent audio, and user files kept out of the real home folder."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from carioca_desktop.ui.app import App

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# No test may touch a player's settings, saves or statistics.
os.environ["CARIOCA_HOME"] = tempfile.mkdtemp(prefix="carioca-tests-")
os.environ.pop("CARIOCA_LANG", None)
# The local-network search of every test (and of the apps tests start) is sent to loopback,
# on a port of this process's own (below the ephemeral range): a loopback datagram reaches
# only the last socket bound to its port, so parallel workers sharing one would answer each
# other's searches.
os.environ["CARIOCA_DISCOVERY"] = f"127.0.0.1:{20000 + os.getpid() % 10000}"


from carioca_desktop.play import settle
from tests.fixtures.examples import register_profiles
from tests.fixtures.heavy import deal
from tests.fixtures.loopback_guard import install_loopback_guard
from tests.fixtures.memory import release_test_leftovers, trim_if_grown

install_loopback_guard()
register_profiles()
settle.THAW_EACH_MATCH = False  # seconds a session in this big process (play/settle.py)


# `-n auto`'s ceiling: each worker is a whole test process (the UI tests peak near 2 GB).
MOST_WORKERS = 8


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` (pyproject's addopts): the whole suite or a folder on every core (at most
    MOST_WORKERS); a command that names only files or test ids runs in this one process, which
    starts at once. PYTEST_XDIST_AUTO_NUM_WORKERS, or ``-n N``, still decides."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None  # xdist reads it
    if config.args and all(names_a_file(config, arg) for arg in config.args):
        return 0
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return min(MOST_WORKERS, cores or 1) if (cores or 1) > 1 else 0


def names_a_file(config: pytest.Config, arg: str) -> bool:
    """Whether a command-line argument is a test file or a test id (not a folder)."""
    path = Path(arg.split("::")[0])
    return "::" in arg or (config.invocation_params.dir / path).is_file()


def full_run(config: pytest.Config) -> bool:
    """Whether this run selects the slow tests (``-m slow``, as `.ci/run`'s second run)."""
    expr = (config.getoption("markexpr", "") or "").replace(" ", "")
    return "slow" in expr and "notslow" not in expr


def pytest_configure(config: pytest.Config) -> None:
    """Hypothesis: a share of each property's examples in the default run, all of them
    under ``-m slow`` (unless ``--hypothesis-profile`` names one)."""
    from hypothesis import settings

    if not config.getoption("hypothesis_profile", None):
        settings.load_profile("full" if full_run(config) else "quick")
    config.pluginmanager.register(HeavyFirst(), "carioca-heavy-first")


class HeavyFirst:
    """After ``-m``'s selection (trylast): the long tests at the heads of the xdist workers'
    first shares, longest first (tests/fixtures/heavy.py), so that none starts late."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(
        self, config: pytest.Config, items: list[pytest.Item]
    ) -> None:
        if config.getoption("failedfirst", False):
            return  # --ff: the last failures first, as asked
        workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
        items[:] = deal(items, workers)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``-m slow`` the properties run again, with all their examples."""
    if full_run(config):
        for item in items:
            if item.get_closest_marker("properties") is not None:
                item.add_marker(pytest.mark.slow)


@pytest.fixture
def spanish(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The home language, whatever the machine's locale (the App reads CARIOCA_LANG)."""
    from carioca_desktop import i18n

    monkeypatch.setenv("CARIOCA_LANG", "es")
    old = i18n.language()
    yield
    i18n.set_language(old)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string the table renders (its TextCache) or the screens draw by hand."""
    from tests.fixtures.drawn import record_drawn_text, record_rendered_text

    log: list[str] = []
    record_rendered_text(monkeypatch, log)
    record_drawn_text(monkeypatch, log)
    return log


@pytest.fixture
def lang() -> Iterator[None]:
    """For a test that changes the language: Spanish again after it."""
    from carioca_desktop import i18n

    yield
    i18n.set_language("es")


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """The app at 1600×900 in a fresh home, in the language of its settings (not the
    machine's); the language as it was after the test. Some modules have their own."""
    from carioca_desktop import i18n
    from carioca_desktop.storage import Paths
    from carioca_desktop.ui.app import App

    monkeypatch.delenv("CARIOCA_LANG", raising=False)
    old = i18n.language()
    application = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    yield application
    i18n.set_language(old)


@pytest.fixture(autouse=True)
def _release_leftovers() -> Iterator[None]:
    """After each test, its queued events and frozen objects let go (tests/fixtures/memory.py:
    without this the default run grew to ~9 GB)."""
    yield
    release_test_leftovers()


@pytest.fixture(autouse=True, scope="module")
def _trim_after_module() -> Iterator[None]:
    """After a module that grew the process (tests/fixtures/memory.py's TRIM_GROWTH), the
    cycles it left are collected and the freed C heap goes back to the system."""
    yield
    trim_if_grown()
