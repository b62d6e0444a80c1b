"""Finding a table on the local network: a small UDP query sent only when a person asks
(the "search the local network" button), and the host's answer.

The query's target comes from one place, ``CARIOCA_DISCOVERY`` (an address, ``host:port``,
or ``off``); unset, it is the local network's broadcast address, used only when a person
presses search. Tests, CI and screenshot sessions set it to ``127.0.0.1``. The host lists its
own addresses by reading the interfaces (``ifaddr``): nothing is sent to find them.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

ENV = "CARIOCA_DISCOVERY"
PORT = 47471
QUERY = b'{"t":"carioca?","v":1}'
ANSWER_CAP = 1024
BROADCAST = "255.255.255.255"


@dataclass(frozen=True)
class Found:
    """A table that answered: where to join it and what it plays."""

    address: str
    port: int
    name: str
    game: str
    variant: str
    free: int


def target(env: str | None = None) -> tuple[str, int] | None:
    """Where a search is sent: (address, port), or None when searching is off."""
    text = (os.environ.get(ENV, "") if env is None else env).strip()
    if text.lower() == "off":
        return None
    if not text:
        return BROADCAST, PORT
    host, sep, port = text.rpartition(":")
    if sep and port.isdigit() and host and not host.endswith(":"):
        return host.strip("[]"), int(port)
    return text.strip("[]"), PORT


def search(timeout: float = 1.0, env: str | None = None) -> list[Found]:
    """Send one query (only now) and collect the answers for ``timeout`` seconds."""
    where = target(env)
    if where is None:
        return []
    family = socket.AF_INET6 if ":" in where[0] else socket.AF_INET
    found: list[Found] = []
    with socket.socket(family, socket.SOCK_DGRAM) as sock:
        if where[0] == BROADCAST:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        sock.settimeout(0.1)
        sock.sendto(QUERY, where)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                data, source = sock.recvfrom(ANSWER_CAP)
            except TimeoutError:
                continue
            answer = _answer(data, str(source[0]))
            if answer is not None and answer not in found:
                found.append(answer)
    return found


def _answer(data: bytes, source: str) -> Found | None:
    try:
        d = json.loads(data.decode("utf-8"))
        port, free = d["port"], d["free"]
        if not isinstance(port, int) or not isinstance(free, int) or not 0 < port < 65536:
            return None
        return Found(source, port, str(d["name"])[:24], str(d["game"])[:12],
                     str(d["variant"])[:24], free)  # fmt: skip
    except (ValueError, KeyError, TypeError, AttributeError):
        return None  # not a table's answer: ignored


def own_addresses() -> list[str]:
    """This computer's addresses (IPv4, then IPv6; loopback and link-local last out), read
    from the interfaces: nothing is sent."""
    import ifaddr

    v4: list[str] = []
    v6: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str):
                if not ip.ip.startswith("127."):
                    v4.append(ip.ip)
            elif not ip.ip[0].startswith(("fe80", "::1")):
                v6.append(ip.ip[0])
    return v4 + v6


class Responder:
    """The host's side: answers queries on the discovery port with the table's summary."""

    host_name = "Carioca"  # who hosts, as the join list shows it (``start``'s ``name``)

    def __init__(self, sock: socket.socket, host: Any, name: str = "") -> None:
        self.sock, self.host = sock, host
        if name:
            self.host_name = name  # set before the thread answers anyone
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="net-discovery", daemon=True)
        self._thread.start()

    @classmethod
    def start(cls, host: Any, env: str | None = None, name: str = "") -> Responder | None:
        """Listen on the discovery port (that of ``CARIOCA_DISCOVERY``); None when off or
        the port is taken (the table can still be joined by address)."""
        where = target(env)
        if where is None:
            return None
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1" if where[0].startswith("127.") else "", where[1]))
        except OSError as err:
            log.info("discovery off: %s", err)
            sock.close()
            return None
        sock.settimeout(0.2)
        return cls(sock, host, name)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                data, source = self.sock.recvfrom(ANSWER_CAP)
            except TimeoutError:
                continue
            except OSError:
                return
            if data.strip() == QUERY:
                try:
                    self.sock.sendto(json.dumps(self.summary()).encode(), source)
                except OSError as err:
                    log.info("discovery answer not sent: %s", err)

    def summary(self) -> dict[str, Any]:
        host = self.host
        free = sum(1 for r in host.remote.values() if r.token_hash is None)
        return {"name": self.host_name[:24], "game": host.kind.name,
                "variant": str(getattr(host.rules, "preset", "")), "free": free,
                "port": host.port}  # fmt: skip

    def stop(self) -> None:
        self._stop.set()
        self.sock.close()
