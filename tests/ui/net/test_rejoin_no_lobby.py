"""A joiner rejoining a match already being played goes from the Join screen straight to the
table: the welcome and the start may arrive in two different frames, and the lobby must not
show in between (it did, for a frame or more). A table still in its lobby opens the lobby
once the host's seats arrive."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.net.client import ClientEvent, LobbyChanged, Started, Welcomed
from carioca_desktop.ui.joining import Joining
from carioca_desktop.ui.scene import Scene
from carioca_desktop.ui.scenes.net.lobby import LobbyScene
from tests.ui.net.netscreens import frames, new_app, record_table_route
from tests.ui.net.test_join_screens import open_join

pytestmark = [pytest.mark.usefixtures("spanish"), pytest.mark.timeout(120)]


class Batches:
    """A NetClient stand-in: each poll hands over the next batch of events."""

    def __init__(self, *batches: list[ClientEvent]) -> None:
        self.batches = list(batches)

    def poll(self, timeout: float = 0.0) -> list[ClientEvent]:
        return self.batches.pop(0) if self.batches else []

    def close(self) -> None:
        pass


WELCOME = Welcomed(0, "tok", "carioca", 60.0)


def joined(tmp_path: Path, *batches: list[ClientEvent]) -> tuple[Any, list[type]]:
    app = new_app(tmp_path)
    route = record_table_route(app)
    scene = open_join(app)
    scene.joining = Joining(Batches(*batches), "127.0.0.1:1", "ABC123", "Ana")  # type: ignore[arg-type]
    seen: list[type] = []
    for _ in range(len(batches) + 2):
        frames(app, 1)
        seen.append(type(app.stack.top))
    return route, seen


def test_a_rejoin_of_a_running_match_opens_the_table_without_the_lobby(tmp_path: Path) -> None:
    start = Started("m1", "classic", ({"name": "Ana"}, {"name": "Bot"}))
    route, seen = joined(tmp_path, [WELCOME], [start])
    assert route.links and route.links[0].started is start
    assert LobbyScene not in seen and seen[-1] is Scene


def test_a_table_in_its_lobby_opens_the_lobby_when_its_seats_arrive(tmp_path: Path) -> None:
    lobby = LobbyChanged("carioca", "classic", {"players": 2}, ({"name": "Ana"},))
    route, seen = joined(tmp_path, [WELCOME], [lobby])
    assert not route.links and seen[-1] is LobbyScene
