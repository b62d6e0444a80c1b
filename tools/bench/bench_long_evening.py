"""Benchmark (a script, not a test): a long evening in one process. Plays ``--matches``
Carioca matches one after another with the app's autoplay seats (hard, normal, easy,
normal), as a player's thirty matches in one sitting would, and prints for every tenth match
its time, its slowest bot decision, its full (generation 2) garbage collections (count,
longest pause), the tracked objects and the process's RSS. With ``--settle`` the app's policy
runs (play/settle.py: freeze after each deal, thaw and collect once at a match's second deal;
with SETTLE_THAW=1 also at each match's end, the variant measured and dropped). Then
``--frames`` frames of a Carioca table in the app (dummy video, fast mode, bots playing) report
the frame p99 and max, which a fresh process (``--matches 0``) gives for comparison.

Run: python tools/bench/bench_long_evening.py [--matches 30] [--settle] [--frames 600]
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import tempfile
import time
from pathlib import Path

from carioca_desktop.bots.carioca.driver import play_match
from carioca_desktop.play import settle
from carioca_desktop.rules.carioca.actions import NextRound
from carioca_desktop.rules.carioca.ruleset import CariocaRules

LEVELS = ("hard", "normal", "easy", "normal")
WARM = 30
THAW = os.environ.get("SETTLE_THAW", "0") == "1"  # 1: also thaw and collect at a match's end


class Pauses:
    """The generation-2 collections' pauses, through ``gc.callbacks``."""

    def __init__(self) -> None:
        self.full: list[float] = []
        self._start = 0.0
        gc.callbacks.append(self)

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.full.append(time.perf_counter() - self._start)


def rss_mb() -> float:
    with open(f"/proc/{os.getpid()}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def evening(matches: int, use_settle: bool, pauses: Pauses) -> None:
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 4})
    print(
        "| match | seconds | slowest decision ms | full GCs in play | longest ms "
        "| end-of-match collect ms | objects | RSS MB |"
    )
    print("|---|---|---|---|---|---|---|---|")
    slowest = [0.0]

    def clock(level: str, round_index: int, seconds: float) -> None:
        slowest[0] = max(slowest[0], seconds)

    for m in range(1, matches + 1):
        slowest[0] = 0.0
        before = len(pauses.full)

        def on_action(game: object, action: object) -> None:
            if use_settle and isinstance(action, NextRound):
                settle.after_deal()

        if use_settle:
            settle.match_dealt()  # the first deal
        result = play_match(rules, LEVELS, 1000 + m, clock=clock, on_action=on_action)
        full = pauses.full[before:]
        end = 0.0
        if use_settle and THAW:  # the variant measured and dropped: thaw, collect once
            start = time.perf_counter()
            gc.unfreeze()
            gc.collect()
            end = time.perf_counter() - start
        if m in (1, 10, 20, 30, matches) or m % 10 == 0:
            print(
                f"| {m} | {result.seconds:.2f} | {1e3 * slowest[0]:.0f} | {len(full)} | "
                f"{1e3 * max(full, default=0.0):.0f} | {1e3 * end:.0f} | "
                f"{len(gc.get_objects())} | {rss_mb():.0f} |",
                flush=True,
            )


def frames(count: int, use_settle: bool) -> None:
    """``count`` frames of a bots' Carioca table in the app: p50, p99 and max."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from carioca_desktop.play.carioca.session import MatchSession, SeatConfig
    from carioca_desktop.storage import Paths
    from carioca_desktop.ui.app import App
    from carioca_desktop.ui.scenes.carioca import TableScene

    with tempfile.TemporaryDirectory() as home:
        app = App(size=(1280, 720), paths=Paths.under(Path(home)), fast=True)
        rules = CariocaRules.from_dict({"preset": "clasico", "players": 4})
        seats = [SeatConfig(n, "bot", lv) for n, lv in zip("ABCD", LEVELS, strict=True)]
        session = MatchSession.new(rules, seats, 77, autosave=False)
        if use_settle:
            settle.after_deal()
        app.push(TableScene(app, session))
        times = []
        for k in range(count + WARM):
            start = time.perf_counter()
            app.frame(1 / 60)
            if k >= WARM:  # the first frames load fonts and card art
                times.append(time.perf_counter() - start)
        app.quit()
    times.sort()
    p = times[min(len(times) - 1, int(0.99 * len(times)))]
    print(
        f"frames: {len(times)}, p50 {1e3 * times[len(times) // 2]:.1f} ms, "
        f"p99 {1e3 * p:.1f} ms, max {1e3 * times[-1]:.1f} ms; RSS {rss_mb():.0f} MB"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=30)
    p.add_argument("--settle", action="store_true")
    p.add_argument("--frames", type=int, default=600)
    args = p.parse_args()
    pauses = Pauses()
    print(f"{args.matches} matches in one process, settle={args.settle}")
    evening(args.matches, args.settle, pauses)
    full = pauses.full
    print(f"all full GCs: {len(full)}, longest {1e3 * max(full, default=0.0):.0f} ms")
    if args.frames:
        before = len(pauses.full)
        frames(args.frames, args.settle)
        during = pauses.full[before:]
        print(f"full GCs during the frames: {len(during)}, longest "
              f"{1e3 * max(during, default=0.0):.0f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
