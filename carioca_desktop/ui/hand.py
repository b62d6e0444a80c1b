"""The viewer's hand as the table shows it: the player's own order, selection and slot places."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from carioca_desktop.ui.cardart import RANKS, SUITS

_RANK = {r: i for i, r in enumerate(RANKS)}
_SUIT = {s: i for i, s in enumerate(SUITS)}


@dataclass(frozen=True)
class HandCard:
    """One physical card in the hand; ``uid`` tells apart two copies of a face."""

    uid: int
    code: str


def _rank_key(code: str) -> tuple[int, int]:
    if code == "JK":
        return (99, 9)
    return (_RANK[code[:-1]], _SUIT[code[-1]])


def _suit_key(code: str) -> tuple[int, int]:
    if code == "JK":
        return (9, 99)
    return (_SUIT[code[-1]], _RANK[code[:-1]])


class HandModel:
    """Keeps the player's arrangement across observations. The engine's hand is a multiset;
    this adds an order (sorting, dragging), a selected card and which slot a card sits in."""

    def __init__(self) -> None:
        self.cards: list[HandCard] = []
        self.selected: int | None = None
        self._next = 0

    # ------------------------------------------------------------------ syncing
    def sync(self, codes: Sequence[str]) -> list[HandCard]:
        """Match the engine's hand: keep known cards in place, drop gone ones, append new ones
        at the right; returns the new cards."""
        want = Counter(codes)
        kept: list[HandCard] = []
        for card in self.cards:
            if want[card.code] > 0:
                want[card.code] -= 1
                kept.append(card)
        new = []
        for code in codes:  # engine order, so a fresh deal keeps the dealt order
            if want[code] > 0:
                want[code] -= 1
                new.append(self._make(code))
        self.cards = kept + new
        if self.selected is not None and self.find(self.selected) is None:
            self.selected = None
        return new

    def _make(self, code: str) -> HandCard:
        self._next += 1
        return HandCard(self._next, code)

    def remove(self, uid: int) -> None:
        """Forget one card (the one the player just played), before the next sync."""
        self.cards = [c for c in self.cards if c.uid != uid]
        if self.selected == uid:
            self.selected = None

    # ------------------------------------------------------------------ queries
    def find(self, uid: int) -> HandCard | None:
        return next((c for c in self.cards if c.uid == uid), None)

    def index(self, uid: int) -> int:
        return next(i for i, c in enumerate(self.cards) if c.uid == uid)

    def code(self, uid: int) -> str:
        card = self.find(uid)
        if card is None:
            raise KeyError(uid)
        return card.code

    def uid_for(self, code: str, exclude: set[int] | frozenset[int] = frozenset()) -> int | None:
        """A card of this face not in ``exclude`` (copies are interchangeable)."""
        return next((c.uid for c in self.cards if c.code == code and c.uid not in exclude), None)

    # ------------------------------------------------------------------ arranging
    def sort(self, by: str) -> None:
        key = _rank_key if by == "rank" else _suit_key
        self.cards.sort(key=lambda c: key(c.code))

    def move(self, uid: int, index: int) -> None:
        """Move a card to ``index`` in the order of the cards other than itself."""
        card = self.find(uid)
        if card is None:
            return
        rest = [c for c in self.cards if c.uid != uid]
        index = max(0, min(index, len(rest)))
        self.cards = [*rest[:index], card, *rest[index:]]

    def select(self, uid: int | None) -> None:
        self.selected = None if uid == self.selected else uid

    def step_selection(self, delta: int, visible: Sequence[int]) -> None:
        """Keyboard: move the selection left or right among the visible cards."""
        if not visible:
            self.selected = None
            return
        if self.selected not in visible:
            self.selected = visible[0 if delta > 0 else -1]
            return
        k = visible.index(self.selected)
        self.selected = visible[max(0, min(len(visible) - 1, k + delta))]
