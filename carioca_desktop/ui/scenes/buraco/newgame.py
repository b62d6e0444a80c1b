"""New game for Buraco: the game (back to Carioca), the preset, and the seats as two sides of
partners seated opposite (each a person or a bot level), or the 2-player game."""

from __future__ import annotations

import random
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.games import LEVELS
from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.buraco.text import level_name, target_text
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco.ruleset import PRESETS, BuracoRules, preset_rules
from carioca_desktop.ui import hud, theme
from carioca_desktop.ui.fitwords import paint_words
from carioca_desktop.ui.newgame_parts import (
    NewGameBase,
    paint_oval,
    paint_place,
)
from carioca_desktop.ui.scenes.buraco import houserules
from carioca_desktop.ui.widgets import Stepper, draw_text, fit, font

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

BOT_NAMES = ("Beto", "Carla", "Diego")
HOUSE = "house"  # the preset choice that stands for the house rules of Settings


def saved_buraco_lines(session: BuracoSession, when: datetime) -> list[str]:
    """The Buraco match in progress in words, for the abandon question."""
    game = session.game
    return [
        ", ".join(seat.name for seat in session.seats),
        tr(
            "buraco.newgame.saved",
            preset=houserules.rules_name(game.rules),
            round=game.observation(0).round_number,
            date=when.strftime("%Y-%m-%d %H:%M"),
        ),
    ]


class BuracoNewGameScene(NewGameBase):
    game = "buraco"

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        # The house rules of Settings come first: their preset, or "Brazilian (changed)".
        self.house = houserules.current_rules(app)
        self.preset = self.house.matching_preset() or HOUSE
        level = app.settings.bot_level or "normal"  # the level chosen at the first New game
        self.kinds = ["human", level, level, level]
        self.typed = ["", "", "", ""]  # names typed in the seats' entries ("": the default)

    def set_bot_level(self, level: str) -> None:
        """Every bot seat plays ``level`` (the first New game's question answered)."""
        self.kinds = [k if k == "human" else level for k in self.kinds]
        if self._live:  # else built anew when it comes back
            self.rebuild()

    @property
    def rules(self) -> BuracoRules:
        return self.house if self.preset == HOUSE else preset_rules(self.preset)

    def defaults(self) -> list[str]:
        """Default names: the player (or "Jugador n" when several people play), the bots'."""
        people = [i for i, k in enumerate(self.kinds[: self.rules.players]) if k == "human"]
        out = []
        for i, kind in enumerate(self.kinds[: self.rules.players]):
            if kind == "human":
                own = self.app.settings.player_name or tr("common.you")
                out.append(own if len(people) < 2 else tr("newgame.person", n=people.index(i) + 1))
            else:
                out.append(BOT_NAMES[(i - 1) % len(BOT_NAMES)])
        return out

    def names(self) -> list[str]:
        """The seats' names: what was typed, else the default (people at a hot seat want
        their own names on the privacy screen and the sheet)."""
        return [typed or default for typed, default in zip(self.typed, self.defaults())]

    # ------------------------------------------------------------------ layout
    def _row(self, seats: pygame.Rect, i: int) -> pygame.Rect:
        pitch = round(58 * self.u)
        if self.rules.players == 2:  # one against the other: no sides to head, rows together
            y = seats.y + round(120 * self.u) + i * pitch
            return pygame.Rect(seats.x + 20, y, seats.w - 40, pitch - round(10 * self.u))
        side, k = i % 2, i // 2
        y = seats.y + round(150 * self.u) + side * (2 * pitch + round(44 * self.u)) + k * pitch
        return pygame.Rect(seats.x + 20, y, seats.w - 40, pitch - round(10 * self.u))

    def build(self) -> None:
        seats, info, bar = self._areas()
        rh = round(44 * self.u)
        self._game_control(rh)
        presets = [(tr(f"buraco.preset.{p}"), p) for p in PRESETS]
        if houserules.changed(self.house):
            presets.insert(0, (houserules.rules_name(self.house), HOUSE))
        preset_rect = pygame.Rect(seats.x + 20, seats.y + round(50 * self.u), seats.w - 40, rh)
        Stepper(self, preset_rect, presets, self.preset, self._set_preset)
        kinds = [(tr("common.human"), "human"), *[(level_name(lv), lv) for lv in LEVELS]]
        tips = {lv: tr(f"levels.buraco.{lv}") for lv in LEVELS}
        kind_w = round(min(280 * self.u, seats.w * 0.46))
        self._entries = {}
        defaults = self.defaults()
        for i in range(self.rules.players):
            row = self._row(seats, i)
            self._seat_entry(i, self._entry_rect(row, kind_w), self.typed[i], defaults[i])
            rect = pygame.Rect(row.right - kind_w, row.y, kind_w, row.h)
            Stepper(self, rect, kinds, self.kinds[i], partial(self._set_kind, i), tips=tips)
        # How Buraco is played, before playing it (the menu's rules are Carioca's).
        how = pygame.Rect(0, 0, round(min(260 * self.u, info.w - 44)), rh)
        how.bottomleft = (info.x + 22, info.bottom - 20)
        self.button(how, tr("menu.rules"), self.show_rules)
        self._bar(bar)

    def _roles(self) -> list[str]:
        """Each seat's place as its row says it ("· partner")."""
        players = self.rules.players
        return [f"· {tr('buraco.newgame.seat_you')}" if i == 0 else
                f"· {tr('buraco.partner' if players == 4 and i == 2 else 'buraco.opponent')}"
                for i in range(players)]  # fmt: skip

    def _entry_rect(self, row: pygame.Rect, kind_w: int) -> pygame.Rect:
        """The name entry: after the avatar, leaving the widest place's words their room
        before the level ("· motståndare" ran under the level's stepper at 1024x600)."""
        r = row.h // 2 - 2
        left = row.x + 2 * r + 12
        room = row.right - kind_w - 12 - left
        said = max(font(round(16 * self.u)).size(role)[0] for role in self._roles()) + 18
        width = round(min(200 * self.u, room * 0.58, max(70 * self.u, room - said)))
        height = min(row.h, round(36 * self.u))
        return pygame.Rect(left, row.centery - height // 2, width, height)

    def _named(self, index: int, name: str) -> None:
        self.typed[index] = name

    def show_rules(self) -> None:
        from carioca_desktop.ui.scenes.buraco.rules import BuracoRulesScene

        self.app.push(BuracoRulesScene(self.app, self.rules))

    def _set_preset(self, value: object) -> bool:
        self.preset = str(value)
        self._todo.append(self.rebuild)
        return True

    def _set_kind(self, index: int, value: object) -> bool:
        self.kinds[index] = str(value)
        self._todo.append(self.rebuild)  # the entries' placeholders are the default names
        return True

    # ------------------------------------------------------------------ start
    def start(self, abandon: bool = False) -> None:
        if not abandon and self._ask_abandon():
            return
        names = self.names()
        seats = [
            SeatConfig(names[i], "human" if k == "human" else "bot", None if k == "human" else k)
            for i, k in enumerate(self.kinds[: self.rules.players])
        ]
        seed = random.SystemRandom().randrange(2**31)
        session = BuracoSession.new(self.rules, seats, seed, paths=self.app.paths)
        self.app.replace(self.app.routes.table(session))

    # ------------------------------------------------------------------ picture
    def paint(self, surface: pygame.Surface) -> None:
        seats, info, _ = self._areas()
        self._paint_panels(surface, tr("buraco.newgame.title"))
        head = font(round(22 * self.u), bold=True)
        small = font(round(16 * self.u))
        draw_text(
            surface, tr("buraco.newgame.preset"), head, (seats.x + 22, seats.y + 14), theme.GOLD
        )
        names = self.names()
        players = self.rules.players
        for side in range(2 if players == 4 else 0):
            first = self._row(seats, side)
            words = tr("buraco.newgame.side", n=side + 1, names=" & ".join(names[side::2]))
            words = fit(words, small, seats.w - 44)  # long typed names stay in the panel
            draw_text(
                surface, words, small, (seats.x + 22, first.y - round(26 * self.u)), theme.GOLD
            )
        labels = hud.initials(names)
        for i in range(players):
            row = self._row(seats, i)
            r = row.h // 2 - 2
            surface.blit(hud.avatar(i, names[i], r, labels[i]), (row.x, row.centery - r))
            kind_w = round(min(280 * self.u, seats.w * 0.46))
            entry = self._entry_rect(row, kind_w)
            # Whole, clear of the level: smaller, else on two lines (fitwords).
            box = pygame.Rect(entry.right + 10, row.y, 0, row.h)
            box.w = row.right - kind_w - 8 - box.x
            paint_words(surface, self._roles()[i], box, round(16 * self.u), theme.TEXT)
        last = self._row(seats, players - 1 if players == 2 else 3)
        room = pygame.Rect(seats.x + 30, last.bottom + 24, seats.w - 60, 0)
        room.height = seats.bottom - 20 - room.top
        if room.height > 90 * self.k:  # at 1280x720 too: partners opposite, drawn
            self._paint_table(surface, room, names, labels)
        self._paint_rules(surface, info)

    def _paint_table(
        self, surface: pygame.Surface, room: pygame.Rect, names: list[str], labels: list[str]
    ) -> None:
        """A small top view: partners opposite (a gold line joins each side's two seats)."""
        players = self.rules.players
        size = round(min(44 * self.k + 8, room.h * 0.3))
        small = font(round(13 * self.u), bold=True)
        oval = pygame.Rect(0, 0, min(room.w - 2 * size - 60, round(room.h * 2.4)), 0)
        oval.height = room.h - size - small.get_linesize() - 8
        oval.center = room.center
        paint_oval(surface, oval)
        spots = [oval.midbottom, oval.midright, oval.midtop, oval.midleft]
        if players == 2:
            spots = [oval.midbottom, oval.midtop]
        if players == 4:
            for a, b, colour in ((0, 2, theme.GOLD), (1, 3, (150, 190, 170))):
                pygame.draw.line(surface, colour, spots[a], spots[b], 2)
        width = max(size * 2, oval.w // 3)
        for i, spot in enumerate(spots):
            below = (spot[0], spot[1] + size // 2 + 2)
            if spot == oval.midtop:
                below = (spot[0], spot[1] - size // 2 - small.get_linesize() - 2)
            paint_place(surface, i, names[i], labels[i], size, spot, below, small, width)

    def _paint_rules(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        rules = self.rules
        head = font(round(22 * self.u), bold=True)
        text = font(round(16 * self.u))
        draw_text(surface, tr("buraco.newgame.rules"), head, (box.x + 22, box.y + 14), theme.GOLD)
        lines = [
            target_text(rules.target),
            tr("buraco.newgame.players", n=rules.players)
            if rules.players == 4
            else tr("buraco_look.players_two"),
            tr("buraco.newgame.mortos", n=rules.mortos),
            tr("buraco.pile_rule_all")
            if rules.pile_visible == "all"
            else tr("buraco.pile_rule_top"),
            tr(f"buraco.newgame.take_{rules.pile_take}"),
            tr(f"buraco.newgame.out_{rules.go_out_requires}"),
            tr("buraco.newgame.sets_none") if rules.sets == "none" else tr("buraco.newgame.sets"),
        ]
        if rules.first_meld_min:
            lines.append(tr("buraco.first_min", n=rules.first_meld_min))
        bonus = rules.bonuses
        lines += [
            tr("buraco_look.score_buracos", limpo=bonus["limpo"], sujo=bonus["sujo"]),
            tr("buraco_look.score_out", out=bonus["going_out"], no_morto=bonus["no_morto"]),
        ]
        if self.preset == HOUSE:
            lines.append(houserules.changes_text(self.house))
        y = box.y + round(60 * self.u)
        for line in lines:
            for row in theme.wrap("• " + line, text, box.w - 44):
                draw_text(surface, row, text, (box.x + 22, y), theme.TEXT)
                y += text.get_linesize() + 2
