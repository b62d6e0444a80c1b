"""The buy offer on the table: a small prompt over the pozo while the viewer is the seat the
engine asks (the card, the question, the countdown, Comprar / Pasar). How long it waits and
why it then passes: play/carioca/offer.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIImage, UILabel, UIPanel

from carioca_desktop.i18n import language, tr
from carioca_desktop.play.carioca.offer import OFFER_SECONDS, OfferClock
from carioca_desktop.play.text import card_label
from carioca_desktop.ui.scenes.carioca.layout import TableLayout
from carioca_desktop.ui.tablekit.wordsize import speak_up

Command = Callable[[], object]


class OfferPrompt:
    """The prompt and its countdown (``clock``): shown for one offer at one window size
    (``show`` again is free), gone with ``hide``."""

    def __init__(
        self, manager: pygame_gui.UIManager, seconds: float | None = OFFER_SECONDS
    ) -> None:
        self.manager = manager
        self.clock = OfferClock(seconds)
        self.box: UIPanel | None = None
        self.cost: UILabel | None = None
        self.count: UILabel | None = None
        self.buy: UIButton | None = None
        self.pass_: UIButton | None = None
        self._shown: object = None
        self._seconds = -1
        self._pass: Command = _nothing

    @property
    def visible(self) -> bool:
        return self.box is not None

    def update(
        self,
        card: str | None,
        key: object,
        layout: TableLayout,
        face: pygame.Surface | None,
        buy: Command,
        pass_: Command,
    ) -> None:
        """Show the offer of ``card`` (``key`` tells offers apart: a new one restarts the
        clock), or nothing when ``card`` is None."""
        if card is None or face is None:
            self.clock.stop()
            self.hide()
            return
        self.clock.restart(key)
        self._pass = pass_
        self.show(layout, face, card_label(card), self.clock.shown, buy, pass_)

    def tick(self, dt: float) -> bool:
        """Count down while the table runs; at zero the person passes. True while an offer
        is open (its countdown needs frames)."""
        if not self.clock.running or not self.clock.limited:
            return False
        if self.clock.tick(dt):
            self._pass()
            return self.clock.running
        self.show_seconds(self.clock.shown)
        return True

    def show(
        self,
        layout: TableLayout,
        face: pygame.Surface,
        card: str,
        seconds: int,
        buy: Command,
        pass_: Command,
    ) -> None:
        """The prompt for ``card`` (its ``face`` drawn at the left), counting ``seconds``."""
        key = (card, layout.size, language())  # made again after a language switch
        if key == self._shown and self.box is not None:
            self.show_seconds(seconds)
            return
        self.hide()
        self._shown = key
        px = layout.upx
        rect = offer_rect(layout)
        box = UIPanel(
            rect, starting_height=5, manager=self.manager, object_id=ObjectID(class_id="@popup")
        )  # opaque, as the discard prompt
        card_h = rect.height - px(16)
        card_w = round(card_h * face.get_width() / max(1, face.get_height()))
        image = pygame.transform.smoothscale(face, (card_w, card_h))
        UIImage(pygame.Rect(px(8), px(8), card_w, card_h), image, self.manager, container=box)
        left = px(16) + card_w
        width = rect.width - left - px(10)
        ask = UILabel(pygame.Rect(left, px(6), width, px(30)), tr("table.offer.ask", card=card),
                      self.manager, container=box)  # fmt: skip
        # What a buy costs: the stock's top card comes with it (RULES.md §5).
        self.cost = UILabel(pygame.Rect(left, px(34), width, px(24)), tr("table.offer.cost"),
                            self.manager, container=box,
                            object_id=ObjectID(class_id="@small"))  # fmt: skip
        self.count = UILabel(pygame.Rect(left, px(58), width, px(24)), "", self.manager,
                             container=box, object_id=ObjectID(class_id="@small"))  # fmt: skip
        bw = (width - px(8)) // 2
        self.buy = UIButton(pygame.Rect(left, px(90), bw, px(38)), tr("table.offer.buy"),
                            self.manager, container=box,
                            object_id=ObjectID(class_id="@primary"), command=buy)  # fmt: skip
        self.pass_ = UIButton(pygame.Rect(left + bw + px(8), px(90), bw, px(38)),
                              tr("table.offer.pass"), self.manager, container=box,
                              command=pass_)  # fmt: skip
        speak_up(self.manager, [ask, self.cost, self.count, self.buy, self.pass_], layout.grow)
        self.box = box
        self._seconds = -1
        self.show_seconds(seconds)

    @property
    def buttons(self) -> list[UIButton]:
        """Comprar and Pasar, while shown."""
        return [b for b in (self.buy, self.pass_) if b is not None]

    def show_seconds(self, seconds: int) -> None:
        """Show the whole seconds left (only when they change)."""
        if self.count is not None and seconds != self._seconds:
            self._seconds = seconds
            words = "table.offer.countdown" if self.clock.limited else "table.offer.no_limit"
            self.count.set_text(tr(words, n=seconds))

    def hide(self) -> None:
        if self.box is not None:
            _ui(self.box).kill()
        self.box, self.count, self.buy, self.pass_, self._shown = None, None, None, None, None
        self.cost = None


def _nothing() -> None:
    """What the prompt's clock does before any offer."""


def _ui(element: object) -> Any:
    """pygame_gui's kill is untyped; calling it through Any keeps this module type-checked."""
    return element


def offer_rect(layout: TableLayout) -> pygame.Rect:
    """Where the offer shows: above the discard pile, beside the piles (right or left) or
    under them, never over a seat's panel or the person's hand where one of those places
    leaves them clear (at 1024x600 with four seats or more only under the piles does: it
    covered the right-hand seat's panel), there over the person's slots rather than half
    their buttons; among those, the one that covers least
    of the other seats' melds and of the person's own row of slots and buttons (counted
    double: their own; the buttons twice more)."""
    px = layout.upx
    screen = pygame.Rect((0, 0), layout.size)
    piles = layout.stock.union(layout.pozo)
    above, right, left, below = (pygame.Rect(0, 0, px(400), px(140)) for _ in range(4))
    above.midbottom = (layout.pozo.centerx, layout.pozo.top - px(8))
    right.midleft = (piles.right + px(16), piles.centery)
    left.midright = (piles.left - px(16), piles.centery)
    below.midtop = (piles.centerx, piles.bottom + px(8))
    # Over the person's slots alone: the buttons beside them and the piles' words stay whole.
    slots = below.copy()
    slots.topright = (min(below.right, layout.slots_area.right), layout.lower.top)
    clear = [*(spot.panel for spot in layout.seats.values()), layout.hand_area]

    def area(rect: pygame.Rect, others: list[pygame.Rect]) -> int:
        return sum(rect.clip(r).w * rect.clip(r).h for r in others)

    def cost(rect: pygame.Rect) -> int:
        clipped = rect.clamp(screen)
        inside = 0 if screen.contains(rect) else 1 << 40  # clamped onto something else
        own = 2 * area(clipped, [layout.lower]) + 2 * area(clipped, layout.buttons)
        zones = area(clipped, list(layout.zones.values()))
        return inside + (area(clipped, clear) << 24) + zones + own

    return min((above, right, left, slots, below), key=cost).clamp(screen)
