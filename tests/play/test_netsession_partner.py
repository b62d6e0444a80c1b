"""The asker's side of Buraco's partner question (play/netsession.py): a going out the host
refuses with "ask your partner first" is not shown as a refusal; the session asks the
partner through the host and keeps the move on its way; on "yes" the same move goes again on
the same ask, on "not yet" the ask is open again and the answer is news for the table."""

from __future__ import annotations

from collections import deque
from types import SimpleNamespace
from typing import Any

from carioca_desktop.net import protocol as p
from carioca_desktop.net.client import Asked, Refusal, StateChanged
from carioca_desktop.net.games import KINDS
from carioca_desktop.net.partner import PartnerSaid
from carioca_desktop.play.netsession import Feed, NetSession
from carioca_desktop.rules.buraco.actions import Discard


class FakeClient:
    """Records what the session sends; every send succeeds."""

    def __init__(self) -> None:
        self.sent: list[tuple[Any, ...]] = []

    def send_action(self, ask: int, action: dict[str, Any]) -> bool:
        self.sent.append(("action", ask, action))
        return True

    def send_partner_ask(self, ask: int) -> bool:
        self.sent.append(("partner_ask", ask))
        return True


def _session() -> tuple[NetSession, Feed, FakeClient]:
    client = FakeClient()
    link = SimpleNamespace(client=client, welcomed=SimpleNamespace(seat=0))
    feed = Feed(link, obs=SimpleNamespace(phase="play"), inbox=deque())  # type: ignore[arg-type]
    session = object.__new__(NetSession)
    session.feeds, session.kind, session.news = [feed], KINDS["buraco"], []
    session.sending, session._answer_seq, session.shown = None, None, 10
    session.buy_seconds, session.lost, session.status = None, None, {}
    feed.ask = Asked(77, 0, (), None)
    return session, feed, client


def _arrive(session: NetSession, feed: Feed, event: Any) -> None:
    feed.inbox.append(event)
    session._take(feed)


def test_a_going_out_asks_the_partner_then_goes_again_on_yes() -> None:
    session, feed, client = _session()
    out = Discard(0, "5H")
    session._send(out)
    action = KINDS["buraco"].action_to_dict(out)
    assert client.sent == [("action", 77, action)] and feed.ask is None
    _arrive(session, feed, Refusal(p.PARTNER_FIRST, "net.error.partner_first", "", ask=77))
    assert client.sent[-1] == ("partner_ask", 77)  # asked, not shown as a refusal
    assert session.news == [] and session.sending is not None and session.sending.partner
    said = PartnerSaid(5, 0, True, "partner")
    _arrive(session, feed, said)
    assert client.sent[-1] == ("action", 77, action)  # the same move, on the same ask
    assert session.sending is not None and not session.sending.partner
    assert session.news == [said]  # the table says "yes" in words
    _arrive(session, feed, StateChanged(None, 11))  # type: ignore[arg-type]
    assert session.sending is None and session.answer_due


def test_not_yet_reopens_the_ask_and_nothing_is_sent_again() -> None:
    session, feed, client = _session()
    session._send(Discard(0, "5H"))
    _arrive(session, feed, Refusal(p.PARTNER_FIRST, "net.error.partner_first", "", ask=77))
    said = PartnerSaid(5, 0, False, "partner")
    _arrive(session, feed, said)
    assert [s[0] for s in client.sent] == ["action", "partner_ask"]
    assert session.sending is None and feed.ask == Asked(77, 0, (), None)
    assert session.news == [said]
