"""Carioca's buy offer over the network: a remote person is asked as a local one is, with
the countdown; nobody holds the table beyond it, and it stands still while the seat is away."""

from __future__ import annotations

from typing import Any

import pytest

from carioca_desktop.net.client import Asked, NetClient, StateChanged, Welcomed
from carioca_desktop.net.games import KINDS
from carioca_desktop.net.join import JoinBot
from carioca_desktop.play.carioca.offer import OFFER_SECONDS
from tests.fixtures.netkit import CODE, new_host
from tests.fixtures.waiting import PATIENCE, wait_until

pytestmark = pytest.mark.timeout(120)  # a hung socket fails in minutes, with its stack


def _pump(host: Any, clients: dict[int, NetClient], bots: dict[int, JoinBot],
          seen: dict[int, list[Any]]) -> None:  # fmt: skip
    host.poll(0.005)
    for seat, client in clients.items():
        for event in client.poll(0.005):
            seen[seat].append(event)
            if isinstance(event, StateChanged):
                bots[seat].obs = event.obs
            elif isinstance(event, Asked) and event.seconds is None:
                client.send_action(event.ask, bots[seat].choose(event))


def test_an_unanswered_offer_passes_after_its_countdown_which_stands_still_while_away() -> None:
    now = [0.0]
    host = new_host("carioca", {"preset": "chico", "buy": True}, "remote,remote,remote", 3,
                    clock=lambda: now[0])  # fmt: skip
    clients: dict[int, NetClient] = {}
    bots: dict[int, JoinBot] = {}
    seen: dict[int, list[Any]] = {}
    tokens: dict[int, str] = {}
    try:
        for seat in range(3):
            clients[seat] = NetClient(f"127.0.0.1:{host.port}", CODE, f"P{seat}")
            seen[seat] = []
            bots[seat] = JoinBot(KINDS["carioca"], "normal", seat)
            bots[seat].restore(seat, {})
            wait_until(
                lambda: any(isinstance(e, Welcomed) for e in seen[seat]),  # noqa: B023
                what="the welcome",
                seen=lambda: seen,
                step=lambda: _pump(host, clients, bots, seen),
            )
            tokens[seat] = next(e.token for e in seen[seat] if isinstance(e, Welcomed))
        offer = wait_until(
            lambda: next(
                (
                    e
                    for s in seen
                    for e in seen[s]
                    if isinstance(e, Asked) and e.seconds is not None
                ),
                None,
            ),
            PATIENCE * 2,
            "an offer in the match's first turns",
            step=lambda: _pump(host, clients, bots, seen),
        )
        seat = offer.seat
        assert offer.seconds == OFFER_SECONDS
        assert [a["do"] for a in offer.legal] == ["buy", "pass"]
        applied = host.applied
        now[0] += OFFER_SECONDS - 0.5
        _pump(host, clients, bots, seen)
        assert host.applied == applied and host.asked.seat == seat  # still thinking
        clients.pop(seat).close()
        wait_until(
            lambda: host.remote[seat].conn is None,
            what="the host hearing the drop",
            step=lambda: host.poll(0.01),
        )
        now[0] += 30.0  # away, within the grace: the countdown stands still
        host.poll(0.01)
        assert host.applied == applied
        clients[seat] = NetClient(f"127.0.0.1:{host.port}", CODE, "x", tokens[seat])
        seen[seat] = []
        again = wait_until(
            lambda: next((e for e in seen[seat] if isinstance(e, Asked)), None),
            what="the offer asked again",
            seen=lambda: seen[seat],
            step=lambda: _pump(host, clients, bots, seen),
        )
        assert again.ask == offer.ask and again.seconds is not None and again.seconds <= 0.5
        now[0] += 0.6
        host.poll(0.01)
        assert host.applied == applied + 1
        last = host.game.state.events[-1]
        assert (last.seat, str(last.kind.value)) == (seat, "pass")
    finally:
        for client in clients.values():
            client.close()
        host.close()


def test_after_the_grace_a_bot_plays_the_seat_until_its_person_takes_it_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("carioca_desktop.net.host.BOT_BUDGET", -1.0)  # one move per poll
    host = new_host("carioca", {"preset": "chico"}, "remote,easy", 4, grace=0.3, stand_in="easy")
    first = NetClient(f"127.0.0.1:{host.port}", CODE, "Ana")
    try:
        got: list[Any] = []
        token = wait_until(
            lambda: next((e.token for e in got if isinstance(e, Welcomed)), None),
            what="the welcome",
            seen=lambda: got,
            step=lambda: (host.poll(0.01), got.extend(first.poll(0.01))),
        )
        first.close()
        wait_until(
            lambda: host.remote[0].standin is not None,  # dropped, then the grace ran out
            what="the stand-in",
            step=lambda: host.poll(0.02),
        )
        played = host.applied
        wait_until(
            lambda: host.applied != played,  # the stand-in bot plays seat 0
            what="a stand-in's move",
            step=lambda: host.poll(0.01),
        )
        assert not host.finished
        back = NetClient(f"127.0.0.1:{host.port}", CODE, "Ana", token)
        # Its hello waits unread (a polled host's bots would finish the match meanwhile).
        wait_until(lambda: host.transport.inbox.qsize() >= 2, what="the hello queued")
        came: list[Any] = []
        asked = wait_until(
            lambda: next((e for e in came if isinstance(e, Asked)), None),
            what="the person asked again",
            seen=lambda: came,
            step=lambda: (host.poll(0.01), came.extend(back.poll(0.01))),
        )
        assert host.remote[0].standin is None and host.remote[0].status == "here"
        assert asked.seat == 0  # the person plays again
        back.close()
    finally:
        host.close()
