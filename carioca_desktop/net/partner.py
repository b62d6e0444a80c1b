"""Buraco's partner question at a network table (the ``ask_partner`` house rule, four players):
before going out a player asks their partner through the host, who alone judges it.

The flow (docs/network.md): the asked seat's client sends ``partner_ask`` with its open ask
(the host refuses a going out not asked this turn with ``partner_first``, so the client asks
then). A partner played on the host (a bot, or a stand-in) answers at once as the local bots
do (``bots.buraco.asking.bot_answer``); a partner whose person is away answers the rule's
default; a partner's person gets ``partner_question`` (only that seat) and answers with
``partner_answer`` within the buy time, else the default. The answer, ``partner_said``,
goes to both seats of the side; one question a turn; a going out after "not yet" is
refused (``partner_no``). A bot played on the host that heads out asks its partner
the same way (``_bot_move``, as bots/buraco/asking.py at a local table) and waits.
Silence is consent: the rule lets the partner object, so a
partner who says nothing lets the player go out (``DEFAULT``).

The client's side is here too: the two events and the two messages a client sends."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from carioca_desktop.net import protocol as p

DEFAULT = True
"""The answer of a partner who does not answer in time or is away (see the module's words)."""

Turn = tuple[int, int, int]  # the asker's seat, round, its turn in the round


@dataclass
class Question:
    """A question on its way to a partner's person: its number, who asks, their turn, and
    the seconds left to answer (None: no limit)."""

    number: int
    seat: int
    turn: Turn
    left: float | None


class PartnerDesk:
    """The host's side (mixed into ``TableHost``, which provides the seats and sending)."""

    remote: dict[int, Any]
    conn_seat: dict[int, int]
    session: Any
    finished: bool
    kind: Any
    asked: Any
    buy_seconds: float | None
    question: Question | None = None
    questions: int = 0
    _partner_answers: dict[Turn, bool] | None = None

    game: Any

    if TYPE_CHECKING:  # the host's own (net/lobby.py)

        def _error(self, conn: int, code: str, message: str, **extra: Any) -> None: ...
        def _welcomed(self, conn: int) -> int | None: ...
        def _playing(self, conn: int) -> int | None: ...
        def _on_the_ask(self, conn: int, seat: int, ask_id: int) -> bool: ...
        def _to_seat(self, seat: int, message: dict[str, Any], text: str | None = None) -> None: ...

    def _asks(self) -> bool:
        from carioca_desktop.bots.buraco.asking import asks

        return self.kind.partners and self.game is not None and asks(self.game)

    @property
    def partner_answers(self) -> dict[Turn, bool]:
        if self._partner_answers is None:
            self._partner_answers = {}
        return self._partner_answers

    def _partner_ask(self, conn: int, msg: p.PartnerAsk) -> None:
        """A seat asks its partner (see the module's words); an error changes nothing."""
        from carioca_desktop.bots.buraco.asking import turn_of

        seat = self._playing(conn)
        if seat is None:
            return None
        if not self._asks():
            return self._error(conn, p.RULE_OFF, "this table's rules ask no partner")
        if not self._on_the_ask(conn, seat, msg.ask):
            return None
        turn = turn_of(self.game, seat)
        if self.question is not None or turn in self.partner_answers:
            return self._error(conn, p.ASKED_ALREADY, "your partner was asked this turn")
        question = self._new_question(seat, turn)
        partner = (seat + 2) % 4
        person = self.remote.get(partner)
        if person is None or person.standin is not None:
            from carioca_desktop.bots.buraco.asking import bot_answer

            return self._said(question, bot_answer(self.game, seat), "bot")
        if person.conn is None:
            return self._said(question, DEFAULT, "default")
        self.question = question
        self._to_seat(partner, {"t": "partner_question", "question": question.number,
                                "seat": seat, "seconds": question.left})  # fmt: skip

    def _new_question(self, seat: int, turn: Turn) -> Question:
        self.questions = self.questions + 1 if self.questions else secrets.randbelow(2**31)
        return Question(self.questions, seat, turn, self.buy_seconds)

    def _bot_move(self, seat: int, bot: Any) -> Any | None:
        """The move of a bot played on the host; under the rule, a bot heading out asks
        its partner first, as at a local table: a bot partner answers at once, a person
        (here or at another computer) gets ``partner_question`` with the host's time limit,
        and the bot waits (None) until the answer or the default comes."""
        if not self._asks():
            return self.kind.decide(self.game, seat, bot)
        from carioca_desktop.bots.buraco.asking import Asked
        from carioca_desktop.bots.buraco.driver import buraco_step_asking

        step = buraco_step_asking(self.game, {seat: bot}, ask=self._answer_for_bot)
        if not isinstance(step, Asked):
            return step
        if self.question is None:
            from carioca_desktop.bots.buraco.asking import turn_of

            self.question = self._new_question(seat, turn_of(self.game, seat))
            self._to_seat((seat + 2) % 4, {"t": "partner_question", "seat": seat,
                                           "question": self.question.number,
                                           "seconds": self.question.left})  # fmt: skip
        return None

    def _answer_for_bot(self, seat: int) -> bool | None:
        """A bot's partner's answer now: a bot's at once, a person's given this turn, the
        default for a person away, None while the person has not answered."""
        from carioca_desktop.bots.buraco.asking import bot_answer, turn_of

        person = self.remote.get((seat + 2) % 4)
        if person is None or person.standin is not None:
            return bot_answer(self.game, seat)
        said = self.partner_answers.get(turn_of(self.game, seat))
        if said is not None:
            return said
        return DEFAULT if person.conn is None else None

    def _partner_answer(self, conn: int, msg: p.PartnerAnswer) -> None:
        seat = self._welcomed(conn)
        if seat is None:
            return None
        question = self.question
        if question is None or msg.question != question.number:
            return self._error(conn, p.NO_QUESTION, "no such question is waiting for you")
        if seat != (question.seat + 2) % 4:
            return self._error(conn, p.OTHER_SEAT, "only the asker's partner answers")
        self._said(question, msg.yes, "partner")

    def _said(self, question: Question, yes: bool, by: str) -> None:
        """The answer, kept for the asker's turn and sent to both seats of the side."""
        self.partner_answers[question.turn] = yes
        self.question = None
        said = {"t": "partner_said", "question": question.number, "seat": question.seat,
                "yes": yes, "by": by}  # fmt: skip
        self._to_seat(question.seat, said)
        self._to_seat((question.seat + 2) % 4, said)

    def _partner_tick(self, dt: float) -> None:
        """The question's clock: the default when the partner is away or silent too long,
        or when the asker's turn is over without waiting (``by`` "over")."""
        from carioca_desktop.bots.buraco.asking import turn_of

        question = self.question
        if question is None:
            return
        game = self.game
        if game is None or game.round_over or turn_of(game, question.seat) != question.turn:
            return self._said(question, DEFAULT, "over")
        person = self.remote.get((question.seat + 2) % 4)
        if person is None or person.conn is None or person.standin is not None:
            return self._said(question, DEFAULT, "default")
        if question.left is not None:
            question.left -= dt
            if question.left <= 0:
                self._said(question, DEFAULT, "default")

    def _going_out_refused(self, seat: int, action: Any) -> tuple[str, str] | None:
        """Why the host refuses ``action`` under the rule: going out not asked this turn, or
        after "not yet" (the host's engine judges what goes out); None to let it through."""
        if not self._asks():
            return None
        from carioca_desktop.bots.buraco.asking import turn_of

        events = self.game.clone().apply(action)
        if not any(e.kind == "go_out" and e.seat == seat for e in events):
            return None
        said = self.partner_answers.get(turn_of(self.game, seat))
        if said is None:
            return p.PARTNER_FIRST, "ask your partner before going out"
        return None if said else (p.PARTNER_NO, "your partner said not yet this turn")


# ---------------------------------------------------------------------- the client's side
@dataclass(frozen=True)
class PartnerQuestion:
    """The host asks this computer's seat, the partner of ``seat``: may they go out?"""

    question: int
    seat: int
    seconds: float | None


@dataclass(frozen=True)
class PartnerSaid:
    """The answer to ``seat``'s question: ``by`` partner, bot, default (silent or away) or
    over (the asker's turn ended first)."""

    question: int
    seat: int
    yes: bool
    by: str


def read_question(d: dict[str, Any]) -> PartnerQuestion:
    question, seat, seconds = _int(d.get("question")), _int(d.get("seat")), d.get("seconds")
    if question is None or seat is None or not (seconds is None or _number(seconds)):
        raise p.ProtocolError(p.BAD_FIELD, "partner_question: question, seat, seconds")
    return PartnerQuestion(question, seat, None if seconds is None else float(seconds))


def read_said(d: dict[str, Any]) -> PartnerSaid:
    question, seat, yes, by = (
        _int(d.get("question")),
        _int(d.get("seat")),
        d.get("yes"),
        d.get("by"),
    )
    if question is None or seat is None or not isinstance(yes, bool) or not isinstance(by, str):
        raise p.ProtocolError(p.BAD_FIELD, "partner_said: question, seat, yes, by")
    return PartnerSaid(question, seat, yes, by[:12])


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def ask_message(ask: int) -> str:
    return p.encode({"t": "partner_ask", "ask": ask})


def answer_message(question: int, yes: bool) -> str:
    return p.encode({"t": "partner_answer", "question": question, "yes": bool(yes)})
