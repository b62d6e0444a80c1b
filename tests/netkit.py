"""Helpers for the network tests: a local match to compare with, the commands as processes,
and an in-process table (host thread + joining bots) for the leak and hostile tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from carioca_desktop.net.games import KINDS, bot_seed
from carioca_desktop.net.host import TableHost
from carioca_desktop.net.seats import SeatSpec
from carioca_desktop.play.seated import SeatConfig

ROOT = Path(__file__).resolve().parent.parent
CODE = "ABCDEF"


def local_final(game: str, rules: dict[str, Any], names: Sequence[str], levels: Sequence[str],
                seed: int) -> str:  # fmt: skip
    """The final state of the same match played locally, every seat a bot of the session."""
    kind = KINDS[game]
    seats = [SeatConfig(n, "bot", lv) for n, lv in zip(names, levels, strict=True)]
    session = kind.new_session(kind.load_rules({**rules, "players": len(names)}), seats, seed,
                               None, False)  # fmt: skip
    while not session.game.is_over:
        if session.game.round_over:
            session.next_round()
        else:
            session.apply(session.pending_bot_action())
    return json.dumps(session.game.to_dict(), sort_keys=True, separators=(",", ":"))


def env(home: Path) -> dict[str, str]:
    # The hosts these tests start answer no search (one is tested in test_net_units.py).
    out = dict(os.environ, CARIOCA_HOME=str(home), CARIOCA_DISCOVERY="off")
    # tests/netguard's sitecustomize installs the loopback-only guard in the process too.
    out["PYTHONPATH"] = os.pathsep.join([str(ROOT / "tests" / "netguard"), str(ROOT)])
    return out


def start_host_cli(args: Sequence[str], home: Path) -> tuple[subprocess.Popen[str], int]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "carioca_desktop", "host", "--bind", "127.0.0.1", "--port", "0",
         "--code", CODE, *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(home), cwd=ROOT,
    )  # fmt: skip
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert first.startswith("listening on 127.0.0.1:"), first + proc.stderr.read()
    return proc, int(first.split()[2].split(":")[1])


def start_join_cli(port: int, name: str, level: str, seed: int, home: Path,
                   code: str = CODE) -> subprocess.Popen[str]:  # fmt: skip
    """A ``carioca join`` process, once it has its seat (so seats are taken in order)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "carioca_desktop", "join", f"127.0.0.1:{port}", "--code", code,
         "--name", name, "--bot", level, "--bot-seed", str(seed)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(home), cwd=ROOT,
    )  # fmt: skip
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line.startswith("joined as seat"), line + (proc.stderr.read() if proc.stderr else "")
    return proc


class HostThread:
    """A TableHost polled on a thread of its own, as a screen's frames would."""

    def __init__(self, host: TableHost) -> None:
        self.host = host
        self.lines: list[str] = []
        self.error: BaseException | None = None
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            while not self._stop.is_set() and not self.host.finished:
                self.lines += [e.line for e in self.host.poll(0.05)]
            end = time.monotonic() + 0.5  # let the last messages leave
            while time.monotonic() < end and not self._stop.is_set():
                self.host.poll(0.05)
        except BaseException as err:  # the test reports it
            self.error = err
            raise

    def stop(self) -> None:
        self._stop.set()
        self.thread.join(5)
        self.host.close()


def new_host(game: str, rules: dict[str, Any], specs: str, seed: int, **kw: Any) -> TableHost:
    kind = KINDS[game]
    seats = [SeatSpec("remote") if s == "remote" else SeatSpec("bot", s) for s in specs.split(",")]
    return TableHost(game, kind.load_rules({**rules, "players": len(seats)}), seats, seed,
                     code=CODE, autosave=False, **kw)  # fmt: skip


def join_in_thread(port: int, name: str, level: str, seed: int, home: Path) -> threading.Thread:
    """``run_join`` (the command's player) on a thread; its exit code goes in ``.code``."""
    from carioca_desktop.net.join import run_join
    from carioca_desktop.storage import Paths

    def run() -> None:
        thread.code = run_join(f"127.0.0.1:{port}", CODE, name, level, seed,  # type: ignore[attr-defined]
                               Paths.under(home))  # fmt: skip

    thread = threading.Thread(target=run, daemon=True)
    thread.code = None  # type: ignore[attr-defined]
    thread.start()
    return thread


__all__ = ["bot_seed"]
