"""The end of a round, over the dimmed table: who went out, every hand left face up with its
points, the round's scores and the running totals; then the next round."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.play.text import contract_text
from carioca_desktop.ui import hud, theme
from carioca_desktop.ui.cardart import CardArt
from carioca_desktop.ui.hud import initials
from carioca_desktop.ui.scenes.carioca.seats import seat_kind, seat_names
from carioca_desktop.ui.widgets import (
    UIScene,
    draw_text,
    fit,
    font,
    gold_title,
    panel,
)

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host


def last_round_end(session: Any) -> tuple[int | None, list[list[str]], list[int]]:
    """(seat that went out or None, each seat's cards left, the round's points)."""
    game = session.game
    obs = game.observation(-1)  # a spectator's: the round's end is public
    for event in reversed(obs.events):
        if event.kind == "round_end":
            went = event.seat if event.seat >= 0 else None
            return went, [list(h) for h in event.melds], list(event.points)
    points = list(obs.round_points[-1]) if obs.round_points else [0] * obs.players
    went = obs.went_out[-1] if obs.went_out else None
    return went, [[] for _ in points], points


class RoundSummaryScene(UIScene):
    """An overlay: one row per seat, and the button to deal the next round."""

    opaque = False
    dim_alpha = 170

    def __init__(self, app: Host, session: Any) -> None:
        super().__init__(app)
        self.session = session

    # ------------------------------------------------------------------ layout
    def _row_h(self) -> int:
        h = self.size[1]
        players = int(self.session.game.players)
        room = h - round(60 * self.k) - self._head_h() - self._foot_h()
        return min(round(104 * self.k), room // players)

    def _head_h(self) -> int:
        return round(118 * self.t) + font(max(12, round(14 * self.t))).get_linesize() + 8

    def _foot_h(self) -> int:
        return round(84 * self.u)

    def _box(self) -> pygame.Rect:
        w, h = self.size
        height = self._head_h() + self._row_h() * self.session.game.players + self._foot_h()
        box = pygame.Rect(0, 0, min(w - 60, round(1280 * self.k) + 120), height)
        box.center = (w // 2, h // 2)
        return box

    def _table(self) -> tuple[pygame.Rect, int]:
        box = self._box()
        top = box.y + round(118 * self.t)
        return pygame.Rect(
            box.x + 30, top, box.w - 60, box.bottom - self._foot_h() - top
        ), self._row_h()

    def build(self) -> None:
        box = self._box()
        bw, bh = min(round(300 * self.u), box.w // 2 - 40), round(50 * self.u)
        over = self.session.game.is_over
        text = tr("summary.final" if over else "summary.next")
        rect = pygame.Rect(box.right - 30 - bw, box.bottom - 22 - bh, bw, bh)
        self.button(rect, text, self.next, "primary")
        self.focus.restore(0)

    def next(self) -> None:
        if self.session.game.is_over:
            from carioca_desktop.ui.scenes.carioca.final import FinalScoreScene

            self.app.replace(FinalScoreScene(self.app, self.session))
            return
        self.session.next_round()
        self.app.pop()

    def back(self) -> None:
        """Esc does not skip the scores: the button (or Enter) goes on."""

    # ------------------------------------------------------------------ picture
    def paint(self, surface: pygame.Surface) -> None:
        box = self._box()
        panel(surface, box, alpha=250, border=theme.GOLD)
        game = self.session.game
        went, hands, points = last_round_end(self.session)
        index = game.rounds_scored - 1
        contract = contract_text(game.rules.rounds[index])
        head = tr("summary.title", n=index + 1, total=len(game.rules.rounds), contract=contract)
        title = gold_title(head, round(34 * self.t), box.w - 60)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + round(18 * self.t))))
        names = seat_names(self.session)
        sub = tr("summary.went_out", name=names[went]) if went is not None else tr("summary.nobody")
        sub_font = font(round(20 * self.t), bold=True)
        y = box.y + round(18 * self.t) + title.get_height() + 2
        draw_text(surface, sub, sub_font, (box.centerx, y), theme.TEXT, "midtop")
        self._paint_rows(surface, names, went, hands, points)
        if not game.is_over and index + 1 < len(game.rules.rounds):
            upcoming = contract_text(game.rules.rounds[index + 1])
            text = tr("summary.upcoming", n=index + 2, contract=upcoming)
            small = font(round(16 * self.t))
            at = (box.x + 36, box.bottom - 22 - round(25 * self.u))
            draw_text(surface, text, small, at, theme.TEXT_DIM, "midleft")

    def _columns(self, area: pygame.Rect) -> tuple[int, int, int, int]:
        """x of the name, cards, round points and total columns."""
        name_x = area.x + 10
        points_x = area.right - round(260 * self.k)
        total_x = area.right - round(110 * self.k)
        cards_x = area.x + round(min(330 * self.k, area.w * 0.3))
        return name_x, cards_x, points_x, total_x

    def _paint_rows(
        self,
        surface: pygame.Surface,
        names: list[str],
        went: int | None,
        hands: list[list[str]],
        points: list[int],
    ) -> None:
        area, row_h = self._table()
        name_x, cards_x, points_x, total_x = self._columns(area)
        small = font(max(12, round(14 * self.t)))
        outcome = self.session.game.outcome()
        tallies = self.session.game.rules.scoring == "tallies"
        totals = outcome.tallies if tallies else outcome.totals
        heads = (
            (tr("common.player"), name_x, "topleft"),
            (tr("summary.cards_left"), cards_x, "topleft"),
            (tr("summary.round_points"), points_x, "topright"),
            (tr("summary.tallies" if tallies else "common.total"), total_x + 60, "topright"),
        )
        for text, x, anchor in heads:
            draw_text(surface, text, small, (x, area.y), theme.TEXT_DIM, anchor)
        top = area.y + small.get_linesize() + 8
        art = CardArt(max(14, round((row_h - 14) * 5 / 7)), self.app.settings.four_colour)
        for seat, name in enumerate(names):
            y = top + seat * row_h
            row = pygame.Rect(area.x, y, area.w, row_h - 6)
            self._paint_row(surface, row, seat, name, seat == went)
            if seat == went:
                big = font(round(22 * self.t), bold=True)
                mid = (cards_x, row.centery)
                draw_text(surface, "★ " + tr("summary.out"), big, mid, theme.GOLD, "midleft")
            elif seat < len(hands):
                self._paint_hand(surface, art, hands[seat], (cards_x, row.centery), points_x - 90)
            number = font(round(24 * self.t), bold=True)
            shown = f"+{points[seat]}" if points[seat] > 0 else str(points[seat])
            colour = theme.GREEN_OK if points[seat] <= 0 else theme.TEXT
            draw_text(surface, shown, number, (points_x, row.centery), colour, "midright")
            best = totals[seat] == (max(totals) if tallies else min(totals))
            total_colour = theme.GOLD if best else theme.TEXT
            draw_text(
                surface,
                str(totals[seat]),
                number,
                (total_x + 60, row.centery),
                total_colour,
                "midright",
            )

    def _paint_row(
        self, surface: pygame.Surface, row: pygame.Rect, seat: int, name: str, out: bool
    ) -> None:
        layer = pygame.Surface(row.size, pygame.SRCALPHA)
        fill = (232, 186, 72, 40) if out else (255, 255, 255, 12 if seat % 2 == 0 else 6)
        pygame.draw.rect(layer, fill, layer.get_rect(), 0, 10)
        if out:
            pygame.draw.rect(layer, (*theme.GOLD, 200), layer.get_rect(), 2, 10)
        surface.blit(layer, row)
        size = min(row.h - 10, round(46 * self.k))
        label = initials(seat_names(self.session))[seat]
        badge = hud.avatar(seat, name, size // 2, label)
        surface.blit(badge, badge.get_rect(midleft=(row.x + 10, row.centery)))
        text_x = row.x + 22 + size
        width = self._columns(row)[1] - text_x - 16
        bold = font(round(17 * self.t), bold=True)
        small = font(max(11, round(13 * self.t)))
        kind = seat_kind(self.session, seat)
        name_y = row.centery - (small.get_linesize() // 2 if kind else 0)
        draw_text(surface, fit(name, bold, width), bold, (text_x, name_y), theme.TEXT, "midleft")
        if kind:
            pos = (text_x, name_y + bold.get_linesize() // 2)
            draw_text(surface, fit(kind, small, width), small, pos, theme.TEXT_DIM)

    def _paint_hand(
        self,
        surface: pygame.Surface,
        art: CardArt,
        cards: list[str],
        at: tuple[int, int],
        right: int,
    ) -> None:
        """The cards left in a hand, face up and overlapped to fit."""
        if not cards:
            return
        x, cy = at
        room = right - x - art.width
        step = min(round(art.width * 0.62), room // max(1, len(cards) - 1)) if len(cards) > 1 else 0
        dx, dy = art.shadow_offset
        for i, code in enumerate(cards):
            top_left = (x + i * step, cy - art.height // 2)
            surface.blit(art.shadow(), (top_left[0] + dx, top_left[1] + dy))
            surface.blit(art.face(code), top_left)
