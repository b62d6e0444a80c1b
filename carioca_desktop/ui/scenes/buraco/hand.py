"""The viewer's hand as the table shows it: the engine's cards in the person's order, each
copy with its own id (two decks: two 7♥ are two cards)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

SUITS = {"S": 0, "H": 1, "C": 2, "D": 3}
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


class HandOrder:
    def __init__(self) -> None:
        self.cards: list[tuple[int, str]] = []  # (uid, code) in display order
        self._next = 0
        self.by_rank = False

    def sync(self, hand: Sequence[str]) -> bool:
        """Match the engine's hand: cards gone leave, new cards are sorted in. True if the
        hand changed."""
        want = Counter(hand)
        have = Counter(code for _, code in self.cards)
        if want == have:
            return False
        keep: list[tuple[int, str]] = []
        left = Counter(want)
        for uid, code in self.cards:
            if left[code] > 0:
                keep.append((uid, code))
                left[code] -= 1
        for code, n in left.items():
            for _ in range(n):
                keep.append((self._next, code))
                self._next += 1
        self.cards = keep
        self.sort(self.by_rank)
        return True

    def sort(self, by_rank: bool | None = None) -> None:
        if by_rank is not None:
            self.by_rank = by_rank
        key = rank_key if self.by_rank else suit_key
        self.cards.sort(key=lambda c: key(c[1]))

    def code(self, uid: int) -> str:
        return next(code for u, code in self.cards if u == uid)

    def uids(self) -> list[int]:
        return [u for u, _ in self.cards]
