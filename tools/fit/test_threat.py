"""The ``hard`` bot's threat model (bots/carioca/threat.py): its calibration table, its fit, and
what it reads from a position."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

from carioca_desktop.rules.carioca.position import from_position
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from tools.fit.threat import (
    NAMES,
    WEIGHTS,
    calibration,
    features,
    fit_logistic,
    predict,
)


def test_calibration_buckets_predictions_and_counts_what_came() -> None:
    predicted = [0.05, 0.15, 0.15, 0.55, 0.95, 1.0]
    observed = [0, 0, 1, 1, 1, 0]
    table = calibration(predicted, observed, [0.0, 0.1, 0.5, 1.0])
    assert [(b.lo, b.hi, b.count) for b in table] == [(0.0, 0.1, 1), (0.1, 0.5, 2), (0.5, 1.0, 3)]
    assert table[1].predicted == pytest.approx(0.15) and table[1].observed == 0.5
    assert table[2].predicted == pytest.approx(2.5 / 3)
    assert table[2].observed == pytest.approx(2 / 3)


def test_calibration_leaves_out_empty_buckets() -> None:
    table = calibration([0.7, 0.75], [1, 1], [0.0, 0.5, 1.0])
    assert len(table) == 1 and table[0].lo == 0.5 and table[0].observed == 1.0


def test_the_fit_finds_the_weights_that_made_the_data() -> None:
    rng = random.Random(3)
    truth = (-1.0, 2.0, -0.5)
    rows = [(1.0, rng.uniform(-2, 2), rng.uniform(-2, 2)) for _ in range(4000)]
    labels = [int(rng.random() < predict(x, truth)) for x in rows]
    found = fit_logistic(rows, labels)
    for got, want in zip(found, truth, strict=True):
        assert got == pytest.approx(want, abs=0.2)
    # and its predictions are calibrated on the data it was fitted to
    table = calibration([predict(x, found) for x in rows], labels, [0.0, 0.25, 0.5, 0.75, 1.0])
    for b in table:
        assert abs(b.predicted - b.observed) < 0.06, b


def test_features_read_opponents_down_their_cards_and_pozo_takes() -> None:
    rules = CariocaRules.from_dict({"preset": "clasico"})
    game = from_position(
        rules,
        [
            ["QH", "QS", "QD", "8H", "8S", "JK", "4H", "4S", "2C", "6D", "9C", "KC"],
            ["7H"],
            ["9H", "9S", "10D", "10C", "JH", "JS", "2H", "2S", "5S", "6S", "7D", "7C"],
            ["AH", "AS", "3D", "3C", "4D", "4C", "5S", "6H", "9D", "10H", "JD", "JC"],
        ],
        stock=["10S", "KD", "KH", "2D"],
        pozo=["6C"],
        table=[
            {"owner": 1, "meld": ["8C", "8D", "8C"]},
            {"owner": 1, "meld": ["5C", "5D", "5H"]},
        ],
        laid_down=[1],
    )
    obs = game.observation(0)
    x = dict(zip(NAMES, features(obs, 2, 0.25, {2: ["6C", "7C"], 1: ["9C"] * 5}), strict=True))
    assert x["bias"] == 1.0 and x["hidden"] == 0.0  # round 1: two tríos, 6 of 12 cards
    assert x["contract_share"] == 0.5
    assert x["melds"] == 0.5 and x["escala_share"] == 0.0
    assert x["opponents_down"] == 1.0 and x["down_with_1_2"] == 1.0
    assert x["down_inverse_size"] == 1.0
    assert x["pozo_takes"] == 2.0  # seat 1 is down: only the seats still racing count
    assert len(WEIGHTS) == len(NAMES)
