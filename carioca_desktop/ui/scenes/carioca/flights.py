"""Which cards fly where after an event: from the places they had before to their new ones."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

import pygame

from carioca_desktop.rules.carioca.observation import EventView, Observation
from carioca_desktop.ui.anim import Flight
from carioca_desktop.ui.scenes.carioca.layout import TableLayout
from carioca_desktop.ui.scenes.carioca.slots import SlotsModel
from carioca_desktop.ui.scenes.carioca.view import TableView
from carioca_desktop.ui.sprites import CardImages
from carioca_desktop.ui.tablekit.hand import HandModel

STAGGER = 0.05  # seconds between cards of one lay-down, so they read as a sequence


@dataclass
class Snapshot:
    """Where things were just before an action: cards of the viewer's hand and slots by uid,
    meld cards, the piles and each opponent's newest back."""

    obs: Observation
    cards: dict[int, tuple[str, pygame.Rect]]
    melds: dict[tuple[int, int], pygame.Rect]
    fans: dict[int, pygame.Rect]
    stock: pygame.Rect
    pozo: pygame.Rect


@dataclass
class Arrival:
    """Where things are after the action: the viewer's new cards and every card's place."""

    view: TableView
    cards: dict[int, tuple[str, pygame.Rect]]
    new_uids: list[int]


def card_places(
    view: TableView, hand: HandModel, slots: SlotsModel
) -> dict[int, tuple[str, pygame.Rect]]:
    """Every card of the viewer's hand on screen now (the hand row and the slots), by uid."""
    places = dict(view.hand_positions(hand, slots.placed))
    for uid in slots.placed:
        rect = view.slot_card_rect(uid)
        if rect is not None:
            places[uid] = rect
    return {uid: (hand.code(uid), rect) for uid, rect in places.items()}


def snapshot(
    obs: Observation, cards: dict[int, tuple[str, pygame.Rect]], view: TableView,
    layout: TableLayout,
) -> Snapshot:  # fmt: skip
    """Where everything is before an action (``cards``: ``card_places``)."""
    melds = {(i, k): r for i, mb in view.melds.items() for k, r in enumerate(mb.cards)}
    fans = {s: view.fan_rect(s) for s in layout.seats}
    return Snapshot(obs, cards, melds, fans, layout.stock, layout.pozo)


class FlightPlanner:
    """Turns one event into card flights, given the scene's before and after positions."""

    def __init__(self, images: CardImages, duration: float) -> None:
        self.images = images
        self.duration = duration

    def plan(
        self,
        event: EventView,
        before: Snapshot,
        after: Arrival,
        from_rect: pygame.Rect | None = None,
    ) -> list[Flight]:
        if self.duration <= 0:
            return []
        viewer = before.obs.seat
        mine = event.seat == viewer
        self._left = self._gone(before, after)  # viewer's cards that left, by code
        self._from_rect = from_rect
        kind = event.kind
        if kind == "draw":
            pile = before.pozo if event.source == "pozo" else before.stock
            src = from_rect if (mine and from_rect is not None) else pile
            code = event.cards[0] if event.cards else (event.secret[0] if event.secret else None)
            return [self._arrive(event.seat, mine, code, src, after, before, 0)]
        if kind == "buy":
            out = [self._arrive(event.seat, mine, event.cards[0], before.pozo, after, before, 0)]
            secret = event.secret[0] if event.secret else None
            out.append(self._arrive(event.seat, mine, secret, before.stock, after, before, 1))
            return out
        if kind == "discard":
            src = self._leave(event.seat, mine, event.cards[0], before)
            return [self._fly(event.cards[0], None, src, before.pozo, ("pozo",))]
        if kind == "lay_down":
            return self._lay_down(event, before, after, mine)
        if kind == "add" and event.meld is not None:
            return self._add(event, before, after, mine)
        if kind == "swap" and event.meld is not None:
            return self._swap(event, before, after, mine)
        return []

    # ------------------------------------------------------------------ pieces
    def _fly(
        self,
        code: str | None,
        marker: str | None,
        src: pygame.Rect,
        dst: pygame.Rect,
        hide: Hashable | None,
        delay: float = 0.0,
    ) -> Flight:
        width = max(src.width, dst.width)
        image = self.images.back(width) if code is None else self.images.face(code, width, marker)
        shadow = self.images.shadow(width)
        return Flight(image, src.copy(), dst.copy(), self.duration, delay, hide, shadow)

    @staticmethod
    def _gone(before: Snapshot, after: Arrival) -> dict[str, list[pygame.Rect]]:
        out: dict[str, list[pygame.Rect]] = {}
        for uid, (code, rect) in before.cards.items():
            if uid not in after.cards:
                out.setdefault(code, []).append(rect)
        return out

    def _leave(self, seat: int, mine: bool, code: str, before: Snapshot) -> pygame.Rect:
        """Where a card leaving ``seat``'s hand starts: the dragged card, its place in the
        viewer's hand, or the opponent's backs."""
        if mine and self._from_rect is not None:
            rect, self._from_rect = self._from_rect, None
            return rect
        if mine and self._left.get(code):
            return self._left[code].pop(0)
        return before.fans.get(seat, before.stock)

    def _arrive(
        self,
        seat: int,
        mine: bool,
        code: str | None,
        src: pygame.Rect,
        after: Arrival,
        before: Snapshot,
        nth: int,
    ) -> Flight:
        if mine and len(after.new_uids) > nth:
            uid = after.new_uids[nth]
            rect = after.cards[uid][1]
            return self._fly(after.cards[uid][0], None, src, rect, ("hand", uid))
        rect = after.view.fan_rect(seat) if seat != before.obs.seat else src
        return self._fly(code if mine else None, None, src, rect, ("fan", seat))

    def _lay_down(
        self, event: EventView, before: Snapshot, after: Arrival, mine: bool
    ) -> list[Flight]:
        out: list[Flight] = []
        first = len(before.obs.table)
        for m, meld_text in enumerate(event.melds):
            box = after.view.melds.get(first + m)
            if box is None:
                continue
            for k, _ in enumerate(meld_text):
                code, marker = box.meld.cards[k], box.meld.stands_for[k]
                src = self._leave(event.seat, mine, code, before)
                delay = STAGGER * len(out)
                out.append(
                    self._fly(code, marker, src, box.cards[k], ("meld", first + m, k), delay)
                )
        return out

    def _add(self, event: EventView, before: Snapshot, after: Arrival, mine: bool) -> list[Flight]:
        assert event.meld is not None
        box = after.view.melds.get(event.meld)
        if box is None or not event.cards:
            return []
        texts = list(box.meld.text)
        k = len(texts) - 1 - texts[::-1].index(event.cards[0]) if event.cards[0] in texts else -1
        if k < 0:
            return []
        code, marker = box.meld.cards[k], box.meld.stands_for[k]
        src = self._leave(event.seat, mine, code, before)
        return [self._fly(code, marker, src, box.cards[k], ("meld", event.meld, k))]

    def _swap(self, event: EventView, before: Snapshot, after: Arrival, mine: bool) -> list[Flight]:
        assert event.meld is not None
        box = after.view.melds.get(event.meld)
        old = before.obs.table[event.meld] if event.meld < len(before.obs.table) else None
        if box is None or old is None or len(event.cards) < 2:
            return []
        changed = [
            k for k, c in enumerate(box.meld.cards) if k < len(old.cards) and c != old.cards[k]
        ]
        if not changed:
            return []
        k = changed[0]
        natural, wild = event.cards
        src = self._leave(event.seat, mine, natural, before)
        out = [self._fly(natural, None, src, box.cards[k], ("meld", event.meld, k))]
        wild_src = before.melds.get((event.meld, k), box.cards[k])
        out.append(self._arrive(event.seat, mine, wild, wild_src, after, before, 0))
        return out
