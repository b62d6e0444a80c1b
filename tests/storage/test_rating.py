"""The person's level: an Elo-like rating against the bot ladder, with a 95% interval that
narrows with matches and covers the truth for a simulated player of known strength."""

from __future__ import annotations

import math
import random

from carioca_desktop.storage.carioca.records import MatchRecord
from carioca_desktop.storage.rating import LADDER, nearest_level, pairwise, person_rating, rate
from carioca_desktop.storage.records import PlayerRecord


def _record(me: int, bots: list[tuple[str, int]], scoring: str = "penalty") -> MatchRecord:
    players = [PlayerRecord("Tú", "human")] + [PlayerRecord(f"B{i}", "bot", lv) for i, (lv, _) in
                                               enumerate(bots)]  # fmt: skip
    totals = [me] + [t for _, t in bots]
    best = min(totals)
    return MatchRecord("2026-01-01T00:00:00+00:00", "clasico", {}, players, [totals], totals,
                       [i for i, t in enumerate(totals) if t == best], scoring, [0])  # fmt: skip


def test_no_match_no_rating_and_the_results_are_pairwise() -> None:
    assert person_rating([]) is None
    record = _record(50, [("easy", 80), ("hard", 20), ("normal", 50)])
    assert pairwise([record]) == [(LADDER["easy"], 1.0), (LADDER["hard"], 0.0),
                                  (LADDER["normal"], 0.5)]  # fmt: skip
    assert pairwise([_record(5, [("easy", 9)], "tallies")]) == []


def test_winning_raises_losing_lowers_and_the_interval_narrows() -> None:
    beat = [_record(10, [("normal", 90), ("normal", 70)])] * 5
    lose = [_record(90, [("normal", 10), ("normal", 70)])] * 5
    high, low = person_rating(beat), person_rating(lose)
    assert high is not None and low is not None
    assert high.value > 1500 > low.value
    few = person_rating(beat[:1])
    assert few is not None and few.margin > high.margin


def test_a_simulated_player_of_known_strength_is_covered() -> None:
    rng = random.Random(7)
    covered = 0
    for _trial in range(40):
        truth = rng.uniform(1000, 1700)
        results = []
        for _ in range(60):
            level = rng.choice(["easy", "normal", "hard"])
            p = 1 / (1 + 10 ** ((LADDER[level] - truth) / 400))
            results.append((LADDER[level], 1.0 if rng.random() < p else 0.0))
        rating = rate(results)
        assert rating is not None and math.isfinite(rating.value)
        covered += rating.low <= truth <= rating.high
    assert covered >= 34  # a 95% interval: about 38 of 40, allowing for chance and the prior


def test_the_nearest_level() -> None:
    assert nearest_level(1510) == "normal" and nearest_level(1600) == "hard"
    assert nearest_level(0) == "random"
