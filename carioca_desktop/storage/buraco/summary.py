"""Figures for Buraco's statistics, computed from its stored matches; pure functions.

The player's side is every side with a person at it (hot-seat partners share one side; people
on both sides share the wins, as a hot-seat Carioca table does). A match counts against a bot
level when an opponent, a bot on a side with no person, plays at that level."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import accumulate

from carioca_desktop.storage.buraco.records import BuracoRecord
from carioca_desktop.storage.stats import Stats
from carioca_desktop.storage.tally import WinCount, tally


@dataclass(frozen=True)
class BuracoSummary:
    played: int = 0
    won: int = 0
    by_level: dict[str, WinCount] = field(default_factory=dict)  # opponents' levels
    by_preset: dict[str, WinCount] = field(default_factory=dict)
    mean_score: float | None = None  # the player's side's final score, over its matches
    best: BuracoRecord | None = None  # the match the player's side scored the most in
    recent: tuple[BuracoRecord, ...] = ()  # most recent first


def people_sides(record: BuracoRecord) -> list[int]:
    """The sides with a person at them, in side order."""
    return [side for side in (0, 1) if any(s in record.human_seats for s in record.sides[side])]


def own_side(record: BuracoRecord) -> int:
    """The side shown as the player's: the first person's side, else side 0."""
    if not record.human_seats:
        return 0
    return 0 if record.human_seats[0] in record.sides[0] else 1


def side_won(record: BuracoRecord) -> bool:
    """Won from the players' side of the table: the winning side has a person at it."""
    return record.winner in people_sides(record)


def own_score(record: BuracoRecord) -> int:
    return record.scores[own_side(record)]


def running_scores(record: BuracoRecord) -> list[list[int]]:
    """Per side, the score after each hand (for the chart)."""
    return [list(accumulate(hand[side] for hand in record.hand_points)) for side in (0, 1)]


def opponent_levels(record: BuracoRecord) -> set[str]:
    people = people_sides(record)
    return {
        p.level
        for side in (0, 1)
        if side not in people
        for seat in record.sides[side]
        if (p := record.players[seat]).kind == "bot" and p.level is not None
    }


def summarize_buraco(stats: Stats) -> BuracoSummary:
    matches = stats.buraco
    finals = [m.scores[side] for m in matches for side in people_sides(m)]
    return BuracoSummary(
        played=len(matches),
        won=sum(1 for m in matches if side_won(m)),
        by_level=tally(matches, opponent_levels, side_won),
        by_preset=tally(matches, lambda m: {m.preset}, side_won),
        mean_score=sum(finals) / len(finals) if finals else None,
        best=max(
            (m for m in reversed(matches) if people_sides(m)),
            key=lambda m: max(m.scores[s] for s in people_sides(m)),
            default=None,
        ),
        recent=tuple(reversed(matches)),
    )
