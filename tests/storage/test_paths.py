"""Where storage puts files: CARIOCA_HOME layout, platform folders, nothing at import."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from carioca_desktop import storage
from carioca_desktop.storage import Paths, default_paths

REPO = Path(__file__).resolve().parents[2]


def test_carioca_home_layout_is_exact(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARIOCA_HOME", str(tmp_path))
    assert default_paths() == Paths(
        settings_file=tmp_path / "settings.json",
        autosave_file=tmp_path / "saves" / "autosave.json",
        stats_file=tmp_path / "stats.json",
        logs_dir=tmp_path / "logs",
    )


def test_relative_carioca_home_is_made_absolute_at_call_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CARIOCA_HOME", "portable")
    paths = default_paths()
    monkeypatch.chdir(tmp_path.parent)
    assert paths.settings_file == tmp_path / "portable" / "settings.json"


def test_platform_folders_without_carioca_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CARIOCA_HOME", raising=False)
    calls: list[tuple[str, str, object]] = []

    def fake(kind: str) -> object:
        def where(appname: str, appauthor: object = None, *args: object, **kw: object) -> str:
            calls.append((kind, appname, appauthor))
            return str(tmp_path / kind)

        return where

    for kind in ("config", "data", "log"):
        monkeypatch.setattr(platformdirs, f"user_{kind}_dir", fake(kind))
    paths = default_paths()
    assert paths.settings_file == tmp_path / "config" / "settings.json"
    assert paths.autosave_file == tmp_path / "data" / "saves" / "autosave.json"
    assert paths.stats_file == tmp_path / "data" / "stats.json"
    assert paths.logs_dir == tmp_path / "log"
    assert sorted(calls) == [(k, "carioca", False) for k in ("config", "data", "log")]


@pytest.mark.skipif(sys.platform != "linux", reason="XDG variables are a Linux convention")
def test_xdg_folders_on_linux(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARIOCA_HOME", raising=False)
    for var, sub in (("XDG_CONFIG_HOME", "cfg"), ("XDG_DATA_HOME", "data")):
        monkeypatch.setenv(var, str(tmp_path / sub))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    paths = default_paths()
    assert paths.settings_file == tmp_path / "cfg" / "carioca" / "settings.json"
    assert paths.stats_file == tmp_path / "data" / "carioca" / "stats.json"
    assert paths.logs_dir.is_relative_to(tmp_path / "state" / "carioca")


def test_names_stay_distinct_when_folders_coincide(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    files = [paths.settings_file, paths.autosave_file, paths.stats_file]
    assert len({p.name for p in files}) == 3


def test_loading_creates_no_folder(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path / "home")
    storage.load_settings(paths)
    storage.load_autosave(paths)
    storage.load_stats(paths)
    assert storage.has_autosave(paths) is False
    assert not (tmp_path / "home").exists()


def test_import_loads_no_pygame_and_touches_no_files(tmp_path: Path) -> None:
    code = (
        "import sys, carioca_desktop.storage\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui'))\n"
        "print(bad)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO), "CARIOCA_HOME": str(tmp_path / "home")}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert out.stdout.strip() == "[]"
    assert not (tmp_path / "home").exists()
