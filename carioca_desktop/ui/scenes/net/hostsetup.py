"""Host a table: the game and its variant (the New game's presets and the house rules of
Settings), the number of players, and per seat: me, a person who joins, or a bot of a level
(with the level tooltips); then the table opens and the waiting room follows."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from carioca_desktop import games
from carioca_desktop.games import LEVELS
from carioca_desktop.i18n import tr
from carioca_desktop.rules.names import clean_name
from carioca_desktop.ui import hud, theme
from carioca_desktop.ui.newgame_parts import game_options, name_entry
from carioca_desktop.ui.scenes.net.hosting import ME, PERSON, open_table
from carioca_desktop.ui.scenes.net.rulescroll import RulesScene
from carioca_desktop.ui.scenes.net.seatlist import little_table, paint_rules
from carioca_desktop.ui.scenes.net.words import game_name, level_text, rules_of
from carioca_desktop.ui.widgets import (
    Stepper,
    draw_text,
    fit,
    font,
    gold_title,
    panel,
    wrap,
)

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

HOUSE = "__house__"  # the variant that stands for the house rules of Settings


def kind_options() -> list[tuple[str, object]]:
    return [(tr("net.host.me"), ME), (tr("net.host.remote"), PERSON),
            *[(level_text(lv), lv) for lv in LEVELS]]  # fmt: skip


class HostSetupScene(RulesScene):
    """Seats at the left, the rules at the right, Back and Open the table below."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        last = app.settings.last_game
        self.game = last if last in games.GAMES else games.DEFAULT
        self.variant = {g: games.entry(g).default_preset for g in games.GAMES}
        self.count = 4
        level = app.settings.bot_level or "normal"
        self.kinds = [ME, PERSON] + [level] * 6
        self.name = clean_name(app.settings.player_name) or tr("common.you")
        self.problem = ""
        self._name_entry: Any = None

    # ------------------------------------------------------------------ the choices
    def house(self) -> dict[str, Any]:
        field = self.app.routes.game(self.game).house_setting
        return dict(getattr(self.app.settings, field))

    def variants(self) -> list[tuple[str, object]]:
        options: list[tuple[str, object]] = []
        house = rules_of(self.game, self._with_count(self.house()))
        name = "" if house is None else self.app.routes.game(self.game).rules_name(house)
        if name and name not in self._preset_names():
            options.append((name, HOUSE))
        options += [(self._preset_name(p), p) for p in games.entry(self.game).presets]
        if self.variant[self.game] not in [v for _, v in options]:  # the house rules went
            self.variant[self.game] = games.entry(self.game).default_preset
        return options

    def _preset_name(self, preset: str) -> str:
        """A preset's name, as the game's rules screens call it."""
        rules = rules_of(self.game, self._with_count({"preset": preset}))
        return preset if rules is None else self.app.routes.game(self.game).rules_name(rules)

    def _preset_names(self) -> set[str]:
        return {self._preset_name(p) for p in games.entry(self.game).presets}

    def counts(self) -> tuple[int, ...]:
        """The player counts offered (none: the variant decides)."""
        return self.app.routes.game(self.game).player_counts

    def _with_count(self, data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "players": self.count} if self.counts() else data

    def players(self) -> int:
        rules = self.rules()
        return self.count if rules is None else int(rules.players)

    def rules(self) -> Any | None:
        chosen = self.variant[self.game]
        data: dict[str, Any] = self.house() if chosen == HOUSE else {"preset": chosen}
        return rules_of(self.game, self._with_count(data))

    def check(self) -> str:
        """Why the table cannot open as chosen ("" when it can)."""
        kinds = self.kinds[: self.players()]
        if self.rules() is None:
            return tr("net.lobby.no_table")
        if ME not in kinds:
            return tr("net.host.need_me")
        return "" if PERSON in kinds else tr("net.host.need_remote")

    # ------------------------------------------------------------------ layout
    def _areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        w, h = self.size
        m, top, bar_h = round(24 * self.k), round(92 * self.k), round(64 * self.u)
        left_w = round((w - 3 * m) * 0.56)
        seats = pygame.Rect(m, top, left_w, h - top - m - bar_h)
        rules = pygame.Rect(seats.right + m, top, w - seats.right - 2 * m, seats.h)
        return seats, rules, pygame.Rect(m, seats.bottom + m // 2, w - 2 * m, bar_h - m // 2)

    def _pitch(self) -> int:
        seats, _, _ = self._areas()
        return min(round(50 * self.u), (seats.h - 20) // (self.players() + 2))

    def build(self) -> None:
        seats, rules_box, bar = self._areas()
        pitch = self._pitch()
        rh = pitch - round(8 * self.u)
        half = (seats.w - 60) // 2
        y = seats.y + 14
        said = font(round(16 * self.u)).size(tr("net.host.your_name"))[0] + round(16 * self.u)
        label_w = round(min(170 * self.u, half * 0.6, said))
        x = seats.x + 20 + label_w
        # The name's box ends before the players' label (at 1024x600 it covered "Jugadores").
        end = self._players_label_x(seats) - 12 if self.counts() else seats.x + 20 + half
        self._name_entry = name_entry(self, pygame.Rect(x, y, max(60, min(half, end) - x), rh),
                                      self.name, tr("common.you"))  # fmt: skip
        if self.counts():
            counts = [(str(n), n) for n in self.counts()]
            rect = pygame.Rect(seats.right - 20 - round(200 * self.u), y, round(200 * self.u), rh)
            Stepper(self, rect, counts, self.count, self._set_count, wrap=False)
        kind_w = self._kind_width(seats, rh)
        tips = {lv: tr(f"levels.{self.game}.{lv}") for lv in LEVELS}
        for i in range(self.players()):
            rect = pygame.Rect(seats.right - 20 - kind_w, y + (i + 1) * pitch, kind_w, rh)
            Stepper(self, rect, kind_options(), self.kinds[i], partial(self._set_kind, i),
                    tips=tips)  # fmt: skip
        variant = pygame.Rect(rules_box.x + 20, rules_box.y + round(56 * self.u),
                              rules_box.w - 40, rh)  # fmt: skip
        Stepper(self, variant, self.variants(), self.variant[self.game], self._set_variant)
        self._game_control(rh)
        self._bar(bar)

    def _players_label_x(self, seats: pygame.Rect) -> int:
        """Where the players' label begins (it ends just left of its stepper)."""
        label = font(round(16 * self.u)).size(tr("newgame.players"))[0]
        return seats.right - 30 - round(200 * self.u) - label

    def _kind_width(self, seats: pygame.Rect, rh: int) -> int:
        """The seat kind's stepper: wide enough for its longest choice in the button font
        ("Yo, en esta computadora" was cut at 1024x600), leaving the seat names some room."""
        widest = max(font(round(16 * self.u)).size(label)[0] for label, _ in kind_options())
        need = widest + 2 * rh + round(40 * self.u)
        most = seats.w - 40 - self._pitch() - round(110 * self.u)
        return max(min(round(320 * self.u), round(seats.w * 0.55)), min(need, most))

    def _game_control(self, rh: int) -> None:
        w = self.size[0]
        rect = pygame.Rect(w - round(24 * self.k) - round(320 * self.u), round(26 * self.k),
                           round(320 * self.u), rh)  # fmt: skip
        Stepper(self, rect, game_options(), self.game, self._set_game)

    def _bar(self, bar: pygame.Rect) -> None:
        bw = round(min(260 * self.u, bar.w * 0.3))
        self.button(pygame.Rect(bar.x, bar.y, bw, bar.h), tr("common.back"), self.back)
        start = self.button(pygame.Rect(bar.right - bw, bar.y, bw, bar.h), tr("net.host.open"),
                            self.open, "primary")  # fmt: skip
        self.problem = self.check()
        if self.problem:
            start.disable()

    # ------------------------------------------------------------------ changes
    def _set_game(self, value: object) -> bool:
        self.game = str(value)
        self.rule_scroll.first = 0  # another game's rules read from their top
        self._todo.append(self.rebuild)
        return True

    def _set_variant(self, value: object) -> bool:
        self.variant[self.game] = str(value)
        self.rule_scroll.first = 0
        self._todo.append(self.rebuild)
        return True

    def _set_count(self, value: object) -> bool:
        self.count = int(str(value))
        self._todo.append(self.rebuild)
        return True

    def _set_kind(self, index: int, value: object) -> bool:
        self.kinds[index] = str(value)
        self._todo.append(self.rebuild)
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self._name_entry:
            self.name = clean_name(event.text)
            self.repaint()
            return True
        return super().handle_event(event)

    # ------------------------------------------------------------------ open
    def open(self) -> None:
        """Open the table and go to the waiting room (a word when it cannot listen)."""
        rules = self.rules()
        if rules is None or self.check():
            return
        name = self.name or tr("common.you")
        try:
            served, people = open_table(self.app, self.game, rules,
                                        self.kinds[: self.players()], name)  # fmt: skip
        except (OSError, ValueError) as err:
            self.problem = tr("net.host.cannot_open", detail=str(err)[:120])
            self.repaint()
            return
        if self.app.settings.last_game != self.game:
            self.app.update_settings(self.app.settings.replace(last_game=self.game))
        self.app.replace(self.app.routes.net_waiting(served, people))

    # ------------------------------------------------------------------ picture
    def paint(self, surface: pygame.Surface) -> None:
        seats, rules_box, bar = self._areas()
        image = gold_title(tr("net.host.title"), round(40 * self.k))
        surface.blit(image, image.get_rect(midleft=(seats.x, round(48 * self.k))))
        panel(surface, seats, border=theme.GOLD)
        panel(surface, rules_box)
        pitch, u = self._pitch(), self.u
        small, bold = font(round(16 * u)), font(round(17 * u), bold=True)
        y = seats.y + 14 + (pitch - round(8 * u)) // 2
        draw_text(
            surface, tr("net.host.your_name"), small, (seats.x + 22, y), theme.GOLD, "midleft"
        )
        if self.counts():
            at = (seats.right - 30 - round(200 * u), y)
            draw_text(surface, tr("newgame.players"), small, at, theme.GOLD, "midright")
        names = self._seat_names()
        labels = hud.initials(names)
        right = seats.right - 20 - self._kind_width(seats, pitch - round(8 * u)) - 12
        for i, name in enumerate(names):
            cy = y + (i + 1) * pitch
            badge = hud.avatar(i, name, (pitch - round(14 * u)) // 2, labels[i])
            surface.blit(badge, badge.get_rect(center=(seats.x + 20 + pitch // 2, cy)))
            at = (seats.x + 28 + pitch, cy)
            draw_text(surface, fit(name, bold, right - at[0]), bold, at, theme.TEXT, "midleft")
        top = y + (len(names) + 1) * pitch
        room = pygame.Rect(seats.x + 30, top, seats.w - 60, seats.bottom - top - 16)
        if room.h > 150 * self.k:
            awaited = [i for i, k in enumerate(self.kinds[: len(names)]) if k == PERSON]
            little_table(surface, room, names, labels, self.k, self.u, awaited)
        title = f"{game_name(self.game)} · {self._variant_label()}"
        below = rules_box.y + round(56 * u) + pitch + 4  # under the variant's stepper
        rules = self.rules()
        rows = [] if rules is None else self.app.routes.game(self.game).rules_words(rules)
        paint_rules(surface, rules_box, rows, title, u, below, self.rule_scroll)
        if self.problem:
            self._paint_problem(surface, bar)

    def _paint_problem(self, surface: pygame.Surface, bar: pygame.Rect) -> None:
        fnt = font(round(15 * self.u), bold=True)
        width = round(bar.w * 0.36)
        for n, line in enumerate(wrap("✕ " + self.problem, fnt, width)[:2]):
            at = (bar.centerx, bar.y + n * fnt.get_linesize())
            draw_text(surface, line, fnt, at, theme.RED_BAD, "midtop")

    def _seat_names(self) -> list[str]:
        mine = {}
        n = 0
        for i, kind in enumerate(self.kinds[: self.players()]):
            if kind == ME:
                mine[i] = self.name if n == 0 else tr("newgame.person", n=n + 1)
                n += 1
        return [mine.get(i, tr("net.seat.open") if k == PERSON else f"{tr('common.bot')} {i + 1}")
                for i, k in enumerate(self.kinds[: self.players()])]  # fmt: skip

    def _variant_label(self) -> str:
        return next(label for label, v in self.variants() if v == self.variant[self.game])
