"""Buraco's round sheet at a network table lies over the avatars' lines: no "connected"
pill or reaction bubble is drawn across it (the Xvfb session's shot had a partner's
"conectado" on the sheet's top edge), while the reconnecting notice still shows."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from carioca_desktop.ui.scenes.buraco.nettable import NetBuracoTable
from tests.ui.nettable.kit import Person, table


@pytest.mark.timeout(120)
def test_no_avatar_line_is_drawn_over_the_round_sheet(tmp_path: Path) -> None:
    app, thread, links = table(tmp_path, "buraco", "remote,remote,easy,easy", seed=11,
                               rules={"target": 5000}, here=1, grace=0.5)  # fmt: skip
    scene = app.stack.top
    assert isinstance(scene, NetBuracoTable)
    person = Person("buraco", [0])
    links[1].client.close()  # the other computer goes: after its grace a bot plays there
    try:
        end = time.monotonic() + 90
        while scene.sheet is None and time.monotonic() < end:
            app.frame(0.02)
            person.play(scene)
            time.sleep(0.001)
        assert scene.sheet is not None, "the hand did not end"
        assert scene.net.status_words(1)  # seat 1's line ("played by a bot") would show
        drawn = scene.net.draw(app.screen, scene._seat_rect, scene.layout.upx(10))
        assert drawn == []  # neither a pill nor a bubble over the sheet
    finally:
        thread.stop()
