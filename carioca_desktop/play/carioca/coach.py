"""The coach (Carioca): each decision of one seat in a kept match judged against ``hard``.

At each of the seat's decisions (a draw, a discard, a buy or pass, a lay-down, an add or a
swap) ``hard`` is asked what it would do from the seat's own observation. Where it agrees the
decision is fine. Where it differs, both choices are priced by play/coachkit.py: played out to
the end of the round on the same continuations, each a deal of what the seat could not see
(the stock and the other hands: rules/carioca/unseen.py), the judged seat by ``hard``, the
others by ``normal``; the cost the mean difference in the seat's round points, with its 95%
interval. Costly (more than FINE points) or a blunder (more than BLUNDER) only when that
interval is clear of zero.

tests/play/carioca/test_coach.py checks it on seeded positions and on ``hard``'s own
decisions; tools/bench/bench_coach.py against other played-out continuations."""

from __future__ import annotations

from typing import Any

from carioca_desktop.bots.carioca.base import make_bot
from carioca_desktop.bots.carioca.driver import bot_step
from carioca_desktop.play import coachkit
from carioca_desktop.play.coachkit import Bands, Judgement
from carioca_desktop.rules.carioca.actions import Action, NextRound, Undo
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.state import Phase
from carioca_desktop.storage.match_file import MatchFile

__all__ = ["BLUNDER", "COACH", "FINE", "Judgement", "coach_lines", "judge", "where_points_went"]

FINE, BLUNDER = 5, 25  # points a round
MOST = 32  # continuations at most for one decision (see coachkit.price)
MAX_PLAYOUT = 3000  # actions; a round that has not ended by then is cut


def choose(level: str, game: Game, seat: int, seed: int, without: Action | None = None) -> Action:
    """What a fresh bot of ``level`` does here; with ``without``, its second best."""
    choice: Action = coachkit.bot_choice(make_bot(level, seat, seed), game, seat, without)
    return choice


def round_points_after(game: Game, seat: int, seed: int) -> float | None:
    """Play the round out (``seat`` by ``hard``, the others by ``normal``); the seat's
    points in it, None if it was cut before its end."""
    bots = [make_bot("hard" if s == seat else "normal", s, seed + s) for s in range(game.players)]
    index = game.round_index
    for _ in range(MAX_PLAYOUT):
        if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            break
        action = bot_step(game, bots)
        if action is None:
            break
        game.apply(action)
    if game.rounds_scored <= index:
        return None
    return float(game.round_points[index][seat])


def _round_of(game: Any) -> int:
    return int(game.round_index)


COACH = coachkit.Coach("carioca", Bands(FINE, BLUNDER, MOST, both_ways=False), choose,
                       round_points_after, lambda action: type(action).__name__.lower(),
                       _round_of, (NextRound, Undo))  # fmt: skip


def judge(
    match: MatchFile, seat: int, rounds: set[int] | None = None, hard_seed: int | None = None
) -> list[Judgement]:
    """Judge ``seat``'s decisions in ``rounds`` (0-based; None: all) of a Carioca match;
    ``hard_seed`` seeds the judging bot and the continuations (default: the match's seed)."""
    return COACH.judge(match, seat, rounds, hard_seed)


def _judge_one(before: Game, seat: int, played: Action, number: int, seed: int) -> Judgement:
    return COACH.judge_one(before, seat, played, number, seed)


where_points_went = coachkit.where_points_went


def coach_lines(judgements: list[Judgement]) -> list[str]:
    """The coach's words for ``carioca replay PATH --coach``."""
    return coachkit.coach_lines(judgements, "round")
