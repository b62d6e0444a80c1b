"""Buraco's partner question at a network table (the ``ask_partner`` house rule, protocol 3):
only the partner's seat is asked; a bot partner answers as the local bots do; a silent or
absent partner counts as the rule's default; the bad forms (another seat, out of turn, no
question pending, replayed) are refused and change nothing; the host refuses a going out
not asked this turn, or after "not yet"."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from carioca_desktop.net import protocol as p
from carioca_desktop.net.client import Asked, NetClient, Refusal
from carioca_desktop.net.partner import DEFAULT, PartnerQuestion, PartnerSaid
from tests.fixtures.netkit import CODE, HostThread, new_host
from tests.fixtures.waiting import PATIENCE, wait_until

pytestmark = pytest.mark.timeout(120)
ASKING = {"preset": "brasileiro", "ask_partner": True}


class Seat:
    """A joined client and everything it received."""

    def __init__(self, port: int, name: str) -> None:
        self.client = NetClient(f"127.0.0.1:{port}", CODE, name, reconnect=False)
        self.got: list[Any] = []
        self.read = 0  # events before this one were looked at by an earlier ``until``

    def until(self, ok: Callable[[Any], bool], seconds: float = PATIENCE) -> Any:
        """The next event (after the one the last call returned) that is ``ok``: a second
        refusal of the same code must be a new one, not the first seen again."""

        def found() -> Any:
            for i in range(self.read, len(self.got)):
                if ok(self.got[i]):
                    self.read = i + 1
                    return self.got[i]
            return None

        return wait_until(found, seconds, "the event", lambda: self.got[self.read :][-8:],
                          lambda: self.got.extend(self.client.poll(0.05)))  # fmt: skip

    def of(self, kind: type) -> list[Any]:
        self.got += self.client.poll(0.2)
        return [e for e in self.got if isinstance(e, kind)]


@pytest.fixture
def started() -> Iterator[Callable[..., tuple[Any, list[Seat]]]]:
    threads: list[HostThread] = []
    seats: list[Seat] = []

    def start(
        specs: str, rules: dict[str, Any] | None = None, people: int | None = None, **kw: Any
    ) -> tuple[Any, list[Seat]]:
        host = new_host("buraco", rules or ASKING, specs, 3, grace=600, **kw)
        threads.append(HostThread(host))
        names = iter(("Ana", "Beto", "Carla", "Diego"))
        for _ in range(specs.split(",").count("remote") if people is None else people):
            seat = Seat(host.port, next(names))
            seat.until(lambda e: type(e).__name__ == "Welcomed")
            seats.append(seat)
        return host, list(seats)

    yield start
    for seat in seats:
        seat.client.close()
    for thread in threads:
        thread.stop()


def _asked(seat: Seat) -> Asked:
    event = seat.until(lambda e: isinstance(e, Asked) and e.seat == 0)
    assert isinstance(event, Asked)
    return event


def _error(seat: Seat, code: str) -> Refusal:
    event = seat.until(lambda e: isinstance(e, Refusal) and e.code == code)
    assert isinstance(event, Refusal)
    return event


def test_only_the_partner_is_asked_and_the_bad_forms_change_nothing(started: Any) -> None:
    host, (ana, carla) = started("remote,normal,remote,normal")
    ask = _asked(ana)
    before = (host.applied, host.game.event_count)
    carla.client.send_raw(p.encode({"t": "partner_ask", "ask": ask.ask}))
    _error(carla, p.NOT_YOUR_TURN)  # out of turn: not Carla's turn
    carla.client.send_partner_answer(12345, True)
    _error(carla, p.NO_QUESTION)  # no question pending
    ana.client.send_partner_ask(ask.ask + 1)
    _error(ana, p.STALE)  # another turn's ask
    ana.client.send_partner_ask(ask.ask)
    question = carla.until(lambda e: isinstance(e, PartnerQuestion))
    assert question.seat == 0 and question.seconds == host.buy_seconds
    ana.client.send_partner_ask(ask.ask)
    _error(ana, p.ASKED_ALREADY)  # one question a turn
    assert not ana.of(PartnerQuestion)  # only the partner's seat is asked
    ana.client.send_partner_answer(question.question, True)
    _error(ana, p.OTHER_SEAT)  # the asker cannot answer for the partner
    carla.client.send_partner_answer(question.question, False)
    said = ana.until(lambda e: isinstance(e, PartnerSaid))
    assert (said.seat, said.yes, said.by) == (0, False, "partner")
    assert carla.until(lambda e: isinstance(e, PartnerSaid)) == said  # the dialog closes
    carla.client.send_partner_answer(question.question, True)
    _error(carla, p.NO_QUESTION)  # replayed: answered already
    assert (host.applied, host.game.event_count) == before  # nothing was played


def test_a_bot_partner_answers_as_the_local_bots_do(started: Any) -> None:
    from carioca_desktop.bots.buraco.asking import bot_answer

    host, (ana,) = started("remote,normal,normal,normal")
    ask = _asked(ana)
    expected = bot_answer(host.game, 0)
    ana.client.send_partner_ask(ask.ask)
    said = ana.until(lambda e: isinstance(e, PartnerSaid))
    assert (said.yes, said.by) == (expected, "bot")


def test_a_silent_or_absent_partner_counts_as_the_default(started: Any) -> None:
    host, (ana, carla) = started("remote,normal,remote,normal", buy_seconds=0.4)
    ask = _asked(ana)
    ana.client.send_partner_ask(ask.ask)
    carla.until(lambda e: isinstance(e, PartnerQuestion))  # and says nothing
    said = ana.until(lambda e: isinstance(e, PartnerSaid))
    assert (said.yes, said.by) == (DEFAULT, "default")
    host.partner_answers.clear()  # a new question this turn (as on the next turn)
    carla.client.close()
    wait_until(lambda: host.remote[2].conn is None, what="the host hearing Carla's drop")
    ana.client.send_partner_ask(ask.ask)
    said = ana.until(lambda e: isinstance(e, PartnerSaid) and e.question != said.question)
    assert (said.yes, said.by) == (DEFAULT, "default")


def test_a_carioca_join_partner_answers_the_question(started: Any, tmp_path: Any) -> None:
    """``carioca join``'s bot, asked as the partner, answers as a bot does (not the
    default of a silent partner)."""
    from tests.fixtures.netkit import join_in_thread

    host, (ana,) = started("remote,normal,remote,normal", people=1)
    joiner = join_in_thread(host.port, "Bot", "normal", 4, tmp_path)  # seat 2; then the start
    ask = _asked(ana)
    ana.client.send_partner_ask(ask.ask)
    said = ana.until(lambda e: isinstance(e, PartnerSaid))
    assert said.by == "partner"
    assert joiner.is_alive()


def test_the_question_is_refused_where_the_rule_is_off(started: Any) -> None:
    _host, (ana,) = started("remote,normal,normal,normal", {"preset": "brasileiro"})
    ana.client.send_partner_ask(_asked(ana).ask)
    _error(ana, p.RULE_OFF)


def test_the_host_refuses_a_going_out_not_asked_or_after_not_yet() -> None:
    """The host's own judgement, on a real position where a going out is legal: a bots'
    match played until one of the current player's legal actions goes out."""
    from carioca_desktop.bots.buraco.asking import turn_of
    from carioca_desktop.net.host import TableHost

    desk = _desk_at_a_going_out()
    seat, action = desk.seat, desk.action
    refused = TableHost._going_out_refused
    assert refused(desk, seat, action) == (p.PARTNER_FIRST, "ask your partner before going out")
    desk.partner_answers[turn_of(desk.game, seat)] = False
    assert refused(desk, seat, action)[0] == p.PARTNER_NO  # type: ignore[index]
    desk.partner_answers[turn_of(desk.game, seat)] = True
    assert refused(desk, seat, action) is None
    from carioca_desktop.rules.buraco.game import BuracoGame

    desk.partner_answers.clear()
    desk.game = BuracoGame.new(desk.game.rules, 1)  # a fresh deal: nobody can go out
    first = desk.game.current_player
    assert all(refused(desk, first, a) is None for a in desk.game.legal_actions(first))


def _goes_out(game: Any, seat: int, action: Any) -> bool:
    return any(e.kind == "go_out" and e.seat == seat for e in game.clone().apply(action))


def _desk_at_a_going_out() -> Any:
    from carioca_desktop.bots.buraco.driver import buraco_step
    from carioca_desktop.net.games import KINDS
    from carioca_desktop.net.partner import PartnerDesk
    from carioca_desktop.rules.buraco.game import BuracoGame

    kind = KINDS["buraco"]
    rules = kind.load_rules({**ASKING, "players": 4})
    for seed in range(40):
        game = BuracoGame.new(rules, seed)
        bots = [kind.make_bot("easy", s, s) for s in range(4)]
        while not game.round_over:
            seat = game.current_player
            few = seat is not None and len(game.hand(seat)) <= 2  # only then can it go out
            going = [a for a in game.legal_actions(seat) if few and _goes_out(game, seat, a)]
            if going:
                desk = PartnerDesk()
                desk.game, desk.kind = game, kind  # type: ignore[misc]
                desk.seat, desk.action = seat, going[0]  # type: ignore[attr-defined]
                return desk
            game.apply(buraco_step(game, bots))
    raise AssertionError("no going out found in 40 deals")
