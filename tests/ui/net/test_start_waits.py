"""Start waits for the host's own people: pressed before this computer's loopback client has
joined its seat, it does nothing (greyed, the bar says the seat is connecting), so the match
never starts with the host's seat called "Jugador 1"."""

from __future__ import annotations

from pathlib import Path

import pytest

from carioca_desktop.i18n import tr
from carioca_desktop.ui.scenes.menu import MenuScene
from carioca_desktop.ui.scenes.net.hosting import ME, PERSON
from carioca_desktop.ui.scenes.net.hostsetup import HostSetupScene
from carioca_desktop.ui.scenes.net.waiting import WaitingRoomScene
from tests.ui.net.netscreens import button, click, frames, new_app, record_table_route, until

pytestmark = [pytest.mark.usefixtures("spanish"), pytest.mark.timeout(120)]


def test_start_before_the_hosts_seat_joined_waits_for_it(tmp_path: Path, drawn: list[str]) -> None:
    app = new_app(tmp_path)  # the person's name: "Host"
    route = record_table_route(app)
    setup = HostSetupScene(app)
    app.push(MenuScene(app))
    app.push(setup)
    setup.count = 3
    setup.kinds[:3] = [ME, PERSON, "easy"]
    setup.rebuild()
    frames(app)
    setup.open()  # the Open button's command, and no frame yet: nobody has joined
    room = app.stack.top
    assert isinstance(room, WaitingRoomScene)
    assert room.seats[0]["status"] != "here"
    assert not button(app, tr("net.wait.start_bots")).is_enabled
    room.start()  # as Enter or a quick click would
    assert room.host.session is None  # not started without the host's own person
    app.frame(0.016)
    assert tr("net.wait.seating") in drawn or room.seats[0]["status"] == "here"
    until(app, lambda: room.seats[0]["status"] == "here", "the host's own seat joined")
    frames(app)
    assert button(app, tr("net.wait.start_bots")).is_enabled
    click(app, tr("net.wait.start_bots"))
    until(app, lambda: route.links, "the table opened")
    assert room.host.session.seats[0].name == "Host"
