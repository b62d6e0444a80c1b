"""A person plays a network Carioca round at the network table by the keyboard alone, and
one by the mouse alone (posted events at the cards', piles' and buttons' rectangles), the
host an in-process TableHost on loopback with two bots: one round ("2T"), to the final sheet.
The turns' translation into events is tests/fixtures/netinput.py's, which the two-process
runs (tests/ui/nettable/test_two_processes.py) use too."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.carioca.final import FinalScoreScene
from carioca_desktop.ui.scenes.carioca.nettable import NetCariocaTable
from tests.fixtures.netinput import KEYS, MOUSE, Hands, carioca_keys_turn, carioca_mouse_turn
from tests.fixtures.netkit import HostThread
from tests.fixtures.waiting import wait_until
from tests.ui.nettable.kit import table

pytestmark = pytest.mark.timeout(150)

ONE_ROUND = {"rounds": ["2T"]}
TURNS = 80


def my_draw(scene: NetCariocaTable) -> bool:
    game = scene.session.game
    ask = scene.session.feeds[0].ask
    return (ask is not None and game.current_player == 0 and game.phase.value == "draw"
            and not scene.animator.busy)  # fmt: skip


def play_round(app: App, thread: HostThread, turn: Callable[[], None]) -> int:
    """``turn`` at each of seat 0's turns until the round is over; seat 0's turns."""
    scene = app.stack.top
    assert isinstance(scene, NetCariocaTable)
    game, turns = scene.session.game, 0
    end = time.monotonic() + 120
    while not game.round_over and time.monotonic() < end and turns < TURNS:
        app.frame(0.02)
        if my_draw(scene):
            turn()
            turns += 1
        time.sleep(0.002)
    if game.round_over:  # the beat after the last move, then the sheet
        wait_until(lambda: isinstance(app.stack.top, FinalScoreScene), what="the final sheet",
                   seen=lambda: app.stack.top, step=lambda: app.frame(0.05))  # fmt: skip
    assert thread.host.game.round_over and game.round_over
    kinds = [e.kind for e in thread.host.game.state.events if e.seat == 0]
    assert kinds.count("draw") == turns and kinds.count("discard") >= turns - 1, kinds
    assert "lay_down" in kinds, kinds  # this deal's contract comes: Auto and Lay down worked
    assert isinstance(app.stack.top, FinalScoreScene)  # one round: the match's sheet
    return turns


def test_a_network_round_by_the_keyboard_alone(tmp_path: Path) -> None:
    app, thread, _links = table(tmp_path, "carioca", "remote,easy,easy", seed=21,
                                rules=ONE_ROUND, size=(1600, 900))  # fmt: skip
    scene = app.stack.top
    assert isinstance(scene, NetCariocaTable)
    hands, rng = Hands(app, KEYS), random.Random(4)
    try:
        turns = play_round(app, thread, lambda: carioca_keys_turn(hands, scene, rng))
    finally:
        thread.stop()
    assert turns >= 1
    assert set(hands.posted) == {"keydown", "keyup"}  # the keyboard alone


def test_a_network_round_by_the_mouse_alone(tmp_path: Path) -> None:
    app, thread, _links = table(tmp_path, "carioca", "remote,easy,easy", seed=21,
                                rules=ONE_ROUND, size=(1600, 900))  # fmt: skip
    scene = app.stack.top
    assert isinstance(scene, NetCariocaTable)
    hands, rng = Hands(app, MOUSE), random.Random(4)
    try:
        turns = play_round(app, thread, lambda: carioca_mouse_turn(hands, scene, rng))
    finally:
        thread.stop()
    assert turns >= 1
    assert set(hands.posted) <= {"mousemotion", "mousebuttondown", "mousebuttonup"}
