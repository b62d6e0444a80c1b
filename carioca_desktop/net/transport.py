"""The host's sockets: websockets' asyncio server on one daemon thread, meeting the game
loop through queues.

Every connection lives in that one thread's event loop: its frames are parsed there, off the
game loop, and put on the one ``inbox``; what the game loop sends is appended to the
connection's bounded queue and the loop is woken once for everything queued since it last
looked (``call_soon_threadsafe``), where a task per connection writes it out. No thread per
connection: each action's messages to every seat leave in one wake of one thread, where a
writer thread per connection had to be woken for each (and all of them fought the game loop
for the interpreter). The game loop only ever appends, never waits: a client that stops
reading fills its queue, and is then closed (``OUTBOX``), so one slow or hostile computer
cannot stall the table.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import itertools
import logging
import queue
import threading
from dataclasses import dataclass, field

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from carioca_desktop.net.protocol import WIRE_LIMIT, ClientMessage, ProtocolError, parse_client

log = logging.getLogger(__name__)

OUTBOX = 256
"""Messages waiting for one client before it is closed: a whole round of deltas, far more
than a client that reads at all falls behind by."""

PER_ADDRESS = 16
"""Open connections from one address: a table has at most 8 seats, so more are not players."""

PING_INTERVAL = 2.0  # a vanished client (no FIN: a cable pulled) is noticed within 2 + 3 s
PING_TIMEOUT = 3.0
CLOSE_TIMEOUT = 2.0
STOP_TIMEOUT = 5.0  # seconds ``stop`` waits for the loop to close every connection


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
    # Appended by the game loop, taken by the event loop (a deque's ends are thread-safe);
    # ``None`` is the end mark: close after what is queued.
    outbox: collections.deque[str | None] = field(default_factory=collections.deque)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    closing: bool = False


class Transport:
    """A listening WebSocket server; ``inbox`` yields what arrives, ``send`` never blocks."""

    def __init__(self, bind: str = "127.0.0.1", port: int = 0) -> None:
        self.inbox: queue.Queue[Inbound] = queue.Queue()
        self._peers: dict[int, _Peer] = {}
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._woken = False  # a flush is scheduled on the loop and has not started yet
        self._loop = asyncio.new_event_loop()
        self._server: Server | None = None
        opened: queue.Queue[BaseException | None] = queue.Queue()
        self._thread = threading.Thread(
            target=self._run, args=(bind, port, opened), name="net-host", daemon=True
        )
        self._thread.start()
        error = opened.get()
        if error is not None:  # cannot listen (the port is taken): the caller says so
            self._thread.join()
            raise error
        assert self._server is not None
        self.port: int = self._server.sockets[0].getsockname()[1]

    def _run(self, bind: str, port: int, opened: queue.Queue[BaseException | None]) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._server = self._loop.run_until_complete(self._listen(bind, port))
        except BaseException as err:  # handed to the constructor, which raises it
            opened.put(err)
            self._loop.close()
            return
        opened.put(None)
        try:
            self._loop.run_forever()
        finally:
            self._loop.close()

    async def _listen(self, bind: str, port: int) -> Server:
        server: Server = await serve(
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
        return server

    # ------------------------------------------------------------------ per connection (loop)
    async def _handle(self, ws: ServerConnection) -> None:
        conn = next(self._ids)
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        peer = _Peer(ws, address)
        with self._lock:
            crowded = sum(o.address == address for o in self._peers.values()) >= PER_ADDRESS
            if not crowded:
                self._peers[conn] = peer
        if crowded:  # one computer opening connection after connection: not heard
            await ws.close(1013, "too many connections")
            return
        writer = asyncio.create_task(self._write(peer))
        self.inbox.put(Opened(conn, address))
        try:
            async for raw in ws:
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
            writer.cancel()
            self.inbox.put(Closed(conn))

    async def _write(self, peer: _Peer) -> None:
        try:
            while True:
                await peer.wake.wait()
                peer.wake.clear()
                while peer.outbox:
                    text = peer.outbox.popleft()
                    if text is None:
                        await peer.ws.close()
                        return
                    await peer.ws.send(text)  # waits only while the client's buffer is full
        except (ConnectionClosed, OSError):
            pass

    def _flush(self) -> None:
        """On the loop: wake the writer of every connection with something queued."""
        self._woken = False  # first: a send after this point schedules another flush
        with self._lock:
            peers = list(self._peers.values())
        for peer in peers:
            if peer.outbox:
                peer.wake.set()

    # ------------------------------------------------------------------ the game loop's side
    def _wake(self) -> None:
        if not self._woken:
            self._woken = True
            with contextlib.suppress(RuntimeError):  # the loop has stopped: nothing to write
                self._loop.call_soon_threadsafe(self._flush)

    def send(self, conn: int, text: str) -> bool:
        """Queue ``text`` for ``conn``; False (and the connection closed) when its queue is
        full or it is gone."""
        with self._lock:
            peer = self._peers.get(conn)
        if peer is None or peer.closing:
            return False
        if len(peer.outbox) >= OUTBOX:
            log.info("closing connection %d: it does not read", conn)
            self.close(conn, drop=True)
            return False
        peer.outbox.append(text)
        self._wake()
        return True

    def close(self, conn: int, drop: bool = False) -> None:
        """Close after what is queued (a refusal goes out first); never waits. ``drop``, or
        a full queue: the socket is dropped at once (a peer that does not read)."""
        with self._lock:
            peer = self._peers.get(conn)
        if peer is None or peer.closing:
            return
        peer.closing = True
        if drop or len(peer.outbox) >= OUTBOX:
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(peer.ws.transport.abort)
            return
        peer.outbox.append(None)
        self._wake()

    def address(self, conn: int) -> str | None:
        with self._lock:
            peer = self._peers.get(conn)
        return None if peer is None else peer.address

    def flushed(self, conn: int) -> bool:
        """Whether nothing waits in ``conn``'s queue (True when it is gone)."""
        with self._lock:
            peer = self._peers.get(conn)
        return peer is None or not peer.outbox

    def connections(self) -> list[int]:
        with self._lock:
            return list(self._peers)

    def stop(self) -> None:
        """Stop listening and close every connection (waits for the loop, at most
        ``STOP_TIMEOUT``)."""
        if not self._thread.is_alive():
            return
        for conn in self.connections():
            self.close(conn)
        with contextlib.suppress(Exception):  # stopping anyway
            future = asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop)
            future.result(STOP_TIMEOUT)
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(STOP_TIMEOUT)

    async def _shutdown(self) -> None:
        assert self._server is not None
        self._server.close()  # closes every connection, as the threading server did
        await self._server.wait_closed()
