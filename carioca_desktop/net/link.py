"""What the lobby hands the network table: one person at this computer seated at a table.

The join and host screens fill it once the host's ``start`` arrives; the network table's
screen takes it from there (it polls ``client`` itself, first the ``pending`` events that
arrived in the same batch as ``start``). A hot-seat pair at one computer is two links."""

from __future__ import annotations

from dataclasses import dataclass, field

from carioca_desktop.net.client import ClientEvent, NetClient, Started, Welcomed


@dataclass
class SeatLink:
    """One seat played from this computer: its connection and what the lobby already read."""

    client: NetClient
    address: str  # host:port, to reconnect to
    code: str  # the table code
    name: str  # the person's name as sent in hello
    welcomed: Welcomed  # seat, token, game, grace
    started: Started  # match id, preset, seats
    pending: list[ClientEvent] = field(default_factory=list)
