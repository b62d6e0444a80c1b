"""A move seen at the table: applied through the session, then each card it moved flown from
where it was to where it lies now (flights.py plans the flights) with the move's sound; and a
refused or aimless drop's card gliding home."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.play.text import event_line
from carioca_desktop.ui.anim import Flight
from carioca_desktop.ui.scenes.carioca.flights import Arrival, card_places, snapshot

if TYPE_CHECKING:
    from carioca_desktop.rules.carioca.actions import Action
    from carioca_desktop.ui.scenes.carioca.input import Drag
    from carioca_desktop.ui.scenes.carioca.tablehost import TableHost

SOUNDS = {"draw": "draw", "buy": "draw", "discard": "discard", "lay_down": "place", "add": "place",
          "swap": "place", "round_end": "round_end", "deal": "deal"}  # fmt: skip


class TableMotion:
    """The flights and sounds of the moves made at one table."""

    def __init__(self, scene: TableHost) -> None:
        self.s = scene

    def card_places(self) -> dict[int, tuple[str, pygame.Rect]]:
        s = self.s
        return card_places(s.view, s.model.hand, s.model.slots)

    def perform(
        self, action: Action, from_rect: pygame.Rect | None = None, played: Sequence[int] = ()
    ) -> None:
        """Apply a legal action and animate what it did (the caller checked it); ``played``
        are the viewer's cards it used, so the right copies leave the hand."""
        s = self.s
        before = snapshot(s.model.obs, self.card_places(), s.view, s.layout)
        first = s.session.game.event_count
        s.session.apply(action)
        for uid in played:
            s.model.hand.remove(uid)
        new_uids = s.sync()
        arrival = Arrival(s.view, self.card_places(), new_uids)
        for event in s.obs.events[first:]:
            if event.kind == "discard":
                s.model.pozo_under = before.obs.pozo_top
            for flight in s.planner.plan(event, before, arrival, from_rect):
                s.animator.add(flight)
            if event.kind in SOUNDS:
                s.app.sounds.play(SOUNDS[event.kind])
            if event.kind == "buy" and event.seat != s.viewer:  # out of turn: say so
                line = event_line(event, s.obs.names, s.viewer)
                s.toast(line or "", s.layout.pozo.midtop)

    def glide_back(self, drag: Drag) -> None:
        """A refused or aimless drop: the card glides home (its place stays empty till then)."""
        s = self.s
        hide: Hashable = ("hand", drag.uid) if drag.uid is not None else None
        home = drag.home
        if drag.uid is not None:
            home = self.card_places().get(drag.uid, ("", home))[1]
        duration = max(s.glide, 0.12) if s.glide > 0 else 0.0
        shadow = s.images.shadow(drag.image.get_width())
        s.animator.add(Flight(drag.image, drag.rect, home, duration, 0.0, hide, shadow))
        s.app.dirty()
