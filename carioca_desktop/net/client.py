"""A client of a network table: websockets' threading client on its own daemon thread, met
through a queue of typed events.

``NetClient.poll`` returns what happened since the last call (never blocking unless given a
timeout), ``send_action`` answers the host's ``ask``. The network thread rebuilds the seat's
observation from the host's deltas (net/views.py), so the caller only ever sees values:
``StateChanged.obs`` is the same ``Observation`` a local table would read.

A connection that drops after the welcome is opened again by itself, with the seat's token,
a little later each time (``BACKOFF``), within the host's grace: ``Reconnecting`` says so
each time, ``Reconnected`` when the host took the seat back (it then sends the whole log and
the current state again). A host that closed the connection itself, or whose port refuses
(its program ended), is gone at once: ``Lost``. A frozen host (asleep, a pulled cable) is
tried again until the grace is spent. ``reconnect=False`` (``carioca join``, which is
started again to rejoin) makes every drop ``Lost`` at once, within the keep-alive's 5 s.

``on_event`` (``carioca join``'s bot) takes each event on the network thread itself instead
of the queue: an answer then leaves without waking another thread (per action, on every
joining computer, that hand-off cost more than reading the message). A screen keeps the
queue: its loop must own what it draws.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from carioca_desktop.net import partner
from carioca_desktop.net import protocol as p
from carioca_desktop.net.direct import DirectClient
from carioca_desktop.net.partner import PartnerQuestion, PartnerSaid, read_question, read_said
from carioca_desktop.net.replay import REPLAY, Received, ReplayParts
from carioca_desktop.net.views import AnyObservation, ClientView

log = logging.getLogger(__name__)

PING_INTERVAL = 1.0  # a host that vanished without closing is noticed within 1 + 1.5 s
PING_TIMEOUT = 1.5
OPEN_TIMEOUT = 5.0
BACKOFF = (0.25, 0.5, 1.0, 2.0)  # seconds before each new try; the last repeats


@dataclass(frozen=True)
class Welcomed:
    seat: int
    token: str
    game: str
    grace: float


@dataclass(frozen=True)
class Started:
    match_id: str
    preset: str
    seats: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class StateChanged:
    obs: AnyObservation
    seq: int


@dataclass(frozen=True)
class Asked:
    ask: int
    seat: int
    legal: tuple[dict[str, Any], ...]
    seconds: float | None


@dataclass(frozen=True)
class Refusal:
    """The host refused one message (nothing changed): ``code``/``key`` as in protocol.py,
    ``rule`` the engine's refusal code when the engine said no."""

    code: str
    key: str
    message: str
    ask: int | None = None
    rule: str | None = None
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SeatChanged:
    seat: int
    status: str
    name: str | None


@dataclass(frozen=True)
class RoundOver:
    line: str
    points: tuple[int, ...]


@dataclass(frozen=True)
class MatchOver:
    line: str
    record: dict[str, Any]
    replay: Received | None = None  # the match file the host sent just before (net/replay.py)


@dataclass(frozen=True)
class Reconnecting:
    """The connection dropped; try ``attempt`` starts now, ``seconds_left`` of the grace."""

    attempt: int
    seconds_left: float


@dataclass(frozen=True)
class Reconnected:
    """The host took the seat back (the log and the state follow, as after a welcome)."""

    seat: int


@dataclass(frozen=True)
class LobbyChanged:
    """Before the start, after every change: the table's game, rule preset and rules (the
    rules' dict), and each seat (``name``, ``kind`` local/remote/bot, ``level``, ``status``
    here/away/open/bot, ``ready``)."""

    game: str
    preset: str
    rules: dict[str, Any]
    seats: tuple[dict[str, Any], ...]
    code: str = ""


@dataclass(frozen=True)
class Reaction:
    """A seat sent one of the fixed reactions (``protocol.REACTIONS``; shown as
    ``net.react.<key>``)."""

    seat: int
    key: str


@dataclass(frozen=True)
class Refused:
    """Admission refused (wrong code, version, full table...); the connection is closed."""

    reason: str
    key: str
    message: str


@dataclass(frozen=True)
class Lost:
    """The connection ended before the match did (the host went away, or never answered)."""

    message: str


ClientEvent = (
    Welcomed | Started | StateChanged | Asked | Refusal | SeatChanged | RoundOver | MatchOver
    | Refused | Lost | LobbyChanged | Reaction | Reconnecting | Reconnected | PartnerQuestion
    | PartnerSaid
)  # fmt: skip


def parse_address(text: str) -> tuple[str, int]:
    """``host:port`` or ``[v6]:port``; ValueError with a one-line reason."""
    host, sep, port = text.strip().rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"bad address {text[:60]!r}: use HOST:PORT")
    return host.strip("[]"), int(port)


class NetClient:
    """One seat's connection to a host (see the module's words)."""

    def __init__(self, address: str, code: str, name: str, token: str | None = None,
                 app: str = "", reconnect: bool = True,
                 on_event: Callable[[NetClient, ClientEvent], None] | None = None,
                 lazy: bool = False) -> None:  # fmt: skip
        self.host, self.port = parse_address(address)
        self.reconnect = reconnect  # off: a drop is ``Lost`` at once (``carioca join``)
        self.events: queue.Queue[ClientEvent] = queue.Queue()
        self._on_event = on_event  # set: events go to it, on the network thread
        # Lazy (``carioca join``'s bot): a state without this seat's ask is only held, no
        # event; the observation is built when asked for (``observation``; net/views.py).
        self.lazy = lazy
        self._hello = p.hello(app, code, name, token)
        self._ws: ClientConnection | None = None
        self._game = ""
        self._view: ClientView | None = None
        self._ended = False
        self._seat: int | None = None  # set by the first welcome: a drop then reconnects
        self._grace = 0.0
        self._host_closed = False  # the host ended the connection itself: no new try
        self._broken: ClientConnection | None = None  # a connection whose host sent garbage
        self.replay_parts = ReplayParts()  # read on this client's thread only
        self._thread = threading.Thread(target=self._run, name="net-client", daemon=True)
        self._thread.start()

    def poll(self, timeout: float = 0.0) -> list[ClientEvent]:
        out: list[ClientEvent] = []
        try:
            out.append(
                self.events.get(timeout=timeout) if timeout > 0 else self.events.get_nowait()
            )
        except queue.Empty:
            return out
        while True:
            try:
                out.append(self.events.get_nowait())
            except queue.Empty:
                return out

    def send_action(self, ask: int, action: dict[str, Any]) -> bool:
        return self.send_raw(p.encode({"t": "action", "ask": ask, "action": action}))

    def send_partner_ask(self, ask: int) -> bool:
        """Ask this seat's partner (Buraco's house rule; net/partner.py)."""
        return self.send_raw(partner.ask_message(ask))

    def send_partner_answer(self, question: int, yes: bool) -> bool:
        return self.send_raw(partner.answer_message(question, yes))

    def send_ready(self, ready: bool) -> bool:
        """Before the start: this seat's ready mark (the host tells every seat)."""
        return self.send_raw(p.encode({"t": "ready", "ready": bool(ready)}))

    def send_reaction(self, key: str) -> bool:
        """One of ``protocol.REACTIONS`` to every seat (the host drops more than one every
        two seconds with an error ``slow_down``); ValueError for another key."""
        if key not in p.REACTIONS:
            raise ValueError(f"not a reaction: {key!r}")
        return self.send_raw(p.encode({"t": "react", "key": key}))

    def observation(self) -> AnyObservation | None:
        """The seat's observation after the states read so far (None before the first).
        A lazy client's caller asks for it on the network thread (``on_event``), where
        the states are read; ProtocolError when what the host sent does not make one."""
        return None if self._view is None else self._view.observation()

    @property
    def connected(self) -> bool:
        return self._ws is not None

    @property
    def running(self) -> bool:
        """Whether the network thread still runs (it ends after ``Lost`` or the match)."""
        return self._thread.is_alive()

    def drop(self) -> None:
        """Cut the connection as a pulled cable would (no closing handshake): the client then
        reconnects by itself. For tests and the screenshots of a reconnecting seat."""
        ws = self._ws
        if ws is not None:
            with contextlib.suppress(Exception):
                ws.socket.shutdown(2)

    def send_raw(self, text: str | bytes) -> bool:
        """Send one frame as it is (tests use it to play a hostile client)."""
        ws = self._ws
        if ws is None:
            return False
        try:
            ws.send(text)
        except (ConnectionClosed, OSError, RuntimeError):
            return False
        return True

    def close(self) -> None:
        self._ended = True
        ws = self._ws
        if ws is not None:
            with contextlib.suppress(Exception):  # closing anyway
                ws.close()

    # ------------------------------------------------------------------ network thread
    def _run(self) -> None:
        error = self._session()
        attempt, deadline = 0, time.monotonic() + self._grace
        while self._may_retry(error) and time.monotonic() < deadline:
            self._emit(Reconnecting(attempt + 1, max(0.0, deadline - time.monotonic())))
            time.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)])
            attempt += 1
            error = self._session()
            if error is None and self._ws is None and not self._host_closed:
                attempt = 0  # it was back for a while: a later drop has the whole grace
                deadline = time.monotonic() + self._grace
        if isinstance(error, Exception):
            self._end(f"cannot reach {self.host}:{self.port}: {error}")
        else:
            self._end("the host went away")

    def _may_retry(self, error: Exception | None) -> bool:
        """After a welcome, a drop is tried again unless the host ended it or is gone."""
        if self._ended or self._seat is None or self._host_closed or not self.reconnect:
            return False
        return not isinstance(error, ConnectionRefusedError)  # nothing listens: it ended

    def _session(self) -> Exception | None:
        """One connection, from the hello to its end; the error if it could not open."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        try:
            ws = connect(
                f"ws://{host}:{self.port}/",
                open_timeout=OPEN_TIMEOUT,
                ping_interval=PING_INTERVAL,
                ping_timeout=PING_TIMEOUT,
                close_timeout=0.5,  # a frozen host cannot answer a close: no waiting
                max_size=p.WIRE_LIMIT,
                compression=None,
                proxy=None,  # never route a table through a proxy the environment names
                # Read on the socket's thread only for a caller that takes events there
                # (``carioca join``); a screen's queue keeps websockets' own reading thread.
                create_connection=DirectClient if self._on_event is not None else None,
            )
        except (OSError, InvalidURI, InvalidHandshake, TimeoutError) as err:
            return err
        with ws:  # closes the connection however the loop ends
            self._ws = ws
            try:
                self._serve(ws)
            finally:
                self._ws = None
        return None

    def _serve(self, ws: ClientConnection) -> None:
        if isinstance(ws, DirectClient):  # messages read on the socket's thread (net/direct.py)
            ws.gate.open(lambda raw: self._read_direct(ws, raw))
        try:
            ws.send(p.encode(self._hello))
            for raw in ws:
                self._read(raw)
            self._host_closed = True  # a clean close from the host: it ended the table
        except ConnectionClosed as err:
            # A close frame from the host is its decision (it stopped, or another
            # connection took the seat); none at all is a drop, tried again.
            self._host_closed = err.rcvd is not None
        except p.ProtocolError as err:  # the host sent something we cannot use
            log.warning("bad message from the host: %s", err.message)
            self._end(f"the host sent a bad message: {err.message}")
        except Exception as err:  # the thread must end with a message, whatever happened
            log.exception("client thread failed")
            self._end(f"connection failed: {err}")

    def _read_direct(self, ws: ClientConnection, raw: str) -> None:
        """``_read`` on the socket's reading thread: a failure ends the connection with its
        message as ``_serve`` would (nothing may be raised there; the socket is shut so that
        ``_serve``'s loop ends, and nothing more of that connection is read)."""
        if ws is self._broken:
            return
        try:
            self._read(raw)
        except p.ProtocolError as err:
            log.warning("bad message from the host: %s", err.message)
            self._end(f"the host sent a bad message: {err.message}")
        except Exception as err:  # the reading thread must go on to its end, whatever happened
            log.exception("client thread failed")
            self._end(f"connection failed: {err}")
        else:
            return
        self._broken = ws
        with contextlib.suppress(OSError):
            ws.socket.shutdown(2)

    def _end(self, message: str) -> None:
        if not self._ended:
            self._ended = True
            self._emit(Lost(" ".join(message.split())[:200]))

    def _emit(self, event: ClientEvent) -> None:
        if self._on_event is None:
            self.events.put(event)
        else:
            self._on_event(self, event)

    def _read(self, raw: str | bytes) -> None:
        data = p.decode(raw)
        asked = _ask_within(self, data) if data["t"] == "state" else None
        event = _READERS.get(data["t"], _unknown)(self, data)
        if isinstance(event, (MatchOver, Refused)):
            self._ended = True  # before the event is handled: nothing is tried after it
        if event is not None:
            self._emit(event)
        if asked is not None:
            self._emit(asked)

    def _welcome(self, d: dict[str, Any]) -> Welcomed | Reconnected:
        game = _str(d, "game")
        from carioca_desktop.net.games import KINDS

        if game not in KINDS:
            raise p.ProtocolError(p.BAD_FIELD, "welcome: unknown game")
        self._game, self._view = game, ClientView(game)  # a rejoin gets everything again
        seat, token, grace = _int(d, "seat"), _str(d, "token"), float(_num(d, "grace"))
        again = self._seat is not None
        self._seat, self._grace = seat, grace
        self._hello = {**self._hello, "token": token}
        if again:
            return Reconnected(seat)
        return Welcomed(seat, token, game, grace)

    def _events(self, d: dict[str, Any]) -> None:
        self._need_view().log.extend(d.get("at"), d.get("events"))

    def _state(self, d: dict[str, Any]) -> StateChanged | None:
        seq = _int(d, "seq")
        if self.lazy and d.get("ask") is None:
            self._need_view().hold(d)
            return None
        return StateChanged(self._need_view().read(d), seq)

    def _need_view(self) -> ClientView:
        if self._view is None:
            raise p.ProtocolError(p.BAD_FIELD, "game news before the welcome")
        return self._view


def _int(d: dict[str, Any], key: str) -> int:
    value = d.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise p.ProtocolError(p.BAD_FIELD, f"{key} must be an integer")
    return value


def _num(d: dict[str, Any], key: str) -> float:
    value = d.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise p.ProtocolError(p.BAD_FIELD, f"{key} must be a number")
    return float(value)


def _str(d: dict[str, Any], key: str) -> str:
    value = d.get(key)
    if not isinstance(value, str):
        raise p.ProtocolError(p.BAD_FIELD, f"{key} must be text")
    return value


def _list(d: dict[str, Any], key: str) -> list[Any]:
    value = d.get(key)
    if not isinstance(value, list):
        raise p.ProtocolError(p.BAD_FIELD, f"{key} must be a list")
    return value


def _ask(c: NetClient, d: dict[str, Any]) -> Asked:
    seconds = d.get("seconds")
    legal = _list(d, "legal")
    if not all(isinstance(a, dict) for a in legal):
        raise p.ProtocolError(p.BAD_FIELD, "legal actions must be objects")
    return Asked(_int(d, "ask"), _int(d, "seat"), tuple(legal),
                 None if seconds is None else _num(d, "seconds"))  # fmt: skip


def _ask_within(c: NetClient, d: dict[str, Any]) -> Asked | None:
    """The ask a ``state`` carries (protocol 5), read before the state itself: a bad one
    fails the whole message (``bad_field``, nothing of it kept)."""
    inner = d.get("ask")
    if inner is None:
        return None
    if not isinstance(inner, dict) or inner.get("t") != "ask":
        raise p.ProtocolError(p.BAD_FIELD, "state: ask must be an ask message")
    return _ask(c, inner)


def _error(c: NetClient, d: dict[str, Any]) -> Refusal:
    ask, rule, params = d.get("ask"), d.get("rule"), d.get("params")
    return Refusal(_str(d, "code"), _str(d, "key"), _str(d, "message"),
                   ask if isinstance(ask, int) else None, rule if isinstance(rule, str) else None,
                   params if isinstance(params, dict) else {})  # fmt: skip


def _lobby(c: NetClient, d: dict[str, Any]) -> LobbyChanged:
    rules = d.get("rules")
    if not isinstance(rules, dict):
        raise p.ProtocolError(p.BAD_FIELD, "rules must be an object")
    seats = _list(d, "seats")
    if not all(isinstance(x, dict) for x in seats):
        raise p.ProtocolError(p.BAD_FIELD, "seats must be objects")
    code = d.get("code")
    return LobbyChanged(_str(d, "game"), _str(d, "preset"), rules, tuple(seats),
                        code if isinstance(code, str) else "")  # fmt: skip


def _reaction(c: NetClient, d: dict[str, Any]) -> Reaction | None:
    key = _str(d, "key")
    if key not in p.REACTIONS:  # a reaction this app cannot show: skipped, not fatal
        log.warning("unknown reaction from the host: %s", key[:30])
        return None
    return Reaction(_int(d, "seat"), key)


def _unknown(c: NetClient, d: dict[str, Any]) -> None:
    # A newer host's extra message: the protocol number is equal, so this is a host bug;
    # it is logged and skipped rather than ending a match over a notice.
    log.warning("unknown message type from the host: %s", str(d.get("t"))[:30])


_READERS: dict[str, Any] = {
    "welcome": NetClient._welcome,
    "start": lambda c, d: Started(_str(d, "match_id"), _str(d, "preset"),
                                  tuple(x for x in _list(d, "seats") if isinstance(x, dict))),
    "events": NetClient._events,
    "state": NetClient._state,
    "ask": _ask,
    "error": _error,
    "seat": lambda c, d: SeatChanged(_int(d, "seat"), _str(d, "status"),
                                     d.get("name") if isinstance(d.get("name"), str) else None),
    "round_over": lambda c, d: RoundOver(
        _str(d, "line"), tuple(x for x in _list(d, "points") if isinstance(x, int))),
    "match_over": lambda c, d: MatchOver(_str(d, "line"),
                                         d["record"] if isinstance(d.get("record"), dict) else {},
                                         c.replay_parts.take()),
    REPLAY: lambda c, d: c.replay_parts.add(d),
    "refused": lambda c, d: Refused(_str(d, "reason"), _str(d, "key"), _str(d, "message")),
    "lobby": _lobby,
    "react": _reaction,
    "partner_question": lambda c, d: read_question(d),
    "partner_said": lambda c, d: read_said(d),
}  # fmt: skip
