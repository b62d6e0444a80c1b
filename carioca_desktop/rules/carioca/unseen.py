"""A Carioca position consistent with what one seat knows (rules/unseen.py): the stock and the
other hands' unseen cards dealt again, the cards they took from the pozo or bought kept."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..cards import base_code
from ..unseen import keep_known, known_held, redeal
from .actions import POZO
from .observation import Observation
from .state import EventKind

if TYPE_CHECKING:
    from .game import Game


def _moved(event: Any) -> tuple[Sequence[str], Sequence[str]]:
    """The faces an event's seat took face up, and those it played."""
    kind, cards = event.kind, tuple(event.cards)
    if kind == EventKind.BUY or (kind == EventKind.DRAW and event.source == POZO):
        return cards[:1], ()  # a buy's second card comes from the stock: unseen
    if kind == EventKind.SWAP:
        return cards[1:2], cards[:1]
    if kind in (EventKind.DISCARD, EventKind.ADD):
        return (), [base_code(t) for t in cards[:1]]
    if kind == EventKind.LAY_DOWN:
        return (), [base_code(t) for meld in event.melds for t in meld]
    return (), ()


def known_hands(obs: Observation) -> list[Counter[str]]:
    """Per seat, the faces ``obs.seat`` knows are in that hand (its own hand: all of it)."""
    held = known_held(obs.events, obs.players, _moved)
    held[obs.seat] = Counter(obs.hand)
    return held


def consistent_position(game: Game, seat: int, seed: int) -> Game:
    """A look-ahead copy (as ``Game.clone``) that ``seat`` cannot tell from ``game``: its own
    observation is the same, every hand and the stock keep their sizes, the cards it knows
    stay where they are, and every other card (the stock, the other seats' unseen cards) is
    dealt again at random by ``seed``. With open hands only the stock is reshuffled.

    Not kept: where a wild buried in the stock at the deal lies (RULES.md §2: the middle of
    the stock); it is dealt again as any unseen card."""
    copy = game.clone()
    s = copy.state
    if s.round_over:
        return copy
    zones, kept = [s.stock], [set[int]()]
    if not s.rules.open_hands:
        known = known_hands(game.observation(seat))
        for other in range(s.players):
            if other != seat:
                zones.append(s.hands[other])
                kept.append(keep_known(s.hands[other], lambda c: s.cards[c].code, known[other]))
    redeal(zones, kept, seed)
    return copy
