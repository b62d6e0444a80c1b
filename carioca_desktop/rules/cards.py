"""Cards: ranks, suits, jokers, card codes (RULES.md §1) and decks built from a rule set."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from functools import cache

from .errors import CardError

RANK_NAMES: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Rank names in order; a rank is its 1-based index here (A=1 … K=13)."""

RANK_OF_NAME: dict[str, int] = {name: i + 1 for i, name in enumerate(RANK_NAMES)}


class Suit(Enum):
    """The four suits, by their code letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@dataclass(frozen=True, order=True)
class Card:
    """One card face. ``rank`` 0 with no suit is a joker; copies of a face are equal."""

    rank: int
    suit: Suit | None
    # The code is computed once: observations and logs ask for it constantly.
    code: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.rank == 0:
            code = "JK"
        else:
            assert self.suit is not None
            code = RANK_NAMES[self.rank - 1] + self.suit.value
        object.__setattr__(self, "code", code)

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    @property
    def rank_name(self) -> str:
        return "JK" if self.rank == 0 else RANK_NAMES[self.rank - 1]

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


JOKER = Card(0, None)

_CODE_RE = re.compile(r"^(A|[2-9]|10|J|Q|K)([SHDC])$")


@cache  # bounded: only the 53 valid codes are cached (a bad code raises, and is not kept)
def parse_card(code: str) -> Card:
    """Parse ``"10H"``, ``"QS"``, ``"JK"`` into a Card, or raise CardError saying why."""
    if not isinstance(code, str):
        raise CardError("bad_card", f"a card code must be a string, not {type(code).__name__}")
    if code == "JK":
        return JOKER
    match = _CODE_RE.match(code)
    if match is None:
        raise CardError(
            "bad_card",
            f"{code!r} is not a card code: use a rank A 2-10 J Q K and a suit S H D C "
            "(e.g. '10H', 'QS'), or 'JK' for a joker",
            card=code,
        )
    return Card(RANK_OF_NAME[match.group(1)], Suit(match.group(2)))


@dataclass(frozen=True)
class Marker:
    """What a wild stands for: a rank, and in an escala also a suit (``7H``; ``7`` in a trío)."""

    rank: int
    suit: Suit | None

    @property
    def code(self) -> str:
        return RANK_NAMES[self.rank - 1] + (self.suit.value if self.suit else "")


_MARKER_RE = re.compile(r"^(A|[2-9]|10|J|Q|K)([SHDC]?)$")


@cache  # bounded: only valid texts are cached (53 cards × 66 markers at most)
def parse_marked(text: str) -> tuple[Card, Marker | None]:
    """Parse a card with an optional wild marker: ``"JK=7H"``, ``"2C=7"``, ``"5H"``."""
    if not isinstance(text, str):
        raise CardError("bad_card", f"a card must be a string, not {type(text).__name__}")
    if "=" not in text:
        return parse_card(text), None
    head, _, tail = text.partition("=")
    card = parse_card(head)
    match = _MARKER_RE.match(tail)
    if match is None:
        raise CardError(
            "bad_marker",
            f"{text!r}: after '=' write the card the wild stands for, e.g. 'JK=7H' or 'JK=7'",
            card=text,
        )
    suit = Suit(match.group(2)) if match.group(2) else None
    return card, Marker(RANK_OF_NAME[match.group(1)], suit)


def full_deck(decks: int, jokers_per_deck: int) -> list[Card]:
    """Every physical card of a game, in a fixed order: index = physical id."""
    faces = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
    one = faces + [JOKER] * jokers_per_deck
    return [card for _ in range(decks) for card in one]


# --------------------------------------------------------------------------- code helpers
# The one place that knows how a code is spelt; everything else asks here instead of slicing.
SUIT_LETTERS = "SHDC"
"""Suit code letters in the order of ``SUITS``."""


def base_code(text: str) -> str:
    """The card of a placed or marked text: ``JK=7H`` → ``JK``, ``7H`` → ``7H``."""
    return text.split("=", 1)[0]


def rank_text(code: str) -> str:
    """The rank part of a natural card code (``10H`` → ``10``); ``JK`` for a joker."""
    return code if code == "JK" else code[:-1]


def suit_letter(code: str) -> str | None:
    """The suit letter of a card or marker code (``10H`` → ``H``, ``7`` and ``JK`` → None)."""
    return code[-1] if code and code[-1] in SUIT_LETTERS and code != "JK" else None
