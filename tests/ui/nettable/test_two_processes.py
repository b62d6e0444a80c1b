"""Two people at two computers: two app processes on loopback (tests/fixtures/drive_app.py),
one hosting from the menu (its person, the remote seat, two easy bots), one joining from the
menu by the typed address, code and name; each plays its person's turns by posted mouse
events alone or key events alone to the final sheet. Both must end on the same scores, and
each computer's statistics hold one record of the match, for its own person, and its History
keeps the match's file once with that person's seat as "my view".

Whole matches of each game by each input, and a joiner killed mid-match that comes back with
its kept token, are under ``slow``; one Carioca round with the buy, by keys, stays in the
default run. The matches are whole matches of the host's house rules (Settings): Carioca's
"2T, 2E, 2T1E, 3E" (the chico's contracts) with the buy, Buraco's brasileiro to 1500."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
MOUSE_EVENTS = {"mousemotion", "mousebuttondown", "mousebuttonup"}
KEY_EVENTS = {"keydown", "keyup"}
HOUSE = {"carioca": ["--rounds", "2T,2E,2T1E,3E"], "buraco": ["--target", "1500"]}

pytestmark = pytest.mark.timeout(600)


class Computer:
    """One app process (host or joiner) in its own data folder under ``tmp_path``."""

    def __init__(self, tmp: Path, role: str, mode: str, game: str, extra: list[str]) -> None:
        self.home = tmp / role
        self.home.mkdir(exist_ok=True)
        self.result = self.home / "result.json"
        self.progress = self.home / "turns.txt"
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "CARIOCA_DISCOVERY": "127.0.0.1"}  # fmt: skip
        cmd = [sys.executable, "-m", "tests.fixtures.drive_app", "--role", role, "--input", mode,
               "--game", game, "--home", str(self.home), "--result", str(self.result),
               "--progress", str(self.progress), "--timeout", "420", *extra]  # fmt: skip
        self.log = (self.home / "log.txt").open("w")
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=self.log,
                                     stderr=subprocess.STDOUT)  # fmt: skip

    def turns(self) -> int:
        try:
            return int(self.progress.read_text() or 0)
        except (OSError, ValueError):
            return 0

    def finish(self, seconds: float = 480) -> dict[str, Any]:
        try:
            self.proc.wait(seconds)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
            self.log.close()
        log = (self.home / "log.txt").read_text()
        if not self.result.exists():
            return {"role": self.home.name, "error": "no result", "log": log[-2000:]}
        result: dict[str, Any] = json.loads(self.result.read_text())
        return {**result, "log": log[-2000:]} if "error" in result else result

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.log.close()


def host_table(tmp: Path, mode: str, game: str, extra: list[str]) -> tuple[Computer, list[str]]:
    """The host's process, and what its person reads aloud: the address and the code."""
    info = tmp / "table.json"
    host = Computer(tmp, "host", mode, game, [*extra, "--info", str(info)])
    end = time.monotonic() + 90
    while not info.exists() or not info.read_text():
        assert host.proc.poll() is None, (host.home / "log.txt").read_text()[-2000:]
        assert time.monotonic() < end, "the host never opened its table"
        time.sleep(0.1)
    table = json.loads(info.read_text())
    return host, ["--address", f"127.0.0.1:{table['port']}", "--code", table["code"]]


def check_match(host: dict[str, Any], joiner: dict[str, Any], mode: str) -> None:
    """The same match ended on both computers, played by the one input on each, no move
    refused."""
    assert host["final"] and joiner["final"]
    assert host["scores"] == joiner["scores"] and host["match_id"] == joiner["match_id"]
    assert (host["seat"], joiner["seat"]) == (0, 1)
    assert host["names"] == joiner["names"] and host["names"][:2] == ["Host", "Ana"]
    for result in (host, joiner):
        assert result["turns"] >= 1 and not result["refusals"], result["refusals"]
        alone = MOUSE_EVENTS if mode == "mouse" else KEY_EVENTS
        assert set(result["posted"]) - {"textinput"} <= alone, result["posted"]
        mine = [r for r in result["records"] if r["match_id"] == host["match_id"]]
        assert len(result["records"]) == 1 and mine[0]["human_seats"] == [result["seat"]]
        # Each History keeps the match once, with its own person's seat as "my view".
        kept = [(k["match_id"], k["mine"]) for k in result["kept"]]
        assert kept == [(host["match_id"], [result["seat"]])], result["kept"]


def finished(host: Computer, joiner: Computer) -> tuple[dict[str, Any], dict[str, Any]]:
    """Both results, once both processes ended; both computers' words when either failed
    (one stuck seat times the other out too)."""
    results = (host.finish(), joiner.finish())
    failed = [(r["role"], r["error"], r.get("log", "")) for r in results if "error" in r]
    assert not failed, failed
    return results


def play(tmp: Path, mode: str, game: str, extra: list[str]) -> tuple[dict[str, Any], ...]:
    host, typed = host_table(tmp, mode, game, extra)
    joiner = Computer(tmp, "join", mode, game, [*extra, *typed])
    results = finished(host, joiner)
    check_match(*results, mode)
    return results


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["mouse", "keys"])
@pytest.mark.parametrize("game", ["carioca", "buraco"])
def test_a_whole_match_between_two_processes(tmp_path: Path, game: str, mode: str) -> None:
    host, joiner = play(tmp_path, mode, game, HOUSE[game])
    if game == "carioca":
        assert host["sheets"] == joiner["sheets"] == 3  # every round's sheet, then the final
        assert host["offers"] + joiner["offers"] >= 1  # the buy was offered and answered


def test_one_carioca_round_with_the_buy_by_keys(tmp_path: Path) -> None:
    host, joiner = play(tmp_path, "keys", "carioca", ["--rounds", "2T"])
    assert host["offers"] + joiner["offers"] >= 1


@pytest.mark.slow
def test_a_joiner_killed_mid_match_comes_back_and_the_match_ends(tmp_path: Path) -> None:
    host, typed = host_table(tmp_path, "keys", "carioca", HOUSE["carioca"])
    first = Computer(tmp_path, "join", "keys", "carioca", [*HOUSE["carioca"], *typed])
    end = time.monotonic() + 240
    while first.turns() < 3:
        assert first.proc.poll() is None and time.monotonic() < end, "no turns played"
        time.sleep(0.1)
    first.kill()  # kill -9: no goodbye, the host keeps the seat for its grace
    again = Computer(tmp_path, "join", "keys", "carioca", [*HOUSE["carioca"], *typed])
    host_result, joiner = finished(host, again)
    assert joiner["via"] == "table"  # its kept token: back at its seat, no lobby
    check_match(host_result, joiner, "keys")  # seat 1 again, one record, the same scores
