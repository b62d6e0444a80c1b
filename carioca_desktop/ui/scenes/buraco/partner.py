"""Asking the partner before going out (the ``ask_partner`` house rule, Buraco with four):
before the person's action that would go out is applied, their partner answers. A bot
answers at once from its own observation (bots/buraco/partner.py); a person at the same
screen is asked in a dialog, and the going out waits for the answer. One answer a turn.
When a person's bot partner heads out, the person is asked the same way and the bot waits
(``bot_waits``; the bots' side is bots/buraco/asking.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from carioca_desktop.bots.buraco.partner import agrees_to_go_out
from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco.text import rules_of
from carioca_desktop.rules.buraco.actions import Action, NextRound

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.buraco.tablehost import BuracoTableHost


def goes_out(table: BuracoTableHost, action: Action) -> bool:
    """Whether ``action`` (legal now) would end the round by the viewer going out."""
    events = table.session.game.clone().apply(action)
    return any(e.kind == "go_out" and e.seat == table.viewer for e in events)


class PartnerAsk:
    """The partner's answer for the current turn of the person."""

    def __init__(self, table: BuracoTableHost) -> None:
        self.t = table
        self.answers: dict[tuple[int, int], bool] = {}

    def _turn(self) -> tuple[int, int]:
        obs = self.t.obs
        turns = sum(1 for e in obs.events if e.seat == obs.seat and e.kind in ("draw", "take_pile"))
        return obs.round_number, turns

    def may_go(self, action: Action, anchor: tuple[int, int]) -> bool:
        """True if ``action`` may be applied now; else it waits for, or was refused by, the
        partner (said in a toast)."""
        t = self.t
        rules = rules_of(t.obs)
        if isinstance(action, NextRound) or not rules.ask_partner or t.obs.players != 4:
            return True
        if not goes_out(t, action):
            return True
        partner = (t.viewer + 2) % 4
        name = t.names[partner]
        turn = self._turn()
        if turn in self.answers:
            if not self.answers[turn]:
                t.toast(tr("partner.said_no", partner=name), anchor)
            return self.answers[turn]
        if not t.session.is_human(partner):
            yes = agrees_to_go_out(t.session.game.observation(partner))
            self.answers[turn] = yes
            t.toast(tr("partner.said_yes" if yes else "partner.said_no", partner=name), anchor)
            return yes

        def answer(yes: bool) -> None:
            self.answers[turn] = yes
            if yes and t.session.game.check(action) is None:
                t.perform(action)

        question = t.app.routes.confirm(
            tr("partner.question", name=t.names[t.viewer]),
            [tr("partner.details", partner=name)],
            tr("partner.yes"),
            tr("partner.no"),
            lambda: answer(True),
            on_no=lambda: answer(False),
        )
        t.app.push(question)
        return False

    def bot_waits(self) -> bool:
        """When the bot partner of a person heads out (``session.asked``), ask that person in
        a dialog; the bot waits for the answer (Esc answers nothing: it is asked again)."""
        t = self.t
        seat = t.session.asked
        if seat is None:
            return False
        person = (seat + 2) % 4
        question = t.app.routes.confirm(
            tr("partner.question", name=t.names[seat]),
            [tr("partner.details", partner=t.names[person])],
            tr("partner.yes"),
            tr("partner.no"),
            lambda: t.session.answer_partner(True),
            on_no=lambda: t.session.answer_partner(False),
        )
        t.app.push(question)
        return True
