"""Each game's real table, played from this computer at a network table: the local table
scene over a ``NetSession`` (play/netsession.py) with the network's part (overlay.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.net.partner import PartnerQuestion, PartnerSaid
from carioca_desktop.play.carioca.offer import OfferClock
from carioca_desktop.play.netsession import REMOTE, NetRefused, NetSession
from carioca_desktop.ui.nettable.overlay import NetOverlay, refusal_words
from carioca_desktop.ui.scenes.buraco.partner import PartnerAsk
from carioca_desktop.ui.scenes.buraco.scene import BuracoTableScene
from carioca_desktop.ui.scenes.carioca.scene import TableScene

if TYPE_CHECKING:
    from carioca_desktop.net.link import SeatLink
    from carioca_desktop.ui.scene import Host, Scene


class NetPart:
    """What both games' network tables do each frame (mixed in before the table)."""

    app: Host
    net: NetOverlay
    session: Any
    layout: Any

    def net_words(self) -> list[str]:
        """The session's news read; at the host gone, back to the menu with the message; a
        refused move of this computer's: the refusal sound, the table as it was. A next deal
        that came after the round sheet's Continue is shown now."""
        if self.session.deal_arrived():
            self.sync()  # type: ignore[attr-defined]  # the table's, mixed in
        words = self.net.read()
        if self.net.gone is not None:
            self.leave(self.net.gone)
        elif self.net.refused:
            self.net.refused = False
            self.put_back()
        return words

    def put_back(self) -> None:
        """The host refused the move on its way: nothing changed, the table read again."""
        self.app.sounds.play("refuse")
        self.sync()  # type: ignore[attr-defined]  # the table's, mixed in

    def reactions_beside(self) -> pygame.Rect:
        """The bar's Keys button, right of which the Reactions button sits (per game)."""
        raise NotImplementedError

    def place_reactions(self) -> None:
        self.net.enter(self.reactions_beside(), self.layout.upx(10), float(self.layout.grow))

    def enter(self) -> None:
        super().enter()  # type: ignore[misc]  # the table's own enter (mixed in before it)
        self.place_reactions()

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)  # type: ignore[misc]
        if self.net.toggle is not None:  # not while the table is left (no button to move)
            self.place_reactions()

    def resume(self) -> None:
        super().resume()  # type: ignore[misc]
        self.place_reactions()  # the language may be another now

    def exit(self) -> None:
        super().exit()  # type: ignore[misc]
        self.net.kill()
        self.session.close()  # left the table: the host keeps the seat for its grace

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.net.key(event):
            return True
        if self.session.sending is not None and _locked(event):
            return True  # the move on its way waits for the host: no other move meanwhile
        return bool(super().handle_event(event))  # type: ignore[misc]

    def leave(self, message: str) -> None:
        message, self.net.gone = message, None
        app = self.app
        self.session.close()
        menu = app.routes.menu()
        messages = getattr(menu, "messages", None)  # the menu's notice box, shown a while
        if isinstance(messages, list):
            messages.append(message)
        app.reset(menu)


def _locked(event: pygame.event.Event) -> bool:
    """The person's input held while their move waits for the host (Escape still pauses)."""
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        return True
    return event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE


class NetCariocaTable(NetPart, TableScene):
    """Carioca's table at a network table."""

    def __init__(self, app: Host, session: NetSession) -> None:
        super().__init__(app, cast(Any, session))
        self.net = NetOverlay(app, session)
        self.played: Sequence[int] = ()  # the hand's cards the move on its way uses

    def reactions_beside(self) -> pygame.Rect:
        keys = self.widgets.keys.rect if self.widgets is not None else pygame.Rect(0, 0, 0, 0)
        return pygame.Rect(keys)

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
            self.toast(words, self.layout.slots_area.midtop)
        self._offer_clock()
        busy = super().update(dt)
        return busy or self.net.busy

    def _offer_clock(self) -> None:
        """The buy offer counts the host's seconds (None: no limit)."""
        offer, seconds = self.offer, self.session.buy_seconds
        if offer is not None and offer.clock.seconds != seconds:
            running, key = offer.clock.running, offer.clock.key
            offer.clock = OfferClock(seconds)
            if running:  # shown before the host's ask came: it counts, and says so, now
                offer.clock.restart(key)
                offer.show_seconds(offer.clock.shown)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        drawn = self.net.draw(surface, self._seat_rect, self.layout.upx(10))
        self.frame.window.also_drawn(drawn)  # laid back over by the next frame

    def _seat_rect(self, seat: int) -> pygame.Rect | None:
        spot = self.layout.seats.get(seat)
        if spot is not None:
            return pygame.Rect(spot.panel)
        return pygame.Rect(self.layout.hand_area) if seat == self.viewer else None

    def perform(self, action: Any, from_rect: pygame.Rect | None = None,
                played: Sequence[int] = ()) -> None:  # fmt: skip
        """The person's move is sent (its cards stay in the hand, dimmed, until the host's
        state comes back as the next move); a move that came is shown as a bot's is."""
        if action is REMOTE:
            if self.session.answer_due:  # the host's answer: the right copies leave the hand
                played, self.played = self.played, ()
            super().perform(cast(Any, action), None, played)
            return
        try:
            super().perform(action, from_rect, ())
            self.played = played
        except NetRefused as err:  # known here: not asked, or not connected
            self.toast(refusal_words(err.refusal), self.layout.slots_area.midtop)
            self.app.sounds.play("refuse")
            self.sync()

    def put_back(self) -> None:
        self.played = ()
        super().put_back()


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


TABLES: dict[str, type[NetCariocaTable] | type[NetBuracoTable]] = {
    "carioca": NetCariocaTable,
    "buraco": NetBuracoTable,
}


def _serve(app: Host) -> None:
    """One poll of the table this program hosts, if it hosts one (ui/serving.py)."""
    served = getattr(app, "served", None)
    if served is not None:
        served.tick()


def net_table(app: Host, links: Sequence[SeatLink]) -> Scene:
    """The table of a network match played from this computer by ``links``' seats."""
    try:
        session = NetSession(links, app.paths, lambda: _serve(app))
    except ConnectionError:  # the host went before its first state: say so, at the menu
        for link in links:
            link.client.close()
        menu = app.routes.menu()
        messages = getattr(menu, "messages", None)
        if isinstance(messages, list):
            messages.append(tr("net.table.host_gone"))
        return menu
    return TABLES[session.GAME](app, session)
