"""The host's sockets: websockets' threading server on its own daemon thread, meeting the
game loop through queues.

Each connection gets a reader (the server's handler thread: every frame is parsed here, off
the game loop, and put on the one inbox) and a writer thread fed by a bounded queue. The game
loop only ever puts on that queue, never waits: a client that stops reading fills its queue,
and is then closed (``OUTBOX``), so one slow or hostile computer cannot stall the table.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import queue
import socket
import threading
from dataclasses import dataclass, field
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.server import Server, ServerConnection, serve

from carioca_desktop.net.protocol import WIRE_LIMIT, ClientMessage, ProtocolError, parse_client

log = logging.getLogger(__name__)

OUTBOX = 256
"""Messages waiting for one client before it is closed: a whole round of deltas, far more
than a client that reads at all falls behind by."""

PER_ADDRESS = 16
"""Open connections from one address: a table has at most 8 seats, so more are not players
(each costs two threads)."""

PING_INTERVAL = 2.0  # a vanished client (no FIN: a cable pulled) is noticed within 2 + 3 s
PING_TIMEOUT = 3.0
CLOSE_TIMEOUT = 2.0


@dataclass(frozen=True)
class Opened:
    conn: int
    address: str


@dataclass(frozen=True)
class Received:
    conn: int
    message: ClientMessage


@dataclass(frozen=True)
class Garbage:
    conn: int
    error: ProtocolError


@dataclass(frozen=True)
class Closed:
    conn: int


Inbound = Opened | Received | Garbage | Closed


@dataclass
class _Peer:
    ws: ServerConnection
    address: str
    outbox: queue.Queue[str | None] = field(default_factory=lambda: queue.Queue(OUTBOX))
    closing: bool = False


class Transport:
    """A listening WebSocket server; ``inbox`` yields what arrives, ``send`` never blocks."""

    def __init__(self, bind: str = "127.0.0.1", port: int = 0) -> None:
        self.inbox: queue.Queue[Inbound] = queue.Queue()
        self._peers: dict[int, _Peer] = {}
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._server: Server = serve(
            self._handle,
            bind,
            port,
            max_size=WIRE_LIMIT,
            max_queue=8,
            ping_interval=PING_INTERVAL,
            ping_timeout=PING_TIMEOUT,
            close_timeout=CLOSE_TIMEOUT,
            compression=None,  # deflate would let a small frame inflate past the caps
        )
        self.port: int = self._server.socket.getsockname()[1]
        self._thread = threading.Thread(
            target=self._server.serve_forever, name="net-host", daemon=True
        )
        self._thread.start()

    # ------------------------------------------------------------------ per connection
    def _handle(self, ws: ServerConnection) -> None:
        conn = next(self._ids)
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        peer = _Peer(ws, address)
        with self._lock:
            crowded = sum(o.address == address for o in self._peers.values()) >= PER_ADDRESS
            if not crowded:
                self._peers[conn] = peer
        if crowded:  # one computer opening connection after connection: not heard
            ws.close(1013, "too many connections")
            return
        writer = threading.Thread(
            target=self._write, args=(peer,), name=f"net-w{conn}", daemon=True
        )
        writer.start()
        self.inbox.put(Opened(conn, address))
        try:
            for raw in ws:
                try:
                    self.inbox.put(Received(conn, parse_client(raw)))
                except ProtocolError as err:
                    self.inbox.put(Garbage(conn, err))
        except ConnectionClosed:
            pass
        except Exception:  # a reader must end cleanly whatever arrives (logged, not raised)
            log.exception("connection %d failed", conn)
        finally:
            with self._lock:
                self._peers.pop(conn, None)
            peer.closing = True
            _put_end(peer)
            self.inbox.put(Closed(conn))

    def _write(self, peer: _Peer) -> None:
        while True:
            text = peer.outbox.get()
            if text is None:
                break
            try:
                peer.ws.send(text)
            except (ConnectionClosed, OSError):
                break
        with contextlib.suppress(Exception):  # closing anyway
            peer.ws.close()

    # ------------------------------------------------------------------ the game loop's side
    def send(self, conn: int, text: str) -> bool:
        """Queue ``text`` for ``conn``; False (and the connection closed) when its queue is
        full or it is gone."""
        with self._lock:
            peer = self._peers.get(conn)
        if peer is None or peer.closing:
            return False
        try:
            peer.outbox.put_nowait(text)
        except queue.Full:
            log.info("closing connection %d: it does not read", conn)
            self.close(conn, drop=True)
            return False
        return True

    def close(self, conn: int, drop: bool = False) -> None:
        """Close after what is queued (a refusal goes out first); never waits. ``drop``: a
        peer that does not read is dropped at once (its writer, stuck in a send, may take
        one more message off the full queue, and then the end mark fits behind a queue
        that is never written: the connection stayed open until the host stopped)."""
        with self._lock:
            peer = self._peers.get(conn)
        if peer is None or peer.closing:
            return
        peer.closing = True
        if not _put_end(peer) or drop:  # nobody reads it: drop the socket now
            threading.Thread(target=_abort, args=(peer.ws,), daemon=True).start()

    def address(self, conn: int) -> str | None:
        with self._lock:
            peer = self._peers.get(conn)
        return None if peer is None else peer.address

    def flushed(self, conn: int) -> bool:
        """Whether nothing waits in ``conn``'s queue (True when it is gone)."""
        with self._lock:
            peer = self._peers.get(conn)
        return peer is None or peer.outbox.empty()

    def connections(self) -> list[int]:
        with self._lock:
            return list(self._peers)

    def stop(self) -> None:
        """Stop listening and close every connection."""
        for conn in self.connections():
            self.close(conn)
        self._server.shutdown()


def _put_end(peer: _Peer) -> bool:
    try:
        peer.outbox.put_nowait(None)
    except queue.Full:
        return False
    return True


def _abort(ws: Any) -> None:
    """Drop a connection whose writer is stuck in a send: a shutdown wakes it."""
    try:
        ws.socket.shutdown(socket.SHUT_RDWR)
        ws.socket.close()
    except OSError:
        pass
