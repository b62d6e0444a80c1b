"""What the network table's speed work must keep true: the host paces its autosave while
moves come fast (and writes at once when the table is quiet), and a client may take its
events on the network thread (``carioca join``'s bot) instead of through the queue."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.net import host as host_module
from carioca_desktop.net.client import Asked, ClientEvent, Lost, NetClient, StateChanged, Welcomed
from carioca_desktop.net.games import KINDS
from carioca_desktop.net.host import TableHost
from carioca_desktop.net.resume import net_paths
from carioca_desktop.net.seats import SeatSpec
from carioca_desktop.storage import Paths
from carioca_desktop.storage.autosaver import flush_autosaves, writer_for
from tests.fixtures.netkit import CODE

DEADLINE = 30.0


def _host(tmp_path: Path, seats: list[SeatSpec]) -> TableHost:
    rules = KINDS["carioca"].load_rules({"players": len(seats), "preset": "chico", "buy": False})
    return TableHost("carioca", rules, seats, 11, code=CODE, paths=Paths.under(tmp_path))


def test_bots_moving_fast_do_not_each_write_the_hosts_autosave(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(host_module, "SAVE_GAP", 3600.0)  # no second write within the test
    host = _host(tmp_path, [SeatSpec("bot", "easy")] * 4)
    writer = writer_for(net_paths(host.paths))
    try:
        host.start_now()
        host.poll(0.0)  # its first moves (as many as its budget), and the first save let go
        end = time.monotonic() + DEADLINE
        while not writer.idle:  # the new match's saves written: what follows is counted
            assert time.monotonic() < end, f"{writer.written} of {writer.submitted} written"
            time.sleep(0.01)
        first, written = host.applied, writer.written
        while host.applied < first + 30:
            assert time.monotonic() < end, f"only {host.applied} moves in {DEADLINE} s"
            host.poll(0.0)
        # Unpaced, the writer would write the newest of these states within moments; paced,
        # it holds it: a window, not a wait for a condition, since what is asserted is that
        # nothing comes.
        window = time.monotonic() + 1.0
        while time.monotonic() < window and writer.written == written:
            time.sleep(0.02)
        moves = host.applied - first
        assert writer.written == written, f"{writer.written - written} writes for {moves} moves"
        assert not writer.idle  # the newest waits
        assert flush_autosaves(DEADLINE)  # a flush (quit, a reader) still writes the newest
        assert writer.idle and writer.written == written + 1, writer.written
    finally:
        host.close()


def test_a_quiet_table_writes_its_held_autosave_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(host_module, "SAVE_GAP", 3600.0)
    host = _host(tmp_path, [SeatSpec("remote")] + [SeatSpec("bot", "easy")] * 3)
    writer = writer_for(net_paths(host.paths))
    client = NetClient(f"127.0.0.1:{host.port}", CODE, "Ana", reconnect=False)
    try:
        end = time.monotonic() + DEADLINE
        # Started when Ana took her seat; the bots play until she is asked, then the host
        # waits for her: a poll that hears nothing lets the held save go.
        while host.asked is None or host.asked.seat != 0 or not writer.idle:
            assert time.monotonic() < end, (
                f"asked {host.asked}, writes {writer.written} of {writer.submitted}"
            )
            host.poll(0.05)
        assert writer.written >= 1
    finally:
        client.close()
        host.close()


def test_a_client_can_take_its_events_on_the_network_thread(tmp_path: Path) -> None:
    host = _host(tmp_path, [SeatSpec("remote"), SeatSpec("bot", "easy")])
    seen: list[tuple[threading.Thread, ClientEvent]] = []

    def take(client: NetClient, event: ClientEvent) -> Any:
        seen.append((threading.current_thread(), event))

    client = NetClient(f"127.0.0.1:{host.port}", CODE, "Ana", reconnect=False, on_event=take)
    try:
        end = time.monotonic() + DEADLINE
        while not any(isinstance(e, Welcomed) for _, e in list(seen)):
            assert time.monotonic() < end, f"seen {[type(e).__name__ for _, e in seen]}"
            host.poll(0.05)
        assert all(t is not threading.main_thread() for t, _ in list(seen))
        assert client.poll() == []  # nothing went through the queue
    finally:
        client.close()
        host.close()


def test_the_seat_to_act_gets_its_state_and_its_ask_in_one_message(tmp_path: Path) -> None:
    host = _host(tmp_path, [SeatSpec("remote"), SeatSpec("bot", "easy")])
    sent: list[dict[str, Any]] = []
    host.on_send = lambda seat, message: sent.append(message) if seat == 0 else None
    answered: list[int] = []

    def play(client: NetClient, event: ClientEvent) -> None:
        if isinstance(event, Asked):  # the first legal action: any will do
            answered.append(event.ask)
            client.send_action(event.ask, dict(event.legal[0]))

    client = NetClient(f"127.0.0.1:{host.port}", CODE, "Ana", reconnect=False, on_event=play)
    try:
        end = time.monotonic() + DEADLINE
        while len(answered) < 12 and not host.finished:
            assert time.monotonic() < end, f"{len(answered)} asks answered"
            host.poll(0.05)
    finally:
        client.close()
        host.close()
    within = [m["ask"]["ask"] for m in sent if m["t"] == "state" and m.get("ask")]
    alone = [m["ask"] for m in sent if m["t"] == "ask"]
    assert len(within) >= 10, within
    assert len(alone) <= 1, alone  # only the match's first, which follows no move
    assert set(answered) <= set(within) | set(alone)


def test_the_seat_to_act_gets_its_new_state_before_the_other_seats(tmp_path: Path) -> None:
    host = _host(tmp_path, [SeatSpec("remote"), SeatSpec("remote")])
    sent: list[tuple[int | None, dict[str, Any]]] = []
    host.on_send = lambda seat, message: sent.append((seat, message))
    answered: list[int] = []

    def play(client: NetClient, event: ClientEvent) -> None:
        if isinstance(event, Asked):  # the first legal action: any will do
            answered.append(event.ask)
            client.send_action(event.ask, dict(event.legal[0]))

    clients = [NetClient(f"127.0.0.1:{host.port}", CODE, name, reconnect=False, on_event=play)
               for name in ("Ana", "Bea")]  # fmt: skip
    try:
        end = time.monotonic() + DEADLINE
        while len(answered) < 30 and not host.finished:
            assert time.monotonic() < end, f"{len(answered)} asks answered"
            host.poll(0.05)
    finally:
        for client in clients:
            client.close()
        host.close()
    by_move: dict[int, list[tuple[int | None, bool]]] = {}
    for seat, message in sent:
        if message["t"] == "state" and message["seq"] > 0:
            by_move.setdefault(message["seq"], []).append((seat, bool(message.get("ask"))))
    asked = {seq: order for seq, order in by_move.items() if any(a for _, a in order)}
    second = [order for order in asked.values() if (1, True) in order]
    assert len(second) >= 5, f"seat 1 asked after only {len(second)} moves: {asked}"
    late = {seq: order for seq, order in asked.items() if not order[0][1]}
    assert not late, f"the asked seat's state went after another's: {late}"


@pytest.mark.parametrize(
    ("inner", "why"),
    [
        ('5', "state: ask must be an ask message"),
        ('{"t": "what", "ask": 1}', "state: ask must be an ask message"),
        ('{"t": "ask", "ask": 1, "seat": 0, "legal": [1], "seconds": null}',
         "legal actions must be objects"),
        ('{"t": "ask", "ask": "1", "seat": 0, "legal": [], "seconds": null}',
         "ask must be an integer"),
    ],
)  # fmt: skip
def test_a_client_ends_with_a_message_when_a_state_carries_a_bad_ask(inner: str, why: str) -> None:
    from websockets.sync.server import serve

    welcome = '{"t": "welcome", "seat": 0, "token": "t", "game": "carioca", "grace": 1}'
    state = '{"t": "state", "seq": 1, "events_at": 0, "events": [], "full": true, "obs": {}, '
    events: list[ClientEvent] = []

    def handler(ws: Any) -> None:
        ws.recv()
        ws.send(welcome)
        ws.send(state + f'"ask": {inner}}}')
        ws.recv()  # until the client leaves

    with serve(handler, "127.0.0.1", 0, compression=None) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        client = NetClient(f"127.0.0.1:{server.socket.getsockname()[1]}", CODE, "Ana")
        end = time.monotonic() + DEADLINE
        while not any(isinstance(e, Lost) for e in events):
            assert time.monotonic() < end, f"seen {events}"
            events += client.poll(0.1)
        client.close()
        server.shutdown()
    lost = [e for e in events if isinstance(e, Lost)]
    assert lost[0].message == f"the host sent a bad message: {why}", lost
    assert not any(isinstance(e, (StateChanged, Asked)) for e in events)
