"""Messages read where the socket is read (net/direct.py): whole text messages reach the reader
in order on the socket's own thread, the ones read before the reader was ready first, and any
odd frame (binary, fragmented, not UTF-8) turns the connection back to websockets' own path
without a message passing another. The host's transport (websockets' own path) is held to the
same order."""

from __future__ import annotations

import contextlib
import queue
import threading
from typing import Any

import pytest
from websockets.frames import Frame, Opcode
from websockets.sync.client import connect

from carioca_desktop.net import protocol as p
from carioca_desktop.net.direct import EARLY, Gate
from carioca_desktop.net.transport import Garbage, Opened, Received, Transport
from tests.fixtures.waiting import wait_until

pytestmark = pytest.mark.timeout(120)  # a hung socket fails in minutes, with its stack


def _text(words: str) -> Frame:
    return Frame(Opcode.TEXT, words.encode())


def _fed(gate: Gate, frames: list[Frame]) -> list[Any]:
    slow: list[Any] = []
    for frame in frames:
        gate.route(frame, slow.append)
    return slow


def test_whole_texts_go_to_the_reader_in_order_the_early_ones_first() -> None:
    gate, got = Gate(), []
    assert _fed(gate, [_text("a"), _text("b")]) == []  # held: no reader yet
    assert gate.open(got.append)
    assert got == ["a", "b"]
    assert _fed(gate, [_text("c"), Frame(Opcode.PING, b"")]) == [Frame(Opcode.PING, b"")]
    assert got == ["a", "b", "c"]


def test_a_peer_cannot_heap_up_messages_before_the_reader_is_ready() -> None:
    gate, got = Gate(), []
    many = [_text(str(n)) for n in range(EARLY + 3)]
    assert _fed(gate, many) == many  # past the cap: websockets' way (it stops reading)
    assert not gate.open(got.append) and got == []


@pytest.mark.parametrize(
    "odd",
    [
        Frame(Opcode.BINARY, b"{}"),
        Frame(Opcode.TEXT, b'{"t":', fin=False),
        Frame(Opcode.TEXT, b"\xff\xfe"),
    ],
    ids=["binary", "fragment", "not-utf8"],
)
def test_an_odd_frame_sends_everything_after_and_the_held_before_it_the_old_way(
    odd: Frame,
) -> None:
    gate, got = Gate(), []
    slow = _fed(gate, [_text("a"), odd, _text("b")])
    assert slow == [_text("a"), odd, _text("b")]  # in order, the held one first
    assert not gate.open(got.append) and not gate.direct
    assert _fed(gate, [_text("c")]) == [_text("c")] and got == []


def test_the_clients_reader_runs_on_the_thread_that_reads_its_socket() -> None:
    """One thread wake-up fewer per message: before, the client's reader ran on its own
    network thread, woken by websockets' reading thread for every message."""
    from carioca_desktop.net.client import NetClient, Welcomed
    from carioca_desktop.net.games import KINDS
    from carioca_desktop.net.host import TableHost
    from carioca_desktop.net.seats import SeatSpec

    kind = KINDS["carioca"]
    host = TableHost("carioca", kind.load_rules({"preset": "chico", "players": 2}),
                     [SeatSpec("remote"), SeatSpec("bot", "easy")], 7, code="ABCDEF",
                     autosave=False)  # fmt: skip
    seen: list[tuple[Any, threading.Thread]] = []

    def heard(client: NetClient, event: Any) -> None:
        seen.append((event, threading.current_thread()))

    client = NetClient(f"127.0.0.1:{host.port}", "ABCDEF", "Ana", on_event=heard)
    try:
        wait_until(lambda: any(isinstance(e, Welcomed) for e, _ in seen), what="the welcome",
                   seen=lambda: [e for e, _ in seen], step=lambda: host.poll(0.05))  # fmt: skip
        ws = client._ws
        assert ws is not None
        assert {t for _, t in seen} == {ws.recv_events_thread}
    finally:
        client.close()
        host.close()


def test_the_host_reads_fragmented_and_whole_messages_in_the_order_sent() -> None:
    transport = Transport()
    try:
        with connect(f"ws://127.0.0.1:{transport.port}/", compression=None) as ws:
            ws.send(p.encode({"t": "ready", "ready": True}))
            ws.send(["{", '"t": "ready", "ready": false}'])  # one message in two frames
            ws.send(p.encode({"t": "react", "key": "oops"}))
            ws.send(p.encode({"t": "ready", "ready": True}).encode())  # binary: refused
            ws.send(p.encode({"t": "react", "key": "thanks"}))
            got: list[Any] = []

            def take() -> None:
                with contextlib.suppress(queue.Empty):
                    got.append(transport.inbox.get(timeout=0.1))

            wait_until(lambda: len(got) >= 6, what="five messages after the opening",
                       seen=lambda: got, step=take)  # fmt: skip
        assert isinstance(got[0], Opened) and isinstance(got[4], Garbage)
        read = [x.message for x in got[1:4] + got[5:6] if isinstance(x, Received)]
        assert read == [p.Ready(True), p.Ready(False), p.React("oops"), p.React("thanks")]
    finally:
        transport.stop()
