"""Replay figures beside the table's floor (run by bench_ui.py, or alone):

1. Opening a long kept match: reading and checking its file (a full replay through the
   engine), surveying its rounds for the viewer, and the viewer's first frame.
2. Stepping frames in the viewer: a frame that applies one recorded action (→, animated as a
   bot's move), the frames after it (the flight finished; Buraco's viewer rehearses the next
   action there, a stage a frame, as the table rehearses a bot's move: ``AFTER_FRAMES`` of
   them measured after each step; both viewers also keep the position shown there), and a
   frame that steps one action back (←: one ← after another, no frame between them: the
   game copied from the position kept when it was shown going forward, else rebuilt from
   the nearest copy, and the table re-read; Buraco's kept parts blitted), a ← after
   ``AFTER_FRAMES`` frames with nothing to draw (both viewers prepare the position one
   step back there: the ← swaps it in) and those frames between the ← presses, beside the
   raw-blit
   floor of bench_ui.py. Goal: as the table's,
   p99 ≤ 8 ms and ≤ 2x the floor. Both games, in "my view" and with all hands face up (V).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

import pygame

from carioca_desktop.play.replay_session import replay_session
from carioca_desktop.replay_tool import record_bot_match
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.storage.match_file import MatchFile, dump_match, read_match_file
from carioca_desktop.storage.replay_check import replay
from carioca_desktop.ui.app import App

AFTER_FRAMES = 8  # frames measured after each step (Buraco's rehearsal takes 3 to 6)


def long_match(players: int = 6, seed: int = 3) -> MatchFile:
    """A whole classic match (8 rounds) of six bots, as a match file."""
    rules = CariocaRules.from_dict({"preset": "clasico", "players": players})
    _r, match, _g = record_bot_match("carioca", rules, ["easy", "normal"] * (players // 2), seed)
    assert match is not None
    return match


def long_buraco_match(seed: int = 3) -> MatchFile:
    """A whole four-seat Buraco match (brasileiro, to 3000), as a match file."""
    rules = BuracoRules.from_dict({"game": "buraco", "players": 4, "preset": "brasileiro"})
    _r, match, _g = record_bot_match("buraco", rules, ["easy", "normal"] * 2, seed)
    assert match is not None
    return match


def bench_open(match: MatchFile, runs: int = 3) -> dict[str, float]:
    """Read + check + survey + first frame of the viewer, best of ``runs`` (ms)."""
    folder = Path(tempfile.mkdtemp())
    path = folder / "long.json"
    path.write_bytes(dump_match(match))
    parts: dict[str, list[float]] = {"read_check": [], "survey": [], "first_frame": []}
    app = App(size=(1600, 900), paths=Paths.under(folder), fast=False)
    for _ in range(runs):
        t0 = time.perf_counter()
        checked = replay(read_match_file(path)).match
        t1 = time.perf_counter()
        session = replay_session(checked)
        t2 = time.perf_counter()
        app.reset(app.routes.game(checked.game).replay(app, session))
        app.frame(1 / 60)
        t3 = time.perf_counter()
        for name, value in zip(parts, (t1 - t0, t2 - t1, t3 - t2), strict=True):
            parts[name].append(1000 * value)
    out = {name: round(min(values), 1) for name, values in parts.items()}
    out["total_ms"] = round(sum(out.values()), 1)
    out["actions"] = len(match.actions)
    out["bytes"] = path.stat().st_size
    print(f"open a long {match.game} match ({out['actions']} actions, {out['bytes']} bytes): "
          f"read+check {out['read_check']} ms, survey {out['survey']} ms, "
          f"first frame {out['first_frame']} ms, total {out['total_ms']} ms")  # fmt: skip
    pygame.quit()
    return out


def bench_steps(match: MatchFile, frames: int = 120, all_hands: bool = False) -> dict[str, object]:
    """Frames that step one action on, and frames that step one back, mid-match (with every
    hand face up, or the viewed seat's only)."""
    import bench_ui as ui

    app = App(size=(1600, 900), paths=Paths.under(Path(tempfile.mkdtemp())), fast=False)
    session = replay_session(match)
    later = session.rounds[min(5, len(session.rounds) - 1)]  # round 6: a full table
    session.seek(min(later.start + 20, later.end - frames // 2 - 1))
    scene = app.routes.game(match.game).replay(app, session)
    scene.all_hands = all_hands
    app.push(scene)
    for _ in range(3):  # the first frame, then frames with nothing to draw: the app settles
        app.frame(1 / 60)  # (its font preload, ~100 ms) as it does before a person's first key
    on, after, back, settled, between = ui.Clock(), ui.Clock(), ui.Clock(), ui.Clock(), ui.Clock()
    key = pygame.KEYDOWN
    for _ in range(frames // 2):
        with on:
            scene.handle_before_ui(pygame.event.Event(key, key=pygame.K_RIGHT, mod=0, unicode=""))
            app.frame(1 / 60)
        scene.animator.finish()
        for _ in range(AFTER_FRAMES):  # the frames after a step: Buraco's viewer rehearses
            with after:  # the next one there, a stage a frame (every one of them measured)
                app.frame(1 / 60)
    for _ in range(frames // 2):
        with back:
            scene.handle_before_ui(pygame.event.Event(key, key=pygame.K_LEFT, mod=0, unicode=""))
            app.frame(1 / 60)
    for _ in range(frames // 2):  # a person's ← presses, frames with nothing to draw between
        for _ in range(AFTER_FRAMES):
            with between:
                app.frame(1 / 60)
        with settled:
            scene.handle_before_ui(pygame.event.Event(key, key=pygame.K_LEFT, mod=0, unicode=""))
            app.frame(1 / 60)
    if match.game == "buraco":
        import bench_ui_buraco as table

        count, width = table.card_images(scene), scene.layout.hand_w
    else:
        count, width = ui.card_images(scene), ui.hand_width(scene)
    if all_hands:  # the other seats' faces, drawn besides their fans
        count += sum(n for s, n in enumerate(scene.obs.hand_sizes) if s != scene.obs.seat)
    floor = ui.floor_frames(app.screen, scene.images, width, count, frames // 2)
    what = f"{match.game}{', all hands' if all_hands else ''}"
    out = {
        "forward": ui.compare(f"replay step frame (→, animated; {what})", on.samples, floor),
        "after": ui.compare(f"the frame after a step (rehearsing; {what})", after.samples, floor),
        "back": ui.compare(f"replay step-back frame (← after ←; {what})", back.samples, floor),
        "back_idle": ui.compare(
            f"a ← after {AFTER_FRAMES} idle frames ({what})", settled.samples, floor
        ),
        "between": ui.compare(f"the idle frames between ← ({what})", between.samples, floor),
    }
    pygame.quit()
    return out


def main() -> None:
    match, buraco = long_match(), long_buraco_match()
    bench_open(match)
    bench_open(buraco)
    bench_steps(match)
    bench_steps(match, all_hands=True)
    bench_steps(buraco)
    bench_steps(buraco, all_hands=True)


if __name__ == "__main__":
    sys.modules.setdefault("tools.bench.bench_replay", sys.modules[__name__])
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
