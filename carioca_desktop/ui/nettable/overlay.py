"""What a network table adds to a local one, for both games: the remote people's avatars
(connected, reconnecting with the grace's seconds left, played by a bot), the reactions
(a row of buttons, F5-F10, a bubble by the sender's seat for a few seconds), the notice
while this computer reconnects, the host's refusals in words, and the host gone: a message
and back to the menu."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from carioca_desktop.i18n import tr
from carioca_desktop.net.client import (
    Lost,
    Reaction,
    Reconnected,
    Reconnecting,
    Refusal,
    Refused,
    SeatChanged,
)
from carioca_desktop.net.partner import PartnerQuestion, PartnerSaid
from carioca_desktop.net.protocol import REACTIONS
from carioca_desktop.play.netsession import REMOTE_PERSON, NetSession
from carioca_desktop.play.text import refusal_text
from carioca_desktop.rules.errors import Refusal as RulesRefusal
from carioca_desktop.ui import theme
from carioca_desktop.ui.drawing import draw_text, font, panel
from carioca_desktop.ui.tablekit.wordsize import speak_up

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

REACTION_KEYS = (pygame.K_F5, pygame.K_F6, pygame.K_F7, pygame.K_F8, pygame.K_F9, pygame.K_F10)
BUBBLE_SECONDS = 4.0


@dataclass
class Bubble:
    seat: int
    text: str
    until: float


def refusal_words(refusal: Refusal) -> str:
    """The host's refusal as a local table says it: the engine's rule in words, else the
    protocol's own message (``net.error.*``)."""
    if refusal.rule:
        params = {k: v for k, v in refusal.params.items() if isinstance(v, (str, int))}
        return refusal_text(RulesRefusal(refusal.rule, refusal.message, params))
    return tr(refusal.key) if refusal.key.startswith("net.") else refusal.message


class NetOverlay:
    """The network's part of one table screen (see the module's words)."""

    def __init__(self, app: Host, session: NetSession) -> None:
        self.app = app
        self.session = session
        self.away_since: dict[int, float] = {}  # remote seat → when it dropped
        self.bubbles: list[Bubble] = []
        self.reconnecting: tuple[float, float] | None = None  # (seconds left, at)
        self.buttons: list[UIButton] = []  # the open row of reactions
        self.toggle: UIButton | None = None
        self.unit, self.grow = 10, 1.0
        self.gone: str | None = None
        self.refused = False  # the host refused this computer's move since the last read
        self.partner: list[PartnerQuestion | PartnerSaid] = []  # Buraco's question, for the table
        self.grace = session.links[0].welcomed.grace
        self._last_react = -10.0

    # ------------------------------------------------------------------ widgets
    def enter(self, beside: pygame.Rect, unit: int, grow: float = 1.0) -> None:
        """The Reactions button in the bar, right of ``beside`` (the Keys button): it opens
        the row of reactions under the bar (F5-F10 send them at once). ``grow``: the table's
        buttons' words over the theme's (ui/tablekit/wordsize), as Menu and Keys beside it."""
        self.kill()
        self.unit, self.grow = unit, grow
        text = tr("net.table.reactions")
        # Measured in the button's own font (the theme's 16 px at the UI scale): the table's
        # unit alone made it too narrow at 1024x600 ("Reaktione" in Swedish).
        said = self._font().size(text)[0]
        w = said + max(unit * 4, round(24 * self.app.ui_scale * grow))
        rect = pygame.Rect(beside.right + unit, beside.y, w, beside.h)
        self.toggle = UIButton(rect, text, self.app.manager, command=self.open_row,
                               object_id=ObjectID(class_id="@flat"))  # fmt: skip
        self.toggle.set_tooltip("F5-F10")
        speak_up(self.app.manager, [self.toggle], grow)

    def _font(self) -> pygame.font.Font:
        """The buttons' words as they are drawn: the theme's 16 px, grown as the table's."""
        return font(max(11, self.unit * 16 // 10, round(16 * self.app.ui_scale * self.grow)))

    def show_toggle(self, shown: bool) -> None:
        """Show or hide the Reactions button (and close its row when hidden)."""
        toggle = self.toggle
        if toggle is None or bool(toggle.visible) == shown:
            return
        if shown:
            cast(Any, toggle).show()  # pygame_gui: untyped
        else:
            self._kill_row()
            cast(Any, toggle).hide()

    def open_row(self) -> None:
        """Show the reactions under the bar, or hide them when they show."""
        if self.buttons:
            self._kill_row()
            return
        if self.toggle is None:
            return
        unit, words = self.unit, [tr(f"net.react.{key}") for key in REACTIONS]
        fnt = self._font()
        x, y, h = self.toggle.rect.x, self.toggle.rect.bottom + unit, unit * 3 + unit // 2
        for i, (key, text) in enumerate(zip(REACTIONS, words, strict=True)):
            rect = pygame.Rect(x, y, fnt.size(text)[0] + unit * 5, h)
            button = UIButton(rect, text, self.app.manager, command=lambda k=key: self.react(k))
            button.set_tooltip(f"F{5 + i}")
            speak_up(self.app.manager, [button], self.grow)
            self.buttons.append(button)
            x = rect.right + unit // 2

    def _kill_row(self) -> None:
        for button in self.buttons:
            cast(Any, button).kill()  # pygame_gui's kill is untyped
        self.buttons = []

    def kill(self) -> None:
        self._kill_row()
        if self.toggle is not None:
            cast(Any, self.toggle).kill()
            self.toggle = None

    def react(self, key: str) -> None:
        """Send one reaction (the host drops more than one every 2 s: so does this)."""
        self._kill_row()
        now = time.monotonic()
        if now - self._last_react < 2.0:
            return
        self._last_react = now
        self.session.react(key)

    def key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in REACTION_KEYS:
            self.react(REACTIONS[REACTION_KEYS.index(event.key)])
            return True
        return False

    # ------------------------------------------------------------------ news
    def read(self) -> list[str]:
        """Take the session's news; returns the words to show as toasts."""
        words: list[str] = []
        news, self.session.news = self.session.news, []
        for event in news:
            if isinstance(event, SeatChanged):
                if event.status == "away":
                    self.away_since[event.seat] = time.monotonic()
                else:
                    self.away_since.pop(event.seat, None)
            elif isinstance(event, Reaction) and event.key in REACTIONS:
                text = tr(f"net.react.{event.key}")
                self.bubbles.append(Bubble(event.seat, text, time.monotonic() + BUBBLE_SECONDS))
            elif isinstance(event, Reconnecting):
                self.reconnecting = (event.seconds_left, time.monotonic())
            elif isinstance(event, Reconnected):
                self.reconnecting = None
            elif isinstance(event, (Lost, Refused)):
                self.gone = tr("net.table.host_gone")
            elif isinstance(event, Refusal):
                words.append(refusal_words(event))
                self.refused = True
            elif isinstance(event, (PartnerQuestion, PartnerSaid)):
                self.partner.append(event)
                words += self._said_words(event)
        self.bubbles = [b for b in self.bubbles if b.until > time.monotonic()]
        return words

    def _said_words(self, event: PartnerQuestion | PartnerSaid) -> list[str]:
        """A partner's answer in words, as at a local table (none for a turn already over)."""
        if not isinstance(event, PartnerSaid) or event.by == "over":
            return []
        partner = self.session.seats[(event.seat + 2) % 4].name
        return [tr("partner.said_yes" if event.yes else "partner.said_no", partner=partner)]

    @property
    def busy(self) -> bool:
        """Something on screen counts down (the table wants frames)."""
        return bool(self.bubbles or self.reconnecting or self.away_since or self.session.sending)

    def status_words(self, seat: int) -> str | None:
        """A remote seat's avatar line: reconnecting with its seconds, or played by a bot."""
        if self.session.seats[seat].kind != REMOTE_PERSON:
            return None
        status = self.session.status.get(seat, "here")
        if status == "bot":
            return tr("net.table.seat_bot")
        if status == "away":
            since = self.away_since.get(seat, time.monotonic())
            left = max(0, round(self.grace - (time.monotonic() - since)))
            return tr("net.table.seat_away", seconds=left)
        return tr("net.table.seat_here")

    def notice(self) -> str | None:
        if self.reconnecting is None:
            return None
        left, at = self.reconnecting
        seconds = max(0, round(left - (time.monotonic() - at)))
        return tr("net.table.reconnecting", seconds=seconds)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, seat_rect: Any, unit: int) -> list[pygame.Rect]:
        """The avatars' lines and the bubbles by the seats, the notice at the top; returns
        where it drew (the table lays its layer back there on the next frame)."""
        drawn: list[pygame.Rect] = []
        small = font(max(11, unit * 13 // 10))
        for seat in range(len(self.session.seats)):
            rect: pygame.Rect | None = seat_rect(seat)
            if rect is None:
                continue
            words = self.status_words(seat)
            if words:
                colour = theme.GREEN_OK if self.session.status.get(seat, "here") == "here" \
                    else theme.GOLD  # fmt: skip
                drawn.append(self._pill(surface, words, rect, small, colour))
            for bubble in [b for b in self.bubbles if b.seat == seat][-1:]:
                drawn.append(self._bubble(surface, bubble.text, rect, small))
        sending = self.session.sending
        rect = seat_rect(sending.feed.seat) if sending is not None else None
        if rect is not None:
            drawn.append(self._pending(surface, rect, font(max(12, unit * 16 // 10), bold=True)))
        notice = self.notice()
        if notice:
            big = font(max(14, unit * 2), bold=True)
            box = pygame.Rect(0, 0, big.size(notice)[0] + unit * 4, big.get_height() + unit * 2)
            box.center = (surface.get_width() // 2, surface.get_height() * 3 // 10)
            panel(surface, box, border=theme.GOLD)
            draw_text(surface, notice, big, box.center, theme.GOLD, anchor="center")
            drawn.append(box.inflate(28, 28))  # the panel's shadow reaches past the box
        return drawn

    def _pending(self, surface: pygame.Surface, rect: pygame.Rect,
                 fnt: pygame.font.Font) -> pygame.Rect:  # fmt: skip
        """The person's move on its way: their cards dimmed, "waiting for the host" above."""
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 110))
        surface.blit(veil, rect)
        sending = self.session.sending
        text = tr("net.table.sending")
        if sending is not None and sending.partner:  # Buraco: the partner is asked first
            text = tr("net.table.asking_partner",
                      partner=self.session.seats[(sending.feed.seat + 2) % 4].name)  # fmt: skip
        w, h = fnt.size(text)
        box = pygame.Rect(0, 0, w + 14, h + 4)
        box.midbottom = (rect.centerx, rect.top + h + 6)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, theme.PANEL, box, 0, box.h // 2)
        pygame.draw.rect(surface, theme.GOLD, box, 1, box.h // 2)
        draw_text(surface, text, fnt, box.center, theme.GOLD, anchor="center", shadow=False)
        return rect.union(box)

    def _pill(self, surface: pygame.Surface, text: str, rect: pygame.Rect,
              fnt: pygame.font.Font, colour: tuple[int, int, int]) -> pygame.Rect:  # fmt: skip
        """The avatar's line on a small pill across the panel's lower edge (below it the
        Buraco table's buttons may start at once)."""
        w, h = fnt.size(text)
        box = pygame.Rect(0, 0, w + 14, h + 4)
        box.center = (rect.centerx, rect.bottom)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, theme.PANEL, box, 0, box.h // 2)
        pygame.draw.rect(surface, colour, box, 1, box.h // 2)
        draw_text(surface, text, fnt, box.center, colour, anchor="center", shadow=False)
        return box

    def _bubble(self, surface: pygame.Surface, text: str, rect: pygame.Rect,
                fnt: pygame.font.Font) -> pygame.Rect:  # fmt: skip
        w, h = fnt.size(text)
        box = pygame.Rect(0, 0, w + 16, h + 10)
        box.midbottom = (rect.centerx, rect.top - 4)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (250, 246, 232), box, 0, 10)
        pygame.draw.rect(surface, theme.GOLD, box, 2, 10)
        draw_text(surface, text, fnt, box.center, theme.TOAST, anchor="center", shadow=False)
        return box
