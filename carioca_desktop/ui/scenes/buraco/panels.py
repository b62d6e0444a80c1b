"""The Buraco table's furniture, painted from a ``Picture``: the top bar, the seat panels and
the viewer's, the score panel (the sides against the target), the preset's panel, and the
label over each side's melds."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco.points import table_points
from carioca_desktop.play.buraco.text import rules_of, side_name, target_text
from carioca_desktop.ui import hud
from carioca_desktop.ui.scenes.buraco.layout import words_scale
from carioca_desktop.ui.sprites import panel
from carioca_desktop.ui.theme import GOLD, TEXT, TEXT_DIM

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.buraco.pictured import Painted


def bar(surface: pygame.Surface, p: Painted) -> None:
    layout = p.layout
    hud.draw_top_bar(surface, layout.bar, p.title, p.status, p.texts, layout.ui, layout.bar_clear)


def seat(surface: pygame.Surface, p: Painted, seat: int) -> None:
    obs, layout = p.obs, p.layout
    info = hud.SeatInfo(
        seat,
        p.names[seat],
        p.seat_lines[seat],
        partner_word(p, seat),
        False,
        obs.hand_sizes[seat],
        obs.turn == seat,
        hud.initials(p.names)[seat],  # "J1" and "J2" apart, as on the Carioca table
        p.hands_up,
    )
    hud.draw_seat(surface, layout.seats[seat], info, p.texts, p.images, layout.upx(34), layout.ui)


def viewer(surface: pygame.Surface, p: Painted) -> None:
    obs, layout = p.obs, p.layout
    me = obs.seat
    score = tr("buraco.hand_count", n=obs.hand_sizes[me])
    info = hud.SeatInfo(
        me, p.names[me], p.seat_lines[me], score, False, obs.hand_sizes[me], obs.turn == me,
        hud.initials(p.names)[me],
    )  # fmt: skip
    hud.draw_viewer_panel(surface, layout.viewer_panel, info, p.texts, layout.ui)


def partner_word(p: Painted, seat: int) -> str:
    if p.obs.players == 2:
        return tr("buraco.opponent")
    return tr("buraco.partner") if seat % 2 == p.obs.seat % 2 else tr("buraco.opponent")


def score_panel(surface: pygame.Surface, p: Painted) -> None:
    """The side totals and the target, always in view; the side to act in gold. During a
    hand, each side's points on the table so far beside its total."""
    layout, texts, obs = p.layout, p.texts, p.obs
    rect = layout.score_panel
    u = layout.upx
    running = table_points(obs) if obs.phase in ("draw", "play") else None
    surface.blit(panel(rect.size, u(12), (*hud.PANEL_FILL[:3], 215), hud.BORDER), rect)
    head = texts.render(target_text(obs.target), u(14), GOLD, bold=True)
    surface.blit(head, (rect.left + u(14), rect.top + u(10)))
    y = rect.top + u(38)
    for side in (obs.seat % 2, 1 - obs.seat % 2):
        colour = TEXT if side == obs.seat % 2 else TEXT_DIM
        name = texts.fit(side_name(p.names, side), u(15), colour, rect.width - u(110), bold=True)
        surface.blit(name, (rect.left + u(14), y))
        score = texts.render(
            str(obs.scores[side]), u(20), GOLD if side == obs.seat % 2 else TEXT, bold=True
        )
        surface.blit(score, score.get_rect(topright=(rect.right - u(14), y - u(3))))
        bar = pygame.Rect(rect.left + u(14), y + u(22), rect.width - u(28), u(6))
        if running is not None:  # the hand's points so far, right of a shorter bar
            words = tr("buraco_hand.on_table", n=running[side])
            extra = texts.fit(words, u(12), (150, 200, 160), rect.width // 2)
            spot = extra.get_rect(midright=(rect.right - u(14), bar.centery))
            surface.blit(extra, spot)
            bar.width = max(u(20), spot.left - u(8) - bar.left)
        pygame.draw.rect(surface, (20, 52, 36), bar, border_radius=u(3))
        done = max(0, min(1.0, obs.scores[side] / max(1, obs.target)))
        if done > 0:
            fill = bar.copy()
            fill.width = max(u(6), round(bar.width * done))
            pygame.draw.rect(
                surface, GOLD if side == obs.seat % 2 else (150, 170, 156), fill, border_radius=u(3)
            )
        y += u(44)


def info_panel(surface: pygame.Surface, p: Painted) -> None:
    """The preset and what a new player needs to know of it (the round is in the bar): the
    first-meld minimum while it applies, what going out takes, the pile rule; lines that do
    not fit are left out, the most needed first."""
    layout, texts, obs = p.layout, p.texts, p.obs
    rect = layout.info_panel
    u = layout.upx
    surface.blit(panel(rect.size, u(12), (*hud.PANEL_FILL[:3], 215), hud.BORDER), rect)
    rules = rules_of(obs)
    lines = [(tr(f"buraco.preset.{rules.preset}"), GOLD, True)]
    if p.first_min:
        lines.append((tr("buraco.first_min", n=p.first_min), (255, 214, 120), True))
    lines += [
        (tr(f"buraco.newgame.out_{rules.go_out_requires}"), TEXT, False),
        (tr("buraco.pile_rule_all") if p.pile_all else tr("buraco.pile_rule_top"), TEXT_DIM, False),
    ]
    y, bottom = rect.top + u(10), rect.bottom - u(8)
    size = round(13 * words_scale(layout))  # readable at the smallest window
    line = size * 20 // 13
    for text, colour, bold in lines:
        rows = texts.wrap(text, size, rect.width - u(28), bold)[:2]
        if y + line * len(rows) > bottom:
            break
        for row in rows:
            surface.blit(
                texts.fit(row, size, colour, rect.width - u(28), bold), (rect.left + u(14), y)
            )
            y += line
        y += u(3)


def zone_label_rect(p: Painted, side: int, zone: pygame.Rect) -> pygame.Rect:
    """Where ``zone_label`` writes a side's names (over its melds, or in the empty zone)."""
    u = p.layout.upx
    words = tr("buraco.melds_of", names=side_name(p.names, side))
    if not any(m.side == side for m in p.obs.table):
        words = tr("buraco.no_melds", names=side_name(p.names, side))
        return p.texts.render(words, u(14), (200, 214, 200)).get_rect(center=zone.center)
    text = p.texts.render(words, u(12), GOLD, bold=True)
    return text.get_rect(topleft=(zone.right - text.get_width(), zone.top - u(2)))


def zone_label(surface: pygame.Surface, p: Painted, side: int, zone: pygame.Rect) -> None:
    u = p.layout.upx
    frame = zone.inflate(u(12), u(8))
    pygame.draw.rect(surface, (240, 220, 160, 40), frame, 1, border_radius=u(12))
    words = tr("buraco.melds_of", names=side_name(p.names, side))
    if not any(m.side == side for m in p.obs.table):
        words = tr("buraco.no_melds", names=side_name(p.names, side))
        text = p.texts.render(words, u(14), (200, 214, 200))
        surface.blit(text, text.get_rect(center=zone.center))
        if p.first_min and side == p.obs.seat % 2:  # the minimum, where the melds will go
            need = tr("buraco.first_min", n=p.first_min)
            line = p.texts.render(need, u(15), (255, 214, 120), bold=True)
            surface.blit(line, line.get_rect(midtop=(zone.centerx, zone.centery + u(14))))
        return
    text = p.texts.render(words, u(12), GOLD, bold=True)
    surface.blit(text, (zone.right - text.get_width(), zone.top - u(2)))
