"""The host: a play/ session whose remote seats are played from other computers.

``TableHost.poll`` is the whole game loop's side: it reads what the transport's threads
queued, admits people, checks their actions (the seat's own, the open ask, the engine's
``check``) and applies them to the same session a local match uses (autosave included),
lets its bots act, and queues for each remote seat only that seat's observation
(net/views.py). It never blocks on a socket; a screen calls it every frame with
``timeout=0``, the command line with a short timeout.
"""

from __future__ import annotations

import logging
import queue
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

from carioca_desktop.net import protocol as p
from carioca_desktop.net.admission import Throttle, new_code, new_token, token_hash
from carioca_desktop.net.games import HOST, KINDS, Session, bot_seed, record_for
from carioca_desktop.net.lobby import Ask, HostEvent, Lobby, bot_name
from carioca_desktop.net.partner import PartnerDesk
from carioca_desktop.net.replay import replay_messages
from carioca_desktop.net.resume import net_paths
from carioca_desktop.net.seats import LOCAL, PEOPLE, RemoteSeat, SeatSpec
from carioca_desktop.net.transport import Closed, Garbage, Opened, Received, Transport
from carioca_desktop.play.carioca.offer import OFFER_SECONDS
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.errors import RulesError

log = logging.getLogger(__name__)

GRACE = 60.0
BOT_BUDGET = 0.02  # seconds of bot moves per poll, so a screen's frame is never held long
SAVE_GAP = 0.25
"""Seconds between two autosaves while moves come fast (bots): each write encodes the
whole match, which cost the host more CPU than the rest of its work together when every
bot move was written. A newer state replaces a held one; a quiet table (a person thinking)
writes at once, so at human pace every move is saved, and a kill -9 loses at most the
moves of the last quarter second."""


class TableHost(Lobby, PartnerDesk):
    """A network table (see the module's words)."""

    def __init__(
        self,
        game: str,
        rules: Any,
        seats: Sequence[SeatSpec],
        seed: int,
        *,
        code: str | None = None,
        grace: float = GRACE,
        stand_in: str = "normal",
        paths: Any = None,
        autosave: bool = True,
        bind: str = "127.0.0.1",
        port: int = 0,
        app: str = "",
        clock: Callable[[], float] = time.monotonic,
        buy_seconds: float | None = OFFER_SECONDS,
        auto_start: bool = True,
    ) -> None:
        if buy_seconds is not None and not buy_seconds > 0:
            raise ValueError(f"buy_seconds must be positive or None, not {buy_seconds!r}")
        self.kind = KINDS[game]
        self.rules, self.specs, self.seed = rules, tuple(seats), seed
        self.code = code or new_code()
        self.grace, self.stand_in, self.clock = grace, stand_in, clock
        self.paths, self.autosave, self.app = paths, autosave, app
        self.remote = {
            i: RemoteSeat(local=s.kind == LOCAL) for i, s in enumerate(seats) if s.kind in PEOPLE
        }
        # A local seat's token is made here and handed to the host's own screen (never sent
        # to anyone else); it is not kept on disk: a resumed table makes new ones.
        self._local_tokens = {i: new_token() for i, r in self.remote.items() if r.local}
        for i, token in self._local_tokens.items():
            self.remote[i].token_hash = token_hash(token)
        self.buy_seconds = buy_seconds  # the buy offer's countdown (None: no limit)
        self.auto_start = auto_start  # start when the last remote seat is taken
        self.reacted: dict[int, float] = {}  # each seat's last reaction
        self.react_gap = p.REACTION_GAP
        self.session: Session | None = None
        self.throttle = Throttle(clock)
        self.conn_seat: dict[int, int] = {}
        self.strikes: dict[int, int] = {}
        self.asked: Ask | None = None
        self.asks = secrets.randbelow(2**31)  # ask numbers never repeat across a resume
        self.applied = 0
        self.rounds = 0
        self.offer_left = buy_seconds or 0.0
        self._last = clock()
        self.finished = False
        self._saved_at = -SAVE_GAP  # when the session's held save was last let go
        self.on_send: Callable[[int | None, dict[str, Any]], None] | None = None
        self.transport = Transport(bind, port)

    @classmethod
    def resume(cls, paths: Any = None, **kw: Any) -> TableHost:
        """The table whose match this computer's autosave holds, waiting for its people to
        rejoin with their tokens (each seat's grace counts from now); ValueError when there
        is nothing to resume."""
        from carioca_desktop.net.resume import load_session, read_table, seat_specs

        table = read_table(paths)
        session = load_session(paths, table)
        kw.setdefault("buy_seconds", table.get("buy_seconds", OFFER_SECONDS))
        host = cls(table["game"], session.game.rules, seat_specs(session, table), session.seed,
                   code=table["code"], grace=float(table["grace"]),
                   stand_in=str(table.get("stand_in", "normal")), paths=paths, **kw)  # fmt: skip
        host.session = session
        host._mark_network(session)
        now = host.clock()
        for seat, info in table["remote"].items():
            remote = host.remote[int(seat)]
            if remote.local:  # its person is seated again with the new local token
                remote.name, remote.away_since = info["name"], now
                continue
            remote.name, remote.token_hash, remote.away_since = (
                info["name"],
                info["token_hash"],
                now,
            )
        return host

    def _mark_network(self, session: Any) -> None:
        """The session keeps its match file for the people at this computer, marked as a
        network match (History's "en red"), even when every other seat is a bot; its saves
        wait for ``_pace_saves``."""
        session.network_seats = tuple(sorted(i for i, r in self.remote.items() if r.local))
        session.hold_saves = True

    def local_token(self, seat: int) -> str:
        """The token of a local seat, for the host's own screen to open its loopback
        ``NetClient`` with (accepted only from a loopback peer); KeyError for other seats."""
        return self._local_tokens[seat]

    @property
    def port(self) -> int:
        return self.transport.port

    @property
    def game(self) -> Any:
        return None if self.session is None else self.session.game

    def close(self) -> None:
        if self.session is not None:
            self.session.release_save()  # a held save is not left waiting for a flush
        self.transport.stop()

    # ------------------------------------------------------------------ the loop
    def poll(self, timeout: float = 0.0) -> list[HostEvent]:
        """Handle what arrived (waiting up to ``timeout`` for something when nobody on this
        computer is to act), tick the clocks, let bots act; the events for the caller."""
        out: list[HostEvent] = []
        wait = 0.0 if self._host_acts() else timeout
        try:
            item = self.transport.inbox.get(timeout=wait) if wait > 0 else None
        except queue.Empty:
            item = None
            self._pace_saves(quiet=True)
        while True:
            if item is not None:
                self._inbound(item, out)
            try:
                item = self.transport.inbox.get_nowait()
            except queue.Empty:
                break
        self._tick(out)
        self._advance(out)
        self._pace_saves()
        return out

    def _pace_saves(self, quiet: bool = False) -> None:
        """Let the session's held autosave be written: at once when the table is ``quiet``,
        else at most every ``SAVE_GAP`` (see there)."""
        now = time.monotonic()  # the disk's pace, not the table's (maybe a test's) clock
        if self.session is not None and (quiet or now - self._saved_at >= SAVE_GAP):
            self._saved_at = now
            self.session.release_save()

    def _host_acts(self) -> bool:
        game = self.game
        if game is None or self.finished:
            return False
        seat = self.kind.actor(game)
        if seat is None or self.question is not None:
            return False  # nobody acts while a partner is asked
        if seat == HOST or seat not in self.remote:
            return True
        return self.remote[seat].standin is not None

    def _inbound(self, item: Any, out: list[HostEvent]) -> None:
        if isinstance(item, Opened):
            self.strikes[item.conn] = 0
        elif isinstance(item, Closed):
            self._dropped(item.conn, out)
        elif isinstance(item, Garbage):
            self._error(item.conn, item.error.code, item.error.message)
        elif isinstance(item, Received):
            msg = item.message
            if isinstance(msg, p.Hello):
                self._hello(item.conn, msg, out)
            elif isinstance(msg, p.ActionMsg):
                self._action(item.conn, msg, out)
            elif isinstance(msg, p.Ready):
                self._ready(item.conn, msg, out)
            elif isinstance(msg, p.React):
                self._react(item.conn, msg)
            elif isinstance(msg, p.PartnerAsk):
                self._partner_ask(item.conn, msg)
            elif isinstance(msg, p.PartnerAnswer):
                self._partner_answer(item.conn, msg)
            else:
                self.transport.close(item.conn)

    # ------------------------------------------------------------------ the match
    def start_now(self) -> list[HostEvent]:
        """Start without waiting for every remote seat: the open ones are played by bots of
        the stand-in level (a seat whose person joined and dropped stays theirs)."""
        out: list[HostEvent] = []
        if self.session is not None:
            return out
        specs = list(self.specs)
        for seat in [s for s, r in self.remote.items() if r.token_hash is None and not r.local]:
            specs[seat] = SeatSpec("bot", self.stand_in)
            del self.remote[seat]
        self.specs = tuple(specs)
        self._start(out)
        return out

    def _seat_configs(self) -> list[SeatConfig]:
        out = []
        for i, spec in enumerate(self.specs):
            if spec.kind in PEOPLE:
                out.append(SeatConfig(self.remote[i].name or f"Jugador {i + 1}", "human"))
            else:
                out.append(SeatConfig(bot_name(i, spec), "bot", spec.level))
        return out

    def _start(self, out: list[HostEvent]) -> None:
        self.session = self.kind.new_session(
            self.rules, self._seat_configs(), self.seed, net_paths(self.paths), self.autosave
        )
        self._mark_network(self.session)
        now = self.clock()
        for person in self.remote.values():
            if person.local and person.conn is None and person.away_since is None:
                person.away_since = now  # never came: its grace runs, then a bot plays it
        self._to_all(self._start_message())
        for seat in self.remote:
            self._state_to(seat)
        out.append(HostEvent("started", None, f"match {self.session.match_id} started"))
        self._keep_table()

    def _keep_table(self) -> None:
        """Write what a resumed host needs beside its autosave: the code, which seats are
        remote and their tokens' hashes (never the tokens), so the same people can rejoin."""
        if not self.autosave or self.session is None:
            return
        from carioca_desktop.net.resume import write_table

        names = [c.name for c in self.session.seats]  # a local seat may not have come yet
        remote = {
            str(s): {"name": names[s], "token_hash": r.token_hash, "local": r.local}
            for s, r in self.remote.items()
        }
        write_table(self.paths, {"match_id": self.session.match_id, "game": self.kind.name,
                                 "code": self.code, "grace": self.grace,
                                 "stand_in": self.stand_in, "remote": remote,
                                 "buy_seconds": self.buy_seconds})  # fmt: skip

    def _start_message(self) -> dict[str, Any]:
        assert self.session is not None
        seats = [{"name": c.name, "kind": "bot" if c.kind == "bot" else "person",
                  "level": c.level} for c in self.session.seats]  # fmt: skip
        return {"t": "start", "game": self.kind.name, "preset": self.session.preset,
                "match_id": self.session.match_id, "seats": seats}  # fmt: skip

    def _state_to(self, seat: int, ask: Ask | None = None) -> None:
        """The seat's new observation; with ``ask`` (this seat's, made at once after the
        move) inside the same ``state`` (protocol 5): one frame, not two, for the seat to
        act, unless together they would pass the cap."""
        remote = self.remote[seat]
        if remote.conn is None or self.game is None:
            return
        messages = remote.feed.messages(self.game.observation(seat), self.applied)
        if ask is not None:
            alone = messages[-1]
            joined = {**alone, "ask": self._ask_message(ask)}
            text = p.encode(joined)
            if p.fits(text):
                messages[-1] = joined
                for message in messages[:-1]:
                    self._send(remote.conn, message)
                return self._send(remote.conn, joined, text)
            messages.append(self._ask_message(ask))
        for message in messages:
            self._send(remote.conn, message)

    def _tick(self, out: list[HostEvent]) -> None:
        now = self.clock()
        dt, self._last = now - self._last, now
        self._partner_tick(dt)
        for seat, remote in self.remote.items():
            away = remote.away_since
            if away is not None and remote.standin is None and self.session is not None \
                    and now - away >= self.grace:  # fmt: skip
                level = self.stand_in
                remote.standin = self.kind.make_bot(level, seat, bot_seed(self.seed, seat))
                self._seat_news(seat)
                out.append(HostEvent("bot", seat, f"seat {seat} is played by a {level} bot"))
        ask = self.asked
        if self.buy_seconds is None:
            return  # no limit: the person must answer; the host never passes for them
        if ask is not None and self._offer_open(ask.seat) and self.remote[ask.seat].conn:
            self.offer_left -= dt  # the countdown stands still while the seat is away
            if self.offer_left <= 0:
                from carioca_desktop.play.carioca.offer import pass_action

                self._apply(pass_action(ask.seat), out)

    def _offer_open(self, seat: int) -> bool:
        return self.game is not None and self.kind.offer_open(self.game, seat)

    def _advance(self, out: list[HostEvent]) -> None:
        """Let this computer's bots act until a remote person must, for at most a budget."""
        end = self.clock() + BOT_BUDGET
        while self.session is not None and not self.finished:
            seat = self.kind.actor(self.game)
            if seat is None:
                return
            if seat == HOST:
                self._apply(self.kind.next_round(), out)
            elif seat in self.remote and self.remote[seat].standin is None:
                self._ask(seat)
                return
            else:
                if self.question is not None:
                    return  # a bot waits for its person partner's answer (net/partner.py)
                bot = self.remote[seat].standin if seat in self.remote else None
                action = self._bot_move(seat, bot or self.session.bots[seat])
                if action is None:
                    return
                self._apply(action, out)
            if self.clock() > end:
                return

    def _ask(self, seat: int) -> None:
        if self.asked is not None and self.asked.at == self.applied:
            return
        self._send_ask(self._new_ask(seat))

    def _new_ask(self, seat: int) -> Ask:
        self.asks += 1
        self.asked = Ask(seat, self.asks, self.applied)
        self.offer_left = self.buy_seconds or 0.0
        return self.asked

    def _next_ask(self) -> Ask | None:
        """Right after a move: the ask ``_advance`` would make next, made now so that it
        travels with the seat's new state (a person's seat, not played by a bot)."""
        seat = None if self.finished else self.kind.actor(self.game)
        if seat is None or seat == HOST or seat not in self.remote:
            return None
        return self._new_ask(seat) if self.remote[seat].standin is None else None

    def _ask_message(self, ask: Ask) -> dict[str, Any]:
        game = self.game
        # The same list a bot of this seat is given on the host (bot_step / buraco_step).
        legal = [self.kind.action_to_dict(a) for a in game.legal_actions(ask.seat)]
        timed = self.buy_seconds is not None and self._offer_open(ask.seat)
        seconds = max(0.0, self.offer_left) if timed else None
        return {"t": "ask", "ask": ask.ask, "seat": ask.seat, "legal": legal,
                "seconds": seconds}  # fmt: skip

    def _send_ask(self, ask: Ask) -> None:
        self._to_seat(ask.seat, self._ask_message(ask))

    def _action(self, conn: int, msg: p.ActionMsg, out: list[HostEvent]) -> None:
        seat = self._playing(conn)
        if seat is None or not self._on_the_ask(conn, seat, msg.ask):
            return None
        try:
            action = self.kind.action_from_dict(dict(msg.action))
        except RulesError as err:
            return self._error(conn, p.BAD_ACTION, err.message[:160], ask=msg.ask)
        if getattr(action, "seat", None) != seat:
            return self._error(conn, p.OTHER_SEAT, "you can act only for your own seat")
        refusal = self.game.check(action)
        if refusal is not None:
            return self._error(conn, p.REFUSED, refusal.message, ask=msg.ask, rule=refusal.code,
                               params=dict(refusal.params))  # fmt: skip
        partner = self._going_out_refused(seat, action)  # Buraco's partner question
        if partner is not None:
            return self._error(conn, partner[0], partner[1], ask=msg.ask)
        self.strikes[conn] = 0
        self._apply(action, out)

    def _apply(self, action: Any, out: list[HostEvent]) -> None:
        assert self.session is not None
        game = self.game
        was_over = game.round_over
        self.session.apply(action)
        self.applied += 1
        self.asked = None
        ask = self._next_ask()
        # The seat asked next first: the match waits on its answer, and its joiner can
        # decide while this loop builds the other seats' states (the wire to each seat
        # keeps its own order; the seats' relative order is nobody's).
        for seat in _asked_first(self.remote, ask):
            self._state_to(seat, ask if ask is not None and ask.seat == seat else None)
        if game.round_over and not was_over:
            points = list(self.kind.round_points(game))
            self.rounds += 1
            line = f"round {self.rounds}: points {points}"
            self._to_all({"t": "round_over", "points": points, "line": line})
            out.append(HostEvent("round", None, line))
        if game.is_over:
            self._finish(out)

    def _finish(self, out: list[HostEvent]) -> None:
        assert self.session is not None
        self.finished = True
        if self.autosave:
            from carioca_desktop.net.resume import clear_table

            clear_table(self.paths)
        line = self.kind.final_line(self.game)
        replay = [(m, p.encode(m)) for m in replay_messages(self.session)]
        for seat, remote in self.remote.items():
            if remote.conn is not None:
                # The host's own people's History is kept by its session (``People``).
                for message, text in [] if remote.local else replay:
                    self._send(remote.conn, message, text)
                self._send(remote.conn, {"t": "match_over", "line": line,
                                         "record": record_for(self.session, seat)})  # fmt: skip
        out.append(HostEvent("over", None, line))


def _asked_first(seats: Any, ask: Ask | None) -> list[int]:
    """The remote seats, the one ``ask`` is for (if any) first."""
    order = list(seats)
    if ask is not None and ask.seat in order:
        order.remove(ask.seat)
        order.insert(0, ask.seat)
    return order
