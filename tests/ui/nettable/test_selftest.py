"""``--selftest`` draws the network table of both games on loopback and leaves nothing
running (the check runs inside the PyInstaller executable too)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from carioca_desktop import selftest

pytestmark = pytest.mark.timeout(120)


def test_the_selftest_draws_both_network_tables_and_closes_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARIOCA_HOME", str(tmp_path))
    monkeypatch.setenv("CARIOCA_DISCOVERY", "127.0.0.1")
    names = [name for name, _ in selftest.CHECKS]
    assert "network table" in names
    check = dict(selftest.CHECKS)["network table"]
    before = {t for t in threading.enumerate() if t.name != "autosave"}
    assert check() == "drew carioca network table, buraco network table"
    assert (tmp_path / "carioca network table.png").stat().st_size > 0
    assert (tmp_path / "buraco network table.png").stat().st_size > 0
    left = {t for t in threading.enumerate() if t.name != "autosave"} - before
    assert not left, left
