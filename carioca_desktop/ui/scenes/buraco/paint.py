"""Painting the Buraco table from a ``Picture`` (what to draw this frame), never the scene.

Shared with the Carioca table: the felt, card art (``CardImages``: faces, backs, wilds with
their positional marker badge), seat panels and fans (``hud``), the top bar, the log, toasts
and the colours of the theme.

As at the Carioca table, what only the observation changes (the felt, panels, melds, piles,
mortos, log) is drawn once onto a cached layer (``Layer``), and each frame blits it and draws
what moves over it: the hand, the targets lit for the picked or dragged cards, the keyboard's
ring, the dragged card, toasts. Card shadows come baked into the card images.

The parts: panels.py (bar, seats, score and preset panels), cards.py (melds, targets, the
hand), piles.py (stock, mortos, pile); here the picture, the meld places and the order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, cast

import pygame

from carioca_desktop.play.buraco.news import News
from carioca_desktop.play.buraco.points import table_points
from carioca_desktop.play.buraco.text import side_name
from carioca_desktop.rules.buraco.observation import BuracoObservation, MeldView
from carioca_desktop.ui import hud
from carioca_desktop.ui.anim import Toast
from carioca_desktop.ui.cardart import felt
from carioca_desktop.ui.scenes.buraco import cards, panels, piles
from carioca_desktop.ui.scenes.buraco.layout import BuracoLayout, flow, words_scale
from carioca_desktop.ui.scenes.buraco.pieces import Pieces, Probe
from carioca_desktop.ui.scenes.buraco.piles import Morto, mortos_of
from carioca_desktop.ui.sprites import CardImages, TextCache
from carioca_desktop.ui.tablekit.marks import focus_ring

__all__ = ["MeldPlaces", "Morto", "Picture", "mortos_of", "paint", "place_melds"]


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
    news: News = field(default_factory=News)  # what changed since the viewer last acted
    hands_up: bool = False  # every other hand face up (the replay viewer's V): no backs


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


class CachedLayer(Protocol):
    """The still layer's cache (``layer.Layer``), typed by what ``paint`` asks of it: that
    module imports this one."""

    @property
    def places(self) -> MeldPlaces: ...
    def get(self, p: Picture) -> pygame.Surface: ...


def paint(surface: pygame.Surface, p: Picture, layer: CachedLayer | None = None) -> MeldPlaces:
    """The table: the still layer (from ``layer``'s cache, or drawn here), then what moves."""
    if layer is None:
        places, sizes = place_melds(p.layout, p.obs)
        _still(surface, p, places, sizes)
    else:
        surface.blit(layer.get(p), (0, 0))
        places = layer.places
    paint_over(surface, p, places)
    return places


def paint_over(surface: pygame.Surface, p: Picture, places: MeldPlaces) -> None:
    """What moves over the still layer: the targets, the hand, the keyboard's ring, the
    dragged card, toasts (blits and ``window.draw_rect`` only: ``surface`` may be the
    window's ``Recorder``)."""
    layout = p.layout
    for i, box in places.melds.items():
        lit = p.accepts is not None and i in p.accepts
        cards.target(surface, p, box, lit, i == p.focus_meld)
    piles.pile_lit(surface, p, places.pile)
    cards.hand(surface, p)
    if p.ring is not None:
        focus_ring(surface, p.ring, layout.upx, False)  # no high-contrast table here yet
    if p.drag is not None:
        code, rect = p.drag
        shadow, (dx, dy) = p.images.shadow(rect.width)
        lift = max(4, rect.width // 14)
        surface.blit(shadow, (rect.x + dx + lift, rect.y + dy + lift))
        surface.blit(p.images.face(code, rect.width), rect)
    # The piles with their words, and the log: kept clear where there is room.
    heaps = [layout.stock.union(layout.pile_area).inflate(0, layout.upx(36)), layout.log]
    hud.draw_toasts(surface, p.toasts, p.texts, layout.ui, covered(p, places), heaps)


def covered(p: Picture, places: MeldPlaces) -> list[pygame.Rect]:
    """What a toast must not cover: the melds, the names (the seat panels and the words over
    each side's melds), the hand and the top bar (tablekit/toast_spot.py)."""
    layout = p.layout
    mine = p.obs.seat % 2
    zones = {mine: layout.our_zone, 1 - mine: layout.their_zone}
    names = [panels.zone_label_rect(p, side, zone) for side, zone in zones.items()]
    seats = [*layout.seats.values(), layout.viewer_panel]
    return [*places.melds.values(), *names, *seats, layout.hand_area, layout.bar]


class Part(Protocol):
    def __call__(
        self,
        name: str,
        region: pygame.Rect,
        key: object,
        draw: Callable[[], None],
        pieces: Pieces | None = None,
    ) -> None: ...


def _draw(
    name: str,
    region: pygame.Rect,
    key: object,
    draw: Callable[[], None],
    pieces: Pieces | None = None,
) -> None:
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
    part("bar", bar, (p.title, p.status), lambda: panels.bar(surface, p))
    key: object
    for seat, rect in layout.seats.items():
        key = (p.names[seat], p.seat_lines[seat], panels.partner_word(p, seat),
               obs.hand_sizes[seat], obs.turn == seat, p.hands_up)  # fmt: skip
        # The fan and its count stand out past the panel's right edge.
        region = pygame.Rect(
            rect.left - u(4), rect.top - u(4), rect.width + u(28), rect.height + u(8)
        )
        part(f"seat{seat}", region, key, lambda seat=seat: panels.seat(surface, p, seat))  # type: ignore[misc]
    me = obs.seat
    key = (p.names[me], p.seat_lines[me], obs.hand_sizes[me], obs.turn == me)
    part("viewer", layout.viewer_panel.inflate(u(8), u(8)), key, lambda: panels.viewer(surface, p))
    playing = obs.phase in ("draw", "play")  # the running points show while it is played
    key = (obs.target, obs.scores, tuple(p.names), playing, table_points(obs))
    score = layout.score_panel.inflate(u(8), u(8))
    part("score", score, key, lambda: panels.score_panel(surface, p))
    key = (obs.rules.get("preset"), obs.round_number, p.pile_all, p.first_min)
    info = layout.info_panel.inflate(u(8), u(8))
    part("info", info, key, lambda: panels.info_panel(surface, p))
    mine = obs.seat % 2
    zones = {mine: layout.our_zone, 1 - mine: layout.their_zone}
    regions = {side: zone.inflate(u(16), u(12)) for side, zone in zones.items()}
    for side, zone in zones.items():
        ids = [i for i in places.melds if obs.table[i].side == side]

        def melds(side: int = side, zone: pygame.Rect = zone, ids: list[int] = ids) -> None:
            panels.zone_label(surface, p, side, zone)
            w, step = sizes[side]
            for i in ids:
                cards.meld(surface, p, obs.table[i], places.melds[i], w, step, p.news.marks(i))

        key = (tuple(obs.table[i] for i in ids), tuple(tuple(places.melds[i]) for i in ids),
               sizes[side], side_name(p.names, side), p.first_min,
               tuple(p.news.marks(i) for i in ids))  # fmt: skip
        # A card added to one meld moves only the melds after it: the rest stay as drawn.
        pieces = Pieces(
            (sizes[side], side_name(p.names, side), p.first_min, bool(ids)),
            {i: (obs.table[i], tuple(places.melds[i]), p.news.marks(i)) for i in ids},
            lambda piece, side=side: _meld_extent(p, piece, *sizes[side]),  # type: ignore[misc]
        )
        part(f"melds{side}", regions[side], key, melds, pieces)
    # The middle row, between the two sides' regions: the stock and mortos, then the pile.
    top = regions[1 - mine].bottom
    middle = pygame.Rect(layout.centre.left + u(12), top, 0, regions[mine].top - top)
    pile_left = layout.pile_area.left - u(8)
    stock_region = pygame.Rect(middle.left, middle.top, pile_left - middle.left, middle.height)
    attention = obs.turn == obs.seat and obs.phase == "draw" and not p.hand_hidden
    key = (obs.stock_size, attention, tuple(p.mortos), tuple(p.names))

    def stock() -> None:
        piles.stock(surface, p)
        piles.mortos(surface, p)

    part("stock", stock_region, key, stock)

    def pile() -> None:
        places.pile = piles.pile(surface, p)

    pile_right = layout.centre.right + u(6)
    pile_region = pygame.Rect(pile_left, middle.top, pile_right - pile_left, middle.height)
    key = (obs.pile, obs.pile_size, obs.pile_top, p.pile_all, p.pile_in_flight)
    part("pile", pile_region, key, pile)
    scale = words_scale(layout)
    # Keyed by the lines it can show: a log told again after a step back (its last events'
    # lines) then matches the picture kept when that position was shown going forward.
    shown = tuple(p.log[-hud.log_room(layout.log, scale) :])
    part("log", layout.log, shown,
         lambda: hud.draw_log(surface, layout.log, p.log, p.texts, scale))  # fmt: skip


def _meld_extent(
    p: Picture,
    piece: tuple[MeldView, tuple[int, ...], tuple[bool, tuple[str, ...]]],
    w: int,
    step: float,
) -> pygame.Rect:
    """Where a meld at its box draws (its cards, shadows, badges and marks), measured: the
    piece's own marks, so an old piece is measured as it was drawn."""
    probe = Probe()
    surface = cast("pygame.Surface", probe)
    cards.meld(surface, p, piece[0], pygame.Rect(piece[1]), w, step, piece[2])
    return probe.rect
