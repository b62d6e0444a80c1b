"""Table benchmarks (a script, not a test): `python tests/bench_ui.py [--frames N]`.

1. Frame time of the busiest table (6 seats, full hands, many melds, a drag in progress)
   beside the floor measured in the same run: the same number of card images blitted onto
   the background and flipped. Goal: ratio ≤ 1.5.
2. Launch to the interactive menu (`python -m carioca_desktop` with CARIOCA_READY_EXIT=1)
   beside a bare pygame_gui window, each in a fresh process, median of 3. Goal: ratio ≤ 1.5.
3. CPU used while idle at the table: process time over 5 s of the real loop, ended by a
   timer event.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from carioca_desktop.bots.base import make_bot
from carioca_desktop.play.session import MatchSession, SeatConfig
from carioca_desktop.rules.cards import full_deck
from carioca_desktop.rules.carioca.position import from_position
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.cardart import felt
from carioca_desktop.ui.scenes.table import TableScene

MELDS = [
    ["5H", "6H", "7H", "8H", "9H"], ["QC", "QD", "QS"], ["2S", "3S", "4S", "5S"],
    ["9D", "9C", "JK"], ["10S", "JS", "QS", "KS", "AS"], ["4D", "5D", "6D", "7D"],
    ["KH", "KC", "KD", "KS"], ["6C", "7C", "8C", "9C", "10C", "JC"], ["3D", "3C", "3H"],
    ["8S", "9S", "10S", "JK"], ["AH", "AD", "AC"], ["2H", "3H", "4H", "5H", "6H"],
]  # fmt: skip


def busiest(
    paths: Paths, fast: bool, size: tuple[int, int] = (1600, 900)
) -> tuple[App, TableScene]:
    """Six seats, thirteen cards in every hand, twelve melds on the table, seat 0 to play."""
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 6})
    table = [{"owner": 1 + k % 5, "meld": m} for k, m in enumerate(MELDS)]
    names = ["Tú", "Ana", "Beto", "Carla", "Diego", "Elena"]
    deck = [c.code for c in full_deck(rules.deck_count, rules.jokers_per_deck)]
    for code in (c for m in MELDS for c in m):
        deck.remove(code)
    random.Random(1).shuffle(deck)
    hands = [deck[13 * k : 13 * k + 13] for k in range(6)]
    game = from_position(
        rules, hands, stock=deck[78:90], pozo=[deck[90]], table=table,
        laid_down=[1, 2, 3, 4, 5], names=names,
    )  # fmt: skip
    seats = [SeatConfig(names[0], "human")] + [SeatConfig(n, "bot", "normal") for n in names[1:]]
    bots = {i: make_bot("normal", i, i) for i in range(1, 6)}
    session = MatchSession(game, seats, 1, "clasico", bots, paths, autosave=False)
    app = App(size=size, paths=paths, fast=fast)
    scene = TableScene(app, session)
    app.push(scene)
    app.frame(1 / 60)
    return app, scene


def card_images(scene: TableScene) -> int:
    """How many card images one frame of this table shows."""
    obs = scene.obs
    melds = sum(len(m.cards) for m in obs.table)
    fans = sum(n for s, n in enumerate(obs.hand_sizes) if s != obs.seat)
    piles = 1 + min(4, (obs.stock_size + 11) // 12) + 1
    slots = sum(len(v.cards) for v in scene.slot_views)
    return len(obs.hand) + melds + fans + piles + slots


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def bench_frames(frames: int) -> None:
    app, scene = busiest(Paths.under(Path(tempfile.mkdtemp())), fast=True)
    _, rect = scene.moves.hand_rows()[3]
    start = (rect.left + 8, rect.top + 20)
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    times = []
    for k in range(frames):
        pos = (start[0] + 200 + (k * 7) % 500, start[1] - 150 - (k * 3) % 200)
        t0 = time.perf_counter()
        app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(7, 3), buttons=(1, 0, 0)))
        app.frame(1 / 60)
        times.append(time.perf_counter() - t0)
    assert scene.input.drag is not None, "the drag did not start"
    count = card_images(scene)
    t0 = time.perf_counter()
    scene.view.invalidate()
    scene.draw(app.screen)
    rebuild = time.perf_counter() - t0
    floor = floor_frames(app.screen, scene, count, frames)
    table_p50, table_p99 = percentile(times, 50), percentile(times, 99)
    floor_p50, floor_p99 = percentile(floor, 50), percentile(floor, 99)
    print(f"busiest table: {count} card images per frame, {frames} frames with a drag")
    print(f"  table  p50 {table_p50 * 1000:6.2f} ms   p99 {table_p99 * 1000:6.2f} ms")
    print(f"  floor  p50 {floor_p50 * 1000:6.2f} ms   p99 {floor_p99 * 1000:6.2f} ms")
    ratio50, ratio99 = table_p50 / floor_p50, table_p99 / floor_p99
    print(f"  ratio  p50 {ratio50:5.2f}x     p99 {ratio99:5.2f}x  (goal ≤ 1.5)")
    print(f"  a frame that redraws the whole table (after a move): {rebuild * 1000:.1f} ms")
    pygame.quit()


def floor_frames(screen: pygame.Surface, scene: TableScene, count: int, frames: int) -> list[float]:
    """The same number of card images blitted onto the felt and flipped."""
    background = felt(screen.get_size())
    width = scene.layout.hand_card[0]
    image = scene.images.face("QH", width)
    times = []
    for k in range(frames):
        t0 = time.perf_counter()
        screen.blit(background, (0, 0))
        for n in range(count):
            screen.blit(image, ((n * 37 + k) % 1400, (n * 53) % 700))
        pygame.display.flip()
        times.append(time.perf_counter() - t0)
    return times


BARE = """
import time
t0 = time.perf_counter()
import pygame, pygame_gui
pygame.init()
screen = pygame.display.set_mode((1600, 900), pygame.RESIZABLE)
manager = pygame_gui.UIManager((1600, 900))
pygame_gui.elements.UIButton(pygame.Rect(700, 400, 200, 50), "Jugar", manager)
manager.update(1 / 60)
screen.fill((30, 104, 62))
manager.draw_ui(screen)
pygame.display.flip()
print(f"ready at {time.time():.4f}", flush=True)
"""


def launch_once(command: list[str]) -> float:
    """Wall time from starting a fresh interpreter to its first frame on screen.

    Both programs print the wall clock once the first frame is flipped, so the time taken to
    shut down afterwards (pygame.quit, interpreter exit), which no player waits for, is left
    out on both sides alike."""
    root = str(Path(__file__).resolve().parent.parent)
    # CARIOCA_READY_EXIT: the real `carioca` quits once its menu has drawn its first frame.
    env = dict(os.environ, CARIOCA_HOME=tempfile.mkdtemp(), CARIOCA_READY_EXIT="1")
    env["PYTHONPATH"] = root
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    t0 = time.time()
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    return float(out.stdout.rsplit(" at ", 1)[1].split()[0]) - t0


def bench_launch(runs: int = 9) -> None:
    # Both sides load compiled bytecode, as an installed game does (pip compiles at install
    # time): PYTHONDONTWRITEBYTECODE, set on some machines, would otherwise make only the
    # game's own modules compile from source on every launch.
    root = Path(__file__).resolve().parent.parent
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(root / "carioca_desktop")],
        check=True,
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": ""},
    )
    game, bare = [sys.executable, "-m", "carioca_desktop"], [sys.executable, "-c", BARE]
    launch_once(game), launch_once(bare)  # warm the file cache for both
    menus, bares = [], []
    for _ in range(runs):  # interleaved, so a busy moment of the machine hits both
        menus.append(launch_once(game))
        bares.append(launch_once(bare))
    menu, base = statistics.median(menus), statistics.median(bares)
    print(f"launch to an interactive first frame (fresh process, median of {runs}, interleaved)")
    print(f"  carioca menu {menu * 1000:7.0f} ms")
    print(f"  bare pygame_gui window {base * 1000:7.0f} ms")
    print(f"  ratio {menu / base:5.2f}x  (goal ≤ 1.5)")


def bench_idle(seconds: float = 5.0) -> None:
    app, _ = busiest(Paths.under(Path(tempfile.mkdtemp())), fast=False)
    for _ in range(10):  # settle: the first frames draw the table
        app.frame(1 / 60)
    pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), loops=1)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    app.run()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    share = 100 * cpu / wall
    print(f"idle at the table: {cpu:.3f} s of CPU in {wall:.2f} s = {share:.1f} % of a core")
    pygame.quit()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    args = parser.parse_args()
    print(f"SDL video driver: {os.environ.get('SDL_VIDEODRIVER')}")
    bench_frames(args.frames)
    bench_launch()
    bench_idle()


if __name__ == "__main__":
    main()
