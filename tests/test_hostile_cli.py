"""The command line against hostile input (issue 15): ``simulate --rules`` with bad files
says one line and exits 2; ``--autoplay --continue`` resumes or sets aside, exit 0."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from carioca_desktop.storage import Paths
from tests.hostile.corpus import save_of, small_session

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, home: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    if home is not None:
        env["CARIOCA_HOME"] = str(home)
    return subprocess.run(
        [sys.executable, "-m", "carioca_desktop", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


BAD_RULES = {
    "list_round": '{"rounds": [["2T"]]}',
    "deep": "[" * 100_000 + "]" * 100_000,
    "deep_object": '{"rounds": ' + "[" * 3000 + "]" * 3000 + "}",
    "nan": '{"players": NaN}',
    "huge": '{"hand_size": 1' + "0" * 400 + "}",
    "binary": "\udcff",
    "list": "[1]",
}


GAMES = {"carioca": (), "buraco": ("--game", "buraco")}


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("name", sorted(BAD_RULES))
def test_simulate_with_a_bad_rules_file_says_one_line_and_exits_2(
    tmp_path: Path, name: str, game: str
) -> None:
    path = tmp_path / "rules.json"
    path.write_text(BAD_RULES[name], encoding="utf-8", errors="surrogateescape")
    done = run("simulate", *GAMES[game], "--players", "2", "--bots", "easy,easy",
               "--games", "1", "--rules", str(path))  # fmt: skip
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr[-800:]
    reason = done.stderr.splitlines()[0]
    assert reason.startswith("carioca simulate") and ": " in reason and "rules" in reason
    assert len(reason) < 400 and "usage:" in done.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("game", sorted(GAMES))
def test_simulate_with_a_fifo_as_rules_file_does_not_hang(tmp_path: Path, game: str) -> None:
    os.mkfifo(tmp_path / "rules.json")
    done = run("simulate", *GAMES[game], "--players", "2", "--bots", "easy,easy", "--games", "1",
               "--rules", str(tmp_path / "rules.json"))  # fmt: skip
    assert done.returncode == 2 and "not a regular file" in done.stderr


def test_continue_is_in_help_and_needs_autoplay() -> None:
    assert "--continue" in run("--help").stdout
    done = run("--continue")
    assert done.returncode == 2 and "--continue needs --autoplay" in done.stderr
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "`carioca --autoplay --continue [--screenshot PATH]`" in readme


def test_autoplay_continue_plays_the_saved_match_to_its_end(tmp_path: Path) -> None:
    home = tmp_path / "home"
    paths = Paths.under(home)
    paths.autosave_file.parent.mkdir(parents=True)
    save_of(small_session().to_dict())(paths.autosave_file)
    before = paths.autosave_file.read_bytes()
    shot = tmp_path / "shot.png"
    done = run("--autoplay", "--continue", "--screenshot", str(shot), home=home)
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr[-1500:]
    log = (home / "logs" / "carioca.log").read_text(encoding="utf-8")
    assert "over: True" in log  # played to the end of the match
    assert shot.exists() and (tmp_path / "shot-end.png").exists()
    assert paths.autosave_file.read_bytes() == before  # the player's save is left as it was


def test_autoplay_continue_sets_an_unusable_save_aside(tmp_path: Path) -> None:
    home = tmp_path / "home"
    paths = Paths.under(home)
    paths.autosave_file.parent.mkdir(parents=True)
    data = small_session().to_dict()
    data["game"]["turn_number"] = -1000
    save_of(data)(paths.autosave_file)
    before = paths.autosave_file.read_bytes()
    done = run("--autoplay", "--continue", home=home)
    assert done.returncode == 0, done.stderr[-1500:]
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "set aside as" in lines[0], done.stderr
    moved = Path(lines[0].rsplit("set aside as ", 1)[1])
    assert moved.read_bytes() == before and not paths.autosave_file.exists()
    log = (home / "logs" / "carioca.log").read_text(encoding="utf-8")
    assert "over:" not in log  # nothing was played
    json.loads(before)  # the file was valid JSON: it is the game that was impossible


def test_autoplay_continue_without_a_save_says_so(tmp_path: Path) -> None:
    done = run("--autoplay", "--continue", home=tmp_path / "empty")
    assert done.returncode == 0 and done.stderr.strip() == "carioca: no saved game to continue"
