"""Carioca's table at a network table: the local table scene over a ``NetSession``
(play/netsession.py) with the network's part (ui/nettable/)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import pygame

from carioca_desktop.play.carioca.offer import OfferClock
from carioca_desktop.play.netsession import REMOTE, NetRefused, NetSession
from carioca_desktop.ui.nettable.overlay import NetOverlay, refusal_words
from carioca_desktop.ui.nettable.scenes import NetPart
from carioca_desktop.ui.scenes.carioca.scene import TableScene

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host


class NetCariocaTable(NetPart, TableScene):
    """Carioca's table at a network table."""

    def __init__(self, app: Host, session: NetSession) -> None:
        super().__init__(app, cast(Any, session))
        self.net = NetOverlay(app, session)
        self.played: Sequence[int] = ()  # the hand's cards the move on its way uses

    def reactions_beside(self) -> pygame.Rect:
        keys = self.widgets.keys.rect if self.widgets is not None else pygame.Rect(0, 0, 0, 0)
        return pygame.Rect(keys)

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
