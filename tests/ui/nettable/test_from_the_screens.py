"""The whole way on one computer: Host a table from the screens (this person, a seat for a
person who does not come, bots), Start with a bot in the free seat, and the real table plays
the match to its final sheet through this computer's own client (the host's person plays
exactly as a joiner does), the app serving the host. Carioca in the default run, Buraco
under ``slow``."""

from __future__ import annotations

from pathlib import Path

import pytest

from carioca_desktop.i18n import tr
from carioca_desktop.storage import Paths
from carioca_desktop.storage.stats import load_stats
from carioca_desktop.ui.scenes.buraco.nettable import NetBuracoTable
from carioca_desktop.ui.scenes.carioca.nettable import NetCariocaTable
from carioca_desktop.ui.scenes.net.hosting import ME, PERSON
from tests.ui.net.netscreens import click, new_app, until
from tests.ui.net.test_host_screens import open_waiting_room
from tests.ui.nettable.kit import until_recorded
from tests.ui.nettable.test_match import play_through

pytestmark = [pytest.mark.usefixtures("spanish"), pytest.mark.timeout(240)]


@pytest.mark.parametrize("game", ["carioca", pytest.param("buraco", marks=pytest.mark.slow)])
def test_host_from_the_screens_and_play_to_the_final_sheet(tmp_path: Path, game: str) -> None:
    app = new_app(tmp_path)
    room = open_waiting_room(app, [ME, PERSON, "easy", "easy"], game)
    try:
        click(app, tr("net.wait.start_bots"))  # nobody came: a bot in the free seat
        until(app, lambda: isinstance(app.stack.top, (NetCariocaTable, NetBuracoTable)),
              "the table")  # fmt: skip
        scene = app.stack.top
        assert room.host is app.served.host  # type: ignore[union-attr]
        scene, end = play_through(app, game, 200)
        assert end == "final"
        until_recorded(app, scene)
        (record,) = load_stats(Paths.under(tmp_path))[0].records
        assert record.match_id == scene.session.match_id
    finally:
        app.stop_serving()
