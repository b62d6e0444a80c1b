"""Benchmark (a script, not a test): write_autosave of a ~100 KB match, which runs after every
action. Run: python tools/bench/bench_storage.py"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root


from carioca_desktop.storage import Paths, load_autosave, write_autosave

WRITES = 200
CARDS = ["AS", "10H", "JK", "QC", "7D", "2S"]


def big_match() -> dict[str, object]:
    """About 100 KB of JSON shaped like a long match: hands and an event log per round."""
    rounds = [
        {
            "hands": [[CARDS[(i * j + k) % 6] for k in range(13)] for j in range(8)],
            "events": [
                {"seat": e % 4, "action": "discard", "card": CARDS[e % 6]} for e in range(60)
            ],
        }
        for i in range(33)
    ]
    return {"game": {"rounds": rounds}, "seats": [{"kind": "bot", "level": "hard", "seed": 1}] * 4}


def bench(tmp_path: Path) -> None:
    match = big_match()
    size = len(json.dumps(match, separators=(",", ":")))
    paths = Paths.under(tmp_path)
    write_autosave(match, paths)  # the first write of a run also looks at the old file
    times = []
    for _ in range(WRITES):
        start = time.perf_counter()
        write_autosave(match, paths)
        times.append(time.perf_counter() - start)
    median = statistics.median(times)
    print(f"write_autosave {size / 1024:.0f} KiB: median {median * 1000:.2f} ms over {WRITES}")
    start = time.perf_counter()
    loaded = load_autosave(paths)[1]
    print(f"load_autosave: {(time.perf_counter() - start) * 1000:.2f} ms, same: {loaded == match}")


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        bench(Path(folder))
