"""A monkey at a live table: random clicks, drags, keys and resizes must never break it.

The default run's monkey plays through the first round and AFTER_ROUND pokes into the next
(about 750 of them, 6 s of CPU); the slow run's pokes FRAMES times, as this test always did."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.carioca import TableScene

FRAMES = 1200
AFTER_ROUND = 100  # the default run's pokes after the first round's end
KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_BACKSPACE, pygame.K_ESCAPE, pygame.K_a)


def targets(scene: TableScene, rng: random.Random) -> tuple[int, int]:
    """A point worth poking: a card, a pile, a meld, a slot, a button, or anywhere."""
    spots = [r.center for _, r in scene.moves.hand_rows()]
    spots += [scene.layout.stock.center, scene.layout.pozo.center]
    spots += [mb.box.center for mb in scene.view.melds.values()]
    spots += [v.rect.center for v in scene.view.slots]
    if scene.widgets is not None:
        spots += [w.rect.center for w in scene.widgets.all if w.visible]
    if scene.offer is not None:  # the buy offer's Comprar / Pasar, while asked
        spots += [b.rect.center for b in scene.offer.buttons]
    if rng.random() < 0.2:  # the pozo often, so turns end and the match moves on
        return scene.layout.pozo.center
    if spots and rng.random() < 0.75:
        x, y = rng.choice(spots)
        return x + rng.randint(-8, 8), y + rng.randint(-8, 8)
    w, h = scene.app.size
    return rng.randrange(w), rng.randrange(h)


def poke(app: App, scene: TableScene, rng: random.Random) -> None:
    roll = rng.random()
    if roll < 0.35:
        pos = targets(scene, rng)
        app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    elif roll < 0.7:
        start, end = targets(scene, rng), targets(scene, rng)
        app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        for k in (1, 2, 3):
            mid = (start[0] + (end[0] - start[0]) * k // 3, start[1] + (end[1] - start[1]) * k // 3)
            app.process(
                pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0))
            )
            app.frame(1 / 60)
        app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    elif roll < 0.85:
        pos = targets(scene, rng)
        app.process(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    elif roll < 0.95:
        app.process(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode=""))
    else:
        size = (rng.randint(960, 2560), rng.randint(600, 1440))
        app.process(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))


def test_a_monkey_cannot_break_the_table(tmp_path: Path) -> None:
    """Through a whole round and into the next (the summary, the next deal)."""
    played = monkey(tmp_path, FRAMES, stop_after_round=AFTER_ROUND)
    assert played < FRAMES  # it stopped AFTER_ROUND pokes into the next round


@pytest.mark.slow
def test_a_monkey_pokes_the_table_a_long_while(tmp_path: Path) -> None:
    assert monkey(tmp_path, FRAMES) == FRAMES


def monkey(tmp_path: Path, frames: int, stop_after_round: int | None = None) -> int:
    """Up to ``frames`` pokes (``stop_after_round`` pokes after the first round's end, when
    given), each followed by a frame and the table's checks; how many it poked. The first
    round always ends within them."""
    rng = random.Random(2024)
    paths = Paths.under(tmp_path)
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 3, "buy": True})
    seats = [SeatConfig("Tú", "human"), SeatConfig("Ana", "bot", "easy"),
             SeatConfig("Beto", "bot", "normal")]  # fmt: skip
    session = MatchSession.new(rules, seats, 99, paths=paths, autosave=False)
    app = App(size=(1280, 720), paths=paths, fast=True)
    scene = TableScene(app, session)
    app.push(scene)
    after = poked = 0
    while poked < frames:
        poked += 1
        poke(app, scene, rng)
        while app.stack.top is not scene and app.stack.top is not None:
            if session.game.phase.value == "round_over":
                session.next_round()  # what the summary's button does
            app.pop()  # the pause menu or a summary: back to the table
        app.frame(1 / 60)
        session.game.validate()
        assert scene.obs.hand == tuple(session.game.hand(scene.viewer))
        assert sorted(c.code for c in scene.hand.cards) == sorted(scene.obs.hand)
        after += session.game.round_index >= 1
        if stop_after_round is not None and after >= stop_after_round:
            break
    assert session.game.round_index >= 1  # the monkey played through a whole round
    return poked
