"""The final score sheet: every round's points per seat, the totals and the winner (or the
winners who share it, as the engine's outcome says), then New game or Menu (in the replay
viewer: what its ``ends`` offer instead, ui/replay_end.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from carioca_desktop import games
from carioca_desktop.i18n import tr
from carioca_desktop.play.text import contract_text
from carioca_desktop.ui import hud, theme
from carioca_desktop.ui.cardart import CardArt
from carioca_desktop.ui.hud import initials
from carioca_desktop.ui.scenes.carioca.seats import seat_names
from carioca_desktop.ui.widgets import (
    UIScene,
    card_fan,
    draw_text,
    fit,
    font,
    gold_title,
    panel,
)

if TYPE_CHECKING:
    from carioca_desktop.ui.replay_end import Ends
    from carioca_desktop.ui.scene import Host

TROPHY = ("AS", "AH", "JK", "AD", "AC")


def winners_text(names: list[str], winners: tuple[int, ...]) -> str:
    """ "¡Gana Ana!" or "Empate: Ana y Beto comparten la victoria"."""
    if len(winners) == 1:
        return tr("final.winner", name=names[winners[0]])
    listed = [names[w] for w in winners]
    both = tr("final.and").join([", ".join(listed[:-1]), listed[-1]])
    return tr("final.shared", names=both)


class FinalScoreScene(UIScene):
    """Over the felt: the winner, a card fan, the score sheet; New game and Menu below."""

    def __init__(self, app: Host, session: Any, ends: Ends | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.ends = ends  # the buttons, the last the main one (default: Menu, New game)
        self._fan: pygame.Surface | None = None

    def _layout(self) -> tuple[int, pygame.Rect, int]:
        """Top of the heading, the sheet (as tall as its rows) and the buttons' y: one block
        centred on the screen."""
        w, h = self.size
        head, gap, bh = round(200 * self.t), round(24 * self.u), round(50 * self.u)
        game = self.session.game
        width = min(w - 60, round(1300 * self.k), round((320 + 170 * game.players) * self.t))
        lines = game.rounds_scored + (2 if game.rules.scoring == "tallies" else 1)
        room = h - head - gap - bh - round(20 * self.u)
        row_h = min(round(34 * self.t), (room - round(74 * self.t) - 30) // lines)
        height = min(room, round(74 * self.t) + row_h * lines + 30)
        top = max(0, (h - head - height - gap - bh) // 2)
        sheet = pygame.Rect((w - width) // 2, top + head, width, height)
        return top, sheet, sheet.bottom + gap

    def build(self) -> None:
        w = self.size[0]
        ends = self.ends or [(tr("common.menu"), self.menu), (tr("common.new_game"), self.new_game)]
        n, gap = len(ends), 20
        bw, bh = min(round(260 * self.u), (w - 80 - (n - 1) * gap) // n), round(50 * self.u)
        _, _, y = self._layout()
        left = (w - n * bw - (n - 1) * gap) // 2
        for k, (words, action) in enumerate(ends):
            kind = "primary" if k == n - 1 else None
            self.button(pygame.Rect(left + k * (bw + gap), y, bw, bh), words, action, kind)
        self.focus.restore(n - 1)  # Enter presses the main one

    def new_game(self) -> None:
        self.app.reset(self.app.routes.menu())
        self.app.push(self.app.routes.new_game(games.CARIOCA.name))  # asks the level at first

    def menu(self) -> None:
        self.app.reset(self.app.routes.menu())

    def back(self) -> None:
        self.menu()

    # ------------------------------------------------------------------ picture
    def paint(self, surface: pygame.Surface) -> None:
        game = self.session.game
        names = seat_names(self.session)
        outcome = game.outcome()
        w = self.size[0]
        top, sheet, _ = self._layout()
        fan = self._trophy(round(64 * self.t))
        surface.blit(fan, fan.get_rect(midtop=(w // 2, top + round(8 * self.t))))
        title = gold_title(winners_text(names, outcome.winners), round(44 * self.t), w - 60)
        y = top + round(8 * self.t) + fan.get_height() - round(40 * self.t)
        surface.blit(title, title.get_rect(midtop=(w // 2, y)))
        sub = tr("final.tallies_rule" if game.rules.scoring == "tallies" else "final.penalty_rule")
        sub_font = font(round(16 * self.t))
        draw_text(
            surface, sub, sub_font, (w // 2, y + title.get_height()), theme.TEXT_DIM, "midtop"
        )
        panel(surface, sheet, alpha=225, border=theme.GOLD)
        _Sheet(self, sheet, names, outcome).paint(surface)
        self._paint_code(surface)

    def _paint_code(self, surface: pygame.Surface) -> None:
        """The deal's code (History's "Play a deal" deals these cards again), bottom right."""
        code = self.session.deal_code() if hasattr(self.session, "deal_code") else None
        if code:
            w, h = self.size
            small = font(round(16 * self.t))
            draw_text(surface, tr("history.code", code=code), small, (w - 16, h - 12),
                      theme.TEXT_DIM, "bottomright")  # fmt: skip

    def _trophy(self, width: int) -> pygame.Surface:
        if self._fan is None or self._fan.get_width() < width:
            art = CardArt(width, self.app.settings.four_colour)
            self._fan = card_fan(art, [art.face(c) for c in TROPHY], spread=70)
        return self._fan


class _Sheet:
    """The score sheet grid: rounds down, seats across, totals at the bottom."""

    def __init__(self, scene: FinalScoreScene, rect: pygame.Rect, names: list[str], outcome: Any):
        self.scene, self.rect, self.names, self.outcome = scene, rect, names, outcome
        self.game = scene.session.game
        self.tallies = self.game.rules.scoring == "tallies"
        t = scene.t
        rounds = self.game.rounds_scored
        self.head_h = round(74 * t)
        extra = 2 if self.tallies else 1
        self.row_h = min(round(34 * t), (rect.h - self.head_h - 20) // (rounds + extra))
        self.label_w = round(min(260 * t, rect.w * 0.28))
        self.col_w = (rect.w - self.label_w - 30) // len(names)
        self.body = font(max(12, round(self.row_h * 0.46)))
        self.bold = font(max(12, round(self.row_h * 0.5)), bold=True)

    def x(self, seat: int) -> int:
        return self.rect.x + 20 + self.label_w + seat * self.col_w + self.col_w // 2

    def paint(self, surface: pygame.Surface) -> None:
        self._paint_winner_columns(surface)
        self._paint_heads(surface)
        y = self.rect.y + self.head_h
        went_out = self.game.went_out
        for r, points in enumerate(self.game.round_points):
            went = went_out[r] if r < len(went_out) else None
            self._paint_round(surface, y, r, points, went)
            y += self.row_h
        pygame.draw.line(
            surface, theme.GOLD, (self.rect.x + 20, y + 2), (self.rect.right - 20, y + 2), 2
        )
        self._paint_total(surface, y + 6, tr("common.total"), self.outcome.totals, not self.tallies)
        if self.tallies:
            label = tr("summary.tallies")
            self._paint_total(surface, y + 6 + self.row_h, label, self.outcome.tallies, True)

    def _paint_winner_columns(self, surface: pygame.Surface) -> None:
        for seat in self.outcome.winners:
            column = pygame.Rect(0, self.rect.y + 10, self.col_w - 8, self.rect.h - 20)
            column.centerx = self.x(seat)
            layer = pygame.Surface(column.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (232, 186, 72, 38), layer.get_rect(), 0, 10)
            pygame.draw.rect(layer, (232, 186, 72, 170), layer.get_rect(), 2, 10)
            surface.blit(layer, column)

    def _paint_heads(self, surface: pygame.Surface) -> None:
        size = round(min(34 * self.scene.t, self.col_w * 0.5))
        small = font(max(12, round(14 * self.scene.t)), bold=True)
        labels = initials(self.names)
        for seat, name in enumerate(self.names):
            cx = self.x(seat)
            badge = hud.avatar(seat, name, size // 2, labels[seat])
            surface.blit(badge, badge.get_rect(midtop=(cx, self.rect.y + 12)))
            colour = theme.GOLD if seat in self.outcome.winners else theme.TEXT
            label = fit(name, small, self.col_w - 8)
            draw_text(surface, label, small, (cx, self.rect.y + 16 + size), colour, "midtop")

    def _paint_round(
        self, surface: pygame.Surface, y: int, index: int, points: tuple[int, ...], went: int | None
    ) -> None:
        if index % 2 == 0:
            band = pygame.Rect(self.rect.x + 14, y, self.rect.w - 28, self.row_h)
            layer = pygame.Surface(band.size, pygame.SRCALPHA)
            layer.fill((255, 255, 255, 10))
            surface.blit(layer, band)
        cy = y + self.row_h // 2
        code = self.game.rules.rounds[index]
        label = fit(f"{index + 1}  {contract_text(code)}", self.body, self.label_w - 10)
        draw_text(surface, label, self.body, (self.rect.x + 24, cy), theme.TEXT_DIM, "midleft")
        for seat, value in enumerate(points):
            text = f"★ {value}" if seat == went else str(value)
            colour = theme.GOLD if seat == went else theme.TEXT
            draw_text(surface, text, self.body, (self.x(seat), cy), colour, "center", shadow=False)

    def _paint_total(
        self, surface: pygame.Surface, y: int, label: str, values: tuple[int, ...], decides: bool
    ) -> None:
        cy = y + self.row_h // 2
        draw_text(surface, label, self.bold, (self.rect.x + 24, cy), theme.GOLD, "midleft")
        for seat, value in enumerate(values):
            colour = theme.GOLD if decides and seat in self.outcome.winners else theme.TEXT
            draw_text(surface, str(value), self.bold, (self.x(seat), cy), colour, "center")
