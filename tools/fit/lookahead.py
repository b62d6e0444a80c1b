"""Choosing a discard with the learned evaluation (``learned.py``): for each card the seat
could throw before it has laid down, the choice is valued by the score the model expects
of the round, and the least is thrown. The features include the exact
chance, over the live cards, that the next draw brings the kept hand a card closer."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

from carioca_desktop.bots.carioca.base import without
from carioca_desktop.bots.carioca.judge import View, discard_steps, live_outs
from carioca_desktop.rules.carioca.observation import Observation
from tools.fit.features import context, features
from tools.fit.learned import Model

SLACK = 1
"""Candidates: the discards that leave the hand at most this many cards further from the
contract than the best one (a card the plan needs more than that is never worth it)."""


def candidates(
    obs: Observation,
    codes: Sequence[str],
    view: View,
    hazard: float,
    feed: Callable[[str], float],
    slack: int = SLACK,
) -> dict[str, tuple[float, ...]]:
    """The feature vector of each candidate discard (those within ``slack`` of the least
    distance), as the training script records them and the model reads them."""
    steps = discard_steps(obs, codes)
    least = min(steps.values())
    chances = {
        code: live_outs(obs, without(obs.hand, code), view, steps[code])
        for code in sorted(codes)
        if steps[code] <= least + slack
    }
    best = max(chances[c] for c in chances if steps[c] == least)
    ctx = context(obs, hazard, least, best)
    return {
        code: features(obs, code, steps[code], chance, feed(code), ctx)
        for code, chance in chances.items()
    }


def scored_discards(
    obs: Observation,
    codes: Sequence[str],
    view: View,
    model: Model,
    hazard: float,
    feed: Callable[[str], float],
) -> dict[str, float] | None:
    """Each candidate discard's expected score of the round, or None when the model has
    no weights for this round's contract."""
    contract = obs.rules.contract(obs.round_index).code
    if not model.knows(contract):
        return None
    found = candidates(obs, codes, view, hazard, feed)
    return {code: model.value(contract, x) for code, x in found.items()}


def best_discard(scores: dict[str, float]) -> str:
    """The discard with the least expected score (ties: the card code, for determinism)."""
    return min(sorted(scores), key=lambda c: (scores[c], c))
