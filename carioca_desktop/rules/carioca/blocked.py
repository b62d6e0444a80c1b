"""A blocked round: every seat has laid down, no new meld may be made, and no card still in
play off the table could ever be added to a meld or swapped for a wild on it, so nobody can
go out and the stock would be rebuilt from the pozo for ever.

RULES.md §2 ends a round with nobody out when a draw finds no card left; it says nothing of a
round where cards remain but none can ever be played (seen in a seeded match of four bots:
round 1, every seat down and holding a card whose rank has no trío on the table). The engine
ends such a round the same way, with nobody out and every seat scoring its hand, at the
moment the stock would be rebuilt a second time with nothing laid down, added or swapped
since the first rebuild: a rebuild alone (which RULES.md describes) never ends a round.
"""

from __future__ import annotations

from itertools import chain

from ..melds import extend, is_wild, swap_slot
from .state import EventKind, State

PROGRESS = frozenset({EventKind.LAY_DOWN, EventKind.ADD, EventKind.SWAP})


def round_blocked(s: State) -> bool:
    """True when the stock is to be rebuilt again and the round can never end by a going out
    (see the module's words)."""
    rules = s.rules
    if rules.extra_melds or any(at is None for at in s.laid_down_at):
        return False
    if not _rebuilt_without_progress(s):
        return False
    in_play = {s.cards[c] for c in chain(s.stock, s.pozo, *s.hands)}
    layouts = [m.layout for m in s.table]
    for card in in_play:
        natural = not is_wild(card, rules)
        for layout in layouts:
            if isinstance(extend(layout, card, None, -1, rules), list):
                return False
            if natural and swap_slot(layout, card) is not None:
                return False
    return True


def _rebuilt_without_progress(s: State) -> bool:
    """Whether this round's stock was rebuilt before with no lay-down, add or swap since."""
    for event in reversed(s.events):
        if event.round != s.round_index:
            return False
        if event.kind in PROGRESS:
            return False
        if event.kind == EventKind.RESHUFFLE:
            return True
    return False
