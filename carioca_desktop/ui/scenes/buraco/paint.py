"""Painting the Buraco table from a ``Picture`` (what to draw this frame), never the scene.

Shared with the Carioca table: the felt, card art (``CardImages``: faces, backs, wilds with
their positional marker badge), seat panels and fans (``hud``), the top bar, the log, toasts
and the colours of the theme.

As at the Carioca table, what only the observation changes (the felt, panels, melds, piles,
mortos, log) is drawn once onto a cached layer (``Layer``), and each frame blits it and draws
what moves over it: the hand, the targets lit for the picked or dragged cards, the keyboard's
ring, the dragged card, toasts. Card shadows come baked into the card images.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco_text import rules_of, side_name
from carioca_desktop.rules.buraco.observation import BuracoObservation, MeldView
from carioca_desktop.ui import hud
from carioca_desktop.ui.anim import Toast
from carioca_desktop.ui.cardart import felt
from carioca_desktop.ui.scenes.buraco.layout import (
    RATIO,
    BuracoLayout,
    fan_rects,
    flow,
    pile_rects,
)
from carioca_desktop.ui.scenes.table.marks import outline
from carioca_desktop.ui.sprites import CardImages, TextCache, panel
from carioca_desktop.ui.theme import GOLD, GREEN_OK, RED_BAD, TEXT, TEXT_DIM

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.buraco.layer import Layer

LIMPO = (72, 170, 104)
SUJO = (196, 120, 48)
ACCEPT = (110, 230, 140)


@dataclass(frozen=True)
class Morto:
    """One morto as the table shows it: still there, taken (by whom), or gone to the stock."""

    where: str  # "there" | "taken" | "stock"
    holder: int | None = None


def mortos_of(obs: BuracoObservation, total: int) -> list[Morto]:
    """Each morto of the round: the taken ones first (the piles go in order), then those
    still there, then those turned into the stock when it ran out (BURACO.md §6)."""
    holders = [seat for side in obs.morto_holders for seat in side]
    out = [Morto("taken", seat) for seat in holders]
    out += [Morto("there") for _ in range(obs.mortos_left)]
    out += [Morto("stock") for _ in range(max(0, total - len(out)))]
    return out[:total]


@dataclass(frozen=True)
class Picture:
    layout: BuracoLayout
    images: CardImages
    texts: TextCache
    obs: BuracoObservation
    names: Sequence[str]
    seat_lines: dict[int, str]  # seat → its subtitle (level, "you")
    title: str
    status: str
    log: Sequence[str]
    mortos: Sequence[Morto]
    pile_all: bool
    first_min: int
    hand: Sequence[tuple[str, pygame.Rect, str]]  # code, where, "" | "picked" | "staged"
    hand_hidden: bool
    staged: Sequence[Sequence[str]]
    accepts: frozenset[int] | None  # melds that would take the selected cards
    pointer: tuple[int, int]
    toasts: Sequence[Toast] = field(default_factory=tuple)
    pile_in_flight: bool = False  # the top card is still gliding onto the pile
    drag: tuple[str, pygame.Rect] | None = None  # a hand card under the pointer
    ring: pygame.Rect | None = None  # the keyboard's focus
    focus_meld: int | None = None  # the meld the keyboard aims at (framed as under a drag)


@dataclass
class MeldPlaces:
    """Where each meld (by table index) and the piles are, for clicks."""

    melds: dict[int, pygame.Rect] = field(default_factory=dict)
    pile: list[pygame.Rect] = field(default_factory=list)


def place_melds(
    layout: BuracoLayout, obs: BuracoObservation
) -> tuple[MeldPlaces, dict[int, tuple[int, float]]]:
    """Each meld's box; and per side the card width and step of its fan (the last few
    answers kept: the layer and the flights ask after every move, mostly for the same)."""
    mine = obs.seat % 2
    key = (id(layout), layout.size, mine, tuple((m.side, m.length) for m in obs.table))
    known = _PLACED.get(key)
    if known is None:
        melds: dict[int, pygame.Rect] = {}
        sizes: dict[int, tuple[int, float]] = {}
        for side, zone in ((mine, layout.our_zone), (1 - mine, layout.their_zone)):
            idx = [i for i, m in enumerate(obs.table) if m.side == side]
            w, step, boxes = flow(zone, [obs.table[i].length for i in idx], layout.ui)
            sizes[side] = (w, step)
            melds.update(zip(idx, boxes))
        known = _PLACED[key] = (melds, sizes)
        while len(_PLACED) > 8:
            del _PLACED[next(iter(_PLACED))]
    melds, sizes = known
    return MeldPlaces({i: r.copy() for i, r in melds.items()}), dict(sizes)


_PLACED: dict[tuple[object, ...], tuple[dict[int, pygame.Rect], dict[int, tuple[int, float]]]] = {}


def paint(surface: pygame.Surface, p: Picture, layer: Layer | None = None) -> MeldPlaces:
    """The table: the still layer (from ``layer``'s cache, or drawn here), then what moves."""
    if layer is None:
        places, sizes = place_melds(p.layout, p.obs)
        _still(surface, p, places, sizes)
    else:
        surface.blit(layer.get(p), (0, 0))
        places = layer.places
    layout = p.layout
    for i, box in places.melds.items():
        lit = p.accepts is not None and i in p.accepts
        _target(surface, p, box, lit, i == p.focus_meld)
    _pile_lit(surface, p, places.pile)
    _hand(surface, p)
    if p.ring is not None:
        outline(surface, p.ring.inflate(layout.upx(10), layout.upx(10)), GOLD, layout.upx(3))
    if p.drag is not None:
        code, rect = p.drag
        shadow, (dx, dy) = p.images.shadow(rect.width)
        lift = max(4, rect.width // 14)
        surface.blit(shadow, (rect.x + dx + lift, rect.y + dy + lift))
        surface.blit(p.images.face(code, rect.width), rect)
    for toast in p.toasts:
        hud.draw_toast(surface, toast, p.texts, layout.ui)
    return places


Part = Callable[[str, pygame.Rect, object, Callable[[], None]], None]


def _draw(name: str, region: pygame.Rect, key: object, draw: Callable[[], None]) -> None:
    draw()


def _still(
    surface: pygame.Surface,
    p: Picture,
    places: MeldPlaces,
    sizes: dict[int, tuple[int, float]],
    part: Part | None = None,
) -> None:
    """What only the observation changes, as parts: each drawn inside its own region of the
    table (the regions do not overlap) from what its key says. Without ``part`` the felt is
    laid and every part drawn; layer.py's ``part`` keeps the layer between frames and draws
    again only the parts whose key changed, each over its own patch of felt (a discard
    leaves the forty-odd meld cards, the panels and the other seats alone)."""
    layout, obs, u = p.layout, p.obs, p.layout.upx
    if part is None:
        surface.blit(felt(layout.size), (0, 0))
        part = _draw
    bar = pygame.Rect(layout.bar.topleft, (layout.bar.width, layout.bar.height + u(3)))
    part("bar", bar, (p.title, p.status), lambda: _bar(surface, p))
    key: object
    for seat, rect in layout.seats.items():
        key = (p.names[seat], p.seat_lines[seat], _partner_word(p, seat), obs.hand_sizes[seat],
               obs.turn == seat)  # fmt: skip
        # The fan and its count stand out past the panel's right edge.
        region = pygame.Rect(
            rect.left - u(4), rect.top - u(4), rect.width + u(28), rect.height + u(8)
        )
        part(f"seat{seat}", region, key, lambda seat=seat: _seat(surface, p, seat))  # type: ignore[misc]
    me = obs.seat
    key = (p.names[me], p.seat_lines[me], obs.hand_sizes[me], obs.turn == me)
    part("viewer", layout.viewer_panel.inflate(u(8), u(8)), key, lambda: _viewer(surface, p))
    key = (obs.target, obs.scores, tuple(p.names))
    part("score", layout.score_panel.inflate(u(8), u(8)), key, lambda: _score_panel(surface, p))
    key = (obs.rules.get("preset"), obs.round_number, p.pile_all, p.first_min)
    part("info", layout.info_panel.inflate(u(8), u(8)), key, lambda: _info_panel(surface, p))
    mine = obs.seat % 2
    zones = {mine: layout.our_zone, 1 - mine: layout.their_zone}
    regions = {side: zone.inflate(u(16), u(12)) for side, zone in zones.items()}
    for side, zone in zones.items():
        ids = [i for i in places.melds if obs.table[i].side == side]

        def melds(side: int = side, zone: pygame.Rect = zone, ids: list[int] = ids) -> None:
            _zone_label(surface, p, side, zone)
            w, step = sizes[side]
            for i in ids:
                _meld(surface, p, obs.table[i], places.melds[i], w, step)

        key = (tuple(obs.table[i] for i in ids), tuple(tuple(places.melds[i]) for i in ids),
               sizes[side], side_name(p.names, side), p.first_min)  # fmt: skip
        part(f"melds{side}", regions[side], key, melds)
    # The middle row, between the two sides' regions: the stock and mortos, then the pile.
    top = regions[1 - mine].bottom
    middle = pygame.Rect(layout.centre.left + u(12), top, 0, regions[mine].top - top)
    pile_left = layout.pile_area.left - u(8)
    stock_region = pygame.Rect(middle.left, middle.top, pile_left - middle.left, middle.height)
    attention = obs.turn == obs.seat and obs.phase == "draw" and not p.hand_hidden
    key = (obs.stock_size, attention, tuple(p.mortos), tuple(p.names))

    def stock() -> None:
        _stock(surface, p)
        _mortos(surface, p)

    part("stock", stock_region, key, stock)

    def pile() -> None:
        places.pile = _pile(surface, p)

    pile_right = layout.centre.right + u(6)
    pile_region = pygame.Rect(pile_left, middle.top, pile_right - pile_left, middle.height)
    key = (obs.pile, obs.pile_size, obs.pile_top, p.pile_all, p.pile_in_flight)
    part("pile", pile_region, key, pile)
    part("log", layout.log, tuple(p.log), lambda: hud.draw_log(surface, layout.log, p.log,
                                                                p.texts, layout.ui))  # fmt: skip


# --------------------------------------------------------------------------- furniture
def _bar(surface: pygame.Surface, p: Picture) -> None:
    hud.draw_top_bar(surface, p.layout.bar, p.title, p.status, p.texts, p.layout.ui)


def _seat(surface: pygame.Surface, p: Picture, seat: int) -> None:
    obs, layout = p.obs, p.layout
    info = hud.SeatInfo(
        seat,
        p.names[seat],
        p.seat_lines[seat],
        _partner_word(p, seat),
        False,
        obs.hand_sizes[seat],
        obs.turn == seat,
        hud.initials(p.names)[seat],  # "J1" and "J2" apart, as on the Carioca table
    )
    hud.draw_seat(surface, layout.seats[seat], info, p.texts, p.images, layout.upx(34), layout.ui)


def _viewer(surface: pygame.Surface, p: Picture) -> None:
    obs, layout = p.obs, p.layout
    me = obs.seat
    score = tr("buraco.hand_count", n=obs.hand_sizes[me])
    info = hud.SeatInfo(
        me, p.names[me], p.seat_lines[me], score, False, obs.hand_sizes[me], obs.turn == me,
        hud.initials(p.names)[me],
    )  # fmt: skip
    hud.draw_viewer_panel(surface, layout.viewer_panel, info, p.texts, layout.ui)


def _partner_word(p: Picture, seat: int) -> str:
    if p.obs.players == 2:
        return tr("buraco.opponent")
    return tr("buraco.partner") if seat % 2 == p.obs.seat % 2 else tr("buraco.opponent")


def _score_panel(surface: pygame.Surface, p: Picture) -> None:
    """The side totals and the target, always in view; the side to act in gold."""
    layout, texts, obs = p.layout, p.texts, p.obs
    rect = layout.score_panel
    u = layout.upx
    surface.blit(panel(rect.size, u(12), (*hud.PANEL_FILL[:3], 215), hud.BORDER), rect)
    head = texts.render(tr("buraco.target", n=obs.target), u(14), GOLD, bold=True)
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
        pygame.draw.rect(surface, (20, 52, 36), bar, border_radius=u(3))
        done = max(0, min(1.0, obs.scores[side] / max(1, obs.target)))
        if done > 0:
            fill = bar.copy()
            fill.width = max(u(6), round(bar.width * done))
            pygame.draw.rect(
                surface, GOLD if side == obs.seat % 2 else (150, 170, 156), fill, border_radius=u(3)
            )
        y += u(44)


def _info_panel(surface: pygame.Surface, p: Picture) -> None:
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
    for text, colour, bold in lines:
        rows = texts.wrap(text, u(13), rect.width - u(28), bold)[:2]
        if y + u(20) * len(rows) > bottom:
            break
        for row in rows:
            surface.blit(
                texts.fit(row, u(13), colour, rect.width - u(28), bold), (rect.left + u(14), y)
            )
            y += u(20)
        y += u(3)


def _zone_label(surface: pygame.Surface, p: Picture, side: int, zone: pygame.Rect) -> None:
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


# --------------------------------------------------------------------------- melds
def _meld(
    surface: pygame.Surface,
    p: Picture,
    meld: MeldView,
    box: pygame.Rect,
    w: int,
    step: float,
) -> None:
    images, u = p.images, p.layout.upx
    rects = fan_rects(box, meld.length, w, step)
    for code, rect in zip(meld.cards, rects):
        head, _, marker = code.partition("=")
        image, (dx, dy) = images.shadowed(head, w, marker or None)
        surface.blit(image, (rect.x + dx, rect.y + dy))
    x = box.left
    if meld.buraco:
        colour = LIMPO if meld.buraco == "limpo" else SUJO
        words = tr(f"buraco.badge.{meld.buraco}")
        x = _pill(surface, p, words, (box.left, box.top - u(3)), colour) + u(4)
    if meld.length >= 5:
        _pill(surface, p, str(meld.length), (x, box.top - u(3)), (36, 60, 48))


def _target(surface: pygame.Surface, p: Picture, box: pygame.Rect, lit: bool, aimed: bool) -> None:
    """A meld as a target for the picked or dragged cards: green if it would take them, gold
    when aimed at (the pointer, the keyboard); red when aimed at and it would not."""
    u = p.layout.upx
    frame = box.inflate(u(8), u(8))
    over = aimed or frame.collidepoint(p.pointer)
    if lit:
        colour = GOLD if over else ACCEPT
        pygame.draw.rect(surface, colour, frame, u(3), border_radius=u(8))
    elif p.accepts is not None and over:
        pygame.draw.rect(surface, RED_BAD, frame, u(2), border_radius=u(8))


def _pill(
    surface: pygame.Surface,
    p: Picture,
    words: str,
    bottomleft: tuple[int, int],
    colour: tuple[int, int, int],
) -> int:
    u = p.layout.upx
    size = max(11, u(13))  # read at a glance at 1280x720 too (it sits in the badge row)
    text = p.texts.render(words, size, (255, 250, 236), bold=True)
    box = text.get_rect().inflate(u(12), u(2))
    box.bottomleft = bottomleft
    surface.blit(panel(box.size, box.height // 2, (*colour, 245), (240, 226, 180), 1), box)
    surface.blit(text, text.get_rect(center=box.center))
    return box.right


# --------------------------------------------------------------------------- piles
def _stock(surface: pygame.Surface, p: Picture) -> None:
    layout, images = p.layout, p.images
    rect = layout.stock
    for k in range(min(3, (p.obs.stock_size + 9) // 10)):
        edge = rect.move(-k * 2, -k * 2)
        surface.blit(images.back(rect.width), edge)
    if p.obs.stock_size == 0:
        pygame.draw.rect(surface, (240, 220, 160), rect, 1, border_radius=layout.upx(7))
    attention = p.obs.turn == p.obs.seat and p.obs.phase == "draw" and not p.hand_hidden
    if attention:
        glow, (gx, gy) = images.glow(rect.width, "gold")
        surface.blit(glow, (rect.x + gx, rect.y + gy))
    label = p.texts.render(tr("buraco.stock", n=p.obs.stock_size), layout.upx(13), TEXT)
    surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.bottom + layout.upx(4))))


def _mortos(surface: pygame.Surface, p: Picture) -> None:
    layout, images, u = p.layout, p.images, p.layout.upx
    for rect, morto in zip(layout.mortos, p.mortos):
        if morto.where == "there":
            back = pygame.transform.rotate(images.back(rect.width), 0)
            surface.blit(back, rect)
            surface.blit(back, rect.move(u(3), -u(3)))
            label, colour = tr("buraco.morto"), TEXT
        else:
            pygame.draw.rect(surface, (240, 220, 160), rect, 1, border_radius=u(6))
            if morto.where == "taken" and morto.holder is not None:
                r = min(rect.width // 2 - u(4), u(18))
                disc = hud.avatar(
                    morto.holder, p.names[morto.holder], r, hud.initials(p.names)[morto.holder]
                )
                surface.blit(disc, disc.get_rect(center=rect.center))
                label = tr("buraco.morto_taken", name=p.names[morto.holder])
                colour = GREEN_OK
            else:
                label, colour = tr("buraco.morto_stock"), TEXT_DIM
        text = p.texts.fit(label, u(12), colour, rect.width + u(26), bold=True)
        surface.blit(text, text.get_rect(midtop=(rect.centerx, rect.bottom + u(5))))


def _pile(surface: pygame.Surface, p: Picture) -> list[pygame.Rect]:
    layout, images, obs, u = p.layout, p.images, p.obs, p.layout.upx
    area = layout.pile_area
    label_y = area.bottom + u(4)
    if obs.pile_size == 0:
        empty = pygame.Rect(area.left, area.top, layout.pile_w, area.height)
        pygame.draw.rect(surface, (240, 220, 160), empty, 1, border_radius=u(7))
        text = p.texts.render(tr("buraco.pile_empty"), u(13), TEXT_DIM)
        surface.blit(text, text.get_rect(midtop=(empty.centerx, label_y)))
        return [empty]
    if p.pile_all and obs.pile:
        rects = pile_rects(area, len(obs.pile), layout.pile_w)
        shown = len(obs.pile) - (1 if p.pile_in_flight else 0)
        for code, rect in list(zip(obs.pile, rects))[:shown]:
            image, (dx, dy) = images.shadowed(code, rect.width)
            surface.blit(image, (rect.x + dx, rect.y + dy))
    else:
        rect = pygame.Rect(area.left + u(8), area.top, layout.pile_w, round(layout.pile_w * RATIO))
        for k in range(min(3, obs.pile_size - 1), 0, -1):
            surface.blit(images.back(rect.width), rect.move(-k * u(3), k * u(1)))
        if obs.pile_top and not p.pile_in_flight:
            surface.blit(images.face(obs.pile_top, rect.width), rect)
        rects = [rect]
    words = tr("buraco.pile", n=obs.pile_size)
    text = p.texts.render(words, u(13), TEXT)
    surface.blit(text, (rects[0].left, label_y))
    return rects


def _pile_lit(surface: pygame.Surface, p: Picture, rects: Sequence[pygame.Rect]) -> None:
    """The pile framed in gold while it is where the viewer's move goes."""
    selected = [c for c, _, mark in p.hand if mark == "picked"]
    lit = (
        p.obs.turn == p.obs.seat
        and not p.hand_hidden
        and (p.obs.phase == "draw" or len(selected) == 1)
    )
    if lit and rects:
        u = p.layout.upx
        span = rects[0].unionall(list(rects))
        pygame.draw.rect(surface, GOLD, span.inflate(u(10), u(10)), u(2), border_radius=u(9))


# --------------------------------------------------------------------------- the hand
def _hand(surface: pygame.Surface, p: Picture) -> None:
    """The viewer's hand: picked cards lifted with a gold glow, cards set aside for a meld
    of the next lay-down with a green one."""
    images, u = p.images, p.layout.upx
    for code, rect, mark in p.hand:
        if p.hand_hidden:
            image, (dx, dy) = images.shadowed_back(rect.width)
            surface.blit(image, (rect.x + dx, rect.y + dy))
            continue
        image, (dx, dy) = images.shadowed(code, rect.width)
        surface.blit(image, (rect.x + dx, rect.y + dy))
        if mark:
            glow, (gx, gy) = images.glow(rect.width, "gold" if mark == "picked" else "green")
            surface.blit(glow, (rect.x + gx, rect.y + gy))
    if p.staged and not p.hand_hidden:
        words = tr("buraco.staged", n=len(p.staged))
        text = p.texts.render(words, u(13), GREEN_OK, bold=True)
        surface.blit(text, (p.layout.hand_area.left, p.layout.hand_area.top - u(26)))
