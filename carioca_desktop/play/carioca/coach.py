"""The coach (Carioca): each decision of one seat in a kept match judged against ``hard``.

At each of the seat's decisions (a draw, a discard, a buy or pass, a lay-down, an add or a
swap) ``hard`` is asked what it would do from the seat's own observation. Where it agrees the
decision is fine. Where it differs, both choices are played out to the end of the round from
the real position, every seat then played by the same seeded ``normal`` bots (paired: the
only difference is the decision), and the seat's round points compared: the estimated cost
of the decision. Fine up to FINE points, costly up to BLUNDER, a blunder beyond.

It is an estimate from one played-out continuation with the real stock (what would have
happened next, not an average over what might have); tests/play/carioca/test_coach.py
checks it on seeded positions and on ``hard``'s own decisions."""

from __future__ import annotations

from dataclasses import dataclass

from carioca_desktop.bots.carioca.base import make_bot
from carioca_desktop.bots.carioca.driver import bot_step
from carioca_desktop.rules.carioca.actions import Action, NextRound, Undo
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.state import Phase
from carioca_desktop.storage.match_file import MatchFile
from carioca_desktop.storage.replay_check import turns_of

FINE, BLUNDER = 5, 25  # points a round
MAX_PLAYOUT = 3000  # actions; a round that has not ended by then is cut
SAMPLES = 6  # continuations a differing decision is played out on (see cost_of)


@dataclass(frozen=True)
class Judgement:
    """One decision: where (action number, round), what was done, what hard would do, and
    the estimated cost in the seat's round points (0 when hard agrees)."""

    number: int
    round_index: int
    kind: str
    played: Action
    hard: Action
    cost: int

    @property
    def verdict(self) -> str:
        return "fine" if self.cost <= FINE else "costly" if self.cost <= BLUNDER else "blunder"


def round_points_after(game: Game, seat: int, seed: int) -> int:
    """Play the round out with ``normal`` bots in every seat; the seat's points in it."""
    bots = [make_bot("normal", s, seed + s) for s in range(game.players)]
    index = game.round_index
    for _ in range(MAX_PLAYOUT):
        if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            break
        action = bot_step(game, bots)
        if action is None:
            break
        game.apply(action)
    if game.rounds_scored <= index:
        return 0  # cut: no points known
    return game.round_points[index][seat]


def cost_of(game: Game, seat: int, played: Action, hard: Action, seed: int) -> int:
    """The played decision's points against hard's: the mean over SAMPLES paired
    continuations (the real stock, then the stock reshuffled; both moves see the same cards
    and the same bots in each)."""
    total = 0
    for k in range(SAMPLES):
        position = game.what_if_stock(seed * 7919 + k) if k else game.clone()
        mine, theirs = position.clone(), position.clone()
        mine.apply(played)
        theirs.apply(hard)
        total += round_points_after(mine, seat, seed + k) - round_points_after(
            theirs, seat, seed + k
        )
    return round(total / SAMPLES)


def judge(
    match: MatchFile, seat: int, rounds: set[int] | None = None, hard_seed: int | None = None
) -> list[Judgement]:
    """Judge ``seat``'s decisions in ``rounds`` (0-based; None: all) of a Carioca match;
    ``hard_seed`` seeds the judging bot (default: the match's seed)."""
    if match.game != "carioca":
        raise ValueError("the coach judges Carioca matches")
    out: list[Judgement] = []
    for number, before, action in turns_of(match, seat, (NextRound, Undo)):
        assert isinstance(before, Game)
        if rounds is not None and before.round_index not in rounds:
            continue
        seed = match.seed if hard_seed is None else hard_seed
        out.append(_judge_one(before, seat, action, number, seed))
    return out


def _judge_one(before: Game, seat: int, played: Action, number: int, seed: int) -> Judgement:
    hard = make_bot("hard", seat, seed)
    legal = before.legal_actions(seat)
    choice = hard.choose(before.observation(seat), legal)
    kind = type(played).__name__.lower()
    if choice == played or before.check(choice) is not None:
        return Judgement(number, before.round_index, kind, played, choice, 0)
    cost = cost_of(before, seat, played, choice, seed)
    return Judgement(number, before.round_index, kind, played, choice, max(0, cost))


def where_points_went(judgements: list[Judgement]) -> dict[str, int]:
    """Per kind of decision, the points the costly ones and blunders cost."""
    out: dict[str, int] = {}
    for j in judgements:
        if j.verdict != "fine":
            out[j.kind] = out.get(j.kind, 0) + j.cost
    return out


def coach_lines(judgements: list[Judgement]) -> list[str]:
    """The coach's words for ``carioca replay PATH --coach``: each decision that cost points,
    then per round where the points went."""
    lines = []
    for j in judgements:
        if j.verdict != "fine":
            lines.append(f"  action {j.number} (round {j.round_index + 1}): {j.verdict}, "
                         f"about {j.cost} points: played {j.played}, hard: {j.hard}")  # fmt: skip
    by_round: dict[int, list[Judgement]] = {}
    for j in judgements:
        by_round.setdefault(j.round_index, []).append(j)
    for index, items in sorted(by_round.items()):
        went = where_points_went(items)
        words = ", ".join(f"{kind} {points}" for kind, points in sorted(went.items())) or "none"
        lines.append(f"  round {index + 1}: {len(items)} decisions; points lost: {words}")
    return lines
