"""Protocol 2 on loopback: local seats (their tokens only from this computer, never given to
a joiner), the lobby before the start (every change to every welcomed client, no token in
it, ready marks, the host removing a person), reactions (relayed, one a seat every 2 s,
unknown keys refused) and the buy countdown's length (``buy_seconds``; None: no limit)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from carioca_desktop.net import protocol as p
from carioca_desktop.net.client import (
    Asked,
    LobbyChanged,
    NetClient,
    Reaction,
    Refusal,
    Refused,
    Started,
    StateChanged,
    Welcomed,
)
from carioca_desktop.net.games import KINDS
from carioca_desktop.net.join import JoinBot
from tests.fixtures.netkit import CODE, new_host
from tests.fixtures.waiting import PATIENCE, wait_until

pytestmark = pytest.mark.timeout(120)  # a hung socket or process fails in minutes, with its stack


class Table:
    """A host polled by hand and its clients, each with every event it got."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self.clients: dict[str, NetClient] = {}
        self.seen: dict[str, list[Any]] = {}
        self.sent: list[tuple[int | None, str]] = []
        host.on_send = lambda seat, msg: self.sent.append((seat, p.encode(msg)))

    def open(self, who: str, token: str | None = None) -> NetClient:
        client = NetClient(f"127.0.0.1:{self.host.port}", CODE, who, token)
        self.clients[who], self.seen[who] = client, []
        return client

    def pump(self, until: Callable[[], bool], seconds: float = PATIENCE) -> None:
        wait_until(until, seconds, "the table's state", lambda: self.seen, self._poll)

    def _poll(self) -> None:
        self.host.poll(0.005)
        for who, client in self.clients.items():
            self.seen[who] += client.poll(0.005)

    def last(self, who: str, kind: type[Any]) -> Any:
        """The last event of a kind this client got (None before the first)."""
        got = self.of(who, kind)
        return got[-1] if got else None

    def of(self, who: str, kind: type[Any]) -> list[Any]:
        return [e for e in self.seen[who] if isinstance(e, kind)]

    def seated(self, who: str, token: str | None = None) -> Welcomed:
        self.open(who, token)
        self.pump(lambda: bool(self.of(who, Welcomed) or self.of(who, Refused)))
        assert not self.of(who, Refused), self.of(who, Refused)
        return self.of(who, Welcomed)[0]  # type: ignore[no-any-return]

    def close(self) -> None:
        for client in self.clients.values():
            client.close()
        self.host.close()


@pytest.fixture
def lobby() -> Any:
    table = Table(new_host("carioca", {"preset": "chico"}, "local,remote,remote,easy", 5,
                           auto_start=False))  # fmt: skip
    yield table
    table.close()


def test_a_local_seat_is_never_given_to_a_joiner(lobby: Table) -> None:
    assert [lobby.seated(f"J{i}").seat for i in (1, 2)] == [1, 2]
    lobby.open("J3")
    lobby.pump(lambda: bool(lobby.of("J3", Refused)))
    assert lobby.of("J3", Refused)[0].reason == p.TABLE_FULL  # seat 0 is the host's own
    assert lobby.seated("Me", lobby.host.local_token(0)).seat == 0
    with pytest.raises(KeyError):
        lobby.host.local_token(1)  # a remote seat's token is its joiner's, never the host's


def test_a_local_token_is_refused_from_another_computer(lobby: Table) -> None:
    lobby.host.transport.address = lambda conn: "203.0.113.9"  # as if it came from afar
    lobby.open("Far", lobby.host.local_token(0))
    lobby.pump(lambda: bool(lobby.of("Far", Refused)))
    assert lobby.of("Far", Refused)[0].reason == p.BAD_TOKEN
    assert lobby.host.remote[0].conn is None and lobby.host.remote[0].status == "away"
    assert lobby.host.throttle._seen["203.0.113.9"].count == 1  # a failure of that address
    for name in ("ipv6", "mapped"):
        lobby.host.transport.address = {"ipv6": lambda c: "::1",
                                        "mapped": lambda c: "::ffff:127.0.0.1"}[name]  # fmt: skip
        welcomed = lobby.seated(name, lobby.host.local_token(0))
        assert welcomed.seat == 0  # from loopback it holds the seat (the newer one wins)


def test_every_lobby_change_reaches_every_welcomed_client_without_tokens(lobby: Table) -> None:
    me = lobby.seated("Me", lobby.host.local_token(0))
    ana = lobby.seated("Ana")
    lobby.pump(lambda: any(e.seats[1]["status"] == "here" for e in lobby.of("Me", LobbyChanged)))
    last = lobby.of("Me", LobbyChanged)[-1]
    assert (last.game, last.preset, last.code) == ("carioca", "chico", CODE)
    assert last.rules == lobby.host.rules.to_dict()
    assert [(s["name"], s["kind"], s["status"], s["ready"]) for s in last.seats] == [
        ("Me", "local", "here", False), ("Ana", "remote", "here", False),
        (None, "remote", "open", False), ("Bot 4", "bot", "bot", True),
    ]  # fmt: skip
    assert last.seats[3]["level"] == "easy"
    lobby.clients["Ana"].send_ready(True)
    lobby.pump(lambda: all(any(e.seats[1]["ready"] for e in lobby.of(w, LobbyChanged))
                           for w in ("Me", "Ana")))  # fmt: skip
    assert lobby.host.lobby_seats()[1]["ready"] is True
    lobby.clients["Ana"].close()  # a drop is a change too: away, and no longer ready
    lobby.pump(lambda: (lobby.last("Me", LobbyChanged) or last).seats[1]["status"] == "away")
    assert lobby.of("Me", LobbyChanged)[-1].seats[1]["ready"] is False
    assert lobby.of("Me", LobbyChanged)[-1].seats == tuple(lobby.host.lobby_seats())
    lobbies = [text for _, text in lobby.sent if '"t":"lobby"' in text]
    assert len(lobbies) >= 5
    for token in (me.token, ana.token, lobby.host.local_token(0)):
        assert not any(token in text for text in lobbies)
    assert not any(e for w in lobby.seen for e in lobby.of(w, Started))  # the host starts


def test_ready_after_the_start_and_before_a_welcome_are_refused(lobby: Table) -> None:
    from websockets.sync.client import connect

    lobby.seated("Ana")
    with connect(f"ws://127.0.0.1:{lobby.host.port}/", proxy=None) as raw:
        raw.send(p.encode({"t": "ready", "ready": True}))  # no hello first
        replies: list[dict[str, Any]] = []
        lobby.pump(lambda: _received(raw, replies))
        assert replies[0]["code"] == p.NOT_WELCOMED
    lobby.host.start_now()
    lobby.clients["Ana"].send_ready(False)
    lobby.pump(lambda: bool(lobby.of("Ana", Refusal)))
    assert [r.code for r in lobby.of("Ana", Refusal)] == [p.STARTED]


def _received(raw: Any, replies: list[dict[str, Any]]) -> bool:
    import contextlib
    import json

    with contextlib.suppress(TimeoutError):
        replies.append(json.loads(raw.recv(timeout=0.01)))
    return bool(replies)


def test_the_host_removes_a_person_before_the_start(lobby: Table) -> None:
    ana = lobby.seated("Ana")
    lobby.seated("Bea")
    events = lobby.host.remove(1)
    assert [e.kind for e in events] == ["removed"]
    lobby.pump(lambda: bool(lobby.of("Ana", Refused)))
    assert lobby.of("Ana", Refused)[0].reason == p.REMOVED
    # Bea's lobby messages come on her own connection: maybe after Ana's refusal.
    lobby.pump(lambda: getattr(lobby.last("Bea", LobbyChanged), "seats", [{}] * 2)[1]
               .get("status") == "open")  # fmt: skip
    assert lobby.host.lobby_seats()[1]["name"] is None
    assert lobby.host.remove(0) == [] and lobby.host.remove(3) == []  # local, bot: kept
    lobby.open("Ana again", ana.token)  # the old token holds nothing now
    lobby.pump(lambda: bool(lobby.of("Ana again", Refused)))
    assert lobby.of("Ana again", Refused)[0].reason == p.BAD_TOKEN
    assert lobby.seated("Cris").seat == 1  # the seat is free for someone else
    lobby.host.start_now()
    assert lobby.host.remove(1) == []  # after the start nobody is removed
    assert lobby.host.remote[1].name == "Cris"


def test_reactions_are_relayed_rate_limited_and_checked() -> None:
    now = [0.0]
    table = Table(new_host("buraco", {}, "remote,remote", 2, clock=lambda: now[0]))
    try:
        table.seated("Ana")
        table.seated("Bea")
        table.clients["Ana"].send_reaction("well_played")
        table.pump(lambda: all(table.of(w, Reaction) for w in ("Ana", "Bea")))
        assert table.of("Bea", Reaction) == [Reaction(0, "well_played")]
        table.clients["Ana"].send_reaction("thanks")  # within 2 s: dropped
        table.pump(lambda: bool(table.of("Ana", Refusal)))
        assert table.of("Ana", Refusal)[0].code == p.TOO_FAST
        table.clients["Bea"].send_reaction("oops")  # another seat has its own 2 s
        table.pump(lambda: len(table.of("Bea", Reaction)) == 2)
        now[0] += p.REACTION_GAP
        table.clients["Ana"].send_reaction("hurry")
        table.pump(lambda: len(table.of("Bea", Reaction)) == 3)
        assert table.of("Bea", Reaction)[1:] == [Reaction(1, "oops"), Reaction(0, "hurry")]
        table.clients["Ana"].send_raw(p.encode({"t": "react", "key": "insult"}))
        table.pump(lambda: len(table.of("Ana", Refusal)) == 2)
        assert table.of("Ana", Refusal)[1].code == p.BAD_REACTION
        assert table.of("Ana", Refusal)[1].key == "net.error.bad_reaction"
        with pytest.raises(ValueError):
            table.clients["Ana"].send_reaction("insult")
        assert len(table.of("Ana", Reaction)) == 3  # nothing else was relayed
    finally:
        table.close()


def _first_offer(table: Table) -> Asked:
    """Play the seats with bots until one of them is offered the discard."""
    bots, read = {}, dict.fromkeys(table.clients, 0)
    for who in table.clients:
        seat = table.of(who, Welcomed)[0].seat
        bots[who] = JoinBot(KINDS["carioca"], "normal", seat)
        bots[who].restore(seat, {})
    found: list[Asked] = []

    def step() -> bool:
        for who, bot in bots.items():
            for event in table.seen[who][read[who] :]:
                if isinstance(event, StateChanged):
                    bot.obs = event.obs
                elif isinstance(event, Asked) and [a["do"] for a in event.legal][:1] == ["buy"]:
                    found.append(event)
                elif isinstance(event, Asked):
                    table.clients[who].send_action(event.ask, bot.choose(event))
            read[who] = len(table.seen[who])
        return bool(found)

    table.pump(step, 60)
    return found[0]


@pytest.mark.parametrize("buy_seconds", [20.0, None])
def test_the_offers_countdown_follows_buy_seconds(buy_seconds: float | None) -> None:
    now = [0.0]
    table = Table(new_host("carioca", {"preset": "chico", "buy": True}, "remote,remote,remote",
                           3, clock=lambda: now[0], buy_seconds=buy_seconds))  # fmt: skip
    try:
        for who in ("P0", "P1", "P2"):
            table.seated(who)
        offer = _first_offer(table)
        assert offer.seconds == buy_seconds
        applied = table.host.applied
        now[0] += 10_000.0 if buy_seconds is None else buy_seconds - 0.5
        table.host.poll(0.01)
        assert table.host.applied == applied  # no limit / not yet: nobody passes for them
        if buy_seconds is not None:
            now[0] += 0.6
            table.host.poll(0.01)
            assert table.host.applied == applied + 1
    finally:
        table.close()


def test_buy_seconds_must_be_positive() -> None:
    with pytest.raises(ValueError):
        new_host("carioca", {}, "remote,easy", 1, buy_seconds=0)
