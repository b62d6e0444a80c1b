"""A joiner waiting in the lobby whose connection drops comes back by itself with its token
(the table's reconnection, net/client.py): the host sees the seat here again and the lobby
keeps working (ready, then the table when the host starts)."""

from __future__ import annotations

from pathlib import Path

import pytest

from carioca_desktop.i18n import tr
from tests.ui.net.netscreens import button, click, new_app, record_table_route, until
from tests.ui.net.test_join_screens import joined_lobby

pytestmark = [pytest.mark.usefixtures("spanish"), pytest.mark.timeout(120)]


def test_a_dropped_joiner_in_the_lobby_comes_back_by_itself(tmp_path: Path) -> None:
    app = new_app(tmp_path)
    route = record_table_route(app)
    host, lobby = joined_lobby(app, players=2)
    until(app, lambda: host.lobby_seats()[0]["status"] == "here", "the seat taken")
    click(app, tr("net.lobby.ready"))
    until(app, lambda: host.lobby_seats()[0].get("ready"), "the ready mark at the host")
    lobby.joining.client.drop()
    until(app, lambda: host.lobby_seats()[0]["status"] == "away", "the drop noticed")
    until(app, lambda: host.lobby_seats()[0]["status"] == "here", "the seat taken again")
    assert app.stack.top is lobby and not lobby.ended
    # The host forgets a dropped seat's ready mark; the lobby, still showing it, says it again.
    until(app, lambda: host.lobby_seats()[0].get("ready"), "the ready mark said again")
    assert button(app, tr("net.lobby.not_ready"))
    host.start_now()
    until(app, lambda: route.links, "the table opened")
    assert route.links[0].welcomed.seat == 0
    app.stop_serving()
