"""Buraco's table at a network table: the local table scene over a ``NetSession``
(play/netsession.py) with the network's part (ui/nettable/) and the partner's question asked
through the host."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.net.partner import PartnerQuestion, PartnerSaid
from carioca_desktop.play.netsession import NetRefused, NetSession
from carioca_desktop.ui.nettable.overlay import NetOverlay, refusal_words
from carioca_desktop.ui.nettable.scenes import NetPart
from carioca_desktop.ui.scenes.buraco.partner import PartnerAsk
from carioca_desktop.ui.scenes.buraco.scene import BuracoTableScene

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host


class _TrustHost(PartnerAsk):
    """At a network table the host's engine judges going out: it refuses a going out whose
    partner was not asked this turn, and the session asks through the host then
    (play/netsession.py, net/partner.py); this computer's person answers a partner's
    question in the dialog below (``NetBuracoTable.partner_news``)."""

    def may_go(self, action: Any, anchor: tuple[int, int]) -> bool:
        return True

    def bot_waits(self) -> bool:
        """The host's bots ask a person partner through the host (``partner_question``,
        net/partner.py's ``_bot_move``), never through this table."""
        return False


class NetBuracoTable(NetPart, BuracoTableScene):
    """Buraco's table at a network table."""

    def __init__(self, app: Host, session: NetSession) -> None:
        super().__init__(app, cast(Any, session))
        self.net = NetOverlay(app, session)
        self.partner = _TrustHost(self)
        self.question: tuple[int, Any] | None = None  # the partner's question shown

    def reactions_beside(self) -> pygame.Rect:
        return pygame.Rect(self.layout.keys)

    def place_reactions(self) -> None:
        super().place_reactions()
        toggle = self.net.toggle  # the bar's title keeps clear of it (cut "Reaktioner" in sv)
        self.layout.bar_clear = 0 if toggle is None else toggle.rect.right

    def partner_news(self) -> None:
        """A partner's question to this computer's person: the yes/no dialog, as at a local
        table (mouse or keyboard); closed when the host answered it another way."""
        news, self.net.partner = self.net.partner, []
        for event in news:
            if isinstance(event, PartnerQuestion):
                self._ask_person(event)
            elif self.question is not None and event.question == self.question[0]:
                dialog = self.question[1]
                self.question = None
                if self.app.stack.top is dialog:
                    self.app.pop()

    def _ask_person(self, event: PartnerQuestion) -> None:
        names = [c.name for c in self.session.seats]
        session = self.session

        def answer(yes: bool) -> None:
            self.question = None
            session.answer_question(event, yes)

        dialog = self.app.routes.confirm(
            tr("partner.question", name=names[event.seat]),
            [tr("partner.details", partner=names[(event.seat + 2) % 4])],
            tr("partner.yes"), tr("partner.no"),
            lambda: answer(True), on_no=lambda: answer(False),
            settled=lambda: self._settled(event.question),
        )  # fmt: skip
        self.question = (event.question, dialog)
        self.app.push(dialog)

    def _settled(self, number: int) -> bool:
        """While the question is on top (the table below is not updated): whether the host
        settled it another way (its time limit, the turn over) or the host is gone."""
        self.session.pump()
        news = self.session.news
        return self.session.lost is not None or any(
            isinstance(e, PartnerSaid) and e.question == number for e in news
        )

    def update(self, dt: float) -> bool:
        for words in self.net_words():
            self.toast(words, self.layout.centre.center)
        self.partner_news()
        self.net.show_toggle(self.sheet is None)  # the round sheet hides the bar's buttons
        busy = super().update(dt)
        return busy or self.net.busy

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.window.also_drawn(self.net.draw(surface, self._seat_rect, self.layout.upx(10)))

    def _seat_rect(self, seat: int) -> pygame.Rect | None:
        if self.sheet is not None:
            return None  # the round sheet lies over the avatars: no line or bubble across it
        rect = self.layout.seats.get(seat)
        if rect is not None:
            return pygame.Rect(rect)
        return pygame.Rect(self.layout.our_zone) if seat == self.viewer else None

    def perform(self, action: Any) -> None:
        try:
            super().perform(action)
        except NetRefused as err:
            self.toast(refusal_words(err.refusal), self.layout.centre.center)
            self.app.sounds.play("refuse")
            self.sync()
