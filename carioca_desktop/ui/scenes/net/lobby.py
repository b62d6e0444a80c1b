"""The joiner's lobby: every seat and who sits there, the rules in words (the rules screen's
text), a ready mark; the host starts. When the host's ``start`` arrives the table opens with
this seat's ``SeatLink``; when the host leaves or removes this person, it says so."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.ui import theme
from carioca_desktop.ui.fitwords import button_width, paint_words
from carioca_desktop.ui.scenes.net.rulescroll import RulesScene
from carioca_desktop.ui.scenes.net.seatlist import paint_rules, paint_seats, seat_name
from carioca_desktop.ui.scenes.net.words import game_name, refusal_text, rules_of, sides
from carioca_desktop.ui.widgets import gold_title, panel

if TYPE_CHECKING:
    from carioca_desktop.ui.joining import Joining
    from carioca_desktop.ui.scene import Host


class LobbyScene(RulesScene):
    """Seats at the left, rules at the right; Leave and the ready mark below."""

    def __init__(self, app: Host, joining: Joining) -> None:
        super().__init__(app)
        self.joining = joining
        self.ended = ""  # why the table is gone (the host left, this person was removed)

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        w, h = self.size
        m, top, bar_h = round(24 * self.k), round(92 * self.k), round(64 * self.u)
        left_w = round((w - 3 * m) * 0.42)  # the rules need the room more than the seats
        seats = pygame.Rect(m, top, left_w, h - top - m - bar_h)
        rules = pygame.Rect(seats.right + m, top, w - seats.right - 2 * m, seats.h)
        return seats, rules, pygame.Rect(m, seats.bottom + m // 2, w - 2 * m, bar_h - m // 2)

    def _bar_buttons(self, bar: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        """Leave at the left, the ready mark at the right, each as wide as its words (and
        as wide whichever the mark says), so the words between get the rest of the bar."""
        u, most = self.u, round(bar.w * 0.3)
        leave = min(button_width(tr("net.lobby.leave"), u), most)
        ready = min(max(button_width(tr(k), u) for k in ("net.lobby.ready", "net.lobby.not_ready")),
                    most)  # fmt: skip
        return (pygame.Rect(bar.x, bar.y, leave, bar.h),
                pygame.Rect(bar.right - ready, bar.y, ready, bar.h))  # fmt: skip

    def build(self) -> None:
        _, _, bar = self._areas()
        leave, ready = self._bar_buttons(bar)
        self.button(leave, tr("net.lobby.leave"), self.back)
        if not self.ended:
            words = tr("net.lobby.not_ready" if self.joining.ready else "net.lobby.ready")
            self.button(ready, words, self.toggle_ready, None if self.joining.ready else "primary")
        self.focus.restore(len(self.focus.items) - 1)

    def toggle_ready(self) -> None:
        self.joining.set_ready(not self.joining.ready)
        self.rebuild()

    def update(self, dt: float) -> bool:
        moving = super().update(dt)
        joining = self.joining
        if self.ended or not (joining.poll() or joining.link is not None):
            return moving
        if joining.link is not None:
            self.app.replace(self.app.routes.net_table([joining.link]))
        elif joining.refused is not None:
            refused = joining.refused
            self._end(refusal_text(refused.reason, refused.key, refused.message))
        elif joining.lost is not None:
            self._end(tr("net.lobby.host_left"))
        else:
            self.repaint()
        return moving

    def _end(self, why: str) -> None:
        self.ended = why
        self.joining.close()
        self.rebuild()

    def back(self) -> None:
        self.joining.close()
        self.app.pop()

    def paint(self, surface: pygame.Surface) -> None:
        seats, rules_box, bar = self._areas()
        u, lobby = self.u, self.joining.lobby
        game = (
            lobby.game if lobby else (self.joining.welcomed.game if self.joining.welcomed else "")
        )
        title = tr("net.lobby.title") + (f" · {game_name(game)}" if game else "")
        image = gold_title(title, round(40 * self.k), seats.w)
        surface.blit(image, image.get_rect(midleft=(seats.x, round(48 * self.k))))
        panel(surface, seats, border=theme.GOLD)
        mine = [] if self.joining.seat is None else [self.joining.seat]
        names = [seat_name(s, i) for i, s in enumerate(self.joining.seats)]
        notes = sides(bool(game) and self.app.routes.game(game).partners, names)
        paint_seats(surface, seats, self.joining.seats, u, mine, 0, self.k, notes)
        panel(surface, rules_box)
        rules = rules_of(game, lobby.rules) if lobby else None
        if rules is not None:
            words_of = self.app.routes.game(game)
            paint_rules(surface, rules_box, words_of.rules_words(rules),
                        words_of.rules_name(rules), u, scroll=self.rule_scroll)  # fmt: skip
        # Once ready, the words say so: the mark alone left "waiting for what?" unanswered.
        waiting = tr("net.lobby.ready_wait" if self.joining.ready else "net.lobby.wait_host")
        words = ("✕ " + self.ended) if self.ended else waiting
        if not self.ended and self.joining.reconnecting is not None:
            words = tr("net.table.reconnecting", seconds=round(self.joining.reconnecting))
        colour = theme.RED_BAD if self.ended else theme.TEXT
        paint_words(surface, words, self.status_box(bar), round(16 * u), colour, True, "center")

    def status_box(self, bar: pygame.Rect) -> pygame.Rect:
        """Between the two buttons, kept centred on the bar (the words were cut at 1024x600)."""
        leave, ready = self._bar_buttons(bar)
        half = min(bar.centerx - leave.right, ready.x - bar.centerx) - 16
        return pygame.Rect(bar.centerx - half, bar.y, 2 * max(0, half), bar.h)
