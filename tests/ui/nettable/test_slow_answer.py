"""The person's move does not wait for the host inside the frame: with a host that answers
late (held, as a slow link would), the move is sent and the frames keep coming; the hand
is dimmed under "waiting for the host" and other input is held; the answer, when it comes,
is shown as the next move; a late refusal puts everything back, said in words."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop.i18n import tr
from carioca_desktop.play.text import refusal_text
from carioca_desktop.rules.errors import Refusal
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from tests.fixtures.netkit import HostThread, new_host
from tests.fixtures.waiting import PATIENCE
from tests.ui.nettable.kit import answered, frames, join, link

pytestmark = pytest.mark.timeout(120)


class HeldHost(HostThread):
    """A host thread that stops answering while ``held`` is set (a slow link's delay)."""

    def __init__(self, host: Any) -> None:
        self.held, self.idle = threading.Event(), threading.Event()
        super().__init__(host)

    def hold(self) -> None:
        """From now on nothing is answered (a poll under way ends first)."""
        self.idle.clear()
        self.held.set()
        assert self.idle.wait(PATIENCE)

    def _run(self) -> None:
        while not self._stop.is_set() and not self.host.finished:
            if self.held.is_set():
                self.idle.set()
                time.sleep(0.01)
                continue
            self.host.poll(0.02)


def _table(tmp_path: Path, game: str, specs: str) -> tuple[App, HeldHost, Any]:
    host = new_host(game, {}, specs, 5)
    thread = HeldHost(host)
    links = [link(join(host.port, "Ana"))]
    app = App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)
    app.reset(app.routes.net_table(links))
    scene = app.stack.top
    assert frames(app, 10, lambda: scene.session.feeds[0].ask is not None)
    return app, thread, scene


def _frames_held(app: App, count: int) -> float:
    """Seconds that ``count`` frames took while the host answers nothing: each frame returns
    (none waits for the answer). Not a rate: a loaded machine draws slowly, so the bound the
    tests give (a frame a second) only tells a frame that waits from one that does not."""
    start = time.monotonic()
    for _ in range(count):
        app.frame(0.016)
        time.sleep(0.01)
    return time.monotonic() - start


def test_frames_keep_coming_while_the_move_waits_for_the_host(
    tmp_path: Path, drawn: list[str]
) -> None:
    from carioca_desktop.rules.carioca.actions import Draw

    app, thread, scene = _table(tmp_path, "carioca", "remote,normal,normal")
    try:
        hand = list(scene.obs.hand)
        thread.hold()  # the host answers nothing for now
        started = time.monotonic()
        scene.perform(Draw(0))
        assert time.monotonic() - started < PATIENCE / 3  # sent, not waited for (~ms idle)
        assert scene.session.sending is not None
        took = _frames_held(app, 10)
        assert took < 10, took  # the frames keep coming meanwhile (about 0.2 s idle)
        assert scene.session.sending is not None  # and the host still has not answered
        assert list(scene.obs.hand) == hand  # nothing shown before the host says
        assert tr("net.table.sending") in drawn  # the hand dimmed, "waiting for the host"
        click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(640, 650))
        assert scene.handle_event(click)  # held: no second move meanwhile
        thread.held.clear()
        assert answered(app, scene)
        assert len(scene.obs.hand) == len(hand) + 1  # the drawn card, shown as the next move
        assert scene.obs.hand == thread.host.game.observation(0).hand
    finally:
        thread.stop()


def test_a_late_refusal_puts_everything_back_in_words(tmp_path: Path) -> None:
    from carioca_desktop.rules.carioca.actions import Discard

    app, thread, scene = _table(tmp_path, "carioca", "remote,normal,normal")
    try:
        hand, ask = list(scene.obs.hand), scene.session.feeds[0].ask
        order = [c.uid for c in scene.model.hand.cards]
        card = scene.model.hand.cards[2]
        thread.hold()
        scene.perform(Discard(0, card.code), None, [card.uid])  # before drawing: refused
        assert scene.session.sending is not None and scene.session.feeds[0].ask is None
        assert [c.uid for c in scene.model.hand.cards] == order  # the card waits in the hand
        took = _frames_held(app, 5)
        assert took < 5 and scene.session.sending is not None, took
        thread.held.clear()
        words = refusal_text(Refusal("must_draw_first", ""))
        assert frames(app, 10, lambda: words in [t.text for t in scene.toasts])
        assert scene.session.sending is None
        assert scene.session.feeds[0].ask == ask  # asked again: the person may draw
        assert list(scene.obs.hand) == hand
        assert [c.uid for c in scene.model.hand.cards] == order  # as it was, in its order
    finally:
        thread.stop()
