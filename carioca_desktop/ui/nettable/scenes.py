"""What both games' network tables share: ``NetPart``, mixed in before each game's table
scene (``ui/scenes/<game>/nettable.py``), and the session a network match opens with (the
router, ui/routes.py, builds the game's table through ui/games.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.play.netsession import NetSession
from carioca_desktop.ui.nettable.overlay import NetOverlay

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
        if self.session.sending is not None and locked(event):
            return True  # the move on its way waits for the host: no other move meanwhile
        return bool(super().handle_event(event))  # type: ignore[misc]

    def leave(self, message: str) -> None:
        message, self.net.gone = message, None
        self.session.close()
        self.app.reset(menu_saying(self.app, message))


def menu_saying(app: Host, message: str) -> Scene:
    """The menu with ``message`` in its notice box (shown a while)."""
    menu = app.routes.menu()
    messages = getattr(menu, "messages", None)
    if isinstance(messages, list):
        messages.append(message)
    return menu


def locked(event: pygame.event.Event) -> bool:
    """The person's input held while their move waits for the host (Escape still pauses)."""
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        return True
    return event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE


def _serve(app: Host) -> None:
    """One poll of the table this program hosts, if it hosts one (ui/serving.py)."""
    served = getattr(app, "served", None)
    if served is not None:
        served.tick()


def open_session(app: Host, links: Sequence[SeatLink]) -> NetSession | Scene:
    """The session of a network match played from this computer by ``links``' seats; the
    menu saying so if the host went before its first state."""
    try:
        return NetSession(links, app.paths, lambda: _serve(app))
    except ConnectionError:
        for link in links:
            link.client.close()
        return menu_saying(app, tr("net.table.host_gone"))
