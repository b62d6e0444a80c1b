"""Scoring a Buraco round (BURACO.md §7) and the match (§8)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card
from ..melds import Layout
from .melds import LIMPO, SUJO, buraco_kind
from .ruleset import BuracoRules


def card_points(cards: Iterable[Card], rules: BuracoRules) -> int:
    """The card points of some cards (the same in play, in a meld or in a hand)."""
    return sum(rules.points[c.rank_name] for c in cards)


def meld_points(layout: Layout, cards: Sequence[Card], rules: BuracoRules) -> int:
    """A meld's card points plus its buraco bonus; ``cards`` are its slots' cards in order."""
    kind = buraco_kind(layout)
    bonus = 0
    if kind == LIMPO:
        bonus = rules.bonuses["limpo"]
    elif kind == SUJO:
        bonus = rules.bonuses["sujo"]
    return card_points(cards, rules) + bonus


def side_points(
    melds: Iterable[int],
    hands: Iterable[Iterable[Card]],
    took_morto: bool,
    went_out: bool,
    rules: BuracoRules,
) -> int:
    """One side's round points from its melds' points, the hands left, morto and going out."""
    total = sum(melds)
    total -= sum(card_points(h, rules) for h in hands)
    if went_out:
        total += rules.bonuses["going_out"]
    if not took_morto:
        total -= rules.bonuses["no_morto"]
    return total


def match_winner(scores: Sequence[int], target: int) -> int | None:
    """The side that has won the match, or None (a tie at the top plays another round)."""
    best = max(scores)
    if best >= target and list(scores).count(best) == 1:
        return list(scores).index(best)
    return None
