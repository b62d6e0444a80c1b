"""Hot seat's privacy screen: an opaque page naming the next person, hiding the whole table."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.ui import hud, theme
from carioca_desktop.ui.cardart import CardArt
from carioca_desktop.ui.widgets import (
    UIScene,
    card_fan,
    draw_text,
    fit,
    font,
    gold_title,
    panel,
    wrap,
)

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

GUARD = 0.4  # seconds: a click or key still in flight from the last turn must not reveal


class PrivacyScene(UIScene):
    """The "Turno de Ana — pulsa para mostrar tu mano" page. Opaque: nothing of the table
    shows through, only what everyone knows (whose turn, which round). A click anywhere, Enter
    or Space reveals; Esc opens the pause menu."""

    opaque = True

    def __init__(
        self,
        app: Host,
        seat: int,
        name: str,
        round_text: str,
        reveal: Callable[[int], None],
        label: str | None = None,
        other: str | None = None,
    ) -> None:
        super().__init__(app)
        self.other = other  # the one other person of a 2-player game: named, not "the others"
        self.seat = seat
        self.name = name
        self.label = label  # the avatar's letters, as on the seat's panel (hud.initials)
        self.round_text = round_text
        self._reveal = reveal
        self._fan: tuple[int, pygame.Surface] | None = None
        self.age = 0.0
        self.words_bottom = 0  # where the last painted line ends (kept above the button)

    def _box(self) -> pygame.Rect:
        w, h = self.size
        height = round(440 * self.t) + round(54 * self.u)  # the words, then the button
        # two lines of round text fit; a third (Buraco's score, "since your turn") adds one
        extra = max(0, len(self.round_text.split("\n")) - 2)
        height += extra * font(round(15 * self.t)).get_linesize()
        box = pygame.Rect(0, 0, min(w - 80, round(760 * self.t)), min(h - 60, height))
        box.center = (w // 2, h // 2)
        return box

    def build(self) -> None:
        box = self._box()
        bw, bh = round(min(380 * self.u, box.w - 80)), round(54 * self.u)
        rect = pygame.Rect(0, 0, bw, bh)
        rect.midbottom = (box.centerx, box.bottom - round(34 * self.t))
        self.button(rect, tr("hotseat.show", name=self.name), self.reveal, "primary")
        self.focus.restore(0)

    def update(self, dt: float) -> bool:
        self.age += dt
        super().update(dt)
        return False

    def reveal(self) -> None:
        """The named person is at the screen: hand the table back to them."""
        if self.age < GUARD or self.app.stack.top is not self:
            return
        self._reveal(self.seat)
        self.app.pop()

    def pointer(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.reveal()

    def back(self) -> None:
        self.app.push(self.app.routes.pause())

    def paint(self, surface: pygame.Surface) -> None:
        box = self._box()
        panel(surface, box, alpha=235, border=theme.GOLD)
        t = self.t
        fan = self._fan_image(round(64 * t))
        surface.blit(fan, fan.get_rect(midtop=(box.centerx, box.y + round(26 * t))))
        y = box.y + round(26 * t) + fan.get_height() + round(6 * t)
        size = round(84 * t)
        # as on the player's seat panel
        badge = hud.avatar(self.seat, self.name, size // 2, self.label)
        surface.blit(badge, badge.get_rect(midtop=(box.centerx, y)))
        y += size + round(10 * t)
        title = gold_title(tr("hotseat.title", name=self.name), round(44 * t), box.w - 60)
        surface.blit(title, title.get_rect(midtop=(box.centerx, y)))
        y += title.get_height()
        body = font(round(19 * t))
        for line in wrap(self.prompt(), body, box.w - 100):
            draw_text(surface, line, body, (box.centerx, y), theme.TEXT, "midtop")
            y += body.get_linesize()
        small = font(round(15 * t))
        y += round(8 * t)
        for line in self.round_text.split("\n"):  # the round; at Buraco, then the score
            line = fit(line, small, box.w - 60)  # long names stay in the box
            draw_text(surface, line, small, (box.centerx, y), theme.TEXT_DIM, "midtop")
            y += small.get_linesize()
        self.words_bottom = y

    def prompt(self) -> str:
        if self.other is not None:
            return tr("hotseat.prompt_two", name=self.name, other=self.other)
        return tr("hotseat.prompt", name=self.name)

    def _fan_image(self, width: int) -> pygame.Surface:
        """A small fan of card backs: a hand, face down."""
        if self._fan is None or self._fan[0] != width:
            art = CardArt(width, self.app.settings.four_colour)
            back = art.back(self.app.settings.card_back)
            self._fan = (width, card_fan(art, [back] * 5, spread=40))
        return self._fan[1]

    def on_resize(self, size: tuple[int, int]) -> None:
        self._fan = None
        super().on_resize(size)
