"""The host's screens over loopback: Play on the network → Host a table by keyboard alone,
the waiting room's seats filling as people join (name, connected), Remove before the start,
and Start handing this computer's seat to the table screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop.i18n import tr
from carioca_desktop.net.client import Lost, NetClient, Refused, Welcomed
from carioca_desktop.ui.scenes.menu import MenuScene
from carioca_desktop.ui.scenes.net.hosting import ME, PERSON
from carioca_desktop.ui.scenes.net.hostsetup import HostSetupScene
from carioca_desktop.ui.scenes.net.waiting import WaitingRoomScene, spaced_code
from tests.fixtures.waiting import wait_until
from tests.ui.net.netscreens import click, frames, key, new_app, record_table_route, until

pytestmark = [pytest.mark.usefixtures("spanish"), pytest.mark.timeout(120)]


def open_waiting_room(app, kinds: list[str], game: str = "carioca") -> WaitingRoomScene:  # type: ignore[no-untyped-def]
    setup = HostSetupScene(app)
    app.push(MenuScene(app))
    app.push(setup)
    setup.game = game
    setup.count = len(kinds)
    setup.kinds[: len(kinds)] = kinds
    setup.rebuild()
    frames(app)
    click(app, tr("net.host.open"))
    room = app.stack.top
    assert isinstance(room, WaitingRoomScene)
    until(app, lambda: room.people.people[0].welcomed is not None, "the host's own seat")
    return room


def join(port: int, code: str, name: str) -> NetClient:
    return NetClient(f"127.0.0.1:{port}", code, name)


def events_of(app, client: NetClient, kind: type, what: str) -> list:  # type: ignore[no-untyped-def, type-arg]
    """Frames (the app serves the host) until ``client`` got an event of ``kind``."""
    got: list = []  # type: ignore[type-arg]
    until(app, lambda: got.extend(client.poll()) or any(isinstance(e, kind) for e in got), what)
    return [e for e in got if isinstance(e, kind)]


def welcomed(app, client: NetClient) -> Welcomed:  # type: ignore[no-untyped-def]
    event = events_of(app, client, Welcomed, "welcomed")[0]
    assert isinstance(event, Welcomed)
    return event


def test_seats_fill_as_people_join_and_start_hands_over_the_seat(
    tmp_path: Path, drawn: list[str]
) -> None:
    app = new_app(tmp_path)
    route = record_table_route(app)
    room = open_waiting_room(app, [ME, PERSON, PERSON, "easy"])
    host = room.host
    assert app.served is not None and app.served.host is host
    assert spaced_code(host.code) in drawn  # the code, large, in two groups of three
    assert [s["status"] for s in room.seats] == ["here", "open", "open", "bot"]
    ana = join(host.port, host.code, "Ana")
    try:
        assert welcomed(app, ana).seat == 1
        until(app, lambda: room.seats[1].get("name") == "Ana", "Ana's seat filled")
        assert room.seats[1]["status"] == "here"
        frames(app)
        assert "Ana" in drawn
        assert not _start_enabled(app)  # one seat for a person is still free
        beto = join(host.port, host.code, "Beto")
        assert welcomed(app, beto).seat == 2
        until(app, lambda: room.free() == 0, "every seat taken")
        assert _start_enabled(app)
        click(app, tr("net.wait.start"))
        until(app, lambda: route.links, "the table opened")
        (link,) = route.links
        assert link.welcomed.seat == 0 and link.name == "Host"
        assert [s["name"] for s in link.started.seats][1:3] == ["Ana", "Beto"]
        assert app.served is not None  # the table lives on past the waiting room
        beto.close()
    finally:
        ana.close()
        app.stop_serving()


def _start_enabled(app) -> bool:  # type: ignore[no-untyped-def]
    from tests.ui.net.netscreens import button

    return bool(button(app, tr("net.wait.start")).is_enabled)


def test_the_host_removes_a_person_before_the_start(tmp_path: Path) -> None:
    app = new_app(tmp_path)
    room = open_waiting_room(app, [ME, PERSON, "easy"])
    host = room.host
    ana = join(host.port, host.code, "Ana")
    try:
        assert welcomed(app, ana).seat == 1
        until(app, lambda: room.seats[1].get("status") == "here", "Ana seated")
        frames(app)
        click(app, tr("net.wait.remove"))
        until(app, lambda: room.seats[1].get("status") == "open", "the seat freed")
        refused = events_of(app, ana, Refused, "Ana told")
        assert refused[0].reason == "removed"
        carla = join(host.port, host.code, "Carla")  # the freed seat is given again
        assert welcomed(app, carla).seat == 1
        carla.close()
    finally:
        ana.close()
        app.stop_serving()


def test_leaving_the_waiting_room_closes_the_table(tmp_path: Path) -> None:
    app = new_app(tmp_path)
    room = open_waiting_room(app, [ME, PERSON])
    port = room.host.port
    click(app, tr("net.wait.leave"))
    assert app.served is None and isinstance(app.stack.top, MenuScene)
    late = join(port, room.host.code, "Ana")
    events: list[Any] = []
    try:  # until the client gives up (a loaded machine may take more than a moment)
        wait_until(lambda: any(isinstance(e, (Lost, Refused)) for e in events),
                   what="the client's end", seen=lambda: events,
                   step=lambda: events.extend(late.poll(0.05)))  # fmt: skip
    finally:
        late.close()
    assert not any(isinstance(e, Welcomed) for e in events)  # nobody answers


def test_host_setup_by_keyboard_alone(tmp_path: Path) -> None:
    """Menu → Play on the network → Host a table → a seat for a person → Open the table,
    with Tab, the arrows and Enter only."""
    app = new_app(tmp_path)
    app.push(MenuScene(app))
    frames(app)
    key(app, pygame.K_DOWN)  # New game → Play on the network
    key(app, pygame.K_RETURN)
    frames(app)
    key(app, pygame.K_RETURN)  # Host a table is focused first
    frames(app)
    setup = app.stack.top
    assert isinstance(setup, HostSetupScene)
    setup.kinds[1] = "easy"  # no seat for a person yet: the table cannot open
    setup.rebuild()
    frames(app)
    stops = setup.focus.items
    seat_1 = [i for i, item in enumerate(stops) if item.step][2]  # players, seat 0, seat 1
    for _ in range(seat_1 + 1):
        key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)  # seat 1: a bot → ... stepping until a person who joins
    while setup.kinds[1] != PERSON:
        key(app, pygame.K_RIGHT)
    assert not setup.problem
    while not isinstance(app.stack.top, WaitingRoomScene):
        item = setup.focus.current
        if item is not None and getattr(item.element, "text", "") == tr("net.host.open"):
            key(app, pygame.K_RETURN)
            break
        key(app, pygame.K_TAB)
    room = app.stack.top
    assert isinstance(room, WaitingRoomScene)
    assert [s["kind"] for s in room.seats][:2] == ["local", "remote"]
    app.stop_serving()


def test_a_buraco_table_shows_its_sides_and_rules(tmp_path: Path, drawn: list[str]) -> None:
    app = new_app(tmp_path)
    room = open_waiting_room(app, [ME, PERSON, "easy", "easy"], game="buraco")
    try:
        assert room.host.kind.name == "buraco" and len(room.seats) == 4
        frames(app)
        side_1 = tr("buraco.newgame.side", n=1, names="Host, ")
        assert any(line.startswith(side_1) for line in drawn), "Buraco's sides not said"
        assert tr("buraco.rules.melds_title") in drawn  # the rules screen's own words
    finally:
        app.stop_serving()
