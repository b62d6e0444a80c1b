"""Scoring (RULES.md §6): card penalties, round points, tallies and the match's winner."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..melds import is_wild
from .ruleset import CariocaRules


def card_points(card: Card, rules: CariocaRules) -> int:
    """Penalty value of one card left in hand."""
    if card.is_joker:
        return rules.points["JK"]
    if card.rank == 2 and is_wild(card, rules):
        return rules.points["wild_2"]
    return rules.points[card.rank_name]


def hand_points(hand: Sequence[Card], rules: CariocaRules) -> int:
    """Penalty of a whole hand."""
    return sum(card_points(card, rules) for card in hand)


def round_points(
    hands: Sequence[Sequence[Card]], went_out: int | None, rules: CariocaRules
) -> list[int]:
    """Each seat's points for a finished round: the one who went out scores
    ``going_out_points``, everyone else the penalty of the cards in hand."""
    return [
        rules.going_out_points if seat == went_out else hand_points(hand, rules)
        for seat, hand in enumerate(hands)
    ]


@dataclass(frozen=True)
class Outcome:
    """The standing after some rounds (final once the match is over)."""

    totals: tuple[int, ...]
    tallies: tuple[int, ...]
    rounds_won: tuple[int, ...]
    winners: tuple[int, ...]


def outcome(
    players: int,
    points: Sequence[Sequence[int]],
    went_out: Sequence[int | None],
    rules: CariocaRules,
) -> Outcome:
    """Totals and winners. Penalty scoring: lowest total wins; tallies: most rounds gone out.

    Ties: with ``tie_break: "rounds_won"`` the tied player who went out in more rounds wins,
    and a tie that remains is shared; with ``"shared"`` every tied player wins. Under tallies
    a tally *is* a round won, so rounds_won cannot separate a tie and it is shared.
    """
    totals = tuple(sum(r[s] for r in points) for s in range(players))
    won = tuple(sum(1 for w in went_out if w == s) for s in range(players))
    if rules.scoring == "tallies":
        best = max(won)
        tied = [s for s in range(players) if won[s] == best]
    else:
        best = min(totals)
        tied = [s for s in range(players) if totals[s] == best]
        if len(tied) > 1 and rules.tie_break == "rounds_won":
            most = max(won[s] for s in tied)
            tied = [s for s in tied if won[s] == most]
    return Outcome(totals, won, won, tuple(tied))
