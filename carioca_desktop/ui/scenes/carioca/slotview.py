"""The lay-down slots as the table shows them: each slot's panel as wide as the meld it asks
for, its cards overlapped less than on the table (they are being arranged), outlines where
missing cards would go, and its verdict in words."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from carioca_desktop.ui.scenes.carioca.layout import TableLayout, card_h, slot_rects
from carioca_desktop.ui.sprites import TextCache, panel
from carioca_desktop.ui.theme import GREEN_OK, RED_BAD, TEXT, TEXT_DIM

SLOT_STRIP = 0.42


@dataclass
class SlotView:
    """A lay-down slot as drawn: its panel, header words and its cards (uid, code, marker)."""

    rect: pygame.Rect
    title: str
    verdict: str
    ok: bool | None
    cards: list[tuple[int, str, str | None]]
    want: int = 4  # cards the slot is sized for
    need: int = 3  # cards a meld of this slot needs at least (outlined while missing)
    hint: str = ""  # said over an empty slot
    card_rects: list[pygame.Rect] = field(default_factory=list)
    spare_rects: list[pygame.Rect] = field(default_factory=list)


def place_slots(slots: list[SlotView], layout: TableLayout) -> None:
    """Each slot as wide as the meld it asks for; its cards overlapped less than on the
    table (they are being arranged), with outlines where missing cards would go."""
    if not slots:
        return
    sw, pad = layout.slot_w, layout.px(12)
    strip = round(sw * SLOT_STRIP)
    wants = [sw + strip * max(3, len(v.cards), v.want - 1) + 2 * pad for v in slots]
    panels = slot_rects(layout.slots_area, wants, layout.px(14), layout.size[0] // 2)
    for view, rect in zip(slots, panels):
        view.rect = rect
        n = len(view.cards)
        room = rect.width - 2 * pad - sw
        step = strip if n <= 1 else min(strip, max(4, room // (n - 1)))
        top = rect.top + layout.upx(30)
        places = [
            pygame.Rect(rect.left + pad + k * step, top, sw, card_h(sw))
            for k in range(max(n, view.need))
        ]
        view.card_rects, view.spare_rects = places[:n], places[n:]


class SlotLayer(Protocol):
    """The table's view (``view.TableView``) as the slots' painter reads it: typed by this,
    not by the view, which imports the painter."""

    @property
    def layout(self) -> TableLayout | None: ...
    @property
    def texts(self) -> TextCache: ...
    @property
    def high_contrast(self) -> bool: ...
    @property
    def slots(self) -> list[SlotView]: ...
    def card(
        self, surf: pygame.Surface, code: str, rect: pygame.Rect, marker: str | None = None
    ) -> None: ...
    def slot_outline(self, surf: pygame.Surface, rect: pygame.Rect) -> None: ...


def draw_slots(
    table: SlotLayer,
    surf: pygame.Surface,
    hidden: Counter[Hashable],
    clip: pygame.Rect | None = None,
) -> None:
    """The slots (with ``clip``, those that touch it), their words and cards."""
    layout = table.layout
    assert layout is not None
    px = layout.upx
    margin = layout.slot_w // 2  # a slot's box in zones.items
    hc = table.high_contrast  # thicker, lighter edges and a darker fill
    idle, fill = ((200, 225, 210), (4, 22, 14, 215)) if hc else ((90, 140, 110), (10, 40, 26, 150))
    for view in table.slots:
        if clip is not None and not clip.colliderect(view.rect.inflate(margin, margin)):
            continue
        border = GREEN_OK if view.ok else RED_BAD if view.ok is False else idle
        surf.blit(panel(view.rect.size, px(12), fill, border, 3 if hc else 2), view.rect)
        title = table.texts.render(view.title, px(14), TEXT, bold=True)
        surf.blit(title, (view.rect.left + px(12), view.rect.top + px(7)))
        _verdict(table, surf, view, title.get_width())
        for rect in view.spare_rects:  # where the missing cards of a meld would go
            table.slot_outline(surf, rect)
        if not view.cards and view.spare_rects:
            area = view.spare_rects[0].union(view.spare_rects[-1])
            # On a plate of the slot's felt: the outlines crossed the letters in a narrow slot.
            _lines(table.texts, surf, view.hint, px(13), TEXT_DIM, area.inflate(-px(8), 0), False,
                   plate=(14, 44, 30, 235))  # fmt: skip
        for (uid, code, marker), rect in zip(view.cards, view.card_rects):
            if not hidden[("hand", uid)]:
                table.card(surf, code, rect, marker)


def _verdict(table: SlotLayer, surf: pygame.Surface, view: SlotView, title_w: int) -> None:
    """The slot's reason beside its title, or, when it does not fit there, whole under
    the cards (wrapped), never cut to "Falta 1 c…"."""
    assert table.layout is not None
    px, rect = table.layout.upx, view.rect
    colour = GREEN_OK if view.ok else RED_BAD if view.ok is False else TEXT_DIM
    room = rect.right - px(12) - (rect.left + px(20) + title_w)
    bold = bool(view.ok)
    words = table.texts.render(view.verdict, px(13), colour, bold)
    if words.get_width() <= room or not view.verdict:
        surf.blit(words, (rect.right - px(12) - words.get_width(), rect.top + px(8)))
        return
    cards = view.card_rects + view.spare_rects
    top = max(r.bottom for r in cards) + px(2) if cards else rect.top + px(30)
    below = pygame.Rect(rect.left + px(10), top, rect.width - px(20), rect.bottom - top)
    _lines(table.texts, surf, view.verdict, px(12), colour, below, bold)


def _lines(
    texts: TextCache,
    surf: pygame.Surface,
    text: str,
    size: int,
    colour: tuple[int, int, int],
    area: pygame.Rect,
    bold: bool,
    plate: tuple[int, int, int, int] | None = None,
) -> list[pygame.Rect]:
    """``text`` wrapped to ``area``'s width and centred in it; the lines that do not fit
    its height are left out, the last shown ending in "…". ``plate``: a rounded backing of
    that colour under each line. Where each line went."""
    lines = texts.wrap(text, size, max(1, area.width), bold)
    line_h = size + size // 4
    fit = max(1, min(len(lines), area.height // line_h))
    if fit < len(lines):
        lines = [*lines[: fit - 1], " ".join(lines[fit - 1 :])]
    y = area.centery - fit * line_h // 2
    drawn = []
    for line in lines:
        image = texts.fit(line, size, colour, max(1, area.width), bold)
        where = image.get_rect(midtop=(area.centerx, y))
        if plate is not None:
            back = where.inflate(size // 2, 2)
            surf.blit(panel(back.size, max(2, size // 4), plate), back)
        surf.blit(image, where)
        drawn.append(where)
        y += line_h
    return drawn
