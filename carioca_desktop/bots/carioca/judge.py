"""Judging hands and cards for the stronger bots: live cards, outs, danger, feeding."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from carioca_desktop.rules.cards import full_deck
from carioca_desktop.rules.carioca.observation import Observation
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.solver import discard_distances, distance, outs

from .base import fits_table, prior_suits, table_layouts


@lru_cache(maxsize=32)
def deck_counts(rules: CariocaRules) -> Counter[str]:
    """How many copies of each card code the match's decks hold."""
    return Counter(c.code for c in full_deck(rules.deck_count, rules.jokers_per_deck))


@dataclass
class View:
    """What a bot believes about the cards it cannot see: how many copies of each code may
    still come (``live``) out of how many unseen cards."""

    live: Counter[str]
    unseen: int


def visible_view(obs: Observation) -> View:
    """Live cards from what is on view now: the bot's hand, the table and the pozo top."""
    seen: Counter[str] = Counter(obs.hand)
    for meld in obs.table:
        seen.update(meld.cards)
    if obs.pozo_top is not None:
        seen[obs.pozo_top] += 1
    live = deck_counts(obs.rules) - seen
    return View(live, max(1, sum(live.values())))


def contract_args(obs: Observation) -> tuple[CariocaRules, int, tuple[int, int], frozenset[str]]:
    """The solver's arguments for this seat's contract."""
    return obs.rules, obs.round_index, obs.progress[obs.seat], prior_suits(obs)


def far(obs: Observation, hand: Sequence[str]) -> int:
    """Distance of ``hand`` from this seat's contract."""
    return distance(hand, *contract_args(obs))


def discard_steps(obs: Observation, codes: Sequence[str]) -> dict[str, int]:
    """The distance left after discarding each of ``codes``."""
    return discard_distances(obs.hand, *contract_args(obs), codes=codes)


def live_outs(obs: Observation, hand: Sequence[str], view: View, known: int | None = None) -> float:
    """The chance that the next card drawn brings ``hand`` closer to the contract
    (``known``: the hand's distance, when the caller has it)."""
    found = outs(hand, *contract_args(obs), known=known)
    return sum(view.live[c] for c in found) / view.unseen


def danger(obs: Observation) -> float:
    """How likely some opponent goes out soon (0 calm … 1 any moment)."""
    worst = 0.0
    for seat in range(obs.players):
        if seat == obs.seat:
            continue
        size = obs.hand_sizes[seat]
        if obs.laid_down[seat]:
            level = 1.0 if size <= 2 else 0.7 if size <= 4 else 0.4
        else:
            level = min(0.35, obs.turn_number / obs.players / 40)
        worst = max(worst, level)
    return worst


def feeds_table(obs: Observation, card: str) -> bool:
    """Whether the next player could add ``card`` to a meld straight from the pozo."""
    nxt = (obs.seat + 1) % obs.players
    return obs.laid_down[nxt] and fits_table(card, table_layouts(obs), obs.rules)
