"""The host's sockets: websockets' threading server on its own daemon thread, meeting the
game loop through queues.

Each connection gets a reader (the server's handler thread: every frame is parsed here, off
the game loop, and put on the one inbox) and a writer thread fed by a bounded queue. The game
loop never waits on a socket: a client that stops reading fills its queue, and is then closed
(``OUTBOX``), so one slow or hostile computer cannot stall the table.

A small message (``DIRECT``) to a connection with nothing queued goes out from the game loop
itself when the socket can take it at once (``select`` says writable: Linux then has room for
a third of the buffer, at least 1.5 KiB; macOS 2 KiB), so the seat asked to act gets its state
without waking a thread (most states are a few hundred bytes); anything else, and everything
behind a queued message, waits in the queue as before (a lock keeps each connection's order).
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import queue
import select
import socket
import threading
from dataclasses import dataclass, field
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.protocol import State
from websockets.sync.server import Server, ServerConnection, serve

from carioca_desktop.net.protocol import WIRE_LIMIT, ClientMessage, ProtocolError, parse_client

log = logging.getLogger(__name__)

OUTBOX = 256
"""Messages waiting for one client before it is closed: a whole round of deltas, far more
than a client that reads at all falls behind by."""

PER_ADDRESS = 16
"""Open connections from one address: a table has at most 8 seats, so more are not players
(each costs two threads)."""

DIRECT = 1024
"""Bytes (UTF-8) a message may have to be sent by the game loop itself (see the module's
words: a writable socket has room for it, so the send cannot wait)."""

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
    # Held while a message is sent, by the writer or by a direct send: the connection's
    # messages leave in the order they were given. ``pending`` counts the messages put on
    # the queue and not yet sent (its own lock: the writer may hold ``turn`` for long).
    turn: threading.Lock = field(default_factory=threading.Lock)
    count: threading.Lock = field(default_factory=threading.Lock)
    pending: int = 0

    def counted(self, step: int) -> None:
        with self.count:
            self.pending += step


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
            with peer.turn:
                try:
                    peer.ws.send(text)
                except (ConnectionClosed, OSError):
                    break
                finally:
                    peer.counted(-1)
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
        if len(text) <= DIRECT and peer.turn.acquire(blocking=False):  # chars <= bytes
            try:  # nothing is being sent to it: with nothing queued, this one may go now
                if peer.pending == 0 and _send_now(peer.ws, text):
                    return True
            finally:
                peer.turn.release()
        peer.counted(1)
        try:
            peer.outbox.put_nowait(text)
        except queue.Full:
            peer.counted(-1)
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


def _send_now(ws: Any, text: str) -> bool:
    """Send from the game loop if that cannot wait: the connection open and not busy (its
    lock free), its socket writable (room for a ``DIRECT`` message). The frame is made by
    the connection's own protocol under its own lock, as its ``send`` does, but never
    waits: ``send`` on a connection that is closing waits for the close. False: it did
    not go, the queue takes it."""
    if not ws.protocol_mutex.acquire(blocking=False):
        return False
    try:
        if ws.protocol.state is not State.OPEN:
            return False
        data = text.encode("utf-8")
        if len(data) > DIRECT or not select.select((), (ws.socket,), (), 0)[1]:
            return False
        ws.protocol.send_text(data)
        ws.send_data()
        return True
    except (OSError, ValueError):  # the socket failed or closed: its reader ends and says so
        return True  # nothing more can be sent to it; the message is as lost as in a send
    finally:
        ws.protocol_mutex.release()


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
