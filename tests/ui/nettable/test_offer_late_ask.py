"""The buy offer shown from the host's state before its ask (with the host's seconds) has
arrived: once the ask comes, the prompt counts those seconds down and says so. In the
two-process runs every offer said "Sin límite de tiempo" while the host passed for the
person after 10 s (the late ask replaced the prompt's clock with one that never ran)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.i18n import tr
from carioca_desktop.ui.scenes.carioca.nettable import NetCariocaTable
from tests.fixtures.netkit import HostThread
from tests.ui.nettable.kit import Person, frames, table

pytestmark = pytest.mark.timeout(120)  # a hung socket or process fails in minutes, with its stack


def test_an_offer_counts_the_hosts_seconds_once_its_ask_comes(tmp_path: Path) -> None:
    app, thread, _links = table(tmp_path, "carioca", "remote,normal,normal", seed=2,
                                rules={"buy": True})  # fmt: skip
    try:
        check(app, thread)
    finally:
        thread.stop()


def check(app: Any, thread: HostThread) -> None:
    scene = app.stack.top
    assert isinstance(scene, NetCariocaTable)
    feed, person = scene.session.feeds[0], Person("carioca", [0])

    def offered() -> bool:
        if feed.ask is not None and feed.obs.phase == "offer":
            return True
        person.play(scene)
        return False

    assert frames(app, 30, offered)
    seconds = feed.ask.seconds if feed.ask is not None else None
    assert seconds is not None
    scene.session.buy_seconds = None  # as when the state came before the ask
    app.frame(0.02)
    offer = scene.offer
    assert offer is not None and offer.visible and not offer.clock.limited
    scene.session.buy_seconds = seconds  # the ask arrives
    app.frame(0.02)
    assert offer.clock.running and offer.clock.limited
    assert offer.count is not None
    assert offer.count.text == tr("table.offer.countdown", n=offer.clock.shown)
