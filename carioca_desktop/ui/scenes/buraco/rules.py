"""Buraco's rules in a few words, over the dimmed table (the pause menu's Rules at a Buraco
table): the aim, melds and wilds, buracos, the pile, the morto, going out, the score, this
match's own values, and the keys and clicks of the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco.text import for_players
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.ui import theme
from carioca_desktop.ui.widgets import UIScene, draw_text, font, gold_title, panel, wrap

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

SECTIONS = ("aim", "melds", "wilds", "buracos", "pile", "morto", "out", "score", "play")


def house_words(r: BuracoRules) -> list[str]:
    """The rules a preset changes that the sections above say otherwise (the Italian wild
    that shifts, going out by a discard...), in words."""
    words = []
    if r.sets != "any":
        words.append(f"sets_{r.sets}")
    elif not r.sets_of_twos:
        words.append("no_twos")
    if r.swap == "shift":
        words.append("swap_shift")
    if r.indirect_morto == "continue":
        words.append("indirect_continue")
    if r.go_out_needs_discard:
        words.append("needs_discard")
    out = [tr(f"buraco_tutorial.house.{w}") for w in words]
    if not r.go_out_discard_wild:
        no_wild = tr("buraco_tutorial.house.no_wild_out")
        out = [*out[:-1], f"{out[-1]}, {no_wild}"] if r.go_out_needs_discard else [*out, no_wild]
    if r.stock_end_at:
        out.append(tr("buraco_tutorial.house.stock_end_2"))
    return [w[:1].upper() + w[1:] for w in out]


def rules_lines(r: BuracoRules, at_table: bool = True) -> list[tuple[str, str]]:
    """The rules page's sections as (title, words) with ``r``'s values (the network lobby
    shows the same text)."""
    b = r.bonuses

    def words(section: str) -> str:
        return tr(
            for_players(f"buraco.rules.{section}", r.players),
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
    house += house_words(r)
    title = "buraco.rules.house_title" if at_table else "buraco_tutorial.house.title"
    out.append((tr(title), " · ".join(house)))
    return out


class BuracoRulesScene(UIScene):
    opaque = False
    dim_alpha = 175

    def __init__(self, app: Host, rules: BuracoRules, at_table: bool = True) -> None:
        super().__init__(app)
        self.rules = rules
        self.at_table = at_table  # from the main menu the values are the default preset's

    def lines(self) -> list[tuple[str, str]]:
        return rules_lines(self.rules, self.at_table)

    def _box(self) -> pygame.Rect:
        w, h = self.size
        box = pygame.Rect(0, 0, min(w - 40, round(1240 * self.t)), h - 30)
        box.center = (w // 2, h // 2)
        return box

    def build(self) -> None:
        self.close_button(self._box())

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
