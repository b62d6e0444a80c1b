"""One person at this computer on their way to a network table: the connection, what the
host said so far (welcome, the lobby's seats and rules, a refusal, a loss), and, once the
host's ``start`` arrives, the ``SeatLink`` the table screen takes. No pygame.

The joiner's token is kept in the seats file (net/join.py's ``SeatStore``) by address, so
the same computer rejoins its seat after a drop; the host's own people (``local``) use the
token the host made for them and keep nothing."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from carioca_desktop import version
from carioca_desktop.net.client import (
    ClientEvent,
    LobbyChanged,
    Lost,
    NetClient,
    Reconnected,
    Reconnecting,
    Refused,
    SeatChanged,
    Started,
    Welcomed,
)
from carioca_desktop.net.join import SeatStore
from carioca_desktop.net.link import SeatLink


@dataclass
class Joining:
    """A connection before the match (see the module's words)."""

    client: NetClient
    address: str
    code: str
    name: str
    store: SeatStore | None = None  # a joiner's token store (None: the host's own person)
    welcomed: Welcomed | None = None
    lobby: LobbyChanged | None = None
    refused: Refused | None = None
    lost: str | None = None
    link: SeatLink | None = None
    ready: bool = False
    reconnecting: float | None = None  # the grace's seconds left while the connection is down
    events: int = 0  # how many events arrived: the screen repaints when it grows

    @classmethod
    def open(cls, address: str, code: str, name: str, store: SeatStore | None,
             token: str | None = None) -> Joining:  # fmt: skip
        """Connect (in the background) to ``address``; a joiner presents its kept token."""
        if store is not None and token is None:
            kept = store.get(address).get("token")
            token = kept if isinstance(kept, str) else None
        client = NetClient(address, code, name, token, app=version())
        return cls(client, address, code, name, store)

    @property
    def seat(self) -> int | None:
        return None if self.welcomed is None else self.welcomed.seat

    @property
    def seats(self) -> list[dict[str, Any]]:
        return [] if self.lobby is None else [dict(s) for s in self.lobby.seats]

    def poll(self) -> bool:
        """Read what arrived; True when anything did. Stops reading at ``start``: the
        events after it are the table's (``link.pending``)."""
        if self.link is not None:
            return False
        events = self.client.poll()
        for index, event in enumerate(events):
            self.events += 1
            if isinstance(event, Started) and self.welcomed is not None:
                self.link = SeatLink(self.client, self.address, self.code, self.name,
                                     self.welcomed, event, list(events[index + 1:]))  # fmt: skip
                break
            self._read(event)
        return bool(events)

    def _read(self, event: ClientEvent) -> None:
        if isinstance(event, Welcomed):
            self.welcomed = event
            if self.store is not None:
                self.store.put(self.address, {"token": event.token, "seat": event.seat})
        elif isinstance(event, LobbyChanged):
            self.lobby = event
        elif isinstance(event, SeatChanged) and self.lobby is not None:
            seats = self.seats
            if 0 <= event.seat < len(seats):
                seats[event.seat].update(status=event.status, name=event.name)
                self.lobby = LobbyChanged(self.lobby.game, self.lobby.preset, self.lobby.rules,
                                          tuple(seats), self.lobby.code)  # fmt: skip
        elif isinstance(event, Refused):
            self.refused = event
            if self.store is not None and event.reason == "bad_token":
                self.store.put(self.address, None)  # a finished or foreign table: afresh
        elif isinstance(event, Lost):
            self.lost, self.reconnecting = event.message, None
        elif isinstance(event, Reconnecting):
            self.reconnecting = event.seconds_left
        elif isinstance(event, Reconnected):
            self.reconnecting = None
            if self.ready:  # the host forgot the dropped seat's mark; the lobby still shows it
                self.client.send_ready(True)

    def set_ready(self, ready: bool) -> None:
        self.ready = ready
        self.client.send_ready(ready)

    def close(self) -> None:
        """Leave before the start (the seat is freed by the host)."""
        self.client.close()


@dataclass
class LocalPeople:
    """The host's own people at its table, one ``Joining`` each, in seat order."""

    people: list[Joining] = field(default_factory=list)

    def poll(self) -> bool:
        changed = False
        for person in self.people:
            changed = person.poll() or changed
        return changed

    def links(self) -> list[SeatLink] | None:
        """Every local seat's link once all have seen the start; else None."""
        links = [p.link for p in self.people]
        if not links or any(link is None for link in links):
            return None
        return [link for link in links if link is not None]

    def close(self) -> None:
        for person in self.people:
            person.close()
