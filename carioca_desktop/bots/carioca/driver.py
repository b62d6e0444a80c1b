"""Running bots against the engine: whose move it is (the engine's buy offer included), and
whole matches for the simulator and the tests."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from carioca_desktop.rules.carioca.actions import Action, Discard, NextRound, Pass
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.carioca.state import Phase

from .base import Bot, make_bot

MAX_ACTIONS_PER_TURN = 60
"""Lay-downs, adds and swaps a bot may make in one turn before the driver discards for it.
Each of those moves a card out of the hand or swaps one in for a natural, so a turn ends on
its own; the cap only guards against a faulty bot looping."""

MAX_TURNS_PER_ROUND = 1500
"""A round ends when someone goes out, or when a draw finds no card even after the pozo is
shuffled back into the stock. Cards only leave play into melds, so a table where nobody
ever lays down (four ``random`` bots in round 8) could play forever: ``play_match`` stops
such a match at this many turns in one round and reports it as unfinished."""

Clock = Callable[[str, int, float], None]
"""Called with (level, round index, seconds) after every bot decision."""


def _seat_map(bots: Mapping[int, Bot] | Sequence[Bot | None]) -> dict[int, Bot]:
    if isinstance(bots, Mapping):
        return dict(bots)
    return {seat: bot for seat, bot in enumerate(bots) if bot is not None}


def bot_step(
    game: Game,
    bots: Mapping[int, Bot] | Sequence[Bot | None],
    clock: Clock | None = None,
) -> Action | None:
    """The next action a bot takes now, or None when no bot has to act (a person's turn or
    a person asked whether to buy, the match over, or a finished round at a table with
    people, who deal when they are ready).

    A buy offer is the engine's (``Phase.OFFER``): the seat asked is ``current_player``, and
    a bot answers it through ``choose`` with ``[Buy, Pass]`` as its legal choices. The
    action is not applied: the caller applies it.
    """
    seats = _seat_map(bots)
    if game.is_over:
        return None
    if game.phase == Phase.ROUND_OVER:
        if len(seats) < game.players:
            return None
        return _decide(game, seats[min(seats)], [NextRound(min(seats))], clock)
    seat = game.current_player
    if seat is None or seat not in seats:
        return None
    legal: list[Action] = game.legal_actions(seat)
    if game.phase == Phase.OFFER:
        return _timed(game, seats[seat], seat, legal, clock)
    if _moves_this_turn(game, seat) >= MAX_ACTIONS_PER_TURN:
        return next((a for a in legal if isinstance(a, Discard)), legal[0])
    return _decide(game, seats[seat], legal, clock)


def _timed(game: Game, bot: Bot, seat: int, legal: Sequence[Action], clock: Clock | None) -> Action:
    """Ask ``bot`` for its choice at ``seat``, reporting the time it took to ``clock``."""
    start = time.perf_counter()
    choice = bot.choose(game.observation(seat), legal)
    if clock is not None:
        clock(bot.level, game.round_index, time.perf_counter() - start)
    return choice


def _decide(game: Game, bot: Bot, legal: Sequence[Action], clock: Clock | None) -> Action:
    choice = _timed(game, bot, bot.seat, legal, clock)
    if isinstance(choice, Pass):
        raise ValueError(f"the {bot.level} bot passed where it had to act")
    return choice


def _moves_this_turn(game: Game, seat: int) -> int:
    count = 0
    for event in reversed(game.state.events):  # public fields only: no observation needed
        if event.seat != seat or event.kind not in ("lay_down", "add", "swap"):
            break
        count += 1
    return count


# --------------------------------------------------------------------------- whole matches
@dataclass
class RoundResult:
    """One finished round: points per seat, who went out, turns played, who laid down."""

    points: tuple[int, ...]
    went_out: int | None
    turns: int
    laid_down: tuple[bool, ...]


@dataclass
class MatchResult:
    """A bot match: the level of each seat, the rounds, totals and winners."""

    levels: tuple[str, ...]
    seed: int
    rounds: list[RoundResult] = field(default_factory=list)
    totals: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    finished: bool = True
    actions: int = 0
    seconds: float = 0.0
    bots: list[dict[str, Any]] = field(default_factory=list)


def play_match(
    rules: CariocaRules,
    levels: Sequence[str],
    seed: int,
    *,
    max_turns: int = MAX_TURNS_PER_ROUND,
    clock: Clock | None = None,
    on_action: Callable[[Game, Action], None] | None = None,
) -> MatchResult:
    """Play a whole match with one bot per seat (``levels[seat]``), seeded by ``seed``."""
    if len(levels) != rules.players:
        raise ValueError(f"{len(levels)} bot levels for {rules.players} players")
    start = time.perf_counter()
    game = Game.new(rules, seed)
    bots = [make_bot(level, seat, seed) for seat, level in enumerate(levels)]
    result = MatchResult(tuple(levels), seed)
    while not game.is_over:
        if game.phase != Phase.ROUND_OVER and game.turn_number >= max_turns:
            result.finished = False
            break
        action = bot_step(game, bots, clock)
        assert action is not None, "every seat is a bot, so some bot must act"
        if on_action is not None:
            on_action(game, action)
        game.apply(action)
        result.actions += 1
        if game.current_player is None and not isinstance(action, NextRound):
            result.rounds.append(_round_result(game))
    outcome = game.outcome()
    result.totals, result.winners = outcome.totals, outcome.winners if result.finished else ()
    result.seconds = time.perf_counter() - start
    result.bots = [bot.to_dict() for bot in bots]
    return result


def _round_result(game: Game) -> RoundResult:
    obs = game.observation(-1)
    return RoundResult(obs.round_points[-1], obs.went_out[-1], obs.turn_number + 1, obs.laid_down)
