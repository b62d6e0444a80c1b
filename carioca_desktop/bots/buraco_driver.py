"""Plays Buraco matches between bots: each seat's bot sees its observation and the engine's
legal list; an action the engine refuses (a lay-down the bot built) is reported back to the
bot, which chooses again."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from carioca_desktop.rules.buraco.actions import Discard, Draw, NextRound
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.rules.errors import IllegalAction

from .buraco import BuracoBot, make_buraco_bot

MAX_ACTIONS_PER_ROUND = 3000
MAX_ROUNDS = 60


@dataclass(frozen=True)
class BuracoRound:
    points: tuple[int, ...]  # per side
    went_out: int | None
    actions: int


@dataclass
class BuracoMatchResult:
    levels: tuple[str, ...]  # per seat
    seed: int
    rounds: list[BuracoRound] = field(default_factory=list)
    totals: tuple[int, ...] = (0, 0)  # per side
    winner: int | None = None
    finished: bool = True
    actions: int = 0
    refusals: int = 0
    seconds: float = 0.0
    decisions: list[float] = field(default_factory=list)  # seconds per bot decision


def play_buraco_match(
    rules: BuracoRules, levels: Sequence[str], seed: int, record_times: bool = False
) -> BuracoMatchResult:
    """One match to ``rules.target`` (at most MAX_ROUNDS rounds) with these seat levels."""
    if len(levels) != rules.players:
        raise ValueError(f"{len(levels)} levels for {rules.players} players")
    start = time.perf_counter()
    game = BuracoGame.new(rules, seed)
    bots: list[BuracoBot] = [make_buraco_bot(lv, s, seed) for s, lv in enumerate(levels)]
    result = BuracoMatchResult(tuple(levels), seed)
    in_round = 0
    while not game.is_over:
        if game.round_over:
            result.rounds.append(_round(game, in_round))
            if len(result.rounds) >= MAX_ROUNDS:
                result.finished = False
                break
            game.apply(NextRound())
            in_round = 0
            continue
        if in_round >= MAX_ACTIONS_PER_ROUND:
            result.finished = False
            break
        seat = game.current_player
        assert seat is not None
        _step(game, bots[seat], seat, result, record_times)
        in_round += 1
        result.actions += 1
    if game.is_over:
        result.rounds.append(_round(game, in_round))
    result.totals = tuple(game.state.scores)
    result.winner = game.winner
    result.seconds = time.perf_counter() - start
    return result


def _step(
    game: BuracoGame, bot: BuracoBot, seat: int, result: BuracoMatchResult, timed: bool
) -> None:
    legal = game.legal_actions()
    obs = game.observation(seat)
    for _ in range(8):
        t0 = time.perf_counter()
        action = bot.choose(obs, legal)
        if timed:
            result.decisions.append(time.perf_counter() - t0)
        try:
            game.apply(action)
            return
        except IllegalAction:
            result.refusals += 1
            bot.refused(action)
    safe = next((a for a in legal if isinstance(a, (Discard, Draw))), legal[0])
    game.apply(safe)


def _round(game: BuracoGame, actions: int) -> BuracoRound:
    s = game.state
    return BuracoRound(tuple(s.history[-1]), s.went_out[-1], actions)
