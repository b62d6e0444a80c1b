"""What the learned evaluation (``learned.py``) reads of a position: the hand a seat keeps
after a candidate discard, before it has laid down, and the table around it. One function
builds the numbers for both the training script (tools/fit/train_eval.py) and the bot, so the
two can never disagree on what a feature means."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

from carioca_desktop.bots.carioca.base import points, wild
from carioca_desktop.rules.carioca.observation import Observation

FEATURES: tuple[str, ...] = (
    # the position before the choice (the same for every candidate: they soak up the luck
    # of the deal, so that the weights below measure what the choice itself changes)
    "bias",
    "d1",  # the least distance a discard leaves is one card from the contract
    "d2",
    "d3",
    "d4p",  # four or more
    "best_outs",  # the best chance, among the least-distance discards, of a closing draw
    "held",  # points in hand before the discard, / 100
    "held_haz",  # held × the chance a turn that someone goes out
    "wilds_held",  # wild cards in hand before the discard
    "turns",  # turns each seat has played / 10
    "hazard",  # the chance a turn that some opponent goes out (NormalBot.hazard)
    "opp_down",  # share of the opponents already down
    "close",  # 1 / cards held by the laid-down opponent closest to going out (0: none down)
    # the choice
    "extra",  # cards further from the contract than the least (0 or 1)
    "extra_turns",  # extra × turns
    "outs",  # the chance the next draw brings the kept hand one card closer (live cards)
    "outs_d1",  # the same, when the kept hand is one card from laying down
    "thrown",  # points of the card thrown, / 10
    "thrown_haz",  # thrown × hazard
    "thrown_turns",  # thrown × turns
    "thrown_close",  # thrown × close
    "thrown_wild",  # the card thrown is a wild
    "feed",  # how much the next player would like the card thrown (0 … 1)
)
"""The features in the order the weights file lists them."""


@dataclass(frozen=True)
class Context:
    """What the features need of the position, the same for every candidate discard."""

    turns: float
    hazard: float
    opp_down: float
    close: float
    least: int  # the least distance a discard leaves
    best_outs: float
    held: float  # points in hand / 100
    wilds_held: int


def context(obs: Observation, hazard: float, least: int = 0, best_outs: float = 0.0) -> Context:
    """The position seen from ``obs`` (``hazard`` from the bot, as it models opponents)."""
    rules = obs.rules
    others = [s for s in range(obs.players) if s != obs.seat]
    down = [s for s in others if obs.laid_down[s]]
    sizes = [obs.hand_sizes[s] for s in down]
    close = 1.0 / max(1, min(sizes)) if sizes else 0.0
    return Context(
        turns=obs.turn_number / obs.players / 10.0,
        hazard=hazard,
        opp_down=len(down) / max(1, len(others)),
        close=close,
        least=least,
        best_outs=best_outs,
        held=sum(points(c, rules) for c in obs.hand) / 100.0,
        wilds_held=sum(1 for c in obs.hand if wild(c, rules)),
    )


def features(
    obs: Observation, thrown: str, steps: int, outs: float, feed: float, ctx: Context
) -> tuple[float, ...]:
    """The feature vector (in ``FEATURES`` order) of throwing ``thrown``, which leaves the
    hand ``steps`` cards from the contract with chance ``outs`` that the next draw closes
    one; the next player would like the card ``feed`` (0 … 1)."""
    rules = obs.rules
    d = min(ctx.least, 6)
    extra = float(min(steps - ctx.least, 2))
    pts = points(thrown, rules) / 10.0
    return (
        1.0,
        1.0 if d == 1 else 0.0,
        1.0 if d == 2 else 0.0,
        1.0 if d == 3 else 0.0,
        1.0 if d >= 4 else 0.0,
        ctx.best_outs,
        ctx.held,
        ctx.held * ctx.hazard,
        float(ctx.wilds_held),
        ctx.turns,
        ctx.hazard,
        ctx.opp_down,
        ctx.close,
        extra,
        extra * ctx.turns,
        outs,
        outs if steps == 1 else 0.0,
        pts,
        pts * ctx.hazard,
        pts * ctx.turns,
        pts * ctx.close,
        1.0 if wild(thrown, rules) else 0.0,
        feed,
    )
