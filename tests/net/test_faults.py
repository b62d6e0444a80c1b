"""Faults, with real processes on 127.0.0.1: a ``join`` killed (-9) mid-match and started
again within the grace (the match ends as it would have), one that does not come back (a bot
takes its seat after the grace), and the host killed (every client exits with its message
within 5 s; the host's save resumed, the same people rejoin and finish the match)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.fixtures.netkit import ROOT, bot_seed, env, local_final, start_host_cli, start_join_cli

NAMES = ["Bot 1", "Ana", "Beto", "Caro"]
RULES = {"preset": "chico", "buy": True}


def _rules_file(tmp_path: Path) -> str:
    path = tmp_path / "rules.json"
    path.write_text(json.dumps(RULES), encoding="utf-8")
    return str(path)


def _wait_line(proc: subprocess.Popen[str], prefix: str) -> str:
    assert proc.stdout is not None
    while True:
        line = proc.stdout.readline()
        assert line, f"ended before a line starting {prefix!r}"
        if line.startswith(prefix):
            return line


Procs = list[subprocess.Popen[str]]


def _host_and_joins(
    tmp_path: Path, seed: int, *extra: str
) -> tuple[subprocess.Popen[str], int, Procs]:
    host, port = start_host_cli(
        ["--game", "carioca", "--rules", _rules_file(tmp_path), "--seats",
         "normal,remote,remote,remote", "--seed", str(seed), *extra],
        tmp_path / "host",
    )  # fmt: skip
    joins = [
        start_join_cli(port, NAMES[s], "normal", bot_seed(seed, s), tmp_path / f"join{s}")
        for s in (1, 2, 3)
    ]
    return host, port, joins


@pytest.mark.timeout(300)
def test_a_killed_join_rejoins_within_the_grace_and_the_match_ends_as_it_would_have(
    tmp_path: Path,
) -> None:
    seed, dump = 13, tmp_path / "final.json"
    host, port, joins = _host_and_joins(tmp_path, seed, "--dump", str(dump))
    _wait_line(joins[1], "round 1:")
    time.sleep(0.05)
    os.kill(joins[1].pid, signal.SIGKILL)  # mid-match, whatever it was doing
    joins[1].wait(10)
    joins[1] = start_join_cli(port, NAMES[2], "normal", bot_seed(seed, 2), tmp_path / "join2")
    said = [j.communicate(timeout=240) for j in joins]  # what each joiner said, for a failure
    host_out, host_err = host.communicate(timeout=60)
    assert [j.returncode for j in joins] == [0, 0, 0] and host.returncode == 0, (
        host_err[-2000:],
        [(out[-600:], err[-1500:]) for out, err in said],
    )
    assert "seat 2 rejoined" in host_out
    assert dump.read_text(encoding="utf-8") == local_final("carioca", RULES, NAMES,
                                                           ["normal"] * 4, seed)  # fmt: skip


@pytest.mark.slow  # a few seconds of a default run's budget: the rejoin test above stays
@pytest.mark.timeout(300)
def test_past_the_grace_a_bot_plays_the_seat(tmp_path: Path) -> None:
    host, _, joins = _host_and_joins(tmp_path, 17, "--grace", "1")
    _wait_line(joins[2], "round 1:")
    os.kill(joins[2].pid, signal.SIGKILL)
    outs = [j.communicate(timeout=240)[0] for j in joins[:2]]
    host_out, host_err = host.communicate(timeout=60)
    assert host.returncode == 0, host_err
    assert "seat 3 is played by a normal bot" in host_out
    last = host_out.splitlines()[-1]
    assert last.startswith("match over:") and [o.splitlines()[-1] for o in outs] == [last] * 2


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.slow  # the frozen-host test below stays in the default run
@pytest.mark.timeout(300)
def test_a_killed_host_is_noticed_within_5_s_and_its_save_resumed(tmp_path: Path) -> None:
    seed, port = 19, _free_port()
    host, _, joins = _host_and_joins(tmp_path, seed, "--port", str(port))
    _wait_line(joins[0], "round 1:")
    os.kill(host.pid, signal.SIGKILL)
    killed = time.monotonic()
    for j in joins:
        _, err = j.communicate(timeout=30)
        assert j.returncode == 1 and "carioca join:" in err, err
    assert time.monotonic() - killed < 5.0
    assert (tmp_path / "host" / "saves" / "net-table.json").exists()
    assert (tmp_path / "host" / "saves" / "net-autosave.json").exists()  # its own slot
    assert not (tmp_path / "host" / "saves" / "autosave.json").exists()  # Continue's: untouched
    resumed = subprocess.Popen(
        [sys.executable, "-m", "carioca_desktop", "host", "--continue", "--bind", "127.0.0.1",
         "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env(tmp_path / "host"), cwd=ROOT,
    )  # fmt: skip
    _wait_line(resumed, "listening on")
    joins = [
        start_join_cli(port, NAMES[s], "normal", bot_seed(seed, s), tmp_path / f"join{s}")
        for s in (1, 2, 3)
    ]
    outs = [j.communicate(timeout=240)[0] for j in joins]
    host_out, host_err = resumed.communicate(timeout=60)
    assert resumed.returncode == 0, host_err
    assert all(f"seat {s} rejoined" in host_out for s in (1, 2, 3))
    last = host_out.splitlines()[-1]
    assert last.startswith("match over:") and [o.splitlines()[-1] for o in outs] == [last] * 3
    assert not (tmp_path / "host" / "saves" / "net-table.json").exists()
    assert not (tmp_path / "host" / "saves" / "net-autosave.json").exists()  # cleared at the end
    assert not (tmp_path / "host" / "saves" / "autosave.json").exists()


@pytest.mark.timeout(120)
def test_a_frozen_host_is_noticed_by_the_keepalive_within_5_s(tmp_path: Path) -> None:
    """A host that stops answering without closing anything (SIGSTOP: as a cable pulled or a
    computer asleep) is noticed by the clients' pings, not by the sockets closing."""
    host, _, joins = _host_and_joins(tmp_path, 23)
    _wait_line(joins[0], "round 1:")
    os.kill(host.pid, signal.SIGSTOP)
    frozen = time.monotonic()
    try:
        for j in joins:
            _, err = j.communicate(timeout=30)
            assert j.returncode == 1 and "carioca join:" in err, err
        elapsed = time.monotonic() - frozen
        print(f"\nclients noticed the frozen host after {elapsed:.2f} s")
        assert elapsed < 5.0
    finally:
        os.kill(host.pid, signal.SIGKILL)
        host.communicate()
