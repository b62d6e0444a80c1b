"""What a player sees at a glance, without planning the whole contract: which cards of the
hand already form pairs, near-runs or groups with others. The ``easy`` and ``beginner``
levels judge their hands this way instead of with the solver's distance."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from carioca_desktop.rules.cards import parse_card
from carioca_desktop.rules.carioca.observation import Observation
from carioca_desktop.rules.carioca.ruleset import CariocaRules

from .base import wild

WILD_KEEP = 10
"""How much a wild is worth keeping: more than any group of naturals."""


def kinds(obs: Observation) -> frozenset[str]:
    """The meld kinds this round's contract asks for ("trio", "escala")."""
    return obs.rules.contract(obs.round_index).kinds


def ties(code: str, hand: Sequence[str], rules: CariocaRules, round_kinds: frozenset[str]) -> int:
    """How visibly ``code`` belongs with the rest of ``hand`` (a wild: ``WILD_KEEP``): for a
    trío, the other cards of its rank (two are enough); for an escala, the distinct ranks of
    its suit one or two away (the ace at both ends)."""
    if wild(code, rules):
        return WILD_KEEP
    return _ties(code, tuple(sorted(c for c in hand if not wild(c, rules))), round_kinds)


@lru_cache(maxsize=65536)
def _ties(code: str, naturals: tuple[str, ...], round_kinds: frozenset[str]) -> int:
    card = parse_card(code)
    rest = list(naturals)
    if code in rest:
        rest.remove(code)
    others = [parse_card(c) for c in rest]
    score = 0
    if "trio" in round_kinds:
        score += min(2, sum(o.rank == card.rank for o in others))
    if "escala" in round_kinds:
        near = {o.rank for o in others if o.suit == card.suit and _gap(o.rank, card.rank)}
        score += len(near)
    return score


def _gap(a: int, b: int) -> bool:
    return abs(a - b) in (1, 2, 11, 12)


def pairs_with(code: str, hand: Sequence[str], rules: CariocaRules) -> bool:
    """Whether ``code`` is a natural with a card of the same rank in ``hand``."""
    if wild(code, rules):
        return False
    rank = parse_card(code).rank
    return any(not wild(c, rules) and parse_card(c).rank == rank for c in hand)
