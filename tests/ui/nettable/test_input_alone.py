"""A person plays a network Carioca round at the network table by the keyboard alone, and
one by the mouse alone (posted events at the cards', piles' and buttons' rectangles), the
host an in-process TableHost on loopback with two bots: one round ("2T"), to the final sheet."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from carioca_desktop.i18n import set_language
from carioca_desktop.rules.carioca.actions import Add
from carioca_desktop.ui.app import App
from carioca_desktop.ui.nettable.scenes import NetCariocaTable
from carioca_desktop.ui.scenes.carioca.final import FinalScoreScene
from tests.fixtures.netkit import HostThread
from tests.ui.carioca import test_keyboard as keyboard
from tests.ui.carioca.test_table_scene import card_pos, drag, press
from tests.ui.nettable.kit import table

pytestmark = pytest.mark.timeout(150)

ONE_ROUND = {"rounds": ["2T"]}
TURNS = 80


@pytest.fixture(autouse=True)
def spanish() -> Iterator[None]:
    set_language("es")
    yield
    set_language("es")


def settled(app: App, scene: NetCariocaTable, seconds: float = 10) -> None:
    """Frames until the host has answered: seat 0 asked again with nothing flying, or the
    turn gone to another seat, or the round over."""
    game, feed = scene.session.game, scene.session.feeds[0]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.frame(0.02)
        if game.round_over or game.current_player != 0:
            return
        if feed.ask is not None and not scene.animator.busy:
            return
        time.sleep(0.002)


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
    for _ in range(50):
        app.frame(0.05)  # the beat after the last move, then the sheet
        if isinstance(app.stack.top, FinalScoreScene):
            break
    assert thread.host.game.round_over and game.round_over
    kinds = [e.kind for e in thread.host.game.state.events if e.seat == 0]
    assert kinds.count("draw") == turns and kinds.count("discard") >= turns - 1, kinds
    assert "lay_down" in kinds, kinds  # this deal's contract comes: Auto and Lay down worked
    assert isinstance(app.stack.top, FinalScoreScene)  # one round: the match's sheet
    return turns


def test_a_network_round_by_the_keyboard_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, thread, _links = table(tmp_path, "carioca", "remote,easy,easy", seed=21,
                                rules=ONE_ROUND, size=(1600, 900))  # fmt: skip
    scene = app.stack.top
    assert isinstance(scene, NetCariocaTable)
    press_key = keyboard.key

    def key(app: App, code: int, shift: bool = False, text: str = "") -> None:
        press_key(app, code, shift, text)
        settled(app, scene)  # a move waits for the host's state and its next ask

    monkeypatch.setattr(keyboard, "key", key)  # the keyboard test's turn, keys and all
    rng = random.Random(4)
    try:
        turns = play_round(app, thread, lambda: keyboard.keyboard_turn(app, scene, rng))
    finally:
        thread.stop()
    assert turns >= 1


def mouse_turn(app: App, scene: NetCariocaTable, rng: random.Random) -> None:
    """Click the stock; Auto then Lay down when the contract is there; drag each plain add
    onto its meld; drag the least useful card onto the discard pile."""
    game, widgets = scene.session.game, scene.widgets
    assert widgets is not None
    press(app, scene.layout.stock.center)
    settled(app, scene)
    if widgets.auto.visible and widgets.auto.is_enabled:
        press(app, widgets.auto.rect.center)
        if widgets.lay_down.is_enabled:
            press(app, widgets.lay_down.rect.center)
            settled(app, scene)
    for _ in range(12):
        adds = [a for a in game.legal_actions(0) if isinstance(a, Add) and "=" not in a.card]
        if game.current_player != 0 or not adds:
            break
        before = len(scene.obs.hand)
        drag(app, card_pos(scene, adds[0].card), scene.view.melds[adds[0].meld].box.center)
        settled(app, scene)
        if len(scene.obs.hand) == before:
            break  # the drop did not add (a wild's swap instead): discard now
    if game.current_player != 0 or game.round_over:
        return
    row = [scene.hand.code(u) for u in scene.moves.visible_hand()]
    counts = {c[:-1]: sum(1 for d in row if d[:-1] == c[:-1]) for c in row}
    lonely = sorted((c for c in row if c != "JK"), key=lambda c: (counts[c[:-1]], rng.random()))
    drag(app, card_pos(scene, lonely[0] if lonely else row[0]), scene.layout.pozo.center)
    settled(app, scene)


def test_a_network_round_by_the_mouse_alone(tmp_path: Path) -> None:
    app, thread, _links = table(tmp_path, "carioca", "remote,easy,easy", seed=21,
                                rules=ONE_ROUND, size=(1600, 900))  # fmt: skip
    scene = app.stack.top
    assert isinstance(scene, NetCariocaTable)
    rng = random.Random(4)
    try:
        turns = play_round(app, thread, lambda: mouse_turn(app, scene, rng))
    finally:
        thread.stop()
    assert turns >= 1
