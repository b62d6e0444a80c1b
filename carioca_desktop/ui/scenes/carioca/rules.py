"""How to play: the rules explained with drawn cards, and the house rules in words (ui/rulewords.py,
re-exported here for the settings, new-game and score screens that import it from here)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.play.text import contract_text
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.ui import theme
from carioca_desktop.ui.cardart import CardArt
from carioca_desktop.ui.keyrows import click_rows, key_rows
from carioca_desktop.ui.scenes.carioca.houserule_words import (
    BOOL,
    CHOICES,
    CONTRACTS,
    POINT_CHOICES,
    POINT_KEYS,
    PRESET_ORDER,
    card_name,
    current_rules,
    explain,
    key_label,
    points_text,
    preset_name,
    rule_rows,
    value_text,
)
from carioca_desktop.ui.tablekit.wordsize import fit_words
from carioca_desktop.ui.widgets import UIScene, draw_text, font, gold_title, pairs, panel, wrap

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

__all__ = [
    "BOOL",
    "CHOICES",
    "CONTRACTS",
    "POINT_CHOICES",
    "POINT_KEYS",
    "PRESET_ORDER",
    "RulesScene",
    "card_name",
    "contract_text",
    "current_rules",
    "explain",
    "key_label",
    "points_text",
    "preset_name",
    "rule_rows",
    "value_text",
]

# ----------------------------------------------------------------------------- the document
Block = tuple[str, Any]


def _document(rules: CariocaRules) -> list[Block]:
    """The rules page as blocks: ("h", title), ("p", text), ("fig", (cards, caption, text)),
    ("rows", [(label, value)]). Cards are written "5H JK=6H 7H": ``=`` marks what a wild
    stands for; "|", "+" and "→" are a gap, a plus and an arrow between cards."""
    wild = "2C=9" if rules.wild_twos != "none" else "JK=9"
    points = rules.points
    scoring = tr("rules.scoring_caption", a=points["A"], k=points["K"], jk=points["JK"])
    rounds = [(tr("common.round_n", n=i + 1), contract_text(c)) for i, c in enumerate(rules.rounds)]
    ace = "rules.ace_wrap" if rules.ace == "wrap" else "rules.ace"
    laydown = "rules.laydown_exact" if rules.exact_laydown else "rules.laydown"
    add = "rules.add_same" if rules.add_same_turn else "rules.add"
    return [
        ("h", tr("rules.goal_title")),
        ("fig", ("KS QH JK 2D 9C", "", tr("rules.goal", rounds=len(rules.rounds)))),
        ("h", tr("rules.melds_title")),
        ("fig", ("7S 7H 7D", tr("rules.trio_caption"), tr("rules.trio"))),
        (
            "fig",
            ("5H 6H 7H 8H", tr("rules.escala_caption"), tr("rules.escala", n=rules.escala_min)),
        ),
        ("fig", ("JS QS KS AS", tr("rules.ace_caption"), tr(ace))),
        ("h", tr("rules.wilds_title")),
        ("fig", ("5H JK=6H 7H 8H", tr("rules.wild_caption"), tr("rules.wilds"))),
        ("fig", (f"9S 9D {wild}", tr("rules.wild_trio"), tr("rules.twos_" + rules.wild_twos))),
        ("h", tr("rules.contracts_title")),
        ("p", tr("rules.contracts")),
        ("rows", rounds),
        ("h", tr("rules.turn_title")),
        ("fig", ("back | KD", tr("rules.draw_caption"), tr("rules.turn"))),
        ("h", tr("rules.laydown_title")),
        ("fig", ("9S 9H 9C | 3D 4D 5D 6D", tr("rules.laydown_caption"), tr(laydown))),
        ("h", tr("rules.add_title")),
        ("fig", ("6H 7H 8H + 9H", tr("rules.add_caption"), tr(add))),
        ("h", tr("rules.swap_title")),
        ("fig", ("6H → JK=6H", tr("rules.swap_caption"), tr("rules.swap"))),
        ("h", tr("rules.scoring_title")),
        ("fig", ("AS KH 7C JK", scoring, tr("rules.scoring_" + rules.scoring))),
        ("h", tr("rules.house_title")),
        ("rows", rule_rows(rules)),
        ("h", tr("rules.keys_title")),
        ("p", tr("rules.keys_intro")),
        ("rows", key_rows()),
        ("p", "\n".join([tr("keys.clicks_title") + ":", *("· " + c for c in click_rows())])),
    ]


class RulesScene(UIScene):
    """A scrollable page with a table of contents; ↑ ↓ PgUp PgDn Home End scroll."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.scroll = 0
        self._page: tuple[tuple[int, int, str], pygame.Surface, list[int]] | None = None
        self._drag: int | None = None

    # ------------------------------------------------------------------ layout
    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        w, h = self.size
        m = round(24 * self.k)
        top = round(92 * self.k)
        toc_w = round(min(300 * self.u, w * 0.26))
        toc = pygame.Rect(m, top, toc_w, h - top - m)
        body = pygame.Rect(toc.right + m, top, w - toc.right - 2 * m, h - top - m)
        return toc, body

    def build(self) -> None:
        toc, _ = self._areas()
        titles = [b[1] for b in _document(current_rules(self.app)) if b[0] == "h"]
        bh = round(min(38 * self.u, (toc.h - 90 * self.u) / max(1, len(titles))))
        y = toc.y + 14
        entries = []
        for i, title in enumerate(titles):
            rect = pygame.Rect(toc.x + 10, y, toc.w - 20, bh)
            entries.append(self.button(rect, title, partial(self.jump, i), "flat"))
            y += bh
        fit_words(self.app.manager, entries)  # a long title in a narrow window: smaller
        back = pygame.Rect(
            toc.x + 10, toc.bottom - round(56 * self.u), toc.w - 20, round(44 * self.u)
        )
        self.button(back, tr("common.back"), self.back)

    def page(self) -> tuple[pygame.Surface, list[int]]:
        _, body = self._areas()
        key = (body.w, self.app.size[1], tr("rules.goal_title"))
        if self._page is None or self._page[0] != key:
            surf, anchors = _render(_document(current_rules(self.app)), body.w - 70, self)
            self._page = (key, surf, anchors)
        return self._page[1], self._page[2]

    def _limit(self) -> int:
        surf, _ = self.page()
        return max(0, surf.get_height() - self._areas()[1].h + 40)

    def scroll_to(self, y: float) -> None:
        y = max(0, min(self._limit(), round(y)))
        if y != self.scroll:
            self.scroll = y
            self.repaint()

    def jump(self, section: int) -> None:
        _, anchors = self.page()
        self.scroll_to(anchors[section] - 10)

    # ------------------------------------------------------------------ picture
    def paint(self, surface: pygame.Surface) -> None:
        toc, body = self._areas()
        title = gold_title(tr("rules.title"), round(40 * self.k))
        surface.blit(title, title.get_rect(midleft=(toc.x, round(48 * self.k))))
        panel(surface, toc)
        panel(surface, body, border=theme.GOLD)
        page, anchors = self.page()
        view = body.inflate(-40, -40)
        shown = pygame.Rect(0, self.scroll, page.get_width(), view.h).clip(page.get_rect())
        visible = page.subsurface(shown).copy()
        visible.blit(_fade_mask(visible.get_size()), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surface.blit(visible, view)
        self._mark_section(surface, toc, anchors)
        self._paint_bar(surface, body)

    def _mark_section(self, surface: pygame.Surface, toc: pygame.Rect, anchors: list[int]) -> None:
        """A gold bar beside the section at the top of the view."""
        reach = self.scroll + (self._areas()[1].h // 2 if self.scroll >= self._limit() else 40)
        current = max((i for i, a in enumerate(anchors) if a <= reach), default=0)
        buttons = self.elements[: len(anchors)]
        if current < len(buttons):
            rect = buttons[current].rect
            bar = pygame.Rect(toc.x + 4, rect.y + 6, 4, rect.h - 12)
            pygame.draw.rect(surface, theme.GOLD, bar, 0, 2)

    def _bar(self, body: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        track = pygame.Rect(body.right - 16, body.y + 16, 6, body.h - 32)
        total = self.page()[0].get_height() + 40
        share = min(1.0, body.h / total)
        thumb_h = max(30, round(track.h * share))
        span = track.h - thumb_h
        y = track.y + (round(span * self.scroll / self._limit()) if self._limit() else 0)
        return track, pygame.Rect(track.x - 2, y, 10, thumb_h)

    def _paint_bar(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        if not self._limit():
            return
        track, thumb = self._bar(body)
        pygame.draw.rect(surface, (8, 30, 18), track, 0, 3)
        pygame.draw.rect(surface, theme.GOLD, thumb, 0, 5)

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            self._drag_to(event.pos[1])
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            self._drag = None
        steps = {pygame.K_UP: -60, pygame.K_DOWN: 60, pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}
        if event.type == pygame.KEYDOWN and event.key in steps:
            step = steps[event.key]
            page = self._areas()[1].h - 80
            self.scroll_to(self.scroll + (step if abs(step) > 1 else step * page))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_HOME, pygame.K_END):
            self.scroll_to(0 if event.key == pygame.K_HOME else self._limit())
            return True
        return super().handle_event(event)

    def pointer(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * 70)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            track, thumb = self._bar(self._areas()[1])
            if track.inflate(16, 0).collidepoint(event.pos):
                self._drag = thumb.h // 2
                self._drag_to(event.pos[1])
        elif event.type == pygame.MOUSEBUTTONUP:
            self._drag = None

    def _drag_to(self, y: int) -> None:
        track, thumb = self._bar(self._areas()[1])
        span = max(1, track.h - thumb.h)
        share = (y - (self._drag or 0) - track.y) / span
        self.scroll_to(share * self._limit())


# ----------------------------------------------------------------------------- page drawing
class _Page:
    """Fonts, card art and widths for laying out the rules page."""

    def __init__(self, scene: UIScene, width: int) -> None:
        k = max(scene.t, 0.9)
        self.art = CardArt(round(62 * k), scene.app.settings.four_colour)
        self.back = scene.app.settings.card_back
        self.h1 = font(round(25 * k), bold=True)
        self.body = font(round(16 * k))
        self.small = font(round(14 * k), bold=True)
        self.width = width
        self.fig_w = round(self.art.width * 4.6)
        self.text_w = width - self.fig_w - round(30 * k)
        self.stacked = False

    def fit_figures(self, blocks: list[Block]) -> None:
        """Make the figure column as wide as the widest figure."""
        specs = [b[1][0] for b in blocks if b[0] == "fig"]
        widest = max((self._spec_width(spec) for spec in specs), default=0)
        self.fig_w = widest + 12
        self.text_w = self.width - self.fig_w - 30
        self.stacked = self.text_w < 22 * self.body.size("m")[0]  # too narrow: text below
        if self.stacked:
            self.fig_w = self.text_w = self.width

    def _spec_width(self, spec: str) -> int:
        step = round(self.art.width * 0.6)
        cards = [t for t in spec.split() if t not in ("|", "+", "→")]
        signs = len(spec.split()) - len(cards)
        return step * (len(cards) - 1) + self.art.width + signs * round(self.art.width * 0.8)

    def height(self, block: Block) -> int:
        kind, data = block
        line = self.body.get_linesize()
        if kind == "h":
            return self.h1.get_linesize() + 30
        if kind == "p":
            return len(wrap(data, self.body, self.text_w + self.fig_w)) * line + 14
        if kind == "fig":
            text_h = len(wrap(data[2], self.body, self.text_w)) * line
            captions = len(wrap(data[1], self.small, self.fig_w)) if data[1] else 0
            fig_h = self.art.height + captions * self.small.get_linesize() + 6
            return (fig_h + 10 + text_h if self.stacked else max(text_h, fig_h)) + 22
        return self._rows(None, data, 0)

    def draw(self, surf: pygame.Surface, block: Block, y: int) -> None:
        kind, data = block
        line = self.body.get_linesize()
        if kind == "h":
            draw_text(surf, data, self.h1, (0, y + 14), theme.GOLD)
            rule_y = y + 16 + self.h1.get_linesize()
            pygame.draw.line(surf, (*theme.GOLD, 110), (0, rule_y), (self.width, rule_y), 1)
        elif kind == "p":
            for i, text in enumerate(wrap(data, self.body, self.text_w + self.fig_w)):
                draw_text(surf, text, self.body, (0, y + i * line), shadow=False)
        elif kind == "fig":
            self._figure(surf, data, y)
        else:
            self._rows(surf, data, y)

    def _figure(self, surf: pygame.Surface, data: tuple[str, str, str], y: int) -> None:
        spec, caption, text = data
        block_h = self.height(("fig", data)) - 22
        lines = wrap(text, self.body, self.text_w)
        text_h = len(lines) * self.body.get_linesize()
        text_x, text_y = self.fig_w + 30, y + 4 + (block_h - text_h) // 2
        if self.stacked:
            text_x, text_y = 0, y + block_h - text_h
        for i, text_line in enumerate(lines):
            pos = (text_x, text_y + i * self.body.get_linesize())
            draw_text(surf, text_line, self.body, pos, shadow=False)
        left = (self.fig_w - self._spec_width(spec)) // 2
        right = self._cards(surf, spec, (left, y + 6))
        centre = (left + right) / 2
        for i, part in enumerate(wrap(caption, self.small, self.fig_w) if caption else []):
            width = self.small.size(part)[0]
            x = max(width / 2, min(self.fig_w - width / 2, centre))
            cy = y + 10 + self.art.height + i * self.small.get_linesize()
            draw_text(surf, part, self.small, (x, cy), theme.GOLD, "midtop", shadow=False)

    def _cards(self, surf: pygame.Surface, spec: str, at: tuple[int, int]) -> int:
        """A row of cards overlapped like a meld on the table; returns its right edge."""
        art, (x, y) = self.art, at
        step = round(art.width * 0.6)
        signs = {"|": "", "+": "+", "→": "→"}
        for token in spec.split():
            if token in signs:
                glyph = font(round(art.width * 0.45), True)
                centre = (x + art.width * 0.4, y + art.height / 2)
                draw_text(surf, signs[token], glyph, centre, theme.GOLD, "center")
                x += round(art.width * 0.8)
                continue
            code, _, marker = token.partition("=")
            image = art.back(self.back) if code == "back" else art.face(code)
            if marker:
                image = art.marked(code, marker)
            dx, dy = art.shadow_offset
            surf.blit(art.shadow(), (x + dx, y + dy))
            surf.blit(image, (x, y))
            x += step
        return x + art.width - step

    def _rows(self, surf: pygame.Surface | None, rows: list[tuple[str, str]], y: int) -> int:
        """Label / value rows with bands; returns their height."""
        label_w = min(self.width * 45 // 100, max(self.body.size(r[0])[0] for r in rows) + 36)
        area = pygame.Rect(6, y + 4, self.width - 12, 100_000)
        return pairs(surf, rows, area, self.body, label_w, bands=True) - y + 8


def _fade_mask(size: tuple[int, int]) -> pygame.Surface:
    """White with alpha fading to nothing in the top and bottom 24 px (a soft scroll edge)."""
    mask = pygame.Surface(size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 255))
    edge = min(24, size[1] // 4)
    for i in range(edge):
        a = round(255 * (i + 1) / (edge + 1))
        pygame.draw.line(mask, (255, 255, 255, a), (0, i), (size[0], i))
        pygame.draw.line(mask, (255, 255, 255, a), (0, size[1] - 1 - i), (size[0], size[1] - 1 - i))
    return mask


def _render(blocks: list[Block], width: int, scene: UIScene) -> tuple[pygame.Surface, list[int]]:
    """Lay the blocks out top to bottom on one tall transparent surface."""
    page = _Page(scene, width)
    page.fit_figures(blocks)
    surf = pygame.Surface((width, sum(page.height(b) for b in blocks) + 20), pygame.SRCALPHA)
    y, anchors = 0, []
    for block in blocks:
        if block[0] == "h":
            anchors.append(y)
        page.draw(surf, block, y)
        y += page.height(block)
    return surf, anchors
