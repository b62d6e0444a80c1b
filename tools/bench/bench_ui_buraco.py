"""The Buraco table's frame figures for ``tools/bench/bench_ui.py`` (run there, beside Carioca's,
with the same raw-blit floor): `python tools/bench/bench_ui.py --only buraco_drag_frame,...`.

The busiest Buraco table two decks allow: ten melds a side, an open pile of 40 cards spread
face up (``pile_visible`` all), both mortos taken, seat 0 to play.

1. buraco_drag_frame: a hand card dragged over the melds (targets lit), every frame whole.
2. buraco_full_redraw_frame: the same table redrawn whole, as after any move.
3. buraco_bot_move_frame: four bots play on from that table at real pacing (the clock stepped
   by 1/60 s), autosave on: every frame in which a bot's action is applied.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root


import pygame

from carioca_desktop.bots.buraco.driver import make_buraco_bot
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.rules.buraco.state import DECK
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import BuracoTableScene
from carioca_desktop.ui.sprites import CardImages
from tools.bench import bench_ui
from tools.bench.bench_ui import Clock, Sample, compare, floor_frames, flush_autosaves

NAMES = ["Tú", "Ana", "Beto", "Carla"]
RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q")
PILE = 40


def busiest_game(seed: int = 1) -> BuracoGame:
    """Twenty melds (sets of three, ten a side) use 60 of the 108 cards; the other 48 are the
    pile (40, top card last), the hands (4, 1, 1, 1) and one card of stock."""
    pool = [card.code for card in DECK]
    table = []
    for side in (0, 1):
        for rank in RANKS:
            meld = [f"{rank}{suit}" for suit in "SHD"]
            for code in meld:
                pool.remove(code)
            table.append({"side": side, "meld": meld})
    random.Random(seed).shuffle(pool)
    pile, rest = pool[:PILE], pool[PILE:]
    hands = [rest[:4], rest[4:5], rest[5:6], rest[6:7]]
    rules = preset_rules("brasileiro")
    assert rules.pile_visible == "all"
    return BuracoGame.from_position(
        rules, hands, stock=rest[7:], pile=pile, table=table, took_morto=(1, 1), names=NAMES
    )


def busiest(
    paths: Paths,
    fast: bool,
    bots: int = 3,
    seed: int = 1,
    autosave: bool = False,
    images: CardImages | None = None,
) -> tuple[App, BuracoTableScene]:
    """The busiest table; seat 0 a person (``bots`` 3) or a bot too (4). ``images``: the
    card images an earlier table drew (a match's table keeps its own all match long)."""
    game = busiest_game(seed)
    seats = [
        SeatConfig(name, "bot", "normal") if i >= 4 - bots else SeatConfig(name, "human")
        for i, name in enumerate(NAMES)
    ]
    players = {i: make_buraco_bot("normal", i, seed * 10 + i) for i in range(4 - bots, 4)}
    session = BuracoSession(game, seats, seed, players, paths, autosave)  # type: ignore[arg-type]
    app = App(size=bench_ui.SIZE, paths=paths, fast=fast)
    scene = BuracoTableScene(app, session)
    if images is not None:
        scene.images = images
    app.push(scene)
    app.frame(1 / 60)
    return app, scene


def card_images(scene: BuracoTableScene) -> int:
    """How many card images one frame of this table shows (faces, backs, fans)."""
    obs = scene.obs
    melds = sum(len(m.cards) for m in obs.table)
    pile = len(obs.pile) if obs.pile else min(4, obs.pile_size)
    fans = sum(n for s, n in enumerate(obs.hand_sizes) if s != obs.seat)
    stock = min(3, (obs.stock_size + 9) // 10)
    mortos = 2 * obs.mortos_left
    return len(obs.hand) + melds + pile + fans + stock + mortos


def floor(app: App, scene: BuracoTableScene, count: int, frames: int) -> list[Sample]:
    return floor_frames(app.screen, scene.images, scene.layout.hand_w, count, frames)


def bench_drag(frames: int) -> dict[str, float]:
    app, scene = busiest(Paths.under(Path(tempfile.mkdtemp())), fast=True)
    scene.perform(scene.session.game.legal_actions(0)[0])  # draw: the turn's play phase
    rows = scene.moves.rows_by_uid()
    r = getattr(app, "pixel_ratio", 1.0)  # events come in the window's points

    def points(x: int, y: int) -> tuple[int, int]:
        return (round(x / r), round(y / r))

    start = points(*rows[scene.hand.uids()[1]].center)
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    zone = scene.layout.our_zone
    clock = Clock()
    for k in range(frames):
        pos = points(zone.left + (k * 13) % zone.width, zone.top + (k * 7) % zone.height)
        with clock:
            motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(7, 3), buttons=(1, 0, 0))
            app.process(motion)
            app.frame(1 / 60)
    assert scene.moves.dragging is not None, "the drag did not start"
    assert scene.moves.accepts() is not None, "no targets lit"
    count = card_images(scene)
    out = compare(
        f"Buraco drag frame, busiest table ({count} card images, pile of {len(scene.obs.pile)})",
        clock.samples,
        floor(app, scene, count, frames),
    )
    pygame.quit()
    return out


def bench_full_redraw(frames: int) -> dict[str, float]:
    """The whole table redrawn and flipped, as after any move (its cached layer dropped)."""
    app, scene = busiest(Paths.under(Path(tempfile.mkdtemp())), fast=True)
    clock = Clock()
    for _ in range(frames):
        with clock:
            forget = getattr(scene, "forget", None)  # the cached layer, where there is one
            if forget is not None:
                forget()
            app.dirty()
            app.frame(1 / 60)
    count = card_images(scene)
    out = compare(
        f"Buraco full-redraw frame, busiest table ({count} card images)",
        clock.samples,
        floor(app, scene, count, frames),
    )
    pygame.quit()
    return out


def bench_bot_moves(runs: int = 24) -> dict[str, float]:
    """Frames in which a bot's action is applied: four bots play on from the busiest table
    (each run another deal of the spare cards and other bot seeds), autosave on, real pacing
    with a stepped clock, until the round ends. The runs share their card images, as the
    turns of one match do (the first run's frames draw them; the cold figure is apart)."""
    moves: list[Sample] = []
    cold: list[Sample] = []
    counts: list[int] = []
    images: CardImages | None = None
    for run in range(runs):
        paths = Paths.under(Path(tempfile.mkdtemp()))
        app, scene = busiest(paths, fast=False, bots=4, seed=run + 1, autosave=True,
                             images=images)  # fmt: skip
        images = scene.images
        game = scene.session.game
        clock = Clock()
        for _ in range(20_000):
            if game.round_over:
                break
            before = len(game.state.log)
            with clock:
                app.frame(1 / 60)
            if len(game.state.log) != before:
                (cold if run == 0 else moves).append(clock.samples[-1])
                counts.append(card_images(scene))
        flush_autosaves(10.0)
        if run != runs - 1:
            pygame.quit()
    out = compare(
        f"Buraco bot-move frame from the busiest table, autosave on ({runs - 1} runs)",
        moves,
        floor(app, scene, round(statistics.mean(counts)), len(moves)),
    )
    out["cold_cpu_p50_ms"] = 1000 * statistics.median(c for _, c in cold)
    out["cold_cpu_max_ms"] = 1000 * max(c for _, c in cold)
    print(
        f"  the first run, every card image drawn for the first time: {len(cold)} frames,"
        f" CPU p50 {out['cold_cpu_p50_ms']:.2f} max {out['cold_cpu_max_ms']:.2f} ms"
    )
    pygame.quit()
    return out
