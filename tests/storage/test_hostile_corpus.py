"""Every kind of hostile file in tests/hostile/corpus.py through a start of the app (in
process: the menu and its Continue), ``carioca --autoplay --rounds 1`` and
``carioca --autoplay --continue``; each outcome is asserted (set aside with its bytes,
repaired with a copy kept, kept as it was, or dropped). Homes group three files. Every home
goes through the in-process start by default; through the two launches, a share of the homes
by default (every outcome of every file, and each kind of save Continue treats apart) and
the others under ``-m slow``: the launches are most of the file's time (62 of them)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from tests.hostile.corpus import Home, Kind, homes, kinds

ROOT = Path(__file__).resolve().parents[2]
Snapshot = tuple[str, object]


def snapshot(path: Path) -> Snapshot | None:
    if not os.path.lexists(path):
        return None
    mode = os.lstat(path).st_mode
    if stat.S_ISLNK(mode):
        return ("link", os.readlink(path))
    if stat.S_ISFIFO(mode):
        return ("fifo", None)
    if stat.S_ISDIR(mode):
        return ("dir", sorted(p.name for p in path.iterdir()))
    return ("file", path.read_bytes())


def target(kind: Kind, root: Path) -> Path:
    names = {"settings": "settings.json", "stats": "stats.json", "save": "saves/autosave.json"}
    return root / names[kind.file]


def copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".corrupt-*"))


def check(kind: Kind, root: Path, before: Snapshot | None, run: str) -> None:
    path = target(kind, root)
    kept = [c for c in copies(path) if snapshot(c) == before]
    where = f"{kind.name} after {run}"
    if kind.outcome in ("aside", "repaired"):
        assert kept, f"{where}: no copy with the original bytes among {copies(path)}"
    if kind.outcome == "repaired":
        assert path.is_file() and snapshot(path) != before, f"{where}: not repaired"
    if kind.outcome == "kept":
        assert snapshot(path) == before and not copies(path), f"{where}: changed"
    if kind.outcome == "dropped":
        assert not os.path.lexists(path) and not copies(path), f"{where}: not dropped"


def build(home: Home, root: Path) -> dict[str, Snapshot | None]:
    home.build(root)
    return {k.name: snapshot(target(k, root)) for k in home.kinds}


def start_in_process(home: Home, root: Path) -> None:
    from carioca_desktop.storage import Paths
    from carioca_desktop.ui.app import SETTLE_LATEST, App
    from carioca_desktop.ui.scenes.menu import MenuScene

    before = build(home, root)
    app = App(size=(1280, 800), paths=Paths.under(root), fast=True)
    try:
        menu = MenuScene(app)
        app.push(menu)
        for _ in range(SETTLE_LATEST + 2):  # the menu's first frames: the app settles after
            app.frame(0.016)  # them and only then reads the statistics (launch time)
        menu._continue()  # what the Continue button does (its table is not played on:
        # no frame after it, since at full speed a bot would move and rewrite the save)
    finally:
        pygame.quit()
    for kind in home.kinds:
        check(kind, root, before[kind.name], "a start")


def launch(home: Home, root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CARIOCA_HOME=str(root), PYTHONPATH=str(ROOT))  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "carioca_desktop", "--autoplay", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, f"{home.name} {args}: {done.stderr[-1500:]}"
    assert "Traceback" not in done.stderr, done.stderr[-1500:]
    return done


def autoplay_and_continue(home: Home, tmp: Path) -> None:
    root = tmp / f"{home.name}-autoplay"
    before = build(home, root)
    launch(home, root, "--rounds", "1", "--players", "2", "--preset", "chico", "--seed", "3")
    for kind in home.kinds:
        check(kind, root, before[kind.name], "an autoplay")
    root = tmp / f"{home.name}-continue"
    before = build(home, root)
    done = launch(home, root, "--continue")
    for kind in home.kinds:
        check(kind, root, before[kind.name], "a continue")
    save = next((k for k in home.kinds if k.file == "save"), None)
    log = (root / "logs" / "carioca.log").read_text(encoding="utf-8", errors="replace")
    if save is not None and save.name == "a_valid":
        assert "over: True" in log and not done.stderr.strip(), done.stderr
    elif save is not None and save.name == "ab_valid":  # a Buraco save, left as it is
        assert done.stderr.strip().endswith("plays on Carioca saves only"), done.stderr
    elif save is not None:
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("carioca: saved game not continued")
        assert "over: True" not in log  # nothing was played


def test_the_corpus_has_at_least_forty_kinds() -> None:
    names = [k.name for k in kinds()]
    assert len(names) == len(set(names)) >= 40
    assert {k.outcome for k in kinds()} == {"aside", "repaired", "kept", "dropped"}


def test_every_hostile_home_survives_a_start(tmp_path: Path) -> None:
    for home in homes():
        start_in_process(home, tmp_path / home.name)


def launched_by_default(home: Home) -> bool:
    """Every fourth home, and the homes whose save Continue treats apart (a valid Carioca or
    Buraco save, a finished match): together every outcome of every file."""
    special = {"a_valid", "ab_valid"}
    return int(home.name[4:]) % 4 == 0 or any(
        k.name in special or k.outcome == "dropped" for k in home.kinds
    )


def launch_params() -> list[object]:
    return [
        pytest.param(
            home, id=home.name, marks=() if launched_by_default(home) else pytest.mark.slow
        )
        for home in homes()
    ]


def test_the_default_launches_cover_every_outcome_of_every_file() -> None:
    chosen = [k for home in homes() if launched_by_default(home) for k in home.kinds]
    assert {(k.file, k.outcome) for k in chosen} == {(k.file, k.outcome) for k in kinds()}
    assert {"a_valid", "ab_valid"} <= {k.name for k in chosen}
    assert len(chosen) < len(kinds()) / 2


@pytest.mark.parametrize("home", launch_params())
def test_a_hostile_home_survives_autoplay_and_continue(home: Home, tmp_path: Path) -> None:
    autoplay_and_continue(home, tmp_path)
