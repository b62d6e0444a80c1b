"""A Buraco position consistent with what one seat knows (rules/unseen.py): the stock, the
mortos not yet taken and the other hands' unseen cards (the partner's too) dealt again; the
cards they took with the pile or swapped off the table kept."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..cards import base_code
from ..unseen import keep_known, known_held, redeal
from .observation import BuracoObservation
from .state import DECK, Phase

if TYPE_CHECKING:
    from .game import BuracoGame


def _moved(event: Any) -> tuple[Sequence[str], Sequence[str]]:
    """The faces an event's seat took face up, and those it played."""
    kind, cards = event.kind, tuple(event.cards)
    if kind == "take_pile":
        return cards, ()
    if kind == "swap":
        return cards[1:2], cards[:1]
    if kind in ("discard", "add"):
        return (), [base_code(t) for t in cards]
    if kind == "lay_down":
        return (), [base_code(t) for meld in event.melds for t in meld]
    return (), ()  # a draw and a morto reach only the seat's own eyes


def known_hands(obs: BuracoObservation) -> list[Counter[str]]:
    """Per seat, the faces ``obs.seat`` knows are in that hand (its own hand: all of it)."""
    held = known_held(obs.events, obs.players, _moved)
    held[obs.seat] = Counter(obs.hand)
    return held


def consistent_position(game: BuracoGame, seat: int, seed: int) -> BuracoGame:
    """A copy (as ``BuracoGame.clone``) that ``seat`` cannot tell from ``game``: its own
    observation is the same, every hand, morto and the stock keep their sizes, the cards it
    knows stay where they are, and every other card (the stock, the mortos not taken, the
    other seats' unseen cards, the partner's too) is dealt again at random by ``seed``. With
    open hands the hands stay and only the stock and the mortos are dealt again."""
    copy = game.clone()
    s = copy.state
    if s.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        return copy
    zones = [s.stock, *s.mortos]
    kept = [set[int]() for _ in zones]
    if not s.rules.open_hands:
        known = known_hands(game.observation(seat))
        taken = () if s.single_taken is None else (s.single_taken,)
        for other in range(s.players):
            if other != seat:
                zones.append(s.hands[other])
                kept.append(keep_known(s.hands[other], lambda c: DECK[c].code, known[other], taken))
    redeal(zones, kept, seed)
    return copy
