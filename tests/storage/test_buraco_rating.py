"""The person's level at Buraco: one side-against-side result a match, placed on Buraco's bot
ladder; a partner's level counts for half the side; the 95% interval covers the truth for
simulated players of known strength, alone and with partners; the statistics screen shows it."""

from __future__ import annotations

import math
import random

from carioca_desktop.storage.buraco.rating import LADDER, buraco_rating, side_results
from carioca_desktop.storage.buraco.records import BuracoRecord
from carioca_desktop.storage.rating import rate
from carioca_desktop.storage.records import PlayerRecord


def _record(levels: list[str | None], winner: int, human: int = 0) -> BuracoRecord:
    players = tuple(
        PlayerRecord("Tú", "human") if lv is None else PlayerRecord(f"B{i}", "bot", lv)
        for i, lv in enumerate(levels)
    )
    sides = ((0,), (1,)) if len(levels) == 2 else ((0, 2), (1, 3))
    return BuracoRecord("2026-01-01T00:00:00+00:00", "brasileiro", {}, players, sides,
                        ((100, 50),), (100, 50), 3000, winner, (human,), "m" * 32)  # fmt: skip


def test_one_result_a_match_and_a_partner_counts_for_half() -> None:
    assert buraco_rating([]) is None
    assert side_results([_record([None, "hard"], 0)]) == [(LADDER["hard"], 1.0, 1.0)]
    four = _record([None, "easy", "hard", "normal"], 1)
    them = (LADDER["easy"] + LADDER["normal"]) / 2
    assert side_results([four]) == [(2 * them - LADDER["hard"], 0.0, 0.5)]
    two_people = _record([None, "easy", None, "easy"], 0)
    assert side_results([two_people]) == []  # a person partnering a person: not rated


def test_winning_raises_losing_lowers_and_a_strong_partner_earns_less() -> None:
    won = buraco_rating([_record([None, "normal"], 0)] * 6)
    lost = buraco_rating([_record([None, "normal"], 1)] * 6)
    assert won is not None and lost is not None and won.value > 1500 > lost.value
    carried = buraco_rating([_record([None, "normal", "hard", "normal"], 0)] * 6)
    carrying = buraco_rating([_record([None, "normal", "easy", "normal"], 0)] * 6)
    assert carried is not None and carrying is not None and carrying.value > carried.value


def test_a_simulated_player_of_known_strength_is_covered() -> None:
    rng = random.Random(11)
    covered = 0
    for trial in range(40):
        truth = rng.uniform(1200, 1700)
        records = []
        for _ in range(80):
            if trial % 2:  # two players
                level = rng.choice(["easy", "normal", "hard"])
                p = 1 / (1 + 10 ** ((LADDER[level] - truth) / 400))
                records.append(_record([None, level], 0 if rng.random() < p else 1))
            else:  # partners: the side's strength is the mean of its seats
                a, b, c = (rng.choice(["easy", "normal", "hard"]) for _ in range(3))
                mine, theirs = (truth + LADDER[b]) / 2, (LADDER[a] + LADDER[c]) / 2
                p = 1 / (1 + 10 ** ((theirs - mine) / 400))
                records.append(_record([None, a, b, c], 0 if rng.random() < p else 1))
        rating = buraco_rating(records)
        assert rating is not None and math.isfinite(rating.value)
        covered += rating.low <= truth <= rating.high
    assert covered >= 34  # a 95% interval: about 38 of 40, allowing for chance and the prior


def test_carioca_results_rate_as_before() -> None:
    two = rate([(1500.0, 1.0), (1575.0, 0.0)])
    three = rate([(1500.0, 1.0, 1.0), (1575.0, 0.0, 1.0)])
    assert two is not None and three is not None and abs(two.value - three.value) < 1e-9
