"""The coach's calibration, for both games: are its estimated costs what the decisions cost?

The coach (play/carioca/coach.py, play/buraco/coach.py) prices a decision that differs from
``hard``'s by one played-out continuation with the real stock. Here each such decision, taken
from seeded bot matches (a weaker level in seat 0 stands for the person), is played on again
from the same position many times: continuation k reshuffles the stock with seed k and seeds
the ``normal`` bots with k, the same for both moves (paired: the person's move and hard's see
the same cards and the same bots; seeds apart from the coach's own), and the outcome is the
mean difference in the seat's round points (Carioca) or the side's margin for the hand
(Buraco), with its 95% interval.

Printed per game: how often the outcome's interval holds the coach's estimate, the estimate's
bias (estimate minus outcome, its mean and 95% interval over the decisions), the correlation
between estimate and outcome, and the mean outcome of the decisions the coach calls fine,
costly and blunder; then the share of ``hard``'s own decisions the coach flags as costly.

    python tools/bench/bench_coach.py [--game carioca|buraco|both] [--decisions 20]
        [--continuations 16] [--seed 70] [--hard-matches 2] [--level easy]

No timing here is a test; counts are kept small for a shared machine."""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

from carioca_desktop.play.buraco import coach as buraco_coach
from carioca_desktop.play.carioca import coach as carioca_coach
from carioca_desktop.replay_tool import record_bot_match
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage.match_file import MatchFile
from carioca_desktop.storage.replay_check import turns_of


@dataclass
class Game:
    """What the bench needs of one game's coach."""

    name: str
    match: Callable[[str, int], MatchFile]  # (level in seat 0, seed) -> a recorded match
    before: Callable[[MatchFile], Iterator[tuple[Any, Any]]]  # (game before, action)
    hard: Callable[[Any, int, int], Any]  # (game, seat, seed) -> hard's choice
    loss: Callable[[Any, int, int], float | None]  # the seat's loss after the hand (lower: better)
    judge: Callable[[MatchFile, int, set[int] | None, int], list[Any]]
    estimate: Callable[[Any, int, Any, Any, int], int]  # the coach's cost_of, unclamped
    fine: int
    blunder: int


def _turns(match: MatchFile) -> Iterator[tuple[Any, Any]]:
    """Seat 0's own moves on its turns, each with the game before it."""
    for _number, before, action in turns_of(match, 0, ()):
        yield before, action


def _carioca_match(level: str, seed: int) -> MatchFile:
    rules = CariocaRules.from_dict({"players": 3, "preset": "chico"})
    _r, match, _g = record_bot_match("carioca", rules, [level, "normal", "normal"], seed)
    assert match is not None
    return match


def _buraco_match(level: str, seed: int) -> MatchFile:
    rules = BuracoRules.from_dict({"game": "buraco", "players": 2, "preset": "dois_jogadores"})
    _r, match, _g = record_bot_match("buraco", rules, [level, "normal"], seed)
    assert match is not None
    return match


def _carioca_hard(game: Any, seat: int, seed: int) -> Any:
    from carioca_desktop.bots.carioca.base import make_bot

    return make_bot("hard", seat, seed).choose(game.observation(seat), game.legal_actions(seat))


def _carioca_loss(game: Any, seat: int, seed: int) -> float | None:
    index = game.round_index
    points = carioca_coach.round_points_after(game, seat, seed)
    return float(points) if game.rounds_scored > index else None


def _buraco_loss(game: Any, seat: int, seed: int) -> float | None:
    margin = buraco_coach.margin_after(game, seat % 2, seed)
    return None if margin is None else -float(margin)


GAMES = {
    "carioca": Game("carioca", _carioca_match, _turns, _carioca_hard,
                    _carioca_loss, lambda m, s, r, h: list(carioca_coach.judge(m, s, r, h)),
                    carioca_coach.cost_of, carioca_coach.FINE, carioca_coach.BLUNDER),
    "buraco": Game("buraco", _buraco_match, _turns, buraco_coach.hard_choice,
                   _buraco_loss, lambda m, s, r, h: list(buraco_coach.judge(m, s, r, h)),
                   buraco_coach.cost_of, buraco_coach.FINE, buraco_coach.BLUNDER),
}  # fmt: skip


def differing(g: Game, level: str, seeds: Iterator[int], wanted: int) -> list[tuple[Any, Any, Any]]:
    """Up to ``wanted`` positions where seat 0 (``level``) did not do what hard would:
    (game before, played, hard's choice), from the first rounds of seeded matches."""
    found: list[tuple[Any, Any, Any]] = []
    for seed in seeds:
        for before, action in g.before(g.match(level, seed)):
            if getattr(action, "seat", None) != 0 or before.current_player != 0:
                continue
            if type(action).__name__ in ("NextRound", "Undo"):
                continue
            choice = g.hard(before, 0, seed)
            if choice != action and before.check(choice) is None:
                found.append((before.clone(), action, choice))
                if len(found) >= wanted:
                    return found
    return found


def outcome(g: Game, before: Any, moves: tuple[Any, Any], seed: int) -> float | None:
    """The played move's loss minus hard's on one continuation, the stock reshuffled by
    ``seed`` (None if either was cut)."""
    losses = []
    position = before.what_if_stock(seed)
    for move in moves:
        game = position.clone()
        game.apply(move)
        losses.append(g.loss(game, 0, seed))
    a, b = losses
    return None if a is None or b is None else a - b


def interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval."""
    if len(values) < 2:
        return (values[0] if values else math.nan), math.inf
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def calibrate(g: Game, decisions: int, continuations: int, seed: int, level: str) -> None:
    start = time.perf_counter()
    found = differing(g, level, iter(range(seed, seed + 50)), decisions)
    rows = []
    for before, played, hard in found:
        estimate = g.estimate(before, 0, played, hard, seed)
        runs = [outcome(g, before, (played, hard), 1000 + k) for k in range(continuations)]
        kept = [r for r in runs if r is not None]
        if len(kept) < 2:
            continue
        mean, half = interval(kept)
        rows.append((estimate, mean, half))
    took = time.perf_counter() - start
    print(f"\n{g.name}: {len(rows)} decisions that differ from hard's (seat 0 {level}, seeds from "
          f"{seed}), {continuations} paired continuations each, {took:.0f} s")  # fmt: skip
    if not rows:
        return
    covered = sum(abs(e - m) <= h for e, m, h in rows)
    bias, bias_half = interval([e - m for e, m, _ in rows])
    est = [e for e, _, _ in rows]
    out = [m for _, m, _ in rows]
    corr = statistics.correlation(est, out) if len(rows) > 2 and len(set(est)) > 1 else math.nan
    print(f"  outcome interval holds the estimate: {covered} of {len(rows)}")
    print(f"  estimate - outcome: {bias:+.1f} (95% interval {bias - bias_half:+.1f} to "
          f"{bias + bias_half:+.1f}); correlation {corr:.2f}")  # fmt: skip
    print(
        f"  mean estimate {statistics.fmean(est):+.1f}, mean outcome {statistics.fmean(out):+.1f}"
    )
    for name, low, high in (("fine", -math.inf, g.fine), ("costly", g.fine, g.blunder),
                            ("blunder", g.blunder, math.inf)):  # fmt: skip
        chosen = [m for e, m, _ in rows if low < max(0.0, e) <= high or (name == "fine" and e <= 0)]
        if chosen:
            mean, half = interval(chosen)
            print(f"  judged {name}: {len(chosen)}, outcome {mean:+.1f} ± {half:.1f}")


def hards_own(g: Game, matches: int, seed: int) -> None:
    """The share of hard's own decisions (seat 0 hard) the coach, with another seed, flags."""
    judged = [j for s in range(seed, seed + matches)
              for j in g.judge(g.match("hard", s), 0, None, 999)]  # fmt: skip
    flagged = sum(j.verdict != "fine" for j in judged)
    differ = sum(j.played != j.hard for j in judged)
    print(f"  hard's own decisions: {flagged} of {len(judged)} flagged costly or worse "
          f"({differ} differ from the judging hard)")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("carioca", "buraco", "both"), default="both")
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--continuations", type=int, default=16)
    parser.add_argument("--seed", type=int, default=70)
    parser.add_argument("--hard-matches", type=int, default=2)
    parser.add_argument("--level", default="easy", help="the level in seat 0 (the person)")
    args = parser.parse_args(argv)
    for name in ("carioca", "buraco") if args.game == "both" else (args.game,):
        g = GAMES[name]
        calibrate(g, args.decisions, args.continuations, args.seed, args.level)
        hards_own(g, args.hard_matches, args.seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
