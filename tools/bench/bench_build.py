"""Benchmark (a script, not a test): the one-file executable's size, cold and warm time from
launch to the first drawn menu frame, and peak memory, beside a bare pygame_gui one-file
build measured in the same run.

    python tools/bench/bench_build.py [--runs 5]

Needs the build extra (`pip install ".[build]"`). "Cold" is the first launch of a freshly
built file (the one-file bootloader unpacks into a new temporary folder every time, so later
launches differ only by the disk cache: "warm").
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the repository root (tools/bench/../..)

BARE = textwrap.dedent(
    """
    import os, time, pygame, pygame_gui
    pygame.init()
    screen = pygame.display.set_mode((1600, 900))
    manager = pygame_gui.UIManager((1600, 900))
    pygame_gui.elements.UIButton(pygame.Rect(700, 400, 200, 50), "Play", manager)
    manager.update(0.016)
    screen.fill((30, 104, 62))
    manager.draw_ui(screen)
    pygame.display.flip()
    print(f"ready at {time.time():.4f}", flush=True)
    """
)

PEAK = textwrap.dedent(
    """
    import resource, subprocess, sys, time
    start = time.time()
    out = subprocess.run(sys.argv[1:], capture_output=True, text=True)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    ok = " at " in out.stdout
    # Both programs print the wall clock at their first flipped frame: launch to first frame,
    # leaving out the shutdown that no player waits for.
    shown = float(out.stdout.rsplit(" at ", 1)[1].split()[0]) - start if ok else 0.0
    print(f"{shown:.4f} {peak} {int(ok)}")
    """
)


def build(work: Path, name: str, args: list[str]) -> Path:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level",
            "ERROR",
            "--distpath",
            str(work / "dist"),
            "--workpath",
            str(work / f"build-{name}"),
            *args,
        ],
        check=True,
        cwd=work,
    )
    return work / "dist" / name


def launch(exe: Path) -> tuple[float, int]:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": os.environ.get("SDL_VIDEODRIVER", "dummy"),
        "SDL_AUDIODRIVER": "dummy",
        "CARIOCA_READY_EXIT": "1",
        "CARIOCA_HOME": tempfile.mkdtemp(prefix="carioca-bench-"),
    }
    out = subprocess.run(
        [sys.executable, "-c", PEAK, str(exe)], capture_output=True, text=True, env=env, check=True
    ).stdout.split()
    if out[2] != "1":
        raise SystemExit(f"{exe} did not reach its first frame")
    return float(out[0]), int(out[1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        (work / "bare.py").write_text(BARE)
        bare = build(work, "bare", ["--onefile", "--windowed", "--name", "bare", "bare.py"])
        game = build(work, "carioca", [str(ROOT / "build.spec")])
        results: dict[str, dict[str, list[float]]] = {
            label: {"cold": [], "warm": [], "peak": []} for label in ("bare pygame_gui", "carioca")
        }
        for k in range(runs + 1):  # interleaved, so machine noise hits both alike
            for label, exe in (("bare pygame_gui", bare), ("carioca", game)):
                wall, peak = launch(exe)
                results[label]["cold" if k == 0 else "warm"].append(wall)
                results[label]["peak"].append(peak / 1024)
        print(f"{'build':16} {'size MB':>8} {'cold s':>7} {'warm s (median)':>16} {'peak MB':>8}")
        for label, exe in (("bare pygame_gui", bare), ("carioca", game)):
            r = results[label]
            print(
                f"{label:16} {exe.stat().st_size / 1e6:8.1f} {r['cold'][0]:7.2f} "
                f"{statistics.median(r['warm']):16.2f} {max(r['peak']):8.0f}"
            )
        ratio_cold = results["carioca"]["cold"][0] / results["bare pygame_gui"]["cold"][0]
        ratio_warm = statistics.median(results["carioca"]["warm"]) / statistics.median(
            results["bare pygame_gui"]["warm"]
        )
        print(
            f"ratio carioca / bare: cold {ratio_cold:.2f}x, warm {ratio_warm:.2f}x (goal <= 1.5x)"
        )


if __name__ == "__main__":
    main()
