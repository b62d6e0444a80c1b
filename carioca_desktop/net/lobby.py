"""The host's door: who may sit down (the code, the slow-down, tokens, local seats only from
loopback), who holds which seat, the lobby before the start (its seat list, ready marks, the
host removing a person), reactions, drops and rejoins, and the typed replies; ``TableHost``
(net/host.py) adds the match."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from carioca_desktop.net import protocol as p
from carioca_desktop.net.admission import (
    Throttle,
    codes_match,
    is_loopback,
    new_token,
    token_hash,
)
from carioca_desktop.net.seats import LOCAL, PEOPLE, RemoteSeat, SeatSpec
from carioca_desktop.net.transport import Transport

log = logging.getLogger(__name__)

STRIKES = 32
"""Errors in a row after which a connection is closed: a client that keeps sending garbage
costs the host nothing more."""


@dataclass(frozen=True)
class HostEvent:
    """What happened, for the caller to show: ``kind`` is joined, left, bot, started,
    round, over, refused, ready, removed; ``line`` a readable English line (the command
    line prints it)."""

    kind: str
    seat: int | None = None
    line: str = ""


@dataclass(frozen=True)
class Ask:
    seat: int
    ask: int
    at: int  # the count of applied actions it was asked at


class Lobby:
    """Admission and the seats' connections (see the module's words)."""

    transport: Transport
    remote: dict[int, RemoteSeat]
    specs: tuple[SeatSpec, ...]
    conn_seat: dict[int, int]
    strikes: dict[int, int]
    throttle: Throttle
    code: str
    app: str
    grace: float
    finished: bool
    session: Any
    kind: Any  # the game's adapter (net/games.py)
    asked: Ask | None
    clock: Callable[[], float]
    on_send: Callable[[int | None, dict[str, Any]], None] | None
    auto_start: bool
    rules: Any
    reacted: dict[int, float]
    react_gap: float

    def _start(self, out: list[HostEvent]) -> None:
        raise NotImplementedError

    def _start_message(self) -> dict[str, Any]:
        raise NotImplementedError

    def _state_to(self, seat: int) -> None:
        raise NotImplementedError

    def _send_ask(self, ask: Ask) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ sending
    def _send(self, conn: int, message: dict[str, Any], text: str | None = None) -> None:
        """Queue one message (``text``: its JSON, when it was already encoded for others)."""
        if self.on_send is not None:
            self.on_send(self.conn_seat.get(conn), message)
        text = p.encode(message) if text is None else text
        if not p.fits(text):
            log.error("not sent: a %s message over the cap", message.get("t"))  # a bug
            return
        self.transport.send(conn, text)

    def _to_seat(self, seat: int, message: dict[str, Any], text: str | None = None) -> None:
        conn = self.remote[seat].conn if seat in self.remote else None
        if conn is not None:
            self._send(conn, message, text)

    def _to_all(self, message: dict[str, Any]) -> None:
        text = p.encode(message)  # the same for every seat: encoded once
        for seat in self.remote:
            self._to_seat(seat, message, text)

    def _error(self, conn: int, code: str, message: str, **extra: Any) -> None:
        self.strikes[conn] = self.strikes.get(conn, 0) + 1
        self._send(conn, p.error(code, message, **extra))
        if self.strikes[conn] >= STRIKES:
            self.transport.close(conn)

    def _welcomed(self, conn: int) -> int | None:
        """The connection's seat; None once it is told to say hello first."""
        seat = self.conn_seat.get(conn)
        if seat is None:
            self._error(conn, p.NOT_WELCOMED, "say hello with the table code first")
        return seat

    def _playing(self, conn: int) -> int | None:
        """The connection's seat while the match is played; None once told why not."""
        seat = self._welcomed(conn)
        if seat is not None and (self.session is None or self.finished):
            self._error(conn, p.NOT_STARTED, "the match is not being played")
            return None
        return seat

    def _on_the_ask(self, conn: int, seat: int, ask_id: int) -> bool:
        """Whether ``seat`` answers the open ask ``ask_id``; if not, the connection is told."""
        ask = self.asked
        if ask is None or ask.seat != seat:
            self._error(conn, p.NOT_YOUR_TURN, "you are not asked to act now")
            return False
        if ask_id != ask.ask:
            self._error(conn, p.STALE, "that answers an older question", ask=ask.ask)
            return False
        return True

    def _refuse(self, conn: int, reason: str, message: str, **extra: Any) -> None:
        self._send(conn, p.refused(reason, message, **extra))
        self.transport.close(conn)

    # ------------------------------------------------------------------ admission
    def _hello(self, conn: int, msg: p.Hello, out: list[HostEvent]) -> None:
        address = self.transport.address(conn) or "?"
        if conn in self.conn_seat:
            return self._error(conn, p.ALREADY, "this connection already has a seat")
        wait = self.throttle.wait(address)
        if wait > 0:
            return self._refuse(conn, p.SLOW_DOWN, "too many failed tries", retry_after=wait)
        if msg.protocol != p.PROTOCOL:
            line = f"refused a client of protocol {msg.protocol} (app {msg.app[:20]!r}): " \
                f"this host speaks {p.PROTOCOL} (app {self.app!r})"  # fmt: skip
            out.append(HostEvent("refused", None, line))
            return self._refuse(conn, p.VERSION, f"the host speaks protocol {p.PROTOCOL}, "
                                f"this app {msg.protocol}", host_app=self.app)  # fmt: skip
        if not codes_match(msg.code, self.code):
            self.throttle.failed(address)
            return self._refuse(conn, p.WRONG_CODE, "wrong table code")
        if msg.token is not None:
            return self._rejoin(conn, msg, address, out)
        if self.finished:
            return self._refuse(conn, p.GAME_OVER, "the match is over")
        free = [s for s, r in self.remote.items() if r.token_hash is None and not r.local]
        if not free:
            return self._refuse(conn, p.TABLE_FULL, "every seat is taken")
        self.throttle.succeeded(address)
        seat, token = free[0], new_token()
        remote = self.remote[seat]
        remote.name, remote.token_hash = self._unique(msg.name, seat), token_hash(token)
        self._seated(conn, seat, token)
        out.append(HostEvent("joined", seat, f"seat {seat} joined: {remote.name}"))
        if (
            self.auto_start
            and self.session is None
            and all(r.token_hash for r in self.remote.values())
        ):
            self._start(out)

    def _rejoin(self, conn: int, msg: p.Hello, address: str, out: list[HostEvent]) -> None:
        digest = token_hash(msg.token or "")
        seat = next((s for s, r in self.remote.items() if r.token_hash == digest), None)
        if seat is not None and self.remote[seat].local and not is_loopback(address):
            # A local seat's token is only good from this computer: from elsewhere it is
            # answered as an unknown token (and counted as a failure of that address).
            log.warning("a local seat's token from %s was refused", address)
            seat = None
        if seat is None:
            self.throttle.failed(address)
            return self._refuse(conn, p.BAD_TOKEN, "that token holds no seat at this table")
        self.throttle.succeeded(address)
        remote = self.remote[seat]
        if remote.conn is not None:  # the old connection is a ghost: the token wins
            old = remote.conn
            self.conn_seat.pop(old, None)
            self.transport.close(old)
        if remote.name is None:  # a local seat's first connection names its person
            remote.name = self._unique(msg.name, seat)
        taken_back = remote.standin is not None
        remote.standin, remote.away_since = None, None
        self._seated(conn, seat, msg.token or "")
        out.append(HostEvent("joined", seat, f"seat {seat} rejoined: {remote.name}"))
        if taken_back:
            log.info("seat %d taken back from its stand-in bot", seat)

    def _seated(self, conn: int, seat: int, token: str) -> None:
        remote = self.remote[seat]
        remote.conn, remote.away_since = conn, None
        remote.feed.reset()
        self.conn_seat[conn] = seat
        self._send(conn, {"t": "welcome", "protocol": p.PROTOCOL, "app": self.app,
                          "seat": seat, "token": token, "game": self.kind.name,
                          "grace": self.grace})  # fmt: skip
        self._seat_news(seat)
        if self.session is None:
            self._lobby_news()
        else:
            self._send(conn, self._start_message())
            self._state_to(seat)
            if self.asked is not None and self.asked.seat == seat:
                self._send_ask(self.asked)

    def _unique(self, name: str, seat: int) -> str:
        taken = {r.name for s, r in self.remote.items() if s != seat} | {
            bot_name(i, s) for i, s in enumerate(self.specs) if s.kind not in PEOPLE
        }
        return name if name not in taken else f"{name[:20]} {seat + 1}"

    def _dropped(self, conn: int, out: list[HostEvent]) -> None:
        self.strikes.pop(conn, None)
        seat = self.conn_seat.pop(conn, None)
        if seat is None or self.remote[seat].conn != conn:
            return
        remote = self.remote[seat]
        remote.conn, remote.away_since, remote.ready = None, self.clock(), False
        self._seat_news(seat)
        if self.session is None:
            self._lobby_news()
        out.append(HostEvent("left", seat, f"seat {seat} lost its connection"))

    def _seat_news(self, seat: int) -> None:
        self._to_all({"t": "seat", "seat": seat, "status": self.remote[seat].status,
                      "name": self.remote[seat].name})  # fmt: skip

    # ------------------------------------------------------------------ the lobby
    def lobby_seats(self) -> list[dict[str, Any]]:
        """Every seat as the lobby shows it: ``name``, ``kind`` (local, remote, bot),
        ``level``, ``status`` (here, away, open, bot) and ``ready``; never a token."""
        out: list[dict[str, Any]] = []
        for i, spec in enumerate(self.specs):
            person = self.remote.get(i)
            if person is None:
                out.append({"name": bot_name(i, spec), "kind": "bot", "level": spec.level,
                            "status": "bot", "ready": True})  # fmt: skip
            else:
                out.append({"name": person.name, "kind": LOCAL if person.local else "remote",
                            "level": None, "status": person.status,
                            "ready": person.ready})  # fmt: skip
        return out

    def _lobby_message(self) -> dict[str, Any]:
        return {"t": "lobby", "code": self.code, "game": self.kind.name,
                "preset": self.rules.preset, "rules": self.rules.to_dict(),
                "seats": self.lobby_seats()}  # fmt: skip

    def _lobby_news(self) -> None:
        """Before the start, every change goes to every welcomed connection."""
        if self.session is None:
            self._to_all(self._lobby_message())

    def _ready(self, conn: int, msg: p.Ready, out: list[HostEvent]) -> None:
        seat = self._welcomed(conn)
        if seat is None:
            return
        if self.session is not None:
            return self._error(conn, p.STARTED, "the match has started")
        self.strikes[conn] = 0
        if self.remote[seat].ready != msg.ready:
            self.remote[seat].ready = msg.ready
            word = "ready" if msg.ready else "not ready"
            out.append(HostEvent("ready", seat, f"seat {seat} is {word}"))
            self._lobby_news()

    def remove(self, seat: int) -> list[HostEvent]:
        """Before the start, take the person at a remote ``seat`` off the table: their
        connection gets ``refused`` (reason ``removed``) and is closed, the seat is open
        again and their token holds nothing. Nothing happens for any other seat, or after
        the start (an empty list)."""
        person = self.remote.get(seat)
        if self.session is not None or person is None or person.local:
            return []
        if person.token_hash is None:
            return []
        if person.conn is not None:
            self.conn_seat.pop(person.conn, None)
            self._refuse(person.conn, p.REMOVED, "the host took you off the table")
        name = person.name
        self.remote[seat] = RemoteSeat()
        self._seat_news(seat)
        self._lobby_news()
        return [HostEvent("removed", seat, f"seat {seat} removed: {name}")]

    # ------------------------------------------------------------------ reactions
    def _react(self, conn: int, msg: p.React) -> None:
        seat = self._welcomed(conn)
        if seat is None:
            return
        now, last = self.clock(), self.reacted.get(seat)
        if last is not None and now - last < self.react_gap:
            return self._error(conn, p.TOO_FAST, "one reaction every two seconds")
        self.strikes[conn] = 0
        self.reacted[seat] = now
        self._to_all({"t": "react", "seat": seat, "key": msg.key})


def bot_name(seat: int, spec: SeatSpec) -> str:
    return f"Bot {seat + 1}"
