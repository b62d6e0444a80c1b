"""The network table's move frame for ``tools/bench/bench_ui.py`` (run there, beside the local
bot move and the raw-blit floor, in one run): `python tools/bench/bench_ui.py --only
net_move_frame`.

net_move_frame: a six-seat Carioca match hosted on a thread of this process (loopback), seat 0
this computer's, five bots at the host; the client's table at real pacing (the clock stepped
by 1/60 s; the host's moves arrive in wall time, so a frame waits a little when none is
queued). Every frame in which another seat's move, arrived as a ``state``, is applied and
animated; seat 0's moves are chosen by a bot through the scene's ``perform``. Beside it in the
same run: the local bot-move frame of six bots (bench_ui's, round 1, autosave on) and the
floor. Goal: within the table's frame budget, as a local bot move.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

import pygame

from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.carioca import TableScene
from tools.bench import bench_ui
from tools.bench.bench_ui import (
    Clock,
    Sample,
    card_images,
    compare,
    floor_frames,
    flush_autosaves,
    hand_width,
)

SPECS = "remote,normal,normal,normal,normal,normal"


def _net_moves(root: Path, moves_wanted: int) -> tuple[list[Sample], int, App, TableScene]:
    from tests.ui.nettable.kit import Person, table

    app, thread, _links = table(root, "carioca", SPECS, seed=8, fast=False,
                                size=bench_ui.SIZE)  # fmt: skip
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    person = Person("carioca", [0])
    clock, moves, counts = Clock(), list[Sample](), list[int]()
    end = time.monotonic() + 120
    try:
        while len(moves) < moves_wanted and time.monotonic() < end:
            if scene.session.game.round_over or app.stack.top is not scene:
                break
            shown = scene.session.shown
            person.play(scene)
            mine = scene.session.shown != shown
            with clock:
                app.frame(1 / 60)
            if not mine and scene.session.shown != shown:
                moves.append(clock.samples[-1])
                counts.append(card_images(scene))
            time.sleep(0.001)  # the host's thread answers meanwhile
    finally:
        thread.stop()
    return moves, round(statistics.mean(counts or [1])), app, scene


def _local_moves(paths: Paths, moves_wanted: int) -> list[Sample]:
    """Six local bots at round 1, autosave on: the frames that apply a bot's move."""
    seats = [SeatConfig(f"Bot {i}", "bot", "normal") for i in range(6)]
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 6})
    session = MatchSession.new(rules, seats, 8, paths, autosave=True)
    app = App(size=bench_ui.SIZE, paths=paths, fast=False)
    scene = TableScene(app, session)
    app.push(scene)
    app.frame(1 / 60)
    clock, moves = Clock(), list[Sample]()
    while len(moves) < moves_wanted and session.game.phase.value in ("draw", "play", "offer"):
        before = session.game.event_count
        with clock:
            app.frame(1 / 60)
        if session.game.event_count != before:
            moves.append(clock.samples[-1])
    flush_autosaves(10.0)
    pygame.quit()
    return moves


def bench_net_moves(moves_wanted: int = 60) -> dict[str, object]:
    """The network move frame beside the local bot move and the floor (see the module)."""
    root = Path(tempfile.mkdtemp())
    local = _local_moves(Paths.under(root / "local"), moves_wanted)
    net, count, app, scene = _net_moves(root / "net", moves_wanted)
    floor = floor_frames(app.screen, scene.images, hand_width(scene), count, len(net))
    out_net = compare("network move frame (a state applied and animated), 6 seats", net, floor)
    out_local = compare("local bot-move frame, same table size, autosave on", local, floor)
    ratio = out_net["p99_ms"] / out_local["p99_ms"] if out_local["p99_ms"] else 0.0
    cpu = out_net["cpu_p99_ms"] / out_local["cpu_p99_ms"] if out_local["cpu_p99_ms"] else 0.0
    print(f"  network/local p99 ratio: wall {ratio:.2f}x, CPU {cpu:.2f}x")
    pygame.quit()
    return {"net": out_net, "local": out_local, "net_to_local_p99": ratio, "net_to_local_cpu": cpu}
