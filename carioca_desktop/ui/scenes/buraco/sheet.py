"""The round sheet over the Buraco table: each side's meld points, buracos limpo / sujo,
going out, cards in hand, morto, the round's total and the running score to the target; at
the match's end it names the winning side."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco.text import SideSheet, round_sheets, rules_of, winner_text
from carioca_desktop.rules.buraco.observation import BuracoObservation
from carioca_desktop.ui import hud
from carioca_desktop.ui.scenes.buraco.layout import BuracoLayout
from carioca_desktop.ui.sprites import CardImages, TextCache, panel
from carioca_desktop.ui.tablekit.wordsize import speak_up
from carioca_desktop.ui.theme import GOLD, GREEN_OK, RED_BAD, TEXT, TEXT_DIM

HANDS_H = 86  # the strip of the cards left in the hands, under the rows
CODE_H = 22  # the band under the buttons where the match's deal code is written at its end
ROWS = ("meld_points", "limpos", "sujos", "going_out", "hands", "morto", "total", "running")


def box(layout: BuracoLayout) -> pygame.Rect:
    u = layout.upx
    rect = pygame.Rect(0, 0, u(720), u(470 + HANDS_H + CODE_H))
    rect.center = (layout.size[0] // 2, layout.size[1] // 2 - u(20))
    return rect


def paint(
    surface: pygame.Surface,
    layout: BuracoLayout,
    texts: TextCache,
    obs: BuracoObservation,
    names: Sequence[str],
    images: CardImages | None = None,
    code: str | None = None,
) -> None:
    """The sheet; at the match's end ``code`` (its deal code) is written under it."""
    u = layout.upx
    shade = pygame.Surface(layout.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 120))
    surface.blit(shade, (0, 0))
    rect = box(layout)
    surface.blit(panel(rect.size, u(16), (10, 36, 24, 240), GOLD, 2), rect)
    if obs.phase == "match_over":
        winner = max((0, 1), key=lambda side: obs.scores[side])
        title = winner_text(names, winner)
    else:
        title = tr("buraco.sheet.title", n=obs.round_number)
    head = texts.fit(title, u(24), GOLD, rect.width - u(40), bold=True)
    surface.blit(head, head.get_rect(midtop=(rect.centerx, rect.top + u(16))))
    sheets = round_sheets(obs, names)
    bonuses = rules_of(obs).bonuses
    label_w = u(300)
    col_w = (rect.width - u(40) - label_w) // 2
    x0 = rect.left + u(20)
    y = rect.top + u(64)
    labels = hud.initials(list(names))
    for k, s in enumerate(sheets):
        cx = x0 + label_w + col_w * k + col_w // 2
        r = u(14)
        seats = list(range(s.side, len(names), 2))  # the side's players, as the table shows them
        for j, seat in enumerate(seats):
            x = cx - r + (2 * j - (len(seats) - 1)) * (r - u(3))
            surface.blit(hud.avatar(seat, names[seat], r, labels[seat]), (x, y))
        name = texts.fit(s.name, u(15), TEXT, col_w - u(8), bold=True)
        surface.blit(name, name.get_rect(midtop=(cx, y + 2 * r + u(4))))
    y += u(64)
    for row in ROWS:
        strong = row in ("total", "running")
        if row == "total":
            pygame.draw.line(
                surface, (120, 110, 70), (x0, y - u(4)), (rect.right - u(20), y - u(4))
            )
        bonus = bonuses.get(row[:-1], 0)  # "limpos" → the "limpo" bonus
        words = tr(f"buraco.sheet.{row}", n=obs.target, bonus=bonus)
        label = texts.fit(words, u(15), GOLD if strong else TEXT_DIM, label_w - u(8), bold=strong)
        surface.blit(label, (x0, y))
        for k, s in enumerate(sheets):
            cx = x0 + label_w + col_w * k + col_w // 2
            text = _value(row, s, bonuses)
            colour = TEXT
            if row in ("hands", "morto") and text.startswith("-") and text != "-0":
                colour = RED_BAD
            elif row in ("limpos", "sujos", "going_out") and text != "0":
                colour = GREEN_OK
            value = texts.render(
                text, u(17 if strong else 15), GOLD if strong else colour, bold=strong
            )
            surface.blit(value, value.get_rect(midtop=(cx, y)))
        y += u(34)
    if code and obs.phase == "match_over":
        line = texts.fit(tr("history.code", code=code), u(14), TEXT_DIM, rect.width - u(40))
        # Under the buttons (it was at their left, half covered by "Volver al menú").
        surface.blit(line, line.get_rect(midbottom=(rect.centerx, rect.bottom - u(6))))
    if images is not None and obs.hands_left is not None:
        strip = pygame.Rect(x0, y + u(4), rect.right - u(20) - x0, u(HANDS_H - 10))
        _hands(surface, layout, texts, images, obs.hands_left, strip, label_w, col_w)


def _hands(
    surface: pygame.Surface,
    layout: BuracoLayout,
    texts: TextCache,
    images: CardImages,
    hands: Sequence[Sequence[str]],
    strip: pygame.Rect,
    label_w: int,
    col_w: int,
) -> None:
    """The cards each side's players were left holding (they count against the side), one
    small fanned row per player, in the side's column; "—" for an empty hand."""
    u = layout.upx
    words = tr("buraco_hand.cards_left")
    label = texts.fit(words, u(15), TEXT_DIM, label_w - u(8))
    surface.blit(label, (strip.left, strip.top + u(4)))
    w = u(24)
    for side in (0, 1):
        seats = list(range(side, len(hands), 2))
        row_h = strip.height // max(1, len(seats))
        left = strip.left + label_w + col_w * side + u(6)
        room = col_w - u(12)
        for j, seat in enumerate(seats):
            top = strip.top + j * row_h
            cards = list(hands[seat])
            if not cards:
                dash = texts.render("—", u(15), TEXT_DIM)
                surface.blit(dash, dash.get_rect(midtop=(left + room // 2, top + u(6))))
                continue
            step = min(u(13), (room - w) / max(1, len(cards) - 1))
            width = w + round(step * (len(cards) - 1))
            x = left + (room - width) // 2
            for k, code in enumerate(cards):
                surface.blit(images.face(code, w), (x + round(k * step), top))


def _value(row: str, s: SideSheet, bonuses: Mapping[str, int]) -> str:
    """A row's value for one side; the buracos as their count and the points they bring
    ("2 (+200)"), so the column adds up to the total."""
    if row in ("limpos", "sujos"):
        n = s.limpos if row == "limpos" else s.sujos
        points = n * bonuses[row[:-1]]
        return tr("buraco_look.bonus_value", n=n, points=points) if n else "0"
    return {
        "meld_points": str(s.meld_points),
        "going_out": f"+{s.going_out}" if s.going_out else "0",
        "hands": str(s.hands) if s.hands else "0",
        "morto": str(s.morto) if s.morto else "0",
        "total": f"{s.total:+d}",
        "running": str(s.running),
    }[row]


class SheetWidgets:
    """The sheet's buttons: the next round; at the match's end, a new Buraco match (the
    new-game screen, Buraco chosen) or back to the menu, or the replay viewer's ``ends``."""

    def __init__(
        self,
        manager: pygame_gui.UIManager,
        layout: BuracoLayout,
        over: bool,
        next_round: Callable[[], None],
        to_menu: Callable[[], None],
        covered: Sequence[UIButton] = (),
        new_game: Callable[[], None] | None = None,
        ends: Sequence[tuple[str, Callable[[], None]]] | None = None,
    ) -> None:
        # The table's buttons are drawn above the shade: hidden while the sheet is up, so
        # the sheet's are the only ones that show.
        self.covered = [b for b in covered if b.visible]
        for button in self.covered:
            element: Any = button
            element.hide()
        specs: list[tuple[str, Callable[[], None]]] = [(tr("buraco.sheet.next"), next_round)]
        if over and ends:  # the replay viewer's (ui/replay_end.py)
            specs = list(ends)
        elif over:
            specs = [(tr("buraco.sheet.menu"), to_menu)]
            if new_game is not None:
                specs.append((tr("common.new_game"), new_game))
        self.buttons: list[UIButton] = []
        for k, ((text, command), rect) in enumerate(zip(specs, _rects(layout, len(specs)))):
            main = k == len(specs) - 1  # the last, on the right, is the one to press
            kind = ObjectID(class_id="@primary") if main else None
            self.buttons.append(UIButton(rect, text, manager, object_id=kind, command=command))
        self.manager = manager
        speak_up(manager, self.buttons, layout.grow)

    @property
    def button(self) -> UIButton:
        """The main button (the last one, on the right)."""
        return self.buttons[-1]

    def place(self, layout: BuracoLayout) -> None:
        for button, rect in zip(self.buttons, _rects(layout, len(self.buttons))):
            button.set_relative_position(rect.topleft)
            button.set_dimensions(rect.size)
        speak_up(self.manager, self.buttons, layout.grow)

    def kill(self) -> None:
        for button in self.buttons:
            kill: Any = button.kill
            kill()
        self.buttons = []
        for button in self.covered:
            element: Any = button
            if element.alive():  # the table may be leaving and have killed them already
                element.show()
        self.covered = []


def _rects(layout: BuracoLayout, n: int) -> list[pygame.Rect]:
    """The sheet's n buttons side by side, centred at its foot."""
    u = layout.upx
    outer = box(layout)
    gap = u(20)
    width = u(260) if n == 1 else min(u(240), (outer.w - u(40) - (n - 1) * gap) // n)
    left = outer.centerx - (n * width + (n - 1) * gap) // 2
    top = outer.bottom - u(16 + CODE_H) - u(46)
    return [pygame.Rect(left + k * (width + gap), top, width, u(46)) for k in range(n)]
