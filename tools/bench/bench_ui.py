"""UI benchmarks (a script, not a test): `python tools/bench/bench_ui.py [--frames N] [--json P]`.

Every frame figure is printed beside its floor, measured in the same run on the same window:
the same number of card images blitted onto the felt and flipped (the raw-blit floor).

1. bot-move frame: a 6-seat match of bots at round 8, autosave on, real pacing (frames step
   the clock by 1/60 s, so no wall time is spent waiting): every frame in which a bot's
   action is applied. Goal: p99 ≤ 8 ms and ≤ 2× the floor.
2. full-redraw frame: the busiest table (6 seats, full hands, twelve melds) redrawn whole, as
   after any move. Goal: p99 ≤ 8 ms and ≤ 2× the floor.
3. drag frame at the busiest table (the cached table plus the held card).
4. present: one full-window flip, with the framebuffer path the app chose.
5. launch to the menu's first frame (`python -m carioca_desktop`, CARIOCA_READY_EXIT=1) beside
   a bare pygame_gui window, fresh processes, interleaved, median. The game keeps one
   CARIOCA_HOME for its runs, as a player's computer does (the felt is drawn on the first
   start only). Goal: ≤ 1.5×.
6. idle CPU over 5 s of the real loop: at the table, on the menu with the pointer on the
   felt, and on the menu with the pointer resting on a button. Goal: ≤ 2 % of a core.
7. the Buraco table (tools/bench/bench_ui_buraco.py): its busiest table's drag and full-redraw
   frames and its bot-move frame, with the same floor. Goal: within 2x the floor, as Carioca's.
8. the network table (tools/bench/bench_ui_net.py): a frame in which another seat's move
   arrives from a host (loopback) and is applied, beside the local bot move and the floor.

``--pixel-ratios 1,2`` measures the chosen figures once per pixel ratio, side by side in one
run: ratio 2 is a Retina drawable (the test hook CARIOCA_PIXEL_RATIO), the same window in
points drawn at four times the pixels, beside a floor of that many pixels.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root


import pygame

from carioca_desktop.bots.carioca.base import make_bot
from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.cards import full_deck
from carioca_desktop.rules.carioca.actions import NextRound
from carioca_desktop.rules.carioca.position import from_position
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.cardart import felt
from carioca_desktop.ui.scenes.carioca import TableScene
from carioca_desktop.ui.sprites import CardImages

# What the caller set, before an App in this process chooses a framebuffer for itself: the
# launched programs start from it, so the bare window keeps SDL's default as any program would.
CALLER_FRAMEBUFFER = os.environ.get("SDL_FRAMEBUFFER_ACCELERATION")

try:  # the autosave is written in the background since issue 16
    from carioca_desktop.storage import flush_autosaves
except ImportError:  # measuring an older tree

    def flush_autosaves(timeout: float | None = None) -> bool:
        return True


MELDS = [
    ["5H", "6H", "7H", "8H", "9H"], ["QC", "QD", "QS"], ["2S", "3S", "4S", "5S"],
    ["9D", "9C", "JK"], ["10S", "JS", "QS", "KS", "AS"], ["4D", "5D", "6D", "7D"],
    ["KH", "KC", "KD", "KS"], ["6C", "7C", "8C", "9C", "10C", "JC"], ["3D", "3C", "3H"],
    ["8S", "9S", "10S", "JK"], ["AH", "AD", "AC"], ["2H", "3H", "4H", "5H", "6H"],
]  # fmt: skip


# The window every frame figure is measured in (``--size``): the design's, or a 4K screen's.
SIZE = (1600, 900)


def busiest(
    paths: Paths, fast: bool, size: tuple[int, int] | None = None
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
    app = App(size=size or SIZE, paths=paths, fast=fast)
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


def hand_width(scene: TableScene) -> int:
    return scene.layout.hand_card[0]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


Sample = tuple[float, float]  # one frame: wall-clock seconds, this thread's CPU seconds


class Clock:
    """Wall and CPU time of one frame (``with clock: ...``), appended to ``samples``."""

    def __init__(self) -> None:
        self.samples: list[Sample] = []

    def __enter__(self) -> None:
        self._t0, self._c0 = time.perf_counter(), time.thread_time()

    def __exit__(self, *_: object) -> None:
        self.samples.append((time.perf_counter() - self._t0, time.thread_time() - self._c0))


def compare(name: str, frames: list[Sample], floor: list[Sample]) -> dict[str, float]:
    """Print a frame figure beside its floor, wall clock and CPU; the JSON figure.

    On a shared machine the wall clock's p99 includes moments the process was not running;
    the CPU time is the work the frame did, which other programs do not inflate."""
    wall, floor_wall = [w for w, _ in frames], [w for w, _ in floor]
    cpu, floor_cpu = [c for _, c in frames], [c for _, c in floor]
    out = {
        "p50_ms": 1000 * percentile(wall, 50),
        "p99_ms": 1000 * percentile(wall, 99),
        "floor_p99_ms": 1000 * percentile(floor_wall, 99),
        "cpu_p50_ms": 1000 * percentile(cpu, 50),
        "cpu_p99_ms": 1000 * percentile(cpu, 99),
        "floor_cpu_p99_ms": 1000 * percentile(floor_cpu, 99),
    }
    out["ratio"] = out["p99_ms"] / out["floor_p99_ms"]
    out["cpu_ratio"] = out["cpu_p99_ms"] / out["floor_cpu_p99_ms"]
    print(f"{name}: {len(frames)} frames")
    for label, values, base in (("wall", wall, floor_wall), ("CPU ", cpu, floor_cpu)):
        mine50, mine99 = 1000 * percentile(values, 50), 1000 * percentile(values, 99)
        base50, base99 = 1000 * percentile(base, 50), 1000 * percentile(base, 99)
        print(
            f"  {label} frame p50 {mine50:6.2f} p99 {mine99:6.2f} ms | floor p50 {base50:5.2f}"
            f" p99 {base99:5.2f} ms | p99 ratio {mine99 / base99:5.2f}x"
        )
    print("  goal: p99 ≤ 8 ms and ≤ 2x the floor")
    return out


def bench_drag(frames: int) -> dict[str, float]:
    app, scene = busiest(Paths.under(Path(tempfile.mkdtemp())), fast=True)
    _, rect = scene.moves.hand_rows()[3]
    r = getattr(app, "pixel_ratio", 1.0)  # events come in the window's points
    start = (round((rect.left + 8) / r), round((rect.top + 20) / r))
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    clock = Clock()
    for k in range(frames):
        pos = (start[0] + 200 + (k * 7) % 500, start[1] - 150 - (k * 3) % 200)
        with clock:
            motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(7, 3), buttons=(1, 0, 0))
            app.process(motion)
            app.frame(1 / 60)
    assert scene.input.drag is not None, "the drag did not start"
    floor = floor_frames(app.screen, scene.images, hand_width(scene), card_images(scene), frames)
    out = compare("drag frame, busiest table", clock.samples, floor)
    pygame.quit()
    return out


def bench_full_redraw(frames: int) -> dict[str, float]:
    """The whole table redrawn and flipped, as after any move (the view's cache dropped)."""
    app, scene = busiest(Paths.under(Path(tempfile.mkdtemp())), fast=True)
    clock = Clock()
    for _ in range(frames):
        with clock:
            forget = getattr(scene.view, "forget", scene.view.invalidate)  # older trees
            forget()  # the whole picture, not only what changed
            app.dirty()
            app.frame(1 / 60)
    count = card_images(scene)
    floor = floor_frames(app.screen, scene.images, hand_width(scene), count, frames)
    out = compare(f"full-redraw frame, busiest table ({count} card images)", clock.samples, floor)
    pygame.quit()
    return out


def round_8_session(paths: Paths, seed: int) -> MatchSession:
    """Six bots (seat 0 shown, as autoplay does) at the start of round 8, autosave on."""
    seats = [SeatConfig(f"Bot {i}", "bot", "normal") for i in range(6)]
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 6})
    session = MatchSession.new(rules, seats, seed, autosave=False)
    while session.game.round_index < 7:  # round 8 is index 7
        action = session.pending_bot_action()
        session.apply(action if action is not None else NextRound())
    if session.game.phase.value == "round_over":
        session.next_round()
    session.paths, session.autosave = paths, True
    return session


def bench_bot_moves(seeds: tuple[int, ...] = (8, 9, 10)) -> dict[str, float]:
    """Frames in which a bot's action is applied, at real pacing with a stepped clock: round
    8 of three matches. The CPU time of the same frames is shown too (the machine may be
    shared: wall-clock p99 then includes time the process was not running)."""
    counts: list[int] = []
    moves: list[Sample] = []
    for seed in seeds:
        paths = Paths.under(Path(tempfile.mkdtemp()))
        session = round_8_session(paths, seed)
        app = App(size=SIZE, paths=paths, fast=False)
        scene = TableScene(app, session)
        app.push(scene)
        app.frame(1 / 60)
        clock = Clock()
        while session.game.round_index == 7 and session.game.phase.value in ("draw", "play"):
            before = len(session.game.state.events)
            with clock:
                app.frame(1 / 60)
            if len(session.game.state.events) != before:
                moves.append(clock.samples[-1])
                counts.append(card_images(scene))
        flush_autosaves(10.0)
        if seed != seeds[-1]:
            pygame.quit()
    count = round(statistics.mean(counts))
    floor = floor_frames(app.screen, scene.images, hand_width(scene), count, len(moves))
    out = compare("bot-move frame, 6 bots at round 8, autosave on", moves, floor)
    pygame.quit()
    return out


def bench_present(frames: int = 60) -> dict[str, object]:
    """One full-window flip, with the framebuffer path the app chose."""
    app = App(size=SIZE, paths=Paths.under(Path(tempfile.mkdtemp())), fast=True)
    app.screen.blit(felt(SIZE), (0, 0))
    times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        pygame.display.flip()
        times.append(time.perf_counter() - t0)
    driver = pygame.display.get_driver()
    choice = os.environ.get("SDL_FRAMEBUFFER_ACCELERATION", "(SDL default)")
    p50 = 1000 * percentile(times, 50)
    print(f"present: {driver}, SDL_FRAMEBUFFER_ACCELERATION={choice}: flip p50 {p50:.2f} ms")
    pygame.quit()
    return {"driver": driver, "framebuffer_acceleration": choice, "flip_p50_ms": p50}


def floor_frames(
    screen: pygame.Surface, images: CardImages, width: int, count: int, frames: int
) -> list[Sample]:
    """The same number of card images (``width`` wide, the hand's) blitted onto the felt and
    flipped."""
    background = felt(screen.get_size())
    image = images.face("QH", width)
    clock = Clock()
    for k in range(frames):
        with clock:
            screen.blit(background, (0, 0))
            w, h = screen.get_size()  # spread over the window as the table's cards are
            for n in range(count):
                screen.blit(image, ((n * 37 + k) % (w - 200), (n * 53) % (h - 200)))
            pygame.display.flip()
    return clock.samples


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
print(f"ready at {time.time():.4f} cpu {time.process_time():.4f}", flush=True)
"""


def launch_once(command: list[str], home: str | None = None) -> tuple[float, float]:
    """Wall time from starting a fresh interpreter to its first frame on screen.

    Both programs print the wall clock once the first frame is flipped, so the time taken to
    shut down afterwards (pygame.quit, interpreter exit), which no player waits for, is left
    out on both sides alike."""
    root = str(Path(__file__).resolve().parent.parent)
    # CARIOCA_READY_EXIT: the real `carioca` quits once its menu has drawn its first frame.
    env = dict(os.environ, CARIOCA_HOME=home or tempfile.mkdtemp(), CARIOCA_READY_EXIT="1")
    env["PYTHONPATH"] = root
    env.pop("SDL_FRAMEBUFFER_ACCELERATION", None)
    if CALLER_FRAMEBUFFER is not None:
        env["SDL_FRAMEBUFFER_ACCELERATION"] = CALLER_FRAMEBUFFER
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    t0 = time.time()
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    words = out.stdout.rsplit(" at ", 1)[1].split()
    return float(words[0]) - t0, float(words[2])


def bench_launch(runs: int = 9) -> dict[str, float]:
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
    home = tempfile.mkdtemp()  # one player's folders: the first start keeps the felt
    launch_once(game, home), launch_once(bare)  # warm the file cache for both
    menus, bares = [], []
    for _ in range(runs):  # interleaved, so a busy moment of the machine hits both
        menus.append(launch_once(game, home))
        bares.append(launch_once(bare))
    menu, base = statistics.median(m[0] for m in menus), statistics.median(b[0] for b in bares)
    menu_cpu = statistics.median(m[1] for m in menus)
    base_cpu = statistics.median(b[1] for b in bares)
    print(f"launch to an interactive first frame (fresh process, median of {runs}, interleaved)")
    print(f"  carioca menu           {menu * 1000:5.0f} ms wall, {menu_cpu * 1000:4.0f} ms CPU")
    print(f"  bare pygame_gui window {base * 1000:5.0f} ms wall, {base_cpu * 1000:4.0f} ms CPU")
    print(f"  ratio {menu / base:5.2f}x wall, {menu_cpu / base_cpu:5.2f}x CPU  (goal ≤ 1.5)")
    return {
        "ms": menu * 1000,
        "floor_ms": base * 1000,
        "ratio": menu / base,
        "cpu_ms": menu_cpu * 1000,
        "floor_cpu_ms": base_cpu * 1000,
        "cpu_ratio": menu_cpu / base_cpu,
    }


def idle_share(app: App, seconds: float) -> float:
    """Share of one core the real loop uses over ``seconds`` with no input."""
    for _ in range(10):  # settle: the first frames draw everything
        app.frame(1 / 60)
    pygame.event.clear()
    pygame.time.set_timer(pygame.QUIT, int(seconds * 1000), loops=1)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    app.run()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return 100 * cpu / wall


def idle_floor(seconds: float) -> float:
    """A bare window that only waits on its events with ``pygame.event.wait(250)``, as the
    app's idle loop did before issue 16: pygame looks at SDL's queue every millisecond."""
    pygame.init()
    pygame.display.set_mode((1600, 900))
    pygame.display.flip()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - wall0 < seconds:
        pygame.event.wait(250)
    share = 100 * (time.process_time() - cpu0) / (time.perf_counter() - wall0)
    pygame.quit()
    return share


def resting_at(spot: tuple[int, int]) -> Callable[[bool], tuple[int, int]]:
    """pygame.mouse.get_pos for a pointer resting at ``spot``."""

    def get_pos(desktop: bool = False) -> tuple[int, int]:
        return spot

    return get_pos


def bench_idle(seconds: float = 5.0) -> dict[str, float]:
    from carioca_desktop.ui.scenes.menu import MenuScene

    out: dict[str, float] = {}
    app, _ = busiest(Paths.under(Path(tempfile.mkdtemp())), fast=False)
    out["table"] = idle_share(app, seconds)
    pygame.quit()
    real_get_pos = pygame.mouse.get_pos
    for where in ("menu", "hover"):
        app = App(size=(1600, 900), paths=Paths.under(Path(tempfile.mkdtemp())), fast=False)
        menu = MenuScene(app)
        app.push(menu)
        app.frame(1 / 60)
        # The dummy driver has no pointer: pygame_gui reads where it rests from get_pos.
        spot = menu.elements[1].rect.center if where == "hover" else (200, 200)

        pygame.mouse.get_pos = resting_at(spot)  # type: ignore[assignment]
        try:
            out[where] = idle_share(app, seconds)
        finally:
            pygame.mouse.get_pos = real_get_pos
        pygame.quit()
    out["floor"] = idle_floor(seconds)
    print(f"idle CPU over {seconds:.0f} s (share of one core; goal ≤ 2 %)")
    print(f"  floor: a bare window in pygame.event.wait(250) {out['floor']:.1f} %")
    print(f"  at the table {out['table']:.1f} %")
    print(f"  menu, pointer on the felt {out['menu']:.1f} %")
    print(f"  menu, pointer resting on a button {out['hover']:.1f} %")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    parser.add_argument(
        "--only", metavar="NAMES", help="comma-separated figures to measure (default: all)"
    )
    parser.add_argument(
        "--size", default="1600x900", help="the window of the frame figures, e.g. 3840x2160"
    )
    parser.add_argument(
        "--pixel-ratios", default="", help="e.g. 1,2: each figure once per drawable ratio"
    )
    args = parser.parse_args()
    global SIZE
    width, height = (int(n) for n in args.size.lower().split("x"))
    SIZE = (width, height)
    print(f"window: {width}x{height}")
    print(f"SDL video driver: {os.environ.get('SDL_VIDEODRIVER')}")
    benches: dict[str, Callable[[], object]] = {
        "bot_move_frame": bench_bot_moves,
        "full_redraw_frame": lambda: bench_full_redraw(args.frames),
        "drag_frame": lambda: bench_drag(args.frames),
        "present": bench_present,
        "launch": bench_launch,
        "idle_cpu_percent": bench_idle,
    }
    # The Buraco table's figures (tools/bench/bench_ui_buraco.py), beside Carioca's in one run.
    # Run as a file, this module is __main__: the Buraco part must share it, not re-import it.
    sys.modules.setdefault("tools.bench.bench_ui", sys.modules[__name__])
    from tools.bench import bench_ui_buraco as buraco

    benches["buraco_drag_frame"] = lambda: buraco.bench_drag(args.frames)
    benches["buraco_full_redraw_frame"] = lambda: buraco.bench_full_redraw(args.frames)
    benches["buraco_bot_move_frame"] = buraco.bench_bot_moves
    # The replay viewer's figures (tools/bench/bench_replay.py): opening a long match, stepping.
    from tools.bench import bench_replay as replay

    benches["replay_open"] = lambda: replay.bench_open(replay.long_match())
    benches["replay_step_frame"] = lambda: replay.bench_steps(replay.long_match())
    benches["replay_step_all_hands"] = lambda: replay.bench_steps(
        replay.long_match(), all_hands=True
    )
    benches["replay_open_buraco"] = lambda: replay.bench_open(replay.long_buraco_match())
    benches["replay_step_buraco"] = lambda: replay.bench_steps(replay.long_buraco_match())
    benches["replay_step_buraco_all_hands"] = lambda: replay.bench_steps(
        replay.long_buraco_match(), all_hands=True
    )
    # The network table's move frame (tools/bench/bench_ui_net.py), beside a local bot move.
    from tools.bench import bench_ui_net as net

    benches["net_move_frame"] = net.bench_net_moves
    chosen = args.only.split(",") if args.only else list(benches)
    figures: dict[str, object] = {}
    ratios = [r for r in args.pixel_ratios.split(",") if r]
    for ratio in ratios or [""]:
        if ratio:
            os.environ["CARIOCA_PIXEL_RATIO"] = ratio
            print(f"--- pixel ratio {ratio}: window {width}x{height} points")
        for name in chosen:
            figures[f"{name}@{ratio}" if ratio else name] = benches[name]()
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
