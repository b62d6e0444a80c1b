"""Join a table: "Search the local network" (sent only when pressed, to the target of
``CARIOCA_DISCOVERY``) lists each table found (host, game, variant, free seats); or a typed
address. Then the code and the person's name (the names rule), and Join; refusals in words
(wrong code, table full, another version, nobody answering at that address)."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from carioca_desktop import games
from carioca_desktop.i18n import tr
from carioca_desktop.net import discovery
from carioca_desktop.net.admission import normal_code
from carioca_desktop.net.client import parse_address
from carioca_desktop.net.join import SeatStore
from carioca_desktop.rules.names import clean_name
from carioca_desktop.ui import theme
from carioca_desktop.ui.hintentry import HintEntry
from carioca_desktop.ui.joining import Joining
from carioca_desktop.ui.newgame_parts import name_entry
from carioca_desktop.ui.scenes.net.hosting import PORT
from carioca_desktop.ui.scenes.net.words import game_name, refusal_text
from carioca_desktop.ui.widgets import (
    Focusable,
    UIScene,
    draw_text,
    fit,
    font,
    gold_title,
    panel,
    wrap,
)

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

SEARCH_SECONDS = 1.0
LISTED = 6


def full_address(text: str) -> str:
    """The typed address with the usual port when none is given; ValueError when unusable."""
    text = text.strip()
    if text and ":" not in text.strip("[]").replace("::", "") and not text.endswith("]"):
        text = f"{text}:{PORT}"  # a plain name or IPv4 address
    elif text.startswith("[") and text.endswith("]"):
        text = f"{text}:{PORT}"
    host, port = parse_address(text)
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def found_text(found: discovery.Found) -> str:
    variant = found.variant
    for key in (f"houserules.preset.{variant}", f"{found.game}.preset.{variant}"):
        if tr(key) != key:
            variant = tr(key)
            break
    return tr("net.join.found", name=found.name, game=game_name(found.game)
              if found.game in games.GAMES else found.game, variant=variant,
              free=found.free)  # fmt: skip


class JoinScene(UIScene):
    """The tables found at the left, address, code and name at the right."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.found: list[discovery.Found] = []
        self.searching: threading.Thread | None = None
        self._results: list[list[discovery.Found] | str] = []
        self.searched = False
        self.address, self.code = "", ""
        self.name = clean_name(app.settings.player_name)
        self.message = ""
        self.joining: Joining | None = None
        self._entries: dict[Any, str] = {}

    # ------------------------------------------------------------------ layout
    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        w, h = self.size
        m, top, bar_h = round(24 * self.k), round(92 * self.k), round(64 * self.u)
        left_w = round((w - 3 * m) * 0.5)
        tables = pygame.Rect(m, top, left_w, h - top - m - bar_h)
        form = pygame.Rect(tables.right + m, top, w - tables.right - 2 * m, tables.h)
        return tables, form, pygame.Rect(m, tables.bottom + m // 2, w - 2 * m, bar_h - m // 2)

    def _row_h(self) -> int:
        return round(46 * self.u)

    def build(self) -> None:
        tables, form, bar = self._areas()
        rh, gap = self._row_h(), round(12 * self.u)
        x, width = form.x + 24, form.w - 48
        self._entries = {}
        y = form.y + round(52 * self.u)
        for key, value, hint in (("address", self.address, tr("net.join.address_hint")),
                                 ("code", self.code, tr("net.join.code_hint"))):  # fmt: skip
            box = self.holder(pygame.Rect(x, y, width, rh))
            entry = HintEntry(pygame.Rect((0, 0), (width, rh)), self.app.manager, box,
                                    initial_text=value, placeholder_text=hint)  # fmt: skip
            entry.set_text_length_limit(80 if key == "address" else 12)
            self.focus.add(Focusable(self.add(entry)))
            self._entries[entry] = key
            y += rh + round(40 * self.u)
        self._entries[
            name_entry(self, pygame.Rect(x, y, width, rh), self.name, tr("common.you"))
        ] = "name"
        y += rh + gap * 2
        go = self.button(pygame.Rect(x + width - round(240 * self.u), y, round(240 * self.u), rh),
                         tr("net.join.go"), self.join, "primary")  # fmt: skip
        if self.joining is not None:
            go.disable()
        self._table_buttons(tables, rh, gap)
        bw = round(min(260 * self.u, bar.w * 0.3))
        self.button(pygame.Rect(bar.x, bar.y, bw, bar.h), tr("common.back"), self.back)

    def _table_buttons(self, tables: pygame.Rect, rh: int, gap: int) -> None:
        x, width = tables.x + 24, tables.w - 48
        y = tables.y + round(52 * self.u)
        search = self.button(pygame.Rect(x, y, width, rh), tr("net.join.search"), self.search)
        if self.searching is not None:
            search.disable()
        y += rh + gap + round(30 * self.u)
        for found in self.found[:LISTED]:
            self.button(pygame.Rect(x, y, width, rh), found_text(found), self._picker(found))
            y += rh + gap // 2

    def _picker(self, found: discovery.Found) -> Any:
        return lambda: self.pick(found)

    # ------------------------------------------------------------------ behaviour
    def search(self) -> None:
        """One query to the local network (only now), answered in the background."""
        if self.searching is not None:
            return
        if discovery.target() is None:
            self.message = tr("net.join.search_off")
            self.repaint()
            return

        def run() -> None:
            try:
                self._results.append(discovery.search(SEARCH_SECONDS))
            except OSError as err:
                self._results.append(tr("net.join.search_failed", detail=str(err)[:80]))

        self.searching = threading.Thread(target=run, name="net-search", daemon=True)
        self.searching.start()
        self.message = ""
        self.rebuild()

    def pick(self, found: discovery.Found) -> None:
        """A table from the list: its address goes in the address box; the code is next."""
        self.address = full_address(f"{found.address}:{found.port}"
                                    if ":" not in found.address
                                    else f"[{found.address}]:{found.port}")  # fmt: skip
        self.rebuild()
        self.focus.restore(self._focus_of("code"))

    def _focus_of(self, key: str) -> int:
        for index, item in enumerate(self.focus.items):
            if self._entries.get(item.element) == key:
                return index
        return 0

    def join(self) -> None:
        if self.joining is not None:
            return
        try:
            address = full_address(self.address)
        except ValueError:
            return self._say(tr("net.join.bad_address"))
        code = normal_code(self.code.replace(" ", "").replace("-", ""))
        if code is None:
            return self._say(tr("net.join.bad_code"))
        name = self.name or tr("common.you")
        self.joining = Joining.open(address, code, name, SeatStore(self.app.paths))
        self._say(tr("net.join.connecting", address=address))

    def _say(self, message: str) -> None:
        self.message = message
        self.rebuild()

    def update(self, dt: float) -> bool:
        moving = super().update(dt)
        if self.searching is not None and self._results:
            result = self._results.pop()
            self.searching, self.searched = None, True
            if isinstance(result, str):
                self.message = result
            else:
                self.found = result
            self.rebuild()
        joining = self.joining
        if joining is not None and joining.poll():
            self._joined(joining)
        return moving or self.searching is not None

    def _joined(self, joining: Joining) -> None:
        if joining.link is not None:  # a kept seat of a match already being played
            self.joining = None
            self.app.replace(self.app.routes.net_table([joining.link]))
        elif joining.welcomed is not None and joining.lobby is not None:
            # Not at the welcome alone: a running match's start may follow in a later frame,
            # and the lobby would flash before the table.
            self.joining = None
            self.app.replace(self.app.routes.net_lobby(joining))
        elif joining.refused is not None or joining.lost is not None:
            refused = joining.refused
            self.joining = None
            joining.close()
            self._say(refusal_text(refused.reason, refused.key, refused.message) if refused
                      else tr("net.join.no_answer", address=joining.address))  # fmt: skip

    def handle_event(self, event: pygame.event.Event) -> bool:
        key = self._entries.get(getattr(event, "ui_element", None))
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and key is not None:
            text = clean_name(event.text) if key == "name" else event.text
            setattr(self, key, text)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and key is not None:
            self.join()  # Enter in any box joins
            return True
        return super().handle_event(event)

    def back(self) -> None:
        if self.joining is not None:
            self.joining.close()
            self.joining = None
        self.app.pop()

    # ------------------------------------------------------------------ picture
    def paint(self, surface: pygame.Surface) -> None:
        tables, form, _ = self._areas()
        u = self.u
        image = gold_title(tr("net.join.title"), round(40 * self.k))
        surface.blit(image, image.get_rect(midleft=(tables.x, round(48 * self.k))))
        panel(surface, tables, border=theme.GOLD)
        panel(surface, form)
        head, label = font(round(22 * u), bold=True), font(round(16 * u), bold=True)
        draw_text(surface, tr("net.join.tables"), head, (tables.x + 24, tables.y + 14), theme.GOLD)
        rh = self._row_h()
        status = ""
        if self.searching is not None:
            status = tr("net.join.searching")
        elif self.searched and not self.found:
            status = tr("net.join.none_found")
        if status:
            at = (tables.x + 24, tables.y + round(52 * u) + rh + round(16 * u))
            draw_text(surface, fit(status, label, tables.w - 48), label, at, theme.TEXT_DIM)
        y = form.y + round(52 * u) - label.get_linesize() - 2
        for key in ("address", "code", "name"):
            draw_text(surface, tr(f"net.join.{key}"), label, (form.x + 24, y), theme.GOLD)
            y += rh + round(40 * u)
        if self.message:  # under Join
            self._paint_message(surface, form, y + rh + round(24 * u))

    def _paint_message(self, surface: pygame.Surface, form: pygame.Rect, y: int) -> None:
        fnt = font(round(17 * self.u), bold=True)
        bad = self.joining is None
        for line in wrap(("✕ " if bad else "") + self.message, fnt, form.w - 48)[:3]:
            colour = theme.RED_BAD if bad else theme.TEXT
            draw_text(surface, line, fnt, (form.x + 24, y), colour)
            y += fnt.get_linesize()
