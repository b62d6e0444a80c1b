"""Figures for the Statistics screen, computed from stored matches; pure functions."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import accumulate

from carioca_desktop.storage.carioca.records import MatchRecord
from carioca_desktop.storage.stats import Stats
from carioca_desktop.storage.tally import WinCount, tally


@dataclass(frozen=True)
class StatsSummary:
    played: int = 0
    won: int = 0
    # A match counts "against level X" if any bot seat had level X.
    by_level: dict[str, WinCount] = field(default_factory=dict)
    by_preset: dict[str, WinCount] = field(default_factory=dict)
    # Mean penalty points a human seat scored per round; None before any round.
    average_round_points: float | None = None
    # Best (lowest) and worst (highest) human final total over penalty-scored matches;
    # tally totals count the other way and are not mixed in.
    best_total: int | None = None
    worst_total: int | None = None
    rounds_played: int = 0
    # Rounds in which a human seat scored the lowest of the table (ties count).
    rounds_won: int = 0
    recent: tuple[MatchRecord, ...] = ()  # most recent first


def human_won(record: MatchRecord) -> bool:
    """Won from the players' side of the table: any human seat among the winners, so a
    hot-seat table shares its wins."""
    return any(seat in record.winners for seat in record.human_seats)


def rounds_won(record: MatchRecord) -> int:
    """Rounds in which some human seat scored the table's lowest (ties count)."""
    return sum(
        1
        for row in record.round_points
        if any(row[seat] == min(row) for seat in record.human_seats)
    )


def running_totals(record: MatchRecord) -> list[list[int]]:
    """Per seat, the cumulative score after each round (for the chart)."""
    seats = len(record.players)
    return [list(accumulate(row[seat] for row in record.round_points)) for seat in range(seats)]


def summarize(stats: Stats) -> StatsSummary:
    matches = stats.matches
    human_points = [row[s] for m in matches for row in m.round_points for s in m.human_seats]
    penalty_totals = [m.totals[s] for m in matches if m.scoring == "penalty" for s in m.human_seats]
    return StatsSummary(
        played=len(matches),
        won=sum(1 for m in matches if human_won(m)),
        by_level=tally(matches, _bot_levels, human_won),
        by_preset=tally(matches, lambda m: {m.preset}, human_won),
        average_round_points=(sum(human_points) / len(human_points) if human_points else None),
        best_total=min(penalty_totals, default=None),
        worst_total=max(penalty_totals, default=None),
        rounds_played=sum(len(m.round_points) for m in matches),
        rounds_won=sum(rounds_won(m) for m in matches),
        # Stored order is play order, so a clock change cannot reshuffle the history.
        recent=tuple(reversed(matches)),
    )


def _bot_levels(record: MatchRecord) -> set[str]:
    return {p.level for p in record.players if p.kind == "bot" and p.level is not None}
