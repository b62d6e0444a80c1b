"""The viewer's hand as the table shows it: the player's own order, selection and focus."""

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
    this adds an order (sorting, dragging), the picked cards (a click picks one, the keyboard
    may pick several) and the keyboard's focus."""

    def __init__(self) -> None:
        self.cards: list[HandCard] = []
        self.picked: list[int] = []
        self.focus: int | None = None
        self.insert_before: int | None = None  # where the next new card goes (a drop), once
        self._next = 0
        # Every uid's face: a card keeps its uid and face for good, and the painters ask
        # for faces by uid dozens of times a frame (a search of the hand each time).
        self._codes: dict[int, str] = {}

    @property
    def selected(self) -> int | None:
        """The card a click or a key acts on: the last one picked."""
        return self.picked[-1] if self.picked else None

    @selected.setter
    def selected(self, uid: int | None) -> None:
        self.picked = [] if uid is None else [uid]

    # ------------------------------------------------------------------ syncing
    def sync(self, codes: Sequence[str]) -> list[HandCard]:
        """Match the engine's hand: keep known cards in place, drop gone ones, put new ones
        at the right (or before ``insert_before``, where a card from the pozo was dropped);
        returns the new cards."""
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
        uids = [c.uid for c in kept]
        at = uids.index(self.insert_before) if self.insert_before in uids else len(kept)
        self.cards = kept[:at] + new + kept[at:]
        self.insert_before = None
        self._forget_gone()
        return new

    def _forget_gone(self) -> None:
        have = {c.uid for c in self.cards}
        self.picked = [u for u in self.picked if u in have]
        if self.focus not in have:
            self.focus = None

    def _make(self, code: str) -> HandCard:
        self._next += 1
        self._codes[self._next] = code
        return HandCard(self._next, code)

    def remove(self, uid: int) -> None:
        """Forget one card (the one the player just played), before the next sync."""
        self.cards = [c for c in self.cards if c.uid != uid]
        self._forget_gone()

    # ------------------------------------------------------------------ queries
    def find(self, uid: int) -> HandCard | None:
        return next((c for c in self.cards if c.uid == uid), None)

    def index(self, uid: int) -> int:
        return next(i for i, c in enumerate(self.cards) if c.uid == uid)

    def code(self, uid: int) -> str:
        """The face of the card ``uid`` (KeyError for a uid this hand never dealt)."""
        code = self._codes.get(uid)
        if code is None:
            card = self.find(uid)  # a card made elsewhere and put in ``cards``
            if card is None:
                raise KeyError(uid)
            return card.code
        return code

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
        """A click: pick this card alone (a second click on it puts it down)."""
        self.selected = None if uid is not None and self.picked == [uid] else uid

    def toggle(self, uid: int) -> None:
        """Space: pick or put down one card, keeping the others picked."""
        if uid in self.picked:
            self.picked.remove(uid)
        else:
            self.picked.append(uid)

    def step_focus(self, delta: int, visible: Sequence[int]) -> None:
        """Keyboard: move the focus left or right among the visible cards."""
        if not visible:
            self.focus = None
            return
        if self.focus not in visible:
            self.focus = visible[0 if delta > 0 else -1]
            return
        k = visible.index(self.focus)
        self.focus = visible[max(0, min(len(visible) - 1, k + delta))]

    def shift(self, uid: int, delta: int, visible: Sequence[int]) -> None:
        """Keyboard: move a card one place left or right in the visible row."""
        if uid not in visible:
            return
        k = visible.index(uid)
        target = max(0, min(len(visible) - 1, k + delta))
        if target == k:
            return
        neighbour = visible[target]
        rest = [c.uid for c in self.cards if c.uid != uid]
        index = rest.index(neighbour) + (1 if delta > 0 else 0)
        self.move(uid, index)
