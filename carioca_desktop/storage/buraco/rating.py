"""The person's level at Buraco: an Elo-like rating from finished Buraco matches against bots,
placed on Buraco's bot ladder, with its 95% interval (the method is storage/rating.py's).

A match is one result, side against side: the person's side won or lost. The ladder is fixed
from the paired-deal measurements in docs/bots.md (Buraco's table: each step's win share
against the level below turned into an Elo difference, 400·log10(p/(1-p))): normal 1500,
hard +78 (61%), easy -100 (normal won 64%), beginner a further -511 (easy won 95%) and random
a further -511 (beginner won 100%, its lower bound 95% used: a step beyond what 40 deals
resolve). With a partner, the side's strength is the mean of the two seats' ratings, so the
person counts for half of it: against the other side's mean, the person's result is a
pairwise result against (2·theirs - partner) on half Elo's scale."""

from __future__ import annotations

from collections.abc import Iterable

from carioca_desktop.storage.buraco.records import BuracoRecord
from carioca_desktop.storage.rating import Rating, rate

LADDER = {"random": 378.0, "beginner": 889.0, "easy": 1400.0, "normal": 1500.0, "hard": 1578.0}


def side_results(records: Iterable[BuracoRecord]) -> list[tuple[float, float, float]]:
    """(their side's rating as one seat, the person's score 1/0, the person's share of their
    side) for each finished match one person played with and against rated bots."""
    out: list[tuple[float, float, float]] = []
    for record in records:
        if len(record.human_seats) != 1:
            continue
        me = record.human_seats[0]
        mine = [s for s in record.sides[me % 2] if s != me]
        theirs = list(record.sides[1 - me % 2])
        levels = [record.players[s].level for s in (*mine, *theirs)]
        if any(record.players[s].kind != "bot" for s in (*mine, *theirs)):
            continue
        if any(level not in LADDER for level in levels):
            continue
        them = sum(LADDER[str(record.players[s].level)] for s in theirs) / len(theirs)
        score = 1.0 if record.winner == me % 2 else 0.0
        if not mine:  # two players: the person alone against one bot
            out.append((them, score, 1.0))
            continue
        partner = LADDER[str(record.players[mine[0]].level)]
        out.append((2 * them - partner, score, 0.5))
    return out


def buraco_rating(records: Iterable[BuracoRecord]) -> Rating | None:
    return rate(side_results(records))


def nearest_level(value: float) -> str:
    """The Buraco bot level whose ladder rating is closest."""
    return min(LADDER, key=lambda level: abs(LADDER[level] - value))
