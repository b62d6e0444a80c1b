"""Redrawing only what changed (zones.py) gives the picture a full redraw gives, pixel for
pixel; the bots' worker thread (play/botworker.py) makes the moves the synchronous path
makes, and no move is made from a state older than the game's."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca.actions import Action, NextRound
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.carioca import TableScene
from tests.fixtures.pixels import same_rgb
from tests.fixtures.waiting import PATIENCE


def bots_session(seed: int, players: int = 5, paths: Paths | None = None) -> MatchSession:
    seats = [SeatConfig(f"Bot {i}", "bot", "normal") for i in range(players)]
    rules = CariocaRules.from_dict({"preset": "clasico", "players": players})
    return MatchSession.new(rules, seats, seed, paths, autosave=paths is not None)


def drawn(scene: TableScene) -> pygame.Surface:
    surf = scene.view._drawn
    assert surf is not None
    return surf


def full_picture(scene: TableScene) -> pygame.Surface:
    hidden = scene.frame.hidden()
    under = scene.model.pozo_under if hidden[("pozo",)] else None
    return scene.view._draw_layer(scene.model.text, hidden, under)


@pytest.mark.parametrize("fast", [True, False])
def test_partial_redraws_equal_full_redraws(tmp_path: Path, fast: bool) -> None:
    session = bots_session(4)
    app = App(size=(1400, 860), paths=Paths.under(tmp_path), fast=fast)
    # With pacing, the quickest speed a player can choose: flights and pauses as a player sees
    # them, about twice the moves a frame of the default speed (each frame is drawn twice).
    app.settings = app.settings.replace(animation_speed="fast")
    scene = TableScene(app, session)
    app.push(scene)
    partial = moves = count = 0
    end = time.monotonic() + PATIENCE * 4
    # Paced, a move waits for the bots' worker thread, which a loaded machine starves: the
    # frames go on past their count until the moves came (or the round ended).
    while count < (400 if fast else 800) or (moves <= 20 and time.monotonic() < end):
        if scene.game_over_round:
            break
        count += 1
        before = session.game.event_count
        whole = scene.view._drawn
        app.dirty()
        app.frame(1 / 60)
        moves += session.game.event_count - before
        partial += scene.view._drawn is whole and whole is not None
        assert same_rgb(drawn(scene), full_picture(scene))
    assert moves > 20 and partial > (0 if fast else 10)  # the partial path did run


def play_sync(seed: int, actions: int) -> list[Action]:
    session = bots_session(seed)
    out: list[Action] = []
    while len(out) < actions:
        action = session.pending_bot_action()
        session.apply(action if action is not None else NextRound())
        out.append(action if action is not None else NextRound())
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_the_worker_makes_the_moves_the_synchronous_path_makes(seed: int) -> None:
    expected = play_sync(seed, 250)
    session = bots_session(seed)
    session.decide_ahead()
    got: list[Action] = []
    while len(got) < 250:
        action = session.pending_bot_action()
        session.apply(action if action is not None else NextRound())
        got.append(action if action is not None else NextRound())
    assert got == expected


def test_no_move_from_a_stale_state(tmp_path: Path) -> None:
    """A decision started for one state is never given for the next: once an action is
    applied, the answer is the new state's (and is legal there)."""
    session = bots_session(3, paths=Paths.under(tmp_path))
    session.decide_ahead()
    for _ in range(120):
        generation = session._generation
        action = session.pending_bot_action()
        if action is None:  # the round is over: deal the next
            session.next_round()
            continue
        assert session._pending_at == generation
        session.game.clone().apply(action)  # refused if the state had moved on under it
        session.apply(action)
        assert session._pending_at != session._generation  # the old answer is gone


def test_a_table_at_real_pacing_moves_without_waiting_on_the_bot(tmp_path: Path) -> None:
    """With pacing on, the frame that applies a bot's move finds its decision made."""
    session = bots_session(6)
    app = App(size=(1400, 860), paths=Paths.under(tmp_path), fast=False)
    scene = TableScene(app, session)
    app.push(scene)
    moves = count = 0
    end = time.monotonic() + PATIENCE * 4
    while count < 900 or (moves < 10 and time.monotonic() < end):  # a starved worker: on
        count += 1
        before = session.game.event_count
        app.frame(1 / 60)
        moves += session.game.event_count != before
        time.sleep(0.002)  # a real frame takes time: the worker thinks meanwhile
    assert moves >= 10


def test_partial_redraws_equal_full_redraws_with_cards_in_the_slots(tmp_path: Path) -> None:
    """A person's table: cards go into a lay-down slot and come back, bots play meanwhile."""
    seats = [SeatConfig("Tú", "human")] + [
        SeatConfig(f"Bot {i}", "bot", "normal") for i in range(1, 4)
    ]
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 4})
    session = MatchSession.new(rules, seats, 11, autosave=False)
    app = App(size=(1400, 860), paths=Paths.under(tmp_path), fast=False)
    scene = TableScene(app, session)
    app.push(scene)
    app.frame(1 / 60)
    assert scene.view.slots, "no lay-down slots on the table"
    uids = [c.uid for c in scene.model.hand.cards][:4]
    steps: list[Callable[[], None]] = [
        partial(scene.moves.place, uid, k % 2) for k, uid in enumerate(uids)
    ]
    steps += [partial(scene.moves.unplace, uid) for uid in uids[:2]]
    for act in steps:
        act()
        for _ in range(3):
            whole = scene.view._drawn
            app.frame(1 / 60)
            assert same_rgb(drawn(scene), full_picture(scene))
        assert scene.view._drawn is whole  # redrawn in place, not whole
