"""A network match this computer hosted and left is offered again under Play on the network
(Reopen the network table: the game, the people, when), and reopening it seats the host's
own person at the table again with a new local token."""

from __future__ import annotations

from pathlib import Path

import pytest

from carioca_desktop.i18n import tr
from carioca_desktop.storage import flush_autosaves
from carioca_desktop.ui.scenes.menu import MenuScene
from carioca_desktop.ui.scenes.net.choice import NetChoiceScene
from carioca_desktop.ui.scenes.net.hosting import ME, PERSON
from tests.ui.net.netscreens import button, click, frames, new_app, record_table_route, until
from tests.ui.net.test_host_screens import join, open_waiting_room, welcomed

pytestmark = [pytest.mark.usefixtures("spanish"), pytest.mark.timeout(120)]


def test_no_saved_table_no_reopen(tmp_path: Path) -> None:
    app = new_app(tmp_path)
    app.push(MenuScene(app))
    app.push(app.routes.net_play())
    frames(app)
    assert [b.text for b in _choices(app)] == [tr("net.play.host"), tr("net.play.join")]


def _choices(app):  # type: ignore[no-untyped-def]
    from tests.ui.net.netscreens import buttons

    return [b for b in buttons(app) if b.text != tr("common.back")]


def test_a_left_network_match_is_reopened_for_the_same_people(tmp_path: Path) -> None:
    app = new_app(tmp_path)
    route = record_table_route(app)
    room = open_waiting_room(app, [ME, PERSON, "easy"])
    host = room.host
    ana = join(host.port, host.code, "Ana")
    try:
        assert welcomed(app, ana).seat == 1
        until(app, lambda: room.free() == 0, "Ana seated")
        click(app, tr("net.wait.start"))
        until(app, lambda: route.links, "the table opened")
        code = host.code
    finally:
        ana.close()
    route.links[0].client.close()
    app.stop_serving()  # the host left: the match stays in its network save
    assert flush_autosaves(10.0)

    again = new_app(tmp_path)
    route = record_table_route(again)
    again.push(MenuScene(again))
    again.push(again.routes.net_play())
    frames(again)
    choice = again.stack.top
    assert isinstance(choice, NetChoiceScene) and choice.saved is not None
    assert choice.saved.code == code and "Ana" in choice.saved.names
    assert button(again, tr("net.play.reopen"))
    click(again, tr("net.play.reopen"))
    until(again, lambda: route.links, "the host's person back at the table")
    assert route.links[0].welcomed.seat == 0 and again.served is not None
    assert again.served.host.code == code
    again.stop_serving()
