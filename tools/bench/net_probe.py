"""bench_net's stand-in for ``python -m carioca_desktop join ...``: the same command, which
also writes (to ``$NET_PROBE_OUT``, at exit) the thread CPU its client spent on the messages
that asked this seat to act (reading the state and its ask, the bot's choice, the journal,
the answer's send: the match's critical path) and on the others (news of other seats' moves,
which the match does not wait for).

    NET_PROBE_OUT=FILE python tools/bench/net_probe.py join HOST:PORT --code ... --bot ...

bench_net.py runs it with ``PYTHONPATH`` naming the tree it measures (``--compare``: an
older one); run by hand without it, it runs this tree.
"""

from __future__ import annotations

import atexit
import json
import os
import runpy
import sys
import time
from pathlib import Path
from typing import Any


def _install(out: str) -> None:
    from carioca_desktop.net import client

    stats = {"turn_cpu_s": 0.0, "turns": 0, "news_cpu_s": 0.0, "news": 0}
    read = client.NetClient._read

    def timed(self: Any, raw: str | bytes) -> None:
        start = time.thread_time()
        try:
            read(self, raw)
        finally:
            # The seat's ask travels inside its state (protocol 5) or alone: either names it.
            key = "turn" if isinstance(raw, str) and '"t":"ask"' in raw else "news"
            stats[f"{key}_cpu_s"] += time.thread_time() - start
            stats["turns" if key == "turn" else "news"] += 1

    client.NetClient._read = timed  # type: ignore[method-assign]
    atexit.register(lambda: Path(out).write_text(json.dumps(stats), encoding="utf-8"))


def main() -> None:
    if not os.environ.get("PYTHONPATH"):
        sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    out = os.environ.get("NET_PROBE_OUT")
    if out:
        _install(out)
    sys.argv = ["carioca_desktop", *sys.argv[1:]]
    runpy.run_module("carioca_desktop", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
