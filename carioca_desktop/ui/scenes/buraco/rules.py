"""Buraco's rules in a few words, over the dimmed table (the pause menu's Rules at a Buraco
table): the aim, melds and wilds, buracos, the pile, the morto, going out, the score, this
match's own values, and the keys and clicks of the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.ui import theme
from carioca_desktop.ui.widgets import UIScene, draw_text, font, gold_title, panel, wrap

if TYPE_CHECKING:
    from carioca_desktop.ui.app import App

SECTIONS = ("aim", "melds", "wilds", "buracos", "pile", "morto", "out", "score", "play")


class BuracoRulesScene(UIScene):
    opaque = False
    dim_alpha = 175

    def __init__(self, app: App, rules: BuracoRules) -> None:
        super().__init__(app)
        self.rules = rules

    def lines(self) -> list[tuple[str, str]]:
        r = self.rules
        b = r.bonuses

        def words(section: str) -> str:
            return tr(
                f"buraco.rules.{section}",
                target=r.target,
                limpo=b["limpo"],
                sujo=b["sujo"],
                out=b["going_out"],
                no_morto=b["no_morto"],
            )

        out = [(tr(f"buraco.rules.{s}_title"), words(s)) for s in SECTIONS]
        house = [
            tr(f"buraco.preset.{r.preset}"),
            tr(f"buraco.pile_rule_{r.pile_visible}"),
            tr(f"buraco.newgame.take_{r.pile_take}"),
            tr(f"buraco.newgame.out_{r.go_out_requires}"),
        ]
        if r.first_meld_min:
            house.append(tr("buraco.first_min", n=r.first_meld_min))
        out.append((tr("buraco.rules.house_title"), " · ".join(house)))
        return out

    def _box(self) -> pygame.Rect:
        w, h = self.size
        box = pygame.Rect(0, 0, min(w - 40, round(1240 * self.t)), h - 30)
        box.center = (w // 2, h // 2)
        return box

    def build(self) -> None:
        box = self._box()
        bw, bh = round(220 * self.u), round(46 * self.u)
        rect = pygame.Rect(box.right - bw - 24, box.bottom - bh - 18, bw, bh)
        self.button(rect, tr("common.close"), self.back, "primary")
        self.focus.restore(0)

    def paint(self, surface: pygame.Surface) -> None:
        box = self._box()
        panel(surface, box, alpha=248, border=theme.GOLD)
        t = self.t
        title = gold_title(tr("buraco.rules.title"), round(32 * t), box.w - 60)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + round(10 * t))))
        y = box.y + round(16 * t) + title.get_height()
        size = 18 if box.h > 640 else 15
        body, bold = font(round(size * t)), font(round(size * t), bold=True)
        head_w = round(170 * t)
        width = box.w - 60 - head_w
        bottom = box.bottom - round(46 * self.u) - 26
        for head, text in self.lines():
            rows = wrap(text, body, width)
            if y + len(rows) * body.get_linesize() > bottom:
                break
            draw_text(surface, head, bold, (box.x + 30, y), theme.GOLD, shadow=False)
            for k, row in enumerate(rows):
                at = (box.x + 30 + head_w, y + k * body.get_linesize())
                draw_text(surface, row, body, at, theme.TEXT, shadow=False)
            y += len(rows) * body.get_linesize() + round(7 * t)
