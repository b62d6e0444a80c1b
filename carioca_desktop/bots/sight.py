"""What a player sees at a glance, without planning the whole contract: which cards of the
hand already form pairs, near-runs or groups with others. The ``easy`` and ``beginner``
levels judge their hands this way instead of with the solver's distance."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from carioca_desktop.rules.cards import parse_card
from carioca_desktop.rules.observation import Observation
from carioca_desktop.rules.ruleset import RuleSet

from .base import wild

WILD_KEEP = 10
"""How much a wild is worth keeping: more than any group of naturals."""


def kinds(obs: Observation) -> frozenset[str]:
    """The meld kinds this round's contract asks for ("trio", "escala")."""
    return obs.rules.contract(obs.round_index).kinds


@lru_cache(maxsize=65536)
def _ties(code: str, other: str, kinds: frozenset[str]) -> int:
    """1 when ``other`` visibly belongs with ``code`` in a meld of these kinds: the same rank
    for a trío, the same suit one or two ranks away for an escala (the ace at both ends)."""
    a, b = parse_card(code), parse_card(other)
    if a.is_joker or b.is_joker:
        return 0
    if "trio" in kinds and a.rank == b.rank:
        return 1
    if "escala" in kinds and a.suit == b.suit:
        gap = abs(a.rank - b.rank)
        return 1 if gap in (1, 2, 11, 12) else 0
    return 0


def ties(code: str, hand: Sequence[str], rules: RuleSet, round_kinds: frozenset[str]) -> int:
    """How many other cards of ``hand`` visibly go with ``code`` (a wild: ``WILD_KEEP``)."""
    if wild(code, rules):
        return WILD_KEEP
    rest = list(hand)
    rest.remove(code)
    return sum(_ties(code, other, round_kinds) for other in rest if not wild(other, rules))


def pairs_with(code: str, hand: Sequence[str], rules: RuleSet) -> bool:
    """Whether ``code`` is a natural with a card of the same rank in ``hand``."""
    if wild(code, rules):
        return False
    rank = parse_card(code).rank
    return any(not wild(c, rules) and parse_card(c).rank == rank for c in hand)
