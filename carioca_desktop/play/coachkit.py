"""What both games' coaches share (play/carioca/coach.py, play/buraco/coach.py): a decision
that differs from ``hard``'s priced on paired continuations with its 95% interval, the bands,
the judgement, the judging of a match's turns, and the words of ``carioca replay --coach``.

Pricing: both moves are played out to the end of the round (hand) from the same position on
the same continuations: each continuation deals again every card the seat could not see (the
stock, the other seats' unseen cards, Buraco's mortos: the engine's ``what_if_unseen``, which
keeps what the seat knows, such as a card another seat took from the discard pile) and seeds
the bots, the same for both moves, so the only difference is the decision. The real hidden
cards are never one of them: they are luck the person could not know, and pricing on them
would judge with knowledge the person never had. The judged seat is played on by ``hard``
in both branches (hard's move is priced with hard's plan after it), the other seats by
``normal``. The cost is the mean of the differences in the seat's loss. FIRST continuations
are played; while the verdict is in doubt (the interval reaches both sides of ``fine``) STEP
more are added, up to the game's ``most``.

Bands: a decision is costly or a blunder only when its cost's 95% interval is above zero;
then its mean chooses the band. tools/bench/bench_coach.py checks the estimates against
other played-out continuations."""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from carioca_desktop.storage.match_file import MatchFile
from carioca_desktop.storage.replay_check import turns_of

FIRST, STEP = 8, 8  # continuations played first, then added while the verdict is in doubt
ALTERNATIVES = ("normal", "easy")  # levels whose moves hard's decisions are checked against
T95 = ((1, 12.71), (2, 4.30), (3, 3.18), (4, 2.78), (5, 2.57), (6, 2.45), (7, 2.36),
       (8, 2.31), (10, 2.23), (12, 2.18), (15, 2.13), (20, 2.09), (30, 2.04))  # fmt: skip

Loss = Callable[[Any, int, int], "float | None"]  # (game after the move, seat, seed) -> loss
Choose = Callable[..., Any]  # (level, game, seat, seed[, without]) -> that bot's move


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (Student's t; infinite below two)."""
    if len(values) < 2:
        return (values[0] if values else 0.0), math.inf
    t = next(q for df, q in reversed(T95) if df <= len(values) - 1)
    return statistics.fmean(values), t * statistics.stdev(values) / math.sqrt(len(values))


def bot_choice(bot: Any, game: Any, seat: int, without: Any = None) -> Any:
    """``bot``'s move here (its memory is read from the observation); with ``without``, its
    choice among the other legal moves: its second best (the first other move where its rule
    does not choose from the list, as a draw's)."""
    legal = [a for a in game.legal_actions(seat) if a != without]
    if not legal and without is not None:
        return without
    choice = bot.choose(game.observation(seat), legal)
    return legal[0] if choice == without else choice


@dataclass(frozen=True)
class Bands:
    """A game's bands (points of its loss) and the continuations it may spend."""

    fine: int
    blunder: int
    most: int
    both_ways: bool = True  # see in_doubt; Carioca's coach goes on only one way

    def verdict(self, cost: float, half: float) -> str:
        """Fine unless the interval is clear of zero; then the mean chooses the band."""
        if cost <= self.fine or cost - half <= 0:
            return "fine"
        return "costly" if cost <= self.blunder else "blunder"

    def in_doubt(self, cost: float, half: float) -> bool:
        """The interval reaches both sides of the fine line: more continuations could move
        the verdict either way. Both ways: stopping only where the first continuations look
        fine (and going on where they look costly) biased the estimates down, since a
        decision that looked fine by luck kept its lucky mean (Buraco: -60 points). With
        ``both_ways`` off, only a mean past ``fine`` whose interval holds zero is in doubt:
        Carioca's estimates showed no such bias (+1 point) and going on both ways cost it
        2.4 times the continuations for no measured gain (docs/replays.md)."""
        if not self.both_ways:
            return cost > self.fine and cost - half <= 0
        return cost - half <= self.fine < cost + half


@dataclass(frozen=True)
class Price:
    """A move's cost against another: the mean difference in loss, its 95% half-width, and
    the continuations it was measured on."""

    cost: float
    half: float
    runs: int


def price(
    game: Any, seat: int, moves: tuple[Any, Any], seed: int, loss: Loss, bands: Bands
) -> Price:
    """``moves[0]``'s loss minus ``moves[1]``'s on paired continuations, each a position
    ``seat`` cannot tell from ``game``."""
    diffs: list[float] = []
    for k in range(bands.most):
        if k >= FIRST and (k - FIRST) % STEP == 0 and not bands.in_doubt(*interval(diffs)):
            break
        position = game.what_if_unseen(seat, seed * 7919 + k + 1)
        other = position.clone()
        position.apply(moves[0])
        other.apply(moves[1])
        a, b = loss(position, seat, seed + k), loss(other, seat, seed + k)
        if a is not None and b is not None:
            diffs.append(a - b)
    mean, half = interval(diffs)
    return Price(mean, half, len(diffs))


@dataclass(frozen=True)
class Judgement:
    """One decision: where (action number, round or hand), its kind, what was done, what
    hard would do, the estimated cost (never below 0; 0 when hard agrees), the half-width
    of its 95% interval, and the band."""

    number: int
    round_index: int
    kind: str
    played: Any
    hard: Any
    cost: int
    spread: float
    verdict: str


@dataclass(frozen=True)
class Coach:
    """One game's coach: how its bots choose, how a continuation's loss is read, the bands,
    how a decision is named and which round (hand) a position is in."""

    game: str
    bands: Bands
    choose: Choose
    loss: Loss
    kind_of: Callable[[Any], str]
    round_of: Callable[[Any], int]
    skip: tuple[type, ...]

    def judge_one(self, before: Any, seat: int, played: Any, number: int, seed: int) -> Judgement:
        """``played`` against hard's choice from the same position."""
        choice = self.choose("hard", before, seat, seed)
        where, kind = self.round_of(before), self.kind_of(played)
        if choice == played or before.check(choice) is not None:
            return Judgement(number, where, kind, played, choice, 0, 0.0, "fine")
        p = price(before, seat, (played, choice), seed, self.loss, self.bands)
        verdict = self.bands.verdict(p.cost, p.half)
        return Judgement(number, where, kind, played, choice, max(0, round(p.cost)), p.half,
                         verdict)  # fmt: skip

    def check_against(
        self, before: Any, seat: int, played: Any, number: int, seed: int
    ) -> Judgement:
        """``played`` (hard's own decision) against the alternatives: the judgement against
        the one it fares worst against. A real check of the estimator on hard's decisions:
        it can flag them (tests/play/carioca/test_coach.py)."""
        where, kind = self.round_of(before), self.kind_of(played)
        worst = Judgement(number, where, kind, played, played, 0, 0.0, "fine")
        top = -math.inf
        for other in self.alternatives(before, seat, played, seed):
            p = price(before, seat, (played, other), seed, self.loss, self.bands)
            verdict = self.bands.verdict(p.cost, p.half)
            if p.cost > top or verdict != "fine":
                top = p.cost
                worst = Judgement(number, where, kind, played, other, max(0, round(p.cost)),
                                  p.half, verdict)  # fmt: skip
            if verdict != "fine":
                break
        return worst

    def alternatives(self, before: Any, seat: int, played: Any, seed: int) -> list[Any]:
        """Other legal moves worth pricing ``played`` against: hard's second best (its
        choice without ``played``), then what ALTERNATIVES' levels would do."""
        found: list[Any] = []
        for level, without in (("hard", played), *((lv, None) for lv in ALTERNATIVES)):
            other = self.choose(level, before, seat, seed, without)
            if other != played and other not in found and before.check(other) is None:
                found.append(other)
        return found

    def turns(
        self, match: MatchFile, seat: int, rounds: set[int] | None
    ) -> Iterator[tuple[int, Any, Any]]:
        """The seat's own decisions in ``rounds`` (0-based; None: all)."""
        if match.game != self.game:
            raise ValueError(f"this coach judges {self.game} matches")
        for number, before, action in turns_of(match, seat, self.skip):
            if rounds is None or self.round_of(before) in rounds:
                yield number, before, action

    def judge(
        self,
        match: MatchFile,
        seat: int,
        rounds: set[int] | None = None,
        hard_seed: int | None = None,
    ) -> list[Judgement]:
        """Judge ``seat``'s decisions; ``hard_seed`` seeds the judging bot and the
        continuations (default: the match's seed)."""
        seed = match.seed if hard_seed is None else hard_seed
        return [self.judge_one(b, seat, a, n, seed) for n, b, a in self.turns(match, seat, rounds)]


def where_points_went(judgements: list[Judgement]) -> dict[str, int]:
    """Per kind of decision, the points the costly ones and blunders cost."""
    out: dict[str, int] = {}
    for j in judgements:
        if j.verdict != "fine":
            out[j.kind] = out.get(j.kind, 0) + j.cost
    return out


def coach_lines(judgements: list[Judgement], unit: str) -> list[str]:
    """The coach's words for ``carioca replay PATH --coach``: each decision that cost points,
    then per round (``unit``: "round" or "hand") where the points went."""
    lines = []
    for j in judgements:
        if j.verdict != "fine":
            lines.append(f"  action {j.number} ({unit} {j.round_index + 1}): {j.verdict}, "
                         f"about {j.cost} points (+/- {j.spread:.0f}): played {j.played}, "
                         f"hard: {j.hard}")  # fmt: skip
    by_round: dict[int, list[Judgement]] = {}
    for j in judgements:
        by_round.setdefault(j.round_index, []).append(j)
    for index, items in sorted(by_round.items()):
        went = where_points_went(items)
        words = ", ".join(f"{kind} {points}" for kind, points in sorted(went.items())) or "none"
        lines.append(f"  {unit} {index + 1}: {len(items)} decisions; points lost: {words}")
    return lines
