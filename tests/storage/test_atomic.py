"""Atomic writes: a writer killed at any instant leaves the old file or the new one."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from carioca_desktop.storage.atomic import atomic_write_bytes, remove_stale_temps, temp_prefix

REPO = Path(__file__).resolve().parents[2]
KILLS = 300

# A server that imports the real writer once, then on each "go" forks a process that writes
# A and B alternately to the target forever; the test kills that process with SIGKILL at a
# random moment and says "reap". Forking keeps each kill cheap (no interpreter start-up), so
# hundreds of kills fit in a few seconds.
SERVER = """
import os, sys
from pathlib import Path
from carioca_desktop.storage.atomic import atomic_write_bytes
target, a, b = Path(sys.argv[1]), Path(sys.argv[2]).read_bytes(), Path(sys.argv[3]).read_bytes()
for line in sys.stdin:
    if line.strip() != "go":
        break
    pid = os.fork()
    if pid == 0:
        try:
            while True:
                atomic_write_bytes(target, a)
                atomic_write_bytes(target, b)
        finally:
            os._exit(0)
    print(pid, flush=True)
    if sys.stdin.readline().strip() != "reap":
        break
    _, status = os.waitpid(pid, 0)
    print(os.WIFSIGNALED(status) and os.WTERMSIG(status), flush=True)
"""


def payload(tag: str) -> bytes:
    rows = [{"tag": tag, "i": i, "text": f"{tag}-{i:06d}-" + tag * 40} for i in range(3000)]
    return json.dumps({"schema": 1, "rows": rows}).encode()


def temps(target: Path) -> list[str]:
    return [p.name for p in target.parent.iterdir() if p.name.startswith(temp_prefix(target))]


def test_write_replaces_and_cleans_stale_temps(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "file.json"
    atomic_write_bytes(target, b"one")
    stale = target.parent / (temp_prefix(target) + "leftover")
    stale.write_bytes(b"half a writ")
    other = target.parent / ".other.json.tmp-keep"
    other.write_bytes(b"not ours")
    atomic_write_bytes(target, b"two")
    assert target.read_bytes() == b"two"
    assert temps(target) == []
    assert other.exists()  # only temps of this target are touched
    assert remove_stale_temps(target) == 0


def test_failed_write_leaves_old_file_and_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "file.json"
    atomic_write_bytes(target, b"old")
    with pytest.raises(TypeError):
        atomic_write_bytes(target, "not bytes")  # type: ignore[arg-type]
    assert target.read_bytes() == b"old"
    assert temps(target) == []


class WriterServer:
    """Drives SERVER: each ``kill_one`` starts a writer and SIGKILLs it after ``delay``."""

    def __init__(self, target: Path, a: Path, b: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(REPO)}
        args = [sys.executable, "-c", SERVER, str(target), str(a), str(b)]
        self.proc = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
        )

    def say(self, line: str) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return self.proc.stdout.readline().strip()

    def kill_one(self, delay: float) -> None:
        pid = int(self.say("go"))
        time.sleep(delay)
        os.kill(pid, signal.SIGKILL)
        assert self.say("reap") == str(int(signal.SIGKILL))

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork and SIGKILL")
def test_kill_at_random_moments_never_tears_the_file(tmp_path: Path) -> None:
    a, b = payload("A"), payload("B")
    assert len(a) > 200_000 and len(a) == len(b)
    target = tmp_path / "saves" / "autosave.json"
    (tmp_path / "a").write_bytes(a)
    (tmp_path / "b").write_bytes(b)
    atomic_write_bytes(target, a)
    server = WriterServer(target, tmp_path / "a", tmp_path / "b")
    rng = random.Random(20240601)
    seen = {a: 0, b: 0}
    mid_write = kills = 0
    try:
        # KILLS kills, and more while the kills have not yet landed both between and inside
        # writes (a starved writer may write nothing in 30 ms on a loaded machine).
        while kills < KILLS or not (seen[a] and seen[b] and mid_write):
            assert kills < 10 * KILLS, (kills, seen[a], seen[b], mid_write)
            kills += 1
            server.kill_one(rng.uniform(0.0, 0.030))
            content = target.read_bytes()
            assert content in seen, "torn file after SIGKILL"
            json.loads(content)
            seen[content] += 1
            leftovers = temps(target)
            # The next writer cleans before writing, so at most the killed one's temp remains.
            assert len(leftovers) <= 1, leftovers
            mid_write += bool(leftovers)
    finally:
        server.close()
    print(f"kills={kills} A={seen[a]} B={seen[b]} mid_write={mid_write}")
    # The kills must have landed both between and inside writes for the test to mean much.
    assert seen[a] > 0 and seen[b] > 0 and mid_write > 0
    atomic_write_bytes(target, b"{}")
    assert temps(target) == []
