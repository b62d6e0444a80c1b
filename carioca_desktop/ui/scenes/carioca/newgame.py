"""New game: 2–8 seats (a name and Human or a bot level each; several people share the screen
in turns), the rules to play, hints on or off for the match, Start."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from carioca_desktop import games
from carioca_desktop.games import LEVELS
from carioca_desktop.i18n import tr
from carioca_desktop.play.text import contract_text
from carioca_desktop.rules.carioca.ruleset import PRESETS, CariocaRules
from carioca_desktop.rules.errors import RuleSetError
from carioca_desktop.rules.names import clean_name
from carioca_desktop.ui import hud, theme
from carioca_desktop.ui.cardart import CardArt
from carioca_desktop.ui.hud import initials
from carioca_desktop.ui.newgame_parts import NewGameBase, paint_oval, paint_place
from carioca_desktop.ui.scenes.carioca.rules import (
    explain,
    preset_name,
    rule_rows,
)
from carioca_desktop.ui.scenes.carioca.ruleset_names import changes_text, rules_name
from carioca_desktop.ui.widgets import Stepper, draw_text, fit, font, pairs, wrap

if TYPE_CHECKING:
    from carioca_desktop.play.carioca.session import MatchSession
    from carioca_desktop.ui.scene import Host

BOT_NAMES = ("Beto", "Carla", "Diego", "Elena", "Fabián", "Gabi", "Hugo")
KINDS = ("human", *LEVELS)
HOUSE = "__house__"


@dataclass
class Seat:
    name: str
    kind: str  # "human" or a bot level


def kind_text(kind: str) -> str:
    if kind == "human":
        return tr("common.human")
    return tr("common.bot_level", level=tr(f"common.level_{kind}"))


def saved_lines(session: MatchSession, when: datetime) -> list[str]:
    """The Carioca match in progress in words (players, rules, round, when it was saved)."""
    game = session.game
    return [
        ", ".join(seat.name for seat in session.seats),
        tr(
            "newgame.abandon_saved",
            rules=rules_name(game.rules),
            round=game.round_index + 1,
            rounds=len(game.rules.rounds),
            date=when.strftime("%Y-%m-%d %H:%M"),
        ),
    ]


class NewGameScene(NewGameBase):
    """Two panels (players, rules) over the felt, Back and Start below."""

    game = games.CARIOCA.name

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        me = clean_name(app.settings.player_name) or tr("common.you")
        self.seats = [Seat(me, "human")] + [Seat(n, "normal") for n in BOT_NAMES]
        self.count = 4
        house = dict(app.settings.house_rules)
        self.choice = HOUSE if set(house) - {"preset"} else str(house.get("preset", "clasico"))
        self.problem = ""
        self.hints = True

    # ------------------------------------------------------------------ rules
    def rules_data(self) -> dict[str, Any]:
        base = (
            dict(self.app.settings.house_rules) if self.choice == HOUSE else {"preset": self.choice}
        )
        return {**base, "players": self.count}

    def rules(self) -> CariocaRules | None:
        """The rules of the match to start, or None (and ``problem`` says why)."""
        data = self.rules_data()
        try:
            rules = CariocaRules.from_dict(data)
        except RuleSetError as err:
            self.problem = explain(err, data)
            return None
        self.problem = ""
        return rules

    # ------------------------------------------------------------------ layout
    def _pitch(self) -> int:
        seats, _, _ = self._areas()
        return min(round(50 * self.u), (seats.h - round(70 * self.u)) // 9)

    def build(self) -> None:
        seats, rules_box, bar = self._areas()
        pitch = self._pitch()
        rh = pitch - round(8 * self.u)
        count_rect = pygame.Rect(
            seats.right - round(230 * self.u) - 20, seats.y + 16, round(230 * self.u), rh
        )
        counts = [(str(n), n) for n in range(2, 9)]
        Stepper(self, count_rect, counts, self.count, self._set_count, wrap=False)
        self._entries = {}
        x0 = seats.x + 20 + pitch
        kind_w = round(min(250 * self.u, seats.w * 0.42))
        kinds = [(kind_text(k), k) for k in ("human", *LEVELS)]
        tips = {k: tr(f"levels.carioca.{k}") for k in LEVELS}
        for i, seat in enumerate(self.seats[: self.count]):
            y = seats.y + 16 + (i + 1) * pitch
            name_rect = pygame.Rect(x0, y, seats.right - 30 - kind_w - x0, rh)
            self._seat_entry(i, name_rect, seat.name, self._default_name(i))
            kind_rect = pygame.Rect(seats.right - 20 - kind_w, y, kind_w, rh)
            Stepper(self, kind_rect, kinds, seat.kind, partial(self._set_kind, i), tips=tips)
        self._rules_controls(rules_box, rh)
        self._game_control(rh)
        start = self._bar(bar, partial(self._hints_control, bar))
        if self.rules() is None:
            start.disable()
        if self.focus.index < 0:
            self.focus.restore(len(self.focus.items) - 1)

    def _hints_control(self, bar: pygame.Rect) -> None:
        """Hints on or off for the match, between Back and Start."""
        hints = [(tr("newgame.hints_on"), True), (tr("newgame.hints_off"), False)]
        middle = pygame.Rect(0, bar.y, round(min(300 * self.u, bar.w * 0.3)), bar.h)
        middle.centerx = bar.centerx
        Stepper(self, middle, hints, self.hints, self._set_hints)

    def _rules_controls(self, box: pygame.Rect, rh: int) -> None:
        options = [(preset_name(p), p) for p in PRESETS]
        if set(self.app.settings.house_rules) - {"preset"}:
            name = preset_name(str(self.app.settings.house_rules.get("preset", "clasico")))
            options.insert(0, (tr("houserules.custom", preset=name), HOUSE))
        rect = pygame.Rect(box.x + 20, box.y + round(56 * self.u), box.w - 40, rh)
        Stepper(self, rect, options, self.choice, self._set_choice)

    # ------------------------------------------------------------------ changes
    def _set_count(self, value: object) -> bool:
        self.count = int(str(value))
        self._renamed()
        self._todo.append(self.rebuild)
        return True

    def _set_kind(self, index: int, kind: object) -> bool:
        self.seats[index].kind = str(kind)
        self._renamed()
        return True

    def _renamed(self) -> None:
        """Seats still called by a default name take the default of their kind and place:
        with several people at the screen, "Jugador 1", "Jugador 2"… rather than "Tú"."""
        changed = False
        for i, seat in enumerate(self.seats):
            if self._is_default(seat.name) and seat.name != self._default_name(i):
                seat.name = self._default_name(i)
                changed = True
        if changed:
            self._todo.append(self.rebuild)  # the name entries show the new names
        else:
            self.repaint()

    def _is_default(self, name: str) -> bool:
        people = [tr("newgame.person", n=n) for n in range(1, len(self.seats) + 1)]
        return name in ("", tr("common.you"), *BOT_NAMES, *people)

    def _set_hints(self, value: object) -> bool:
        self.hints = bool(value)
        return True

    def _set_choice(self, value: object) -> bool:
        self.choice = str(value)
        self._todo.append(self.rebuild)
        return True

    def _default_name(self, index: int) -> str:
        seat = self.seats[index]
        own = clean_name(self.app.settings.player_name)
        if seat.kind != "human":
            return BOT_NAMES[max(0, index - 1) % len(BOT_NAMES)]
        people = [i for i, s in enumerate(self.seats[: self.count]) if s.kind == "human"]
        if index == 0 and own:
            return own
        if len(people) < 2 or index not in people:
            return tr("common.you") if index == 0 else BOT_NAMES[(index - 1) % len(BOT_NAMES)]
        return tr("newgame.person", n=people.index(index) + 1)

    def _labels(self) -> list[str]:
        """The avatars' labels: initials, told apart where two players share one."""
        return initials(
            [s.name or self._default_name(i) for i, s in enumerate(self.seats)][: self.count]
        )

    def _named(self, index: int, name: str) -> None:
        self.seats[index].name = name

    def start(self, abandon: bool = False) -> None:
        """Start the match; a match in progress is abandoned only after the player says so."""
        rules = self.rules()
        if rules is None:
            self.repaint()
            return
        if not abandon and self._ask_abandon():
            return
        from carioca_desktop.play.carioca.session import MatchSession
        from carioca_desktop.play.seated import SeatConfig

        seats = [
            SeatConfig(
                name=seat.name or self._default_name(i),
                kind="human" if seat.kind == "human" else "bot",
                level=None if seat.kind == "human" else seat.kind,
            )
            for i, seat in enumerate(self.seats[: self.count])
        ]
        seed = random.SystemRandom().randrange(2**31)
        session = MatchSession.new(rules, seats, seed=seed, paths=self.app.paths, hints=self.hints)
        self.app.replace(self.app.routes.table(session))

    # ------------------------------------------------------------------ picture
    def paint(self, surface: pygame.Surface) -> None:
        seats, rules_box, _ = self._areas()
        self._paint_panels(surface, tr("newgame.title"))
        head = font(round(22 * self.u), bold=True)
        pitch = self._pitch()
        draw_text(
            surface,
            tr("newgame.players"),
            head,
            (seats.x + 22, seats.y + 16 + (pitch - 8) / 2),
            theme.GOLD,
            "midleft",
        )
        size = pitch - round(12 * self.u)
        labels = self._labels()
        for i, seat in enumerate(self.seats[: self.count]):
            y = seats.y + 16 + (i + 1) * pitch + (pitch - round(8 * self.u)) // 2
            badge = hud.avatar(i, seat.name or self._default_name(i), size // 2, labels[i])
            surface.blit(badge, badge.get_rect(center=(seats.x + 20 + pitch // 2, y)))
        rows_end = seats.y + 16 + (self.count + 1) * pitch
        room = pygame.Rect(seats.x + 30, rows_end + 10, seats.w - 60, seats.bottom - rows_end - 30)
        people = sum(1 for seat in self.seats[: self.count] if seat.kind == "human")
        if people >= 2:  # hot seat: say how the screen is shared
            small = font(round(14 * self.u), bold=True)
            note = fit(tr("newgame.hot_seat", n=people), small, room.w)
            draw_text(
                surface, note, small, (room.centerx, room.bottom + 6), theme.GOLD, "midbottom"
            )
            room.height -= small.get_linesize() + 4
        if room.h > 150 * self.k:
            self._paint_table(surface, room)
        draw_text(
            surface, tr("newgame.rules"), head, (rules_box.x + 22, rules_box.y + 16), theme.GOLD
        )
        self._paint_rules(surface, rules_box)

    def _paint_table(self, surface: pygame.Surface, room: pygame.Rect) -> None:
        """A small top view of the table: the seats in play order, counter-clockwise."""
        size = round(min(46 * self.k + 8, room.h * 0.2))
        small = font(round(13 * self.u), bold=True)
        margin = size // 2 + small.get_linesize() + 6
        oval = pygame.Rect(
            0, 0, min(room.w - 2 * size - 40, round(room.h * 2.2)), room.h - 2 * margin
        )
        oval.center = room.center
        paint_oval(surface, oval)
        art = CardArt(max(16, round(oval.h * 0.16)), self.app.settings.four_colour)
        surface.blit(
            art.back(self.app.settings.card_back),
            art.back().get_rect(midright=(oval.centerx - 3, oval.centery)),
        )
        surface.blit(
            art.face("KD"), art.face("KD").get_rect(midleft=(oval.centerx + 3, oval.centery))
        )
        labels = self._labels()
        for i, seat in enumerate(self.seats[: self.count]):
            angle = math.radians(90 - i * 360 / self.count)
            cx = oval.centerx + (oval.w / 2 + size * 0.2) * math.cos(angle)
            cy = oval.centery + (oval.h / 2 + size * 0.2) * math.sin(angle)
            name = seat.name or self._default_name(i)
            below = (
                cy + size / 2 + 2
                if math.sin(angle) >= -0.2
                else cy - size / 2 - small.get_linesize() - 2
            )
            centre = (round(cx), round(cy))
            paint_place(surface, i, name, labels[i], size, centre, (cx, below), small, size * 3)

    def _paint_rules(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        rules = self.rules()
        body = font(round(15 * self.u))
        small = font(round(14 * self.u))
        y = box.y + round(56 * self.u) + self._pitch() + 6
        x, width = box.x + 22, box.w - 44
        if rules is None:
            bold = font(round(15 * self.u), bold=True)
            for line in wrap("✕ " + self.problem, bold, width):
                draw_text(surface, line, bold, (x, y), theme.RED_BAD)
                y += bold.get_linesize()
            return
        about = changes_text(rules) or tr(f"houserules.preset_desc.{rules.preset}")
        for line in wrap(about, body, width):
            draw_text(surface, line, body, (x, y), theme.TEXT)
            y += body.get_linesize()
        y += 10
        y = self._paint_rounds(surface, rules, pygame.Rect(x, y, width, box.bottom - y))
        jokers = rules.deck_count * rules.jokers_per_deck
        cards = rules.deck_count * (52 + rules.jokers_per_deck)
        deck = tr("newgame.decks", n=rules.deck_count, cards=cards, jokers=jokers)
        draw_text(surface, fit(deck, small, width), small, (x, y), theme.TEXT)
        y += small.get_linesize() + 8
        area = pygame.Rect(x, y, width, box.bottom - 14 - y)
        pairs(surface, rule_rows(rules)[2:], area, small, round(width * 0.5))

    def _paint_rounds(self, surface: pygame.Surface, rules: CariocaRules, area: pygame.Rect) -> int:
        """The rounds as a numbered list in two columns; returns the y below it."""
        small = font(round(14 * self.u))
        bold = font(round(14 * self.u), bold=True)
        line = small.get_linesize() + 3
        half = (len(rules.rounds) + 1) // 2
        col_w = area.w // 2
        for i, code in enumerate(rules.rounds):
            cx = area.x + (i // half) * col_w
            cy = area.y + (i % half) * line
            draw_text(surface, f"{i + 1}", bold, (cx + 14, cy), theme.GOLD, "topright")
            text = fit(contract_text(code), small, col_w - 30)
            draw_text(surface, text, small, (cx + 22, cy), theme.TEXT)
        return area.y + half * line + 12
