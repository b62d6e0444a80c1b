"""The viewer's hand as the Buraco table shows it: the Carioca table's ``HandModel`` (each copy
its own id, the picked cards, the keyboard's focus, moving a card), with Buraco's order: new
cards are sorted in among the person's own arrangement rather than put at the right (a
taken pile brings dozens), and a hand left as it was sorted stays sorted."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from carioca_desktop.play.arrangement import Arrangement, fits
from carioca_desktop.ui.tablekit.hand import HandCard, HandModel

SUITS = {"S": 0, "H": 1, "C": 2, "D": 3}  # alternating colours
RANKS = {
    r: i
    for i, r in enumerate(
        ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"), start=1
    )
}


def suit_key(code: str) -> tuple[int, int]:
    if code == "JK":
        return (9, 0)
    return (SUITS[code[-1]], RANKS[code[:-1]])


def rank_key(code: str) -> tuple[int, int]:
    if code == "JK":
        return (99, 0)
    return (RANKS[code[:-1]], SUITS[code[-1]])


class HandOrder(HandModel):
    def __init__(self) -> None:
        super().__init__()
        self.by = "suit"  # what the last sort was by; new cards go in by it

    @property
    def by_rank(self) -> bool:
        return self.by == "rank"

    def sync(self, codes: Sequence[str]) -> list[HandCard]:
        """Match the engine's hand: cards gone leave, the others keep their place, each new
        card goes before the first card that sorts after it (so a sorted hand stays sorted).
        Returns the new cards."""
        want = Counter(codes)
        have = Counter(c.code for c in self.cards)
        if want == have:
            return []
        kept: list[HandCard] = []
        left = Counter(want)
        for card in self.cards:
            if left[card.code] > 0:
                kept.append(card)
                left[card.code] -= 1
        key = rank_key if self.by_rank else suit_key
        new = []
        for code in sorted(left.elements(), key=key):
            card = self._make(code)
            at = next((i for i, c in enumerate(kept) if key(c.code) > key(code)), len(kept))
            kept.insert(at, card)
            new.append(card)
        self.cards = kept
        self._forget_gone()
        return new

    def sort(self, by: str) -> None:
        self.by = by
        key = rank_key if self.by_rank else suit_key
        self.cards.sort(key=lambda c: key(c.code))

    def restore(self, order: Sequence[str], hand: Sequence[str]) -> bool:
        """An empty hand takes the order a person left it in (Continue, or a hot seat's next
        person), then the engine's ``hand``; False (nothing changed) when the order is not
        of this hand."""
        if self.cards or not fits(order, hand):
            return False
        self.cards = [self._make(code) for code in order]
        if list(order) == sorted(order, key=rank_key) != sorted(order, key=suit_key):
            self.by = "rank"  # new cards go in as the person last sorted
        self.sync(hand)
        return True

    def uids(self) -> list[int]:
        return [c.uid for c in self.cards]

    def codes(self) -> tuple[str, ...]:
        return tuple(c.code for c in self.cards)


class Arranger(Protocol):
    """The session as the keeper sees it (``BuracoSession``)."""

    arrangements: dict[int, Arrangement]

    def arrange(
        self, seat: int, hand: Sequence[str], staged: Sequence[Sequence[str]] = ()
    ) -> None: ...


class HandKeeper:
    """The person's arrangement saved with the match (through the session, which autosaves
    it) and taken up again when their hand is first shown: on Continue, and at a hot seat
    when the table turns back to them."""

    def __init__(self, session: Arranger) -> None:
        self.session = session
        self._saved: dict[int, object] = {}  # per seat, what was last given to the session

    def restore(self, seat: int, hand: HandOrder, codes: Sequence[str]) -> list[list[int]]:
        """Fill an empty ``hand`` with the seat's saved order (ignored when it is not of
        ``codes``, the engine's hand); returns the staged melds as uids."""
        saved = self.session.arrangements.get(seat)
        if saved is None or not hand.restore(saved.hand, codes):
            return []
        staged: list[list[int]] = []
        used: set[int] = set()
        for group in saved.slots:
            uids = []
            for code in group:
                uid = hand.uid_for(code, used)
                if uid is not None:
                    used.add(uid)
                    uids.append(uid)
            if uids:
                staged.append(uids)
        self._saved[seat] = (hand.codes(), tuple(tuple(hand.code(u) for u in g) for g in staged))
        return staged

    def save(self, seat: int, hand: HandOrder, staged: Sequence[Sequence[int]]) -> None:
        """Give the session the hand as arranged now, when it changed. The hand as the table
        first shows it is only remembered (Continue alone must not rewrite the save)."""
        key = (hand.codes(), tuple(tuple(hand.code(u) for u in g) for g in staged))
        if seat not in self._saved:
            self._saved[seat] = key
            return
        if key != self._saved[seat]:
            self._saved[seat] = key
            self.session.arrange(seat, key[0], key[1])
