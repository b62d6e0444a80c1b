"""The network session looked at in real windows (the issue's Xvfb check; not a test):

    CARIOCA_DISCOVERY=127.0.0.1 xvfb-run -a -s "-screen 0 1920x1200x24" \\
        python -m tools.shots.net_session OUTDIR [--langs es,pt,it] \\
        [--sizes 1280x720,1920x1080] [--games buraco,carioca]

Per language, size and game: one app process hosts from the menu (its person, two seats for
people, an easy bot), two app processes join from the menu (one by the mouse, picking the
table from "search the local network", pointed at loopback; one by the keyboard, typing the
address), each in its own window, every one driven by posted input (tests/fixtures/
drive_app.py); the keyboard joiner is killed after two turns and started again (it comes
back with its kept token). A whole Buraco hand, or a Carioca round with the buy; then the
host leaves. Shots (``GAME-LANG-WxH-WHO-STAGE.png``): the host's setup and waiting room
(code and addresses), the join list, the lobby, the table, the host's table with the
reconnecting seat, the sheets, and the joiners' menu with the host-left message."""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SEATS = "me,remote,remote,easy"


def launch(out: Path, home: Path, tag: str, args: list[str]) -> subprocess.Popen[bytes]:
    home.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "CARIOCA_DISCOVERY": "127.0.0.1", "SDL_AUDIODRIVER": "dummy"}
    cmd = [sys.executable, "-m", "tests.fixtures.drive_app", "--window", "--home", str(home),
           "--result", str(home / f"{tag}.json"), "--progress", str(home / f"{tag}.turns"),
           "--shots", str(out), "--tag", tag, "--timeout", "300", *args]  # fmt: skip
    log = (home / f"{tag}.log").open("w")
    return subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)


def wait_file(path: Path, seconds: float, ok: object = None) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if path.exists() and path.stat().st_size and (ok is None or ok(path)):  # type: ignore[operator]
            return True
        time.sleep(0.2)
    return False


def session(out: Path, work: Path, lang: str, size: str, game: str) -> list[str]:
    """One whole session; the problems met (empty when every process ended well)."""
    tag = f"{game}-{lang}-{size}"
    one = ["--target", "3000"] if game == "buraco" else ["--rounds", "2T"]
    common = ["--game", game, "--lang", lang, "--size", size, *one]
    hands = ["--hands", "1"] if game == "buraco" else []  # the host leaves after one hand
    info = work / tag / "table.json"
    host = launch(out, work / tag / "host", f"{tag}-host",
                  ["--role", "host", "--input", "mouse", "--seats", SEATS, "--name", "Marta",
                   "--info", str(info), *common, *hands])  # fmt: skip
    if not wait_file(info, 90):
        host.kill()
        return [f"{tag}: the host never opened its table"]
    table = json.loads(info.read_text())
    typed = ["--address", f"127.0.0.1:{table['port']}", "--code", table["code"]]
    mouse = launch(out, work / tag / "ana", f"{tag}-ana",
                   ["--role", "join", "--input", "mouse", "--search", "--name", "Ana",
                    *typed, *common])  # fmt: skip
    time.sleep(2)  # one joiner at a time: the seats fill in order
    beto_home = work / tag / "beto"
    keys = ["--role", "join", "--input", "keys", "--name", "Beto", *typed, *common]
    beto = launch(out, beto_home, f"{tag}-beto", keys)
    turns = beto_home / f"{tag}-beto.turns"
    if wait_file(turns, 180, lambda p: p.read_text().strip().isdigit() and int(p.read_text()) >= 2):
        beto.send_signal(signal.SIGKILL)  # the keyboard joiner's computer goes away
        beto.wait()
        wait_file(out / f"{tag}-host-seat-away.png", 15)
        beto = launch(out, beto_home, f"{tag}-beto-back", keys)
    problems = []
    for name, proc in (("host", host), ("ana", mouse), ("beto", beto)):
        try:
            if proc.wait(300) != 0:
                problems.append(f"{tag}: {name} exited {proc.returncode}")
        except subprocess.TimeoutExpired:
            proc.kill()
            problems.append(f"{tag}: {name} did not end")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--langs", default="es,pt,it")
    parser.add_argument("--sizes", default="1280x720,1920x1080")
    parser.add_argument("--games", default="buraco,carioca")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    work = args.out / "homes"
    problems: list[str] = []
    for lang in args.langs.split(","):
        for size in args.sizes.split(","):
            for game in args.games.split(","):
                problems += session(args.out, work, lang, size, game)
                print(f"{game} {lang} {size}: done", flush=True)
    for line in problems:
        print(line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
