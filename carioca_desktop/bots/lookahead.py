"""Choosing a discard with the learned evaluation (``learned.py``): for each card the seat
could throw before it has laid down, the hand it keeps is valued by the points it expects
to hold at the end of the round, and the least is thrown. The features include the exact
chance, over the live cards, that the next draw brings the kept hand a card closer."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from carioca_desktop.rules.carioca.observation import Observation

from .base import without
from .features import context, features
from .judge import View, discard_steps, live_outs
from .learned import Model

SLACK = 1
"""Candidates: the discards that leave the hand at most this many cards further from the
contract than the best one (a card the plan needs more than that is never worth it)."""


def candidates(
    obs: Observation,
    codes: Sequence[str],
    view: View,
    hazard: float,
    feed: Callable[[str], float],
    done: bool = False,
) -> dict[str, tuple[float, ...]]:
    """The feature vector of each candidate discard (those within ``SLACK`` of the least
    distance), as the training script records them and the model reads them. ``done``:
    a hand that could lay down is counted one card away with a sure draw (the bot lays
    down before it discards, so the model never saw such a hand; only the draw asks)."""
    steps = discard_steps(obs, codes)
    least = min(steps.values())
    chances = {
        code: live_outs(obs, without(obs.hand, code), view, steps[code])
        for code in sorted(codes)
        if steps[code] <= least + SLACK
    }
    best = max(chances[c] for c in chances if steps[c] == least)
    if least == 0 and done:  # it lays down before it discards: count it one card away
        least, best, steps = 1, 1.0, {c: s + 1 for c, s in steps.items()}
        chances = dict.fromkeys(chances, 1.0)
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
    """Each candidate discard's expected end-of-round points, or None when the model has
    no weights for this round's contract."""
    contract = obs.rules.contract(obs.round_index).code
    if not model.knows(contract):
        return None
    found = candidates(obs, codes, view, hazard, feed)
    return {code: model.value(contract, x) for code, x in found.items()}


def best_discard(scores: dict[str, float]) -> str:
    """The discard with the least expected points (ties: the card code, for determinism)."""
    return min(sorted(scores), key=lambda c: (scores[c], c))


def draw_values(
    obs: Observation,
    view: View,
    model: Model,
    hazard: float,
    feed: Callable[[str], float],
) -> tuple[float, float] | None:
    """Before drawing (and before laying down): the expected end-of-round points after
    taking the pozo's top card and after drawing from the stock, each followed by the best
    discard; the stock's is the exact expectation over the live cards (each code weighted
    by how many copies may still come). A draw that lets the hand lay down is valued as a
    hand one card away with every draw closing it (the model never saw a hand at 0).
    None when the model has no weights for the contract or there is no pozo card."""
    top = obs.pozo_top
    contract = obs.rules.contract(obs.round_index).code
    if top is None or not model.knows(contract):
        return None

    def after(card: str, pozo: bool) -> float:
        hand = (*obs.hand, card)
        held = replace(obs, hand=hand)
        codes = sorted(set(hand))
        if pozo and len(codes) > 1:
            codes.remove(card)  # the card just taken may not be thrown back at once
        found = candidates(held, codes, view, hazard, feed, done=True)
        return min(model.value(contract, x) for x in found.values())

    pozo = after(top, True)
    total = sum(n for c, n in view.live.items() if n > 0)
    stock = sum(n * after(c, False) for c, n in sorted(view.live.items()) if n > 0)
    return pozo, stock / max(1, total)
