"""Comparing two bot levels on the same deals (paired): for each deal, the match with the
baseline level in every seat, and the matches with the candidate swapped into each seat in
turn. Since every round's deal comes from its own stream (``State.deal_rng``), the swapped
seat changes the play but never the cards dealt, so the deal's luck cancels out of the
difference. Used by ``tests/bench_paired.py`` and its tests."""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from carioca_desktop.rules.carioca.actions import NextRound
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.carioca.scoring import outcome

from .base import Bot, make_bot
from .driver import MAX_TURNS_PER_ROUND, Clock, bot_step

CANDIDATE_SALT = 7_777_777
"""Added to the candidate's bot seed, so that a level played against itself (the control)
is a different player with the same skill rather than the very same one."""


@dataclass
class Played:
    """One match (or the chosen rounds of one): points per round per seat, and the share of
    the win each seat takes (a tie shares it)."""

    rounds: list[int]
    points: list[tuple[int, ...]]
    share: tuple[float, ...]
    finished: bool = True
    seconds: float = 0.0

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(p[s] for p in self.points) for s in range(len(self.share)))


def play(
    rules: CariocaRules,
    bots: Sequence[Bot],
    seed: int,
    rounds: Sequence[int] | None = None,
    clock: Clock | None = None,
) -> Played:
    """Play the match of ``seed`` (or only its rounds ``rounds``, each dealt as in the whole
    match) with ``bots[seat]`` in each seat."""
    start = time.perf_counter()
    wanted = list(range(len(rules.rounds))) if rounds is None else sorted(rounds)
    game = Game.new(rules, seed)
    points: list[tuple[int, ...]] = []
    went: list[int | None] = []
    finished = True
    for index in wanted:
        if game.round_index != index:
            game.skip_to_round(index)
        while not game.round_over:
            if game.turn_number >= MAX_TURNS_PER_ROUND:
                finished = False
                break
            action = bot_step(game, bots, clock)
            assert action is not None, "every seat is a bot, so some bot must act"
            game.apply(action)
        if not finished:
            break
        points.append(tuple(game.round_points[-1]))
        went.append(game.went_out[-1])
        if index + 1 in wanted and not game.is_over:
            game.apply(NextRound(0))
    result = outcome(rules.players, points, went, rules)
    share = tuple(
        1 / len(result.winners) if s in result.winners else 0.0 for s in range(rules.players)
    )
    return Played(wanted, points, share, finished, time.perf_counter() - start)


def bots_for(levels: Sequence[str], seed: int, candidate_seat: int | None = None) -> list[Bot]:
    return [
        make_bot(level, seat, seed + (CANDIDATE_SALT if seat == candidate_seat else 0))
        for seat, level in enumerate(levels)
    ]


@dataclass
class DealResult:
    """One deal's paired differences, each the mean over the candidate's seats."""

    points: float  # the candidate seat's total minus the baseline's in the same seat
    margin: float  # the same for the margin (own total minus the mean of the other three)
    share: float  # the candidate's share of wins over its seats (0.25 is even at 4 seats)
    base_share: float
    per_round: list[float]  # points difference per round played
    finished: bool
    base_seconds: float
    cand_seconds: float
    times: list[float] = field(default_factory=list)  # the candidate's decision times
    seed: int = 0


def margin(totals: Sequence[int], seat: int) -> float:
    others = [t for s, t in enumerate(totals) if s != seat]
    return totals[seat] - sum(others) / len(others)


def paired_deal(
    rules: CariocaRules,
    candidate: str,
    baseline: str,
    seed: int,
    rounds: Sequence[int] | None = None,
) -> DealResult:
    """The all-baseline match of ``seed`` and the candidate in each seat in turn."""
    n = rules.players
    base = play(rules, bots_for([baseline] * n, seed), seed, rounds)
    times: list[float] = []

    def clock(level: str, round_index: int, seconds: float) -> None:
        if level == candidate:
            times.append(seconds)

    dp, dm, sh, seconds = 0.0, 0.0, 0.0, 0.0
    per_round = [0.0] * len(base.points)
    finished = base.finished
    for seat in range(n):
        levels = [baseline] * n
        levels[seat] = candidate
        swapped = play(rules, bots_for(levels, seed, seat), seed, rounds, clock)
        finished = finished and swapped.finished
        dp += swapped.totals[seat] - base.totals[seat]
        dm += margin(swapped.totals, seat) - margin(base.totals, seat)
        sh += swapped.share[seat]
        seconds += swapped.seconds
        for k in range(min(len(per_round), len(swapped.points))):
            per_round[k] += swapped.points[k][seat] - base.points[k][seat]
    return DealResult(
        dp / n,
        dm / n,
        sh / n,
        sum(base.share) / n,
        [x / n for x in per_round],
        finished,
        base.seconds,
        seconds / n,
        times,
        seed,
    )


# --------------------------------------------------------------------------- statistics
@dataclass(frozen=True)
class Estimate:
    """A mean with its 95% interval (normal approximation over independent deals)."""

    mean: float
    lo: float
    hi: float

    def as_dict(self) -> dict[str, float]:
        return {"mean": self.mean, "lo": self.lo, "hi": self.hi}

    def text(self, digits: int = 1) -> str:
        return f"{self.mean:+.{digits}f} [{self.lo:+.{digits}f}, {self.hi:+.{digits}f}]"


def estimate(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` and its 95% interval, mean ± 1.96 standard errors."""
    if not values:
        return Estimate(math.nan, math.nan, math.nan)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Estimate(mean, mean, mean)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return Estimate(mean, mean - half, mean + half)
