"""One calibrated answer to "will I be caught before I lay down?" for the ``hard`` bot, in
place of ``judge.danger`` and ``NormalBot.hazard`` (two hand-set guesses). A logistic model
of what the seat sees: how far it is from its contract and how fast its hand draws, the
turns played, which opponents are down and how few cards they hold, and how often the
opponents still to lay down have taken from the pozo this round (a player who keeps taking
from the pozo is building fast). Fitted on logged self-play of ``normal`` bots by
``tools/fit/fit_threat.py``, which also prints the calibration table (predicted against observed
frequency, by bucket) the README quotes; the weights are pasted into ``WEIGHTS``."""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

from carioca_desktop.rules.carioca.observation import Observation

NAMES = (
    "bias",
    "hidden",
    "contract_share",
    "melds",
    "escala_share",
    "log_own_turns",
    "turns_played",
    "hidden_x_turns",
    "opponents_down",
    "down_with_1_2",
    "down_inverse_size",
    "pozo_takes",
)
"""The features, in the order of ``features`` and ``WEIGHTS``."""

WEIGHTS = (
    -8.2598,  # bias
    0.0090,  # hidden
    3.3832,  # contract_share
    3.3342,  # melds
    0.1960,  # escala_share
    1.3046,  # log_own_turns
    0.0872,  # turns_played
    0.2615,  # hidden_x_turns
    0.1907,  # opponents_down
    0.1551,  # down_with_1_2
    0.7293,  # down_inverse_size
    -0.0446,  # pozo_takes
)
"""Fitted by ``python tools/fit/fit_threat.py --train 60 --test 30 --seed 5000`` (13,753
positions of 60 clasico matches of four ``normal`` bots; held-out log loss 0.570 against
1.184 for ``NormalBot.caught``)."""


def features(
    obs: Observation, steps: int, chance: float, took: Mapping[int, Sequence[str]]
) -> tuple[float, ...]:
    """What the model reads: ``steps`` cards missing from the contract, ``chance`` that a
    draw brings one, ``took`` the cards each seat took from the pozo this round."""
    rules = obs.rules
    contract = rules.contract(obs.round_index)
    need = contract.min_cards(rules.escala_min)
    form = contract.forms[0]
    melds = 1 if contract.special else form.trios + form.escalas
    escalas = need if contract.special else form.escalas * contract.escala_length(rules.escala_min)
    hidden = 1.0 if need >= rules.hand_size else 0.0
    own = math.log(steps / max(1.5 * chance, 0.05) + 1.0)
    turns = obs.turn_number / obs.players / 10.0
    down = [s for s in range(obs.players) if s != obs.seat and obs.laid_down[s]]
    sizes = [obs.hand_sizes[s] for s in down]
    racing = [s for s in range(obs.players) if s != obs.seat and not obs.laid_down[s]]
    takes = max((len(took.get(s, ())) for s in racing), default=0)
    return (
        1.0,
        hidden,
        need / rules.hand_size,
        melds / 4.0,
        escalas / rules.hand_size,
        own,
        turns,
        hidden * turns,
        float(len(down)),
        1.0 if any(n <= 2 for n in sizes) else 0.0,
        sum(1.0 / max(1, n) for n in sizes),
        float(takes),
    )


def predict(x: Sequence[float], weights: Sequence[float] = WEIGHTS) -> float:
    """The chance the model gives for features ``x``."""
    z = sum(w * v for w, v in zip(weights, x, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit_logistic(
    rows: Sequence[Sequence[float]], labels: Sequence[int], ridge: float = 1e-3, rounds: int = 25
) -> tuple[float, ...]:
    """Logistic regression by Newton's method (a small ridge keeps it solvable): the weights
    that make ``predict`` most likely to give ``labels`` (0 or 1) for ``rows``."""
    k = len(rows[0])
    w = [0.0] * k
    for _ in range(rounds):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in zip(rows, labels, strict=True):
            p = predict(x, w)
            g = p - y
            h = p * (1.0 - p)
            for i in range(k):
                grad[i] += g * x[i]
                hx = h * x[i]
                row = hess[i]
                for j in range(i, k):
                    row[j] += hx * x[j]
        for i in range(k):
            grad[i] += ridge * w[i]
            hess[i][i] += ridge
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return tuple(w)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a·x = b (Gaussian elimination with partial pivoting; a is small)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for j in range(c, n + 1):
                m[r][j] -= f * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


@dataclass(frozen=True)
class Bucket:
    """Predictions between ``lo`` and ``hi``: how many, their mean, and how often it came."""

    lo: float
    hi: float
    count: int
    predicted: float
    observed: float


def calibration(
    predicted: Sequence[float], observed: Sequence[int], edges: Sequence[float]
) -> list[Bucket]:
    """Predicted against observed frequency, by bucket of prediction (``edges`` from 0 to
    1, each bucket [lo, hi), the last one closed); empty buckets are left out."""
    out: list[Bucket] = []
    for i, (lo, hi) in enumerate(pairwise(edges)):
        last = i == len(edges) - 2
        picked = [
            (p, y)
            for p, y in zip(predicted, observed, strict=True)
            if lo <= p < hi or (last and p == hi)
        ]
        if picked:
            n = len(picked)
            out.append(
                Bucket(lo, hi, n, sum(p for p, _ in picked) / n, sum(y for _, y in picked) / n)
            )
    return out
