"""A bot played on the host that heads out asks a person partner through the host, as the
local table's bots do (bots/buraco/asking.py): ``partner_question`` to the partner's seat
with the host's time limit, the bot waiting meanwhile; on "yes" it goes out, on "not yet" it
plays on; a partner away counts as the default; with the rule off the bot just plays."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from carioca_desktop.bots.buraco.asking import heads_out
from carioca_desktop.net.partner import DEFAULT, PartnerDesk
from tests.net.test_partner import _desk_at_a_going_out

pytestmark = pytest.mark.timeout(120)  # a hung socket or process fails in minutes, with its stack


@dataclass
class Person:
    conn: int | None = 7
    standin: Any = None


class Hasty:
    """A bot whose choice is always the going out it is given."""

    level = "normal"

    def __init__(self, action: Any) -> None:
        self.action = action

    def choose(self, obs: Any, legal: list[Any]) -> Any:
        return self.action if self.action in legal else legal[0]


def desk_with_person(conn: int | None = 7) -> Any:
    desk = _desk_at_a_going_out()
    desk.remote = {(desk.seat + 2) % 4: Person(conn)}
    desk.buy_seconds, desk.sent = 12.0, []
    desk._to_seat = lambda seat, msg, text=None: desk.sent.append((seat, msg))
    return desk


def test_a_bot_going_out_asks_its_person_partner_and_waits() -> None:
    desk = desk_with_person()
    seat, partner, bot = desk.seat, (desk.seat + 2) % 4, Hasty(desk.action)
    assert PartnerDesk._bot_move(desk, seat, bot) is None
    assert len(desk.sent) == 1
    to, msg = desk.sent[0]
    assert (to, msg["t"], msg["seat"], msg["seconds"]) == (partner, "partner_question", seat, 12.0)
    assert PartnerDesk._bot_move(desk, seat, bot) is None and len(desk.sent) == 1  # one question
    PartnerDesk._said(desk, desk.question, True, "partner")
    assert PartnerDesk._bot_move(desk, seat, bot) == desk.action


def test_on_not_yet_the_bot_plays_on() -> None:
    desk = desk_with_person()
    seat, bot = desk.seat, Hasty(desk.action)
    assert PartnerDesk._bot_move(desk, seat, bot) is None
    PartnerDesk._said(desk, desk.question, False, "partner")
    move = PartnerDesk._bot_move(desk, seat, bot)
    staying = [a for a in desk.game.legal_actions(seat) if not heads_out(desk.game, seat, a)]
    # Only when no move keeps it in (one card left, whose discard goes out) does it go.
    assert move in staying if staying else move == desk.action


def test_a_partner_away_counts_as_the_default() -> None:
    desk = desk_with_person(conn=None)
    move = PartnerDesk._bot_move(desk, desk.seat, Hasty(desk.action))
    assert DEFAULT and move == desk.action and desk.sent == []


def test_the_host_asks_the_person_over_the_network_and_waits() -> None:
    """The whole path on a real host: its bot heading out sends ``partner_question`` to the
    person's client, the host waits (nothing is applied), and the person's "yes" lets the
    bot go out."""
    from carioca_desktop.net.client import NetClient
    from carioca_desktop.net.partner import PartnerQuestion
    from tests.fixtures.netkit import CODE, new_host
    from tests.fixtures.waiting import wait_until

    desk = _desk_at_a_going_out()
    seat, partner = desk.seat, (desk.seat + 2) % 4
    specs = ",".join("remote" if s == partner else "normal" for s in range(4))
    host = new_host("buraco", {"preset": "brasileiro", "ask_partner": True}, specs, 3,
                    grace=600, buy_seconds=30.0)  # fmt: skip
    client = NetClient(f"127.0.0.1:{host.port}", CODE, "Carla", reconnect=False)
    try:
        wait_until(lambda: host.session is not None, what="the start",
                   step=lambda: host.poll(0.02))  # fmt: skip
        host.session.game = desk.game  # the deal where the bot at ``seat`` can go out
        host.session.bots[seat] = Hasty(desk.action)
        applied = host.applied
        got: list[Any] = []
        question = wait_until(
            lambda: next((e for e in got if isinstance(e, PartnerQuestion)), None),
            what="the partner question",
            seen=lambda: got[-8:],
            step=lambda: (host.poll(0.02), got.extend(client.poll(0.02))),
        )
        assert (question.seat, question.seconds) == (seat, 30.0)
        for _ in range(5):
            host.poll(0.02)
        assert host.applied == applied and not host._host_acts()  # the bot waits
        client.send_partner_answer(question.question, True)
        wait_until(lambda: host.applied != applied, what="the bot's move after the yes",
                   step=lambda: host.poll(0.02))  # fmt: skip
        log = host.session.game.state.log
        assert any(e.kind == "go_out" and e.seat == seat for e in log)  # it went out
    finally:
        client.close()
        host.close()
