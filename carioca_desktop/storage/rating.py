"""The person's level: an Elo-like rating from finished Carioca matches against bots, placed
on the bot ladder, with its 95% interval.

Each match against bots is a set of pairwise results, the person against each bot seat (a
lower total wins, equal totals draw). The bots' ratings are fixed from the ladder measured on
the same deals (README, "The ladder, on the same deals": each step's win share among four
turned into an odds ratio against the even 1/4): normal 1500, hard +75, easy -213, beginner
a further -272; random is put 300 below beginner (not measured). The person's rating is the
maximum of the likelihood times a wide prior (1500, sd 350, so that one match gives a
rating and not infinity), and its interval is 1.96 standard errors from the curvature."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from carioca_desktop.storage.carioca.records import MatchRecord

LADDER = {"random": 715.0, "beginner": 1015.0, "easy": 1287.0, "normal": 1500.0, "hard": 1575.0}
PRIOR_MEAN, PRIOR_SD = 1500.0, 350.0
_SCALE = math.log(10) / 400  # Elo's logistic scale


@dataclass(frozen=True)
class Rating:
    value: float
    low: float
    high: float
    games: int  # pairwise results it rests on

    @property
    def margin(self) -> float:
        return (self.high - self.low) / 2


def pairwise(records: Iterable[MatchRecord]) -> list[tuple[float, float]]:
    """(bot's rating, the person's score 1/0.5/0) for each bot seat of each match one person
    played against rated bots (penalty scoring: matches scored by rounds won are left out)."""
    out: list[tuple[float, float]] = []
    for record in records:
        if len(record.human_seats) != 1 or record.scoring != "penalty":
            continue
        me = record.totals[record.human_seats[0]]
        for seat, player in enumerate(record.players):
            if player.kind != "bot" or player.level not in LADDER:
                continue
            theirs = record.totals[seat]
            score = 1.0 if me < theirs else 0.5 if me == theirs else 0.0
            out.append((LADDER[player.level], score))
    return out


def _expected(mine: float, theirs: float) -> float:
    return 1.0 / (1.0 + math.exp(_SCALE * (theirs - mine)))


def rate(results: Sequence[tuple[float, float] | tuple[float, float, float]]) -> Rating | None:
    """The rating these pairwise results give, or None without any. A result is (their
    rating, the person's score) or, for a side of partners, (their rating, score, share): the
    person counts for ``share`` of the side's strength (Buraco, storage/buraco/rating.py)."""
    if not results:
        return None
    value = PRIOR_MEAN
    for _ in range(50):  # Newton's method on the log posterior (concave: converges)
        grad = (PRIOR_MEAN - value) / PRIOR_SD**2
        info = 1 / PRIOR_SD**2
        for result in results:
            theirs, score = result[0], result[1]
            k = _SCALE * (result[2] if len(result) == 3 else 1.0)
            p = 1.0 / (1.0 + math.exp(k * (theirs - value)))
            grad += k * (score - p)
            info += k**2 * p * (1 - p)
        step = grad / info
        value += max(-400.0, min(400.0, step))
        if abs(step) < 0.01:
            break
    half = 1.96 / math.sqrt(info)
    return Rating(value, value - half, value + half, len(results))


def person_rating(records: Iterable[MatchRecord]) -> Rating | None:
    return rate(pairwise(records))


def nearest_level(value: float) -> str:
    """The bot level whose ladder rating is closest."""
    return min(LADDER, key=lambda level: abs(LADDER[level] - value))
