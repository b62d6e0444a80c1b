"""Each Buraco side's points on the table during a hand (pygame-free): its melds' card points
and the bonuses of its buracos so far (BURACO.md §7), from what every seat sees. The hands,
going out and the morto are counted only when the round ends."""

from __future__ import annotations

from carioca_desktop.play.buraco.text import rules_of
from carioca_desktop.rules.buraco.observation import BuracoObservation


def rank_name(card: str) -> str:
    """ "10H" → "10", "JK=5C" → "JK" (a wild scores as itself, not as the card it stands for)."""
    head = card.split("=", 1)[0]
    return "JK" if head == "JK" else head[:-1]


def table_points(obs: BuracoObservation) -> tuple[int, int]:
    """Side 0's and side 1's melds so far: card points plus limpo and sujo bonuses."""
    rules = rules_of(obs)
    out = [0, 0]
    for meld in obs.table:
        out[meld.side] += sum(rules.points[rank_name(c)] for c in meld.cards)
        if meld.buraco is not None:
            out[meld.side] += rules.bonuses[meld.buraco]
    return out[0], out[1]
