"""The self-test's network check: a host and a client on loopback exchange a greeting (the
client is welcomed to a seat), which proves websockets and the protocol are in the build."""

from __future__ import annotations

import time

from carioca_desktop.net.client import NetClient, Refused, Welcomed
from carioca_desktop.net.seats import SeatSpec


def greet(timeout: float = 10.0) -> str:
    """Open a table on 127.0.0.1, join it, and close both; a line saying what was seen."""
    from carioca_desktop.net.games import KINDS
    from carioca_desktop.net.host import TableHost

    rules = KINDS["carioca"].load_rules({"players": 2})
    host = TableHost("carioca", rules, [SeatSpec("remote"), SeatSpec("bot", "easy")], 1,
                     autosave=False)  # fmt: skip
    client = NetClient(f"127.0.0.1:{host.port}", host.code, "Selftest")
    try:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            host.poll(0.01)
            for event in client.poll(0.01):
                if isinstance(event, Welcomed):
                    return f"host on 127.0.0.1:{host.port} welcomed a client to seat {event.seat}"
                if isinstance(event, Refused):
                    raise RuntimeError(f"the host refused the client: {event.message}")
        raise RuntimeError("no greeting within the time")
    finally:
        client.close()
        host.close()
