"""The joiner's screens over loopback: a table found by "search the local network"
(CARIOCA_DISCOVERY=127.0.0.1) is listed and picked, a wrong code and a silent address are
said in words, and the lobby shows the seats and the rules, keeps a ready mark and hands
the seat to the table screen when the host starts."""

from __future__ import annotations

import socket
from pathlib import Path

import pygame
import pygame_gui
import pytest

from carioca_desktop.i18n import tr
from carioca_desktop.net.host import TableHost
from carioca_desktop.net.seats import REMOTE, SeatSpec
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.ui.scenes.menu import MenuScene
from carioca_desktop.ui.scenes.net.join import JoinScene, found_text
from carioca_desktop.ui.scenes.net.lobby import LobbyScene
from tests.ui.net.netscreens import (
    button,
    click,
    frames,
    key,
    new_app,
    record_table_route,
    type_into,
    until,
)

pytestmark = [pytest.mark.usefixtures("spanish"), pytest.mark.timeout(120)]


def a_table(app, players: int = 3) -> TableHost:  # type: ignore[no-untyped-def]
    """A host served by the test's own app (polled every frame), its seats all remote but
    one bot."""
    specs = [SeatSpec(REMOTE)] * (players - 1) + [SeatSpec("bot", "easy")]
    host = TableHost("carioca", CariocaRules.from_dict({"players": players}), specs, 5,
                     autosave=False, auto_start=False)  # fmt: skip
    app.serve(host, "Marta")
    return host


def open_join(app) -> JoinScene:  # type: ignore[no-untyped-def]
    app.push(MenuScene(app))
    scene = JoinScene(app)
    app.push(scene)
    frames(app)
    return scene


def fill(app, scene: JoinScene, address: str, code: str, name: str = "Ana") -> None:  # type: ignore[no-untyped-def]
    entries = {key: entry for entry, key in scene._entries.items()}
    type_into(app, entries["address"], address)
    type_into(app, entries["code"], code)
    type_into(app, entries["name"], name)


def joined_lobby(app, players: int = 3) -> tuple[TableHost, LobbyScene]:  # type: ignore[no-untyped-def]
    """A table hosted by ``app`` and joined from its Join screen by the typed address: the host
    and the lobby on top."""
    scene = open_join(app)  # the menu below it closes any table when it opens
    host = a_table(app, players=players)
    fill(app, scene, f"127.0.0.1:{host.port}", host.code)
    click(app, tr("net.join.go"))
    until(app, lambda: isinstance(app.stack.top, LobbyScene), "the lobby")
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    return host, lobby


def test_a_wrong_code_shows_its_message(tmp_path: Path, drawn: list[str]) -> None:
    app = new_app(tmp_path)
    scene = open_join(app)  # the menu below it closes any table when it opens
    host = a_table(app)
    wrong = "ABCDEF" if host.code != "ABCDEF" else "ABCDEG"
    fill(app, scene, f"127.0.0.1:{host.port}", wrong.lower())
    click(app, tr("net.join.go"))
    until(app, lambda: scene.joining is None, "the host's answer")
    assert scene.message == tr("net.refused.wrong_code")
    frames(app)
    assert any(tr("net.refused.wrong_code") in line for line in drawn)
    assert isinstance(app.stack.top, JoinScene)  # nothing else changed
    app.stop_serving()


def test_nobody_answering_at_an_address_is_said(tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = new_app(tmp_path)
    scene = open_join(app)
    fill(app, scene, f"127.0.0.1:{port}", "ABCDEF")
    click(app, tr("net.join.go"))
    until(app, lambda: scene.joining is None, "the failed connection")
    assert scene.message == tr("net.join.no_answer", address=f"127.0.0.1:{port}")


@pytest.mark.parametrize(("typed", "said"), [("not an address:x", "net.join.bad_address"),
                                             ("127.0.0.1:47470", "net.join.bad_code")])  # fmt: skip
def test_a_bad_address_or_code_is_said_before_anything_is_sent(
    tmp_path: Path, typed: str, said: str
) -> None:
    app = new_app(tmp_path)
    scene = open_join(app)
    fill(app, scene, typed, "AB" if said.endswith("code") else "ABCDEF")
    click(app, tr("net.join.go"))
    assert scene.joining is None and scene.message == tr(said)


def test_a_table_found_by_search_is_listed_and_picked(tmp_path: Path) -> None:
    app = new_app(tmp_path)
    scene = open_join(app)
    host = a_table(app)
    assert app.served is not None and app.served.responder is not None, "no responder"
    click(app, tr("net.join.search"))
    until(app, lambda: scene.searched, "the search's answers")
    ours = [f for f in scene.found if f.port == host.port]
    assert ours and ours[0].name == "Marta" and ours[0].free == 2 and ours[0].game == "carioca"
    click(app, found_text(ours[0]))
    assert scene.address == f"127.0.0.1:{host.port}"
    app.stop_serving()


def test_the_lobby_shows_the_seats_keeps_ready_and_opens_the_table(
    tmp_path: Path, drawn: list[str]
) -> None:
    app = new_app(tmp_path)
    route = record_table_route(app)
    host, lobby = joined_lobby(app, players=2)
    until(app, lambda: lobby.joining.lobby is not None, "the lobby's seats")
    frames(app)
    assert "Ana (tú)" in drawn
    click(app, tr("net.lobby.ready"))
    until(app, lambda: host.lobby_seats()[0].get("ready"), "the ready mark at the host")
    assert button(app, tr("net.lobby.not_ready"))
    host.start_now()
    until(app, lambda: route.links, "the table opened")
    assert route.links[0].welcomed.seat == 0 and route.links[0].started.seats
    app.stop_serving()


def test_the_lobby_says_when_the_host_leaves(tmp_path: Path) -> None:
    app = new_app(tmp_path)
    _host, lobby = joined_lobby(app)
    app.stop_serving()
    until(app, lambda: lobby.ended, "the host's leaving noticed")
    assert lobby.ended == tr("net.lobby.host_left")


def test_discovery_answers_only_while_the_table_is_open(tmp_path: Path) -> None:
    from carioca_desktop.net.discovery import search

    app = new_app(tmp_path)
    host = a_table(app)
    assert any(f.port == host.port for f in search(1.0))
    app.stop_serving()
    assert not any(f.port == host.port for f in search(0.5))


def test_joining_by_keyboard_alone(tmp_path: Path) -> None:
    """Tab to each box, type, and Enter in the last one joins (no pointer)."""
    app = new_app(tmp_path)
    scene = open_join(app)
    host = a_table(app)
    entries = {key: entry for entry, key in scene._entries.items()}
    typed = {"address": f"127.0.0.1:{host.port}", "code": host.code, "name": "Ana"}
    for key_name in ("address", "code", "name"):
        key(app, pygame.K_TAB)
        entry = entries[key_name]
        assert scene.focus.current is not None and scene.focus.current.element is entry
        type_into(app, entry, typed[key_name])
    app.process(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, text="Ana",
                                   ui_element=entries["name"], ui_object_id=""))  # fmt: skip
    until(app, lambda: isinstance(app.stack.top, LobbyScene), "the lobby")
    app.stop_serving()
