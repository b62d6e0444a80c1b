"""The coach's calibration, for both games: are its estimated costs what the decisions cost?

The coach (play/coachkit.py, used by play/carioca/coach.py and play/buraco/coach.py) prices a
decision that differs from ``hard``'s on paired continuations (each deals again what the seat
could not see), with a 95% interval,
and calls it costly or a blunder only when that interval is clear of zero. Here each such
decision, taken from seeded bot matches (a weaker level in seat 0 stands for the person), is
played on again from the same position many times: continuation k deals again every card
seat 0 could not see (the stock, the other hands, the mortos; as the coach does) with seed
1000 + k and seeds the bots with it, the same for both moves (paired; seeds apart from
the coach's own), with the coach's own continuation bots, and the outcome is the mean
difference in the seat's round points (Carioca) or the side's margin for the hand (Buraco),
with its 95% interval.

Printed per game: how often the outcome's interval holds the coach's estimate, the estimate's
bias (estimate minus outcome, its mean and 95% interval over the decisions), the correlation
between estimate and outcome (Pearson and Spearman), the mean outcome of the decisions the
coach calls fine, costly and blunder, the coach's time per judged decision, and the ceiling
the outcome's own noise puts on any correlation (its split-half reliability); then hard's
own decisions checked against the moves of other levels (coachkit.Coach.check_against): the
share flagged costly or worse.

    python tools/bench/bench_coach.py [--game carioca|buraco|both] [--decisions 20]
        [--continuations 16] [--seed 70] [--hard-decisions 30] [--level easy]
        [--panel-rounds 0] [--compare]

``--compare`` runs the coach as it was before this stop (``Game.before``) beside the one
shipped, on the same decisions and outcomes, and prints their paired differences.
``--panel-rounds N`` also times the viewer panel's work (CPU) on the first N rounds of the
match of seed ``--seed``; ``--decisions 0`` or ``--hard-decisions 0`` skip those parts.

No timing here is a test; counts are kept small for a shared machine."""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from itertools import product
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

from carioca_desktop.play.buraco import coach as buraco_coach
from carioca_desktop.play.carioca import coach as carioca_coach
from carioca_desktop.play.coachkit import Coach, Loss, interval, price
from carioca_desktop.replay_tool import record_bot_match
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage.match_file import MatchFile


@dataclass
class Game:
    """What the bench needs of one game: its coach, a recorded match, and the coach as it
    was before this stop (``--compare``: the bots offered every legal action in the
    play-outs, the old cap on continuations)."""

    coach: Coach
    match: Callable[[str, int], MatchFile]  # (level in seat 0, seed) -> a recorded match
    before: Coach


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


def _before(coach: Coach, loss: Loss, most: int) -> Coach:
    return replace(coach, loss=loss, bands=replace(coach.bands, most=most))


GAMES = {  # the "before" caps: 32 and 24 continuations (main at 359266a)
    "carioca": Game(carioca_coach.COACH, _carioca_match,
                    _before(carioca_coach.COACH, carioca_coach.round_points_after, 32)),
    "buraco": Game(buraco_coach.COACH, _buraco_match,
                   _before(buraco_coach.COACH, partial(buraco_coach.side_loss, lean=False), 24)),
}  # fmt: skip


def seat_turns(g: Game, level: str, seeds: Iterator[int]) -> Iterator[tuple[int, Any, Any]]:
    """(match seed, game before, action) for seat 0's decisions in seeded matches."""
    for seed in seeds:
        for _number, before, action in g.coach.turns(g.match(level, seed), 0, None):
            yield seed, before, action


def differing(g: Game, level: str, seeds: Iterator[int], wanted: int) -> list[tuple[Any, Any, Any]]:
    """Up to ``wanted`` positions where seat 0 (``level``) did not do what hard would:
    (game before, played, hard's choice)."""
    found: list[tuple[Any, Any, Any]] = []
    for seed, before, action in seat_turns(g, level, seeds):
        choice = g.coach.choose("hard", before, 0, seed)
        if choice != action and before.check(choice) is None:
            found.append((before.clone(), action, choice))
            if len(found) >= wanted:
                break
    return found


def outcome(g: Game, before: Any, moves: tuple[Any, Any], seed: int) -> float | None:
    """The played move's loss minus hard's on one continuation, the cards seat 0 could not
    see dealt again by ``seed`` (None if either was cut)."""
    losses = []
    position = before.what_if_unseen(0, seed)
    for move in moves:
        game = position.clone()
        game.apply(move)
        losses.append(g.coach.loss(game, 0, seed))
    a, b = losses
    return None if a is None or b is None else a - b


def _ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def correlations(est: list[float], out: list[float]) -> tuple[float, float]:
    """Pearson's and Spearman's correlation (nan when one side is constant)."""
    if len(est) < 3 or len(set(est)) < 2 or len(set(out)) < 2:
        return math.nan, math.nan
    return statistics.correlation(est, out), statistics.correlation(_ranks(est), _ranks(out))


def coaches(g: Game, compare: bool) -> list[tuple[str, Coach]]:
    """The coach as shipped, with ``compare`` the one before it too (measured side by side)."""
    return [("before", g.before), ("after", g.coach)] if compare else [("", g.coach)]


Row = tuple[float, float, float, str, float]  # estimate, outcome, its half, verdict, est. half


def calibrate(g: Game, args: argparse.Namespace) -> None:
    found = differing(g, args.level, iter(range(args.seed, args.seed + 50)), args.decisions)
    judges = coaches(g, args.compare)
    rows: dict[str, list[Row]] = {name: [] for name, _ in judges}
    spent, runs = dict.fromkeys(rows, 0.0), dict.fromkeys(rows, 0)
    halves: list[tuple[float, float]] = []
    for before, played, hard in found:
        prices = {}
        for name, coach in judges:
            start = time.process_time()
            prices[name] = price(before, 0, (played, hard), args.seed, coach.loss, coach.bands)
            spent[name] += time.process_time() - start
            runs[name] += prices[name].runs
        outs = [outcome(g, before, (played, hard), 1000 + k) for k in range(args.continuations)]
        kept = [r for r in outs if r is not None]
        if len(kept) < 2:
            continue
        mean, half = interval(kept)
        for name, coach in judges:
            p = prices[name]
            rows[name].append((p.cost, mean, half, coach.bands.verdict(p.cost, p.half), p.half))
        halves.append((statistics.fmean(kept[::2]), statistics.fmean(kept[1::2])))
    print(f"\n{g.coach.game}: {len(halves)} decisions that differ from hard's (seat 0 "
          f"{args.level}, seeds from {args.seed}), {args.continuations} paired continuations "
          f"each")  # fmt: skip
    for name, _coach in judges:
        n = max(1, len(found))
        print(f" {name or 'the coach'}: {runs[name] / n:.1f} continuations and "
              f"{spent[name] / n:.2f} s CPU a decision")  # fmt: skip
        if rows[name]:
            report(rows[name])
    if args.compare and rows["after"]:
        paired(rows["before"], rows["after"])
    if halves:
        ceiling(halves)


def report(rows: list[Row]) -> None:
    covered = sum(abs(e - m) <= h for e, m, h, _, _ in rows)
    bias, bias_half = interval([e - m for e, m, *_ in rows])
    est, out = [r[0] for r in rows], [r[1] for r in rows]
    pearson, spearman = correlations(est, out)
    print(f"  outcome interval holds the estimate: {covered} of {len(rows)}")
    low, high = bias - bias_half, bias + bias_half
    print(f"  estimate - outcome: {bias:+.1f} (95% interval {low:+.1f} to {high:+.1f}); "
          f"correlation {pearson:.2f} (Spearman {spearman:.2f})")  # fmt: skip
    print(f"  mean estimate {statistics.fmean(est):+.1f}, mean outcome "
          f"{statistics.fmean(out):+.1f}; the coach's 95% half-width: median "
          f"{statistics.median(r[4] for r in rows):.1f}")  # fmt: skip
    for name in ("fine", "costly", "blunder"):
        chosen = [m for _, m, _, v, _ in rows if v == name]
        if chosen:
            mean, half = interval(chosen)
            print(f"  judged {name}: {len(chosen)}, outcome {mean:+.1f} ± {half:.1f}")


def paired(before: list[Row], after: list[Row]) -> None:
    """Per decision, after's error and half-width against before's (paired, 95%)."""
    err, err_half = interval([abs(a[0] - a[1]) - abs(b[0] - b[1]) for b, a in zip(before, after)])
    ratio = [a[4] / b[4] for b, a in zip(before, after) if b[4] > 0 and math.isfinite(a[4] / b[4])]
    r, r_half = interval(ratio)
    print(
        f" paired, after - before: |estimate - outcome| {err:+.1f} ± {err_half:.1f}; "
        f"the coach's half-width after/before {r:.2f} ± {r_half:.2f} ({len(ratio)} decisions)"
    )


def ceiling(halves: list[tuple[float, float]]) -> None:
    """How well the outcome itself can be predicted: its two halves (even and odd
    continuations) correlated across the decisions, stepped up to the whole (Spearman-Brown);
    the square root of that is the most any estimate could correlate with the outcome."""
    r = correlations([a for a, _ in halves], [b for _, b in halves])[0]
    if math.isnan(r):
        return
    whole = 2 * r / (1 + r) if r > -1 else math.nan
    top = math.sqrt(whole) if whole > 0 else 0.0
    print(f"  the outcome's own reliability (split halves, Spearman-Brown): {whole:.2f}; "
          f"the highest correlation an estimate could reach: {top:.2f}")  # fmt: skip


def hards_own(g: Game, wanted: int, seed: int, compare: bool) -> None:
    """Hard's own decisions (seat 0 hard) checked against the moves other levels would make
    there, on continuations seeded apart from the match: the share flagged."""
    turns = []
    for match_seed, before, action in seat_turns(g, "hard", iter(range(seed, seed + 50))):
        turns.append((match_seed, before, action))
        if len(turns) >= wanted:
            break
    for name, coach in coaches(g, compare):
        start = time.process_time()
        judged = [coach.check_against(b, 0, a, 0, 999 + m) for m, b, a in turns]
        flagged = sum(j.verdict != "fine" for j in judged)
        priced = sum(j.hard != j.played for j in judged)
        share, half = interval([float(j.verdict != "fine") for j in judged])
        took = time.process_time() - start
        print(f"  {name or 'the coach'}, hard's own decisions: {flagged} of {len(judged)} "
              f"flagged costly or worse ({share:.0%} ± {half:.0%}); {priced} had another "
              f"level's move to price against; {took:.0f} s CPU")  # fmt: skip


def panel_time(g: Game, level: str, seed: int, rounds: int, compare: bool) -> None:
    """The viewer's coach work (off the frame, on a thread): the CPU time of judging each of
    the first ``rounds`` rounds (hands) of one seeded match, as the panel does."""
    match = g.match(level, seed)
    for (name, coach), index in product(coaches(g, compare), range(rounds)):
        start = time.process_time()
        judged = coach.judge(match, 0, {index})
        took, differ = time.process_time() - start, sum(j.played != j.hard for j in judged)
        flagged = sum(j.verdict != "fine" for j in judged)
        print(f"  {name} panel, round {index + 1}: {len(judged)} decisions, {differ} differ, "
              f"{flagged} flagged, {took:.1f} s CPU ({took / max(1, differ):.2f} s a "
              f"differing decision)")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("carioca", "buraco", "both"), default="both")
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--continuations", type=int, default=16)
    parser.add_argument("--seed", type=int, default=70)
    parser.add_argument("--hard-decisions", type=int, default=30)
    parser.add_argument("--level", default="easy", help="the level in seat 0 (the person)")
    parser.add_argument("--panel-rounds", type=int, default=0, help="time the panel's work")
    parser.add_argument("--compare", action="store_true", help="the coach before beside after")
    args = parser.parse_args(argv)
    for name in ("carioca", "buraco") if args.game == "both" else (args.game,):
        g = GAMES[name]
        if args.decisions > 0:
            calibrate(g, args)
        if args.hard_decisions > 0:
            hards_own(g, args.hard_decisions, args.seed, args.compare)
        if args.panel_rounds > 0:
            panel_time(g, args.level, args.seed, args.panel_rounds, args.compare)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
