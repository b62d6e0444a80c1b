"""The network table this app hosts, kept alive across screens: polled every frame by the
app (``App.serve``) from the waiting room to the match's end, with the discovery responder
answering while the table is open; closed when the host leaves or the app quits.

No pygame here: the app calls ``tick`` each frame; screens read ``host`` and ``news``."""

from __future__ import annotations

import logging
from typing import Any

from carioca_desktop.net.discovery import Responder
from carioca_desktop.net.lobby import HostEvent

log = logging.getLogger(__name__)

NEWS_KEPT = 200  # the newest host events a screen may read (older ones are dropped)


class NamedResponder(Responder):
    """The discovery answer with the host's person's name (the list shows who hosts)."""

    host_name = "Carioca"

    def summary(self) -> dict[str, Any]:
        answer = super().summary()
        answer["name"] = self.host_name[:24]
        return answer


class ServedTable:
    """One hosted table (a ``TableHost``) and its discovery responder."""

    def __init__(self, host: Any, name: str = "") -> None:
        self.host = host
        self.news: list[HostEvent] = []
        self.seen = 0  # how many events ever arrived: a screen repaints when it grows
        self.closed = False
        self.responder = NamedResponder.start(host)
        if isinstance(self.responder, NamedResponder) and name:
            self.responder.host_name = name

    def tick(self) -> list[HostEvent]:
        """One frame's polling (never waits); the events it brought."""
        if self.closed:
            return []
        events = list(self.host.poll(0.0))
        if events:
            self.seen += len(events)
            self.news = (self.news + events)[-NEWS_KEPT:]
        return events

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.responder is not None:
            self.responder.stop()
        try:
            self.host.close()
        except Exception as err:  # closing anyway: a socket error must not stop the app
            log.warning("closing the network table: %s", err)
