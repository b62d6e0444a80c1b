"""The host's waiting room: the table code large and easy to read aloud, this computer's
addresses with the port (read from the interfaces, never sent), each seat filling as people
join, Remove for a person before the start, and Start (everyone is here) or Start now with
bots in the free seats. The table is served by the app; this screen only shows and asks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.net.discovery import own_addresses
from carioca_desktop.ui import theme
from carioca_desktop.ui.fitwords import button_width, paint_words
from carioca_desktop.ui.scenes.net.rulescroll import RulesScene
from carioca_desktop.ui.scenes.net.seatlist import (
    notes_room,
    paint_rules,
    paint_seats,
    row_rects,
    seat_name,
)
from carioca_desktop.ui.scenes.net.words import game_name, refusal_text, sides
from carioca_desktop.ui.widgets import draw_text, fit, font, gold_title, panel, wrap

if TYPE_CHECKING:
    from carioca_desktop.ui.joining import LocalPeople
    from carioca_desktop.ui.scene import Host
    from carioca_desktop.ui.serving import ServedTable

ADDRESSES_SHOWN = 3


def spaced_code(code: str) -> str:
    """ "K7Q4XM" as "K7Q 4XM": two groups of three are easier to read aloud."""
    return f"{code[:3]} {code[3:]}" if len(code) == 6 else code


def with_port(address: str, port: int) -> str:
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"


class WaitingRoomScene(RulesScene):
    """The host's screen from the table's opening to its start (see the module's words)."""

    def __init__(self, app: Host, served: ServedTable, people: LocalPeople) -> None:
        super().__init__(app)
        self.served, self.people = served, people
        self.addresses = [with_port(a, served.host.port) for a in own_addresses()]
        self.seats: list[dict[str, Any]] = self._read_seats()
        self.problem = ""

    @property
    def host(self) -> Any:
        return self.served.host

    def _read_seats(self) -> list[dict[str, Any]]:
        return [dict(s) for s in self.host.lobby_seats()]

    def free(self) -> int:
        return sum(1 for s in self.seats if s.get("status") == "open")

    def mine(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.get("kind") == "local"]

    def seating(self) -> bool:
        """Whether this computer's own people are still joining their seats: Start waits for
        them (started before, the host's seat would be named "Jugador 1"), unless a client
        of theirs failed, which the bar then says."""
        if any(p.refused is not None or p.lost is not None for p in self.people.people):
            return False
        return any(self.seats[i].get("status") != "here" for i in self.mine())

    # ------------------------------------------------------------------ layout
    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """The code's panel, the seats', the rules' and the bar."""
        w, h = self.size
        m, top, bar_h = round(24 * self.k), round(84 * self.k), round(64 * self.u)
        left_w = round((w - 3 * m) * 0.56)
        code_h = round(min(250 * self.u, (h - top - bar_h) * 0.42))
        code = pygame.Rect(m, top, left_w, code_h)
        seats = pygame.Rect(m, code.bottom + m // 2, left_w, h - code.bottom - m - bar_h - m // 2)
        rules = pygame.Rect(code.right + m, top, w - code.right - 2 * m, seats.bottom - top)
        bar = pygame.Rect(m, seats.bottom + m // 2, w - 2 * m, bar_h - m // 2)
        return code, seats, rules, bar

    def _bar_buttons(self, bar: pygame.Rect) -> dict[str, pygame.Rect]:
        """Close at the left; Start with bots (while seats are free) and Start at the right,
        each as wide as its words (the status between them needs the room at 1024x600)."""
        u, gap = self.u, 12
        keys = ["leave", *(["start_bots"] if self.free() else []), "start"]
        widths = {k: min(button_width(tr(f"net.wait.{k}"), u), round(bar.w * 0.3)) for k in keys}
        rects = {"leave": pygame.Rect(bar.x, bar.y, widths["leave"], bar.h)}
        right = bar.right
        for key in reversed(keys[1:]):
            rects[key] = pygame.Rect(right - widths[key], bar.y, widths[key], bar.h)
            right -= widths[key] + gap
        return rects

    def build(self) -> None:
        _, seats, _, bar = self._areas()
        places = self._bar_buttons(bar)
        self.button(places["leave"], tr("net.wait.leave"), self.back)
        waits = self.host.session is not None or self.seating()
        if self.free():
            now = self.button(places["start_bots"], tr("net.wait.start_bots"), self.start)
            if waits:
                now.disable()
        start = self.button(places["start"], tr("net.wait.start"), self.start, "primary")
        if self.free() or waits:
            start.disable()
        else:
            self.focus.restore(len(self.focus.items) - 1)  # everyone is here: Enter starts
        side = round(110 * self.u)
        for i, rect in enumerate(row_rects(seats, len(self.seats), self.u,
                                           notes_room(self._notes(), self.u))):  # fmt: skip
            seat = self.seats[i]
            if seat.get("kind") == "remote" and seat.get("status") in ("here", "away"):
                spot = pygame.Rect(rect.right - side - 4, rect.y + 3, side, rect.h - 6)
                self.button(spot, tr("net.wait.remove"), self._remover(i))

    def _notes(self) -> list[str]:
        """Buraco's sides under the seats (none at Carioca)."""
        names = [seat_name(s, i) for i, s in enumerate(self.seats)]
        return sides(self.app.routes.game(self.host.kind.name).partners, names)

    def _remover(self, seat: int) -> Any:
        return lambda: self.remove(seat)

    # ------------------------------------------------------------------ behaviour
    def update(self, dt: float) -> bool:
        moving = super().update(dt)
        self.people.poll()
        links = self.people.links()
        if links is not None:
            self.app.replace(self.app.routes.net_table(links))
            return moving
        for person in self.people.people:
            if person.refused is not None or person.lost is not None:
                refused = person.refused
                self.problem = (refusal_text(refused.reason, refused.key, refused.message)
                                if refused else tr("net.lobby.no_table"))  # fmt: skip
        seats = self._read_seats()
        if seats != self.seats:
            self.seats = seats
            self.rebuild()  # a Remove button for who came, none for who left
        return moving

    def start(self) -> None:
        """Start: the free seats (if any) are played by bots of the stand-in level (not
        while this computer's own people are still joining: Enter may come first)."""
        if self.host.session is None and not self.seating():
            self.host.start_now()
            self.rebuild()

    def remove(self, seat: int) -> None:
        self.host.remove(seat)
        self.seats = self._read_seats()
        self.rebuild()

    def back(self) -> None:
        """Close the table: its people are told the host left."""
        self.people.close()
        self.app.stop_serving()
        self.app.pop()

    # ------------------------------------------------------------------ picture
    def paint(self, surface: pygame.Surface) -> None:
        code, seats, rules, bar = self._areas()
        u = self.u
        title = f"{tr('net.wait.title')} · {game_name(self.host.kind.name)}"
        image = gold_title(title, round(36 * self.k), code.w)
        surface.blit(image, image.get_rect(midleft=(code.x, round(44 * self.k))))
        panel(surface, code, border=theme.GOLD)
        self._paint_code(surface, code)
        panel(surface, seats)
        paint_seats(surface, seats, self.seats, u, self.mine(), round(120 * u), self.k,
                    self._notes())  # fmt: skip
        panel(surface, rules)
        words_of = self.app.routes.game(self.host.kind.name)
        rows = words_of.rules_words(self.host.rules)
        paint_rules(surface, rules, rows, words_of.rules_name(self.host.rules), u,
                    scroll=self.rule_scroll)  # fmt: skip
        words = tr("net.wait.free", n=self.free()) if self.free() else tr("net.wait.all_here")
        if self.seating():
            words = tr("net.wait.seating")
        if self.problem:
            words = "✕ " + self.problem
        colour = theme.RED_BAD if self.problem else theme.GOLD
        paint_words(surface, words, self.status_box(bar), round(16 * u), colour, bold=True)

    def status_box(self, bar: pygame.Rect) -> pygame.Rect:
        """The bar between Close and the first Start button (at 1024x600 the words were
        drawn under "Start with bots" when they ran to 30% of the bar)."""
        places = self._bar_buttons(bar)
        left = places["leave"].right + 16
        right = places["start_bots" if self.free() else "start"].x - 16
        return pygame.Rect(left, bar.y, max(0, right - left), bar.h)

    def _paint_code(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        u = self.u
        label = font(round(18 * u), bold=True)
        draw_text(surface, tr("net.wait.code"), label, (box.x + 22, box.y + 14), theme.GOLD)
        big = gold_title(
            spaced_code(self.host.code), round(88 * max(u, self.k)), round(box.w * 0.55)
        )
        y = box.y + 14 + label.get_linesize()
        surface.blit(big, big.get_rect(topleft=(box.x + 18, y)))
        x = box.x + 36 + big.get_width()
        # Beside a big code the heading may not fit one line ("Dirección de esta
        # computadora" at 1280x720): two lines rather than cut words.
        width = box.right - x - 16
        ay = box.y + 14
        for line in wrap(address_heading(len(self.addresses)), label, width)[:2]:
            draw_text(surface, fit(line, label, width), label, (x, ay), theme.GOLD)
            ay += label.get_linesize()
        shown = self.addresses[:ADDRESSES_SHOWN] or [
            tr("net.wait.no_address", port=self.host.port)]  # fmt: skip
        mono = whole_font(shown, round(22 * max(u, self.k)), box.right - x - 16)
        ay += 6
        for address in shown:
            draw_text(surface, fit(address, mono, box.right - x - 16), mono, (x, ay), theme.TEXT)
            ay += mono.get_linesize()
        how = font(round(15 * u))
        at = (box.x + 22, box.bottom - 12)
        draw_text(surface, fit(tr("net.wait.how"), how, box.w - 44), how, at, theme.TEXT_DIM,
                  "bottomleft")  # fmt: skip


def address_heading(count: int) -> str:
    """ "This computer's address", or "addresses" above more than one."""
    return tr("net.wait.addresses_many" if count > 1 else "net.wait.addresses")


def whole_font(lines: list[str], size: int, width: int) -> pygame.font.Font:
    """The largest bold font, from ``size`` down to 14 px, that shows every address whole
    (a cut address cannot be typed in; the no-address line may still be cut)."""
    for px in range(size, 13, -1):
        mono = font(px, bold=True)
        if all(mono.size(line)[0] <= width for line in lines):
            return mono
    return font(14, bold=True)
