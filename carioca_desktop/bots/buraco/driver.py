"""Running Buraco bots against the engine: whose move it is, and whole matches for the
simulator, the benchmark and the tests. Carioca's driver (``driver.py``) is untouched."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from carioca_desktop.bots.levels import bot_class
from carioca_desktop.rules.buraco.actions import Action, Discard, Draw, NextRound
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import BuracoRules

from .asking import Ask, Asked, asks, bot_answer, heads_out, reconsider
from .players import BeginnerBot, BuracoBot, EasyBot, RandomBot
from .strong import HardBot, NormalBot

MAX_ACTIONS_PER_TURN = 80
"""Lay-downs, adds and swaps a bot may make in one turn before the driver discards for it.
Each of those moves cards out of the hand (a swap puts a natural in for a wild), so a turn
ends on its own; the cap guards against a faulty bot looping."""

MAX_TURNS_PER_ROUND = 2000
"""A round ends when someone goes out or the stock and the mortos run out. Only draws
shorten the stock, so bots that took the pile back and forth for ever would never end it:
the driver stops such a match at this many turns in one round and reports it unfinished."""

Clock = Callable[[str, float], None]
"""Called with (level, seconds) after every bot decision."""
LegalOf = Callable[[BuracoGame, int], "list[Action]"]
"""(game, seat) -> the legal actions a bot is offered (default: all of them)."""


def make_buraco_bot(level: str, seat: int, seed: int) -> BuracoBot:
    """A new Buraco bot of ``level`` for ``seat``."""
    ladder: tuple[type[BuracoBot], ...] = (RandomBot, BeginnerBot, EasyBot, NormalBot, HardBot)
    return bot_class(ladder, level)(seat, seed)


@dataclass
class Stats:
    """What the driver noticed: bot actions the engine refused (a bot bug: the driver then
    plays a safe legal action instead) and turns cut short by the action cap."""

    refused: list[tuple[str, str, str]] = field(default_factory=list)  # level, action, code
    capped: int = 0


def buraco_step(
    game: BuracoGame,
    bots: Mapping[int, BuracoBot] | Sequence[BuracoBot | None],
    clock: Clock | None = None,
    stats: Stats | None = None,
    ask: Ask | None = None,
    legal_of: LegalOf | None = None,
) -> Action | None:
    """The next action a bot takes now (not applied), or None when no bot has to act.
    With ``ask`` (the ``ask_partner`` house rule), a bot heading out asks its partner
    first; ``buraco_step_asking`` also says when a person's answer is awaited.
    ``legal_of`` (default ``game.legal_actions``) lists the legal actions the bot is
    offered: the coach's play-outs pass a shorter list the bots choose the same from."""
    step = buraco_step_asking(game, bots, clock, stats, ask, legal_of)
    return None if isinstance(step, Asked) else step


def buraco_step_asking(
    game: BuracoGame,
    bots: Mapping[int, BuracoBot] | Sequence[BuracoBot | None],
    clock: Clock | None = None,
    stats: Stats | None = None,
    ask: Ask | None = None,
    legal_of: LegalOf | None = None,
) -> Action | Asked | None:
    """``buraco_step``, or ``Asked`` when the bot to act heads out and ``ask`` has no
    answer from its partner yet (a person, asked by the table)."""
    seats = (
        dict(bots)
        if isinstance(bots, Mapping)
        else {s: b for s, b in enumerate(bots) if b is not None}
    )
    if game.is_over:
        return None
    if game.round_over:
        return NextRound() if len(seats) == game.players else None
    seat = game.current_player
    if seat is None or seat not in seats:
        return None
    legal = game.legal_actions(seat) if legal_of is None else legal_of(game, seat)
    if _moves_this_turn(game, seat) >= MAX_ACTIONS_PER_TURN:
        if stats is not None:
            stats.capped += 1
        return _safe(legal)
    bot = seats[seat]
    start = time.perf_counter()
    choice = bot.choose(game.observation(seat), legal)
    if clock is not None:
        clock(bot.level, time.perf_counter() - start)
    if choice not in legal:
        refusal = game.check(choice)
        if refusal is not None:
            if stats is not None:
                stats.refused.append((bot.level, repr(choice), refusal.code))
            return _safe(legal)
    if ask is None or not asks(game) or not heads_out(game, seat, choice):
        return choice
    answer = ask(seat)
    if answer is None:
        return Asked(seat)
    return choice if answer else reconsider(game, bot, seat, legal, choice)


def _safe(legal: Sequence[Action]) -> Action:
    for kind in (Discard, Draw):
        for action in legal:
            if isinstance(action, kind):
                return action
    return legal[0]


def _moves_this_turn(game: BuracoGame, seat: int) -> int:
    count = 0
    for event in reversed(game.state.log):
        if event.seat != seat or event.kind not in ("lay_down", "add", "swap", "take_pile"):
            break
        count += 1
    return count


# --------------------------------------------------------------------------- whole matches
@dataclass
class BuracoMatch:
    """A bot match: the level of each seat, the points of each side per round, the totals."""

    levels: tuple[str, ...]
    seed: int
    rounds: list[tuple[int, ...]] = field(default_factory=list)
    went_out: list[int | None] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    totals: tuple[int, ...] = (0, 0)
    winner: int | None = None
    finished: bool = True
    actions: int = 0
    seconds: float = 0.0
    stats: Stats = field(default_factory=Stats)
    bots: list[dict[str, Any]] = field(default_factory=list)

    def side_levels(self, side: int) -> tuple[str, ...]:
        return tuple(lv for s, lv in enumerate(self.levels) if s % 2 == side)


def play_buraco_match(
    rules: BuracoRules,
    levels: Sequence[str],
    seed: int,
    *,
    max_turns: int = MAX_TURNS_PER_ROUND,
    max_rounds: int = 200,
    clock: Clock | None = None,
    on_action: Callable[[BuracoGame, Action], None] | None = None,
) -> BuracoMatch:
    """Play a whole match with one bot per seat (``levels[seat]``), seeded by ``seed``: the
    deals come from ``seed`` alone, so two matches with the same seed and different levels
    start from the same deal (their later rounds differ as the play differs)."""
    if len(levels) != rules.players:
        raise ValueError(f"{len(levels)} bot levels for {rules.players} players")
    start = time.perf_counter()
    game = BuracoGame.new(rules, seed)
    bots = [make_buraco_bot(level, seat, seed) for seat, level in enumerate(levels)]
    result = BuracoMatch(tuple(levels), seed)
    turns = 0
    while not game.is_over:
        if len(result.rounds) >= max_rounds or turns >= max_turns:
            result.finished = False
            break
        action = buraco_step(game, bots, clock, result.stats, lambda s: bot_answer(game, s))
        assert action is not None, "every seat is a bot, so some bot must act"
        if on_action is not None:
            on_action(game, action)
        game.apply(action)
        result.actions += 1
        if isinstance(action, Discard):
            turns += 1
        if game.round_over and not isinstance(action, NextRound):
            s = game.state
            result.rounds.append(tuple(s.history[-1]))
            result.went_out.append(s.went_out[-1] if s.went_out else None)
            result.turns.append(turns)
            turns = 0
    result.totals = tuple(game.scores)
    result.winner = game.winner if result.finished else None
    result.seconds = time.perf_counter() - start
    result.bots = [bot.to_dict() for bot in bots]
    return result
