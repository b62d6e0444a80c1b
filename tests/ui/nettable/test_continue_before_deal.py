"""The round sheet's Continue pressed before the host's next deal has arrived: the table
shows the deal when it comes (it stayed on the last hand for good, the sheet gone, in a
two-process Buraco run where the person clicked at once)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.ui.scenes.buraco.nettable import NetBuracoTable
from tests.ui.nettable.kit import Person, frames, table


@pytest.mark.timeout(120)
def test_the_next_deal_shows_when_it_comes_after_continue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, thread, _links = table(tmp_path, "buraco", "remote,easy,easy,easy", seed=11,
                                rules={"target": 5000})  # fmt: skip
    try:
        scene = app.stack.top
        assert isinstance(scene, NetBuracoTable)
        person, end = Person("buraco", [0]), time.monotonic() + 90
        while scene.sheet is None and time.monotonic() < end:
            app.frame(0.02)
            person.play(scene)
        assert scene.sheet is not None, "the hand did not end"
        session = scene.session
        feed = session.feeds[0]
        held: list[Any] = list(feed.inbox)  # the next deal, as if still on its way
        feed.inbox.clear()
        with monkeypatch.context() as m:
            m.setattr(session, "pump", lambda: None)
            scene.next_round()  # Continue, at once
        assert scene.sheet is None and session.game.round_over
        feed.inbox.extend(held)  # it arrives
        assert frames(app, 10, lambda: not session.game.round_over)
        assert scene.obs.round_number == 2
    finally:
        thread.stop()
