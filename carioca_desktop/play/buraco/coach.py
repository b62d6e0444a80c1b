"""The coach (Buraco): each decision of one seat in a kept match judged against ``hard``.

As Carioca's coach (play/carioca/coach.py): at each of the seat's decisions (draw from the
stock or take the pile, a lay-down, an add, a swap, a discard) ``hard`` is asked what it would
do from the seat's own observation. Where it agrees the decision is fine. Where it differs,
both choices are played out to the end of the hand from the real position, every seat then
played by the same seeded ``normal`` bots (paired: the only difference is the decision), and
the side's margin in the hand (its points minus the other side's) compared: the estimated
cost. A Buraco hand is long, so one continuation says little about one decision (measured:
tools/bench/bench_coach.py): the cost is the mean over SAMPLES continuations, the real stock
first, then the stock reshuffled, each paired. Buraco's points are larger than Carioca's (a
clean canasta is 200), so its thresholds are: fine up to FINE points, costly up to BLUNDER, a
blunder beyond.

tools/bench/bench_coach.py measures how well the estimate follows the outcome over many
other continuations."""

from __future__ import annotations

from dataclasses import dataclass

from carioca_desktop.bots.buraco.driver import buraco_step, make_buraco_bot
from carioca_desktop.rules.buraco.actions import Action, NextRound, Undo
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.storage.match_file import MatchFile
from carioca_desktop.storage.replay_check import turns_of

FINE, BLUNDER = 30, 100  # points of a hand's margin (a clean canasta is 200)
MAX_PLAYOUT = 4000  # actions; a hand that has not ended by then is cut
SAMPLES = 6  # continuations a differing decision is played out on (see cost_of)
KINDS = {"draw": "draw", "takepile": "draw", "laydown": "meld", "add": "meld", "swap": "meld",
         "discard": "discard"}  # fmt: skip


@dataclass(frozen=True)
class Judgement:
    """One decision: where (action number, hand), what was done, what hard would do, and the
    estimated cost in the side's margin for the hand (0 when hard agrees)."""

    number: int
    round_index: int
    kind: str  # "draw" (stock or pile), "meld" (lay down, add, swap) or "discard"
    played: Action
    hard: Action
    cost: int

    @property
    def verdict(self) -> str:
        return "fine" if self.cost <= FINE else "costly" if self.cost <= BLUNDER else "blunder"


def hand_index(game: BuracoGame, seat: int = 0) -> int:
    """The hand being played (0-based): the hands finished so far."""
    return len(game.observation(seat).history)


def margin_after(game: BuracoGame, side: int, seed: int) -> int | None:
    """Play the hand out with ``normal`` bots in every seat; ``side``'s points in it minus the
    other side's (None if it was cut before its end)."""
    index = hand_index(game)
    bots = [make_buraco_bot("normal", s, seed + s) for s in range(game.players)]
    for _ in range(MAX_PLAYOUT):
        if game.round_over:
            break
        action = buraco_step(game, bots)
        if action is None:
            break
        game.apply(action)
    history = game.observation(0).history
    if len(history) <= index:
        return None
    points = history[index]
    return int(points[side]) - int(points[1 - side])


def cost_of(game: BuracoGame, seat: int, played: Action, hard: Action, seed: int) -> int:
    """The played decision's margin against hard's, the mean over SAMPLES paired
    continuations (the real stock, then the stock reshuffled; both moves see the same cards
    and bots in each); 0 if every one was cut."""
    side, diffs = seat % 2, []
    for k in range(SAMPLES):
        position = game.what_if_stock(seed * 7919 + k) if k else game.clone()
        mine, theirs = position.clone(), position.clone()
        mine.apply(played)
        theirs.apply(hard)
        a, b = margin_after(mine, side, seed + k), margin_after(theirs, side, seed + k)
        if a is not None and b is not None:
            diffs.append(b - a)
    return round(sum(diffs) / len(diffs)) if diffs else 0


def hard_choice(game: BuracoGame, seat: int, seed: int) -> Action:
    """What a fresh ``hard`` bot does here (its memory is read from the observation)."""
    hard = make_buraco_bot("hard", seat, seed)
    return hard.choose(game.observation(seat), game.legal_actions(seat))


def judge_one(before: BuracoGame, seat: int, played: Action, number: int, seed: int) -> Judgement:
    choice = hard_choice(before, seat, seed)
    kind = KINDS.get(type(played).__name__.lower(), "meld")
    index = hand_index(before)
    if choice == played or before.check(choice) is not None:
        return Judgement(number, index, kind, played, choice, 0)
    cost = cost_of(before, seat, played, choice, seed)
    return Judgement(number, index, kind, played, choice, max(0, cost))


def judge(
    match: MatchFile, seat: int, rounds: set[int] | None = None, hard_seed: int | None = None
) -> list[Judgement]:
    """Judge ``seat``'s decisions in ``rounds`` (hands, 0-based; None: all) of a Buraco match;
    ``hard_seed`` seeds the judging bot and the playouts (default: the match's seed)."""
    if match.game != "buraco":
        raise ValueError("this coach judges Buraco matches")
    seed = match.seed if hard_seed is None else hard_seed
    out: list[Judgement] = []
    for number, before, action in turns_of(match, seat, (NextRound, Undo)):
        assert isinstance(before, BuracoGame)
        if rounds is not None and hand_index(before) not in rounds:
            continue
        out.append(judge_one(before, seat, action, number, seed))
    return out


def where_points_went(judgements: list[Judgement]) -> dict[str, int]:
    """Per kind of decision (draw, meld, discard), the points the costly ones cost."""
    out: dict[str, int] = {}
    for j in judgements:
        if j.verdict != "fine":
            out[j.kind] = out.get(j.kind, 0) + j.cost
    return out


def coach_lines(judgements: list[Judgement]) -> list[str]:
    """The coach's words for ``carioca replay PATH --coach`` on a Buraco match."""
    lines = []
    for j in judgements:
        if j.verdict != "fine":
            lines.append(f"  action {j.number} (hand {j.round_index + 1}): {j.verdict}, "
                         f"about {j.cost} points: played {j.played}, hard: {j.hard}")  # fmt: skip
    by_hand: dict[int, list[Judgement]] = {}
    for j in judgements:
        by_hand.setdefault(j.round_index, []).append(j)
    for index, items in sorted(by_hand.items()):
        went = where_points_went(items)
        words = ", ".join(f"{kind} {points}" for kind, points in sorted(went.items())) or "none"
        lines.append(f"  hand {index + 1}: {len(items)} decisions; points lost: {words}")
    return lines
