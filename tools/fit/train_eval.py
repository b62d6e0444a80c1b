"""Training script (not a test): fits the learned evaluation ``hard`` uses to choose its
discard before it lays down, and writes ``assets/bots/eval.json``.

Self-play: four ``hard`` bots play clasico matches (seeds from ``--seed``, which must be
>= 100000 so that no training deal is a deal the benchmarks measure on). At every discard a
seat makes before laying down, the features (bots/features.py) of the hand it keeps are
recorded; when the round ends each record gets the seat's points for the round as its
target. With chance ``--explore`` a seat throws a random one of its candidate cards instead
of its own choice, so the data also shows what the choices it would not make are worth.
Then one ridge least-squares fit per contract (normal equations, pure Python).

Run: python tools/fit/train_eval.py --matches 400 --seed 100000 [--policy model]
     [--target points|margin] [--samples PATH] [--load PATH ...] [--out PATH]
``--policy model`` plays the hard bot with the current weights (a further round of
training); ``--target margin`` fits the seat's points less the mean of the others' instead
of its points; ``--samples`` saves the records (JSON lines, written as the matches end) and
``--load`` adds saved records (``--matches 0``: refit without playing). The weights go to
``--out``, by default the shipped ``assets/bots/eval.json``; the shipped ones were made by
the commands listed in their ``info``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

from carioca_desktop.bots.carioca.base import Choice
from carioca_desktop.bots.carioca.driver import MAX_TURNS_PER_ROUND, bot_step
from carioca_desktop.bots.carioca.judge import View
from carioca_desktop.bots.carioca.normal import pozo_card_taken
from carioca_desktop.rules.carioca.actions import Discard, NextRound
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.observation import Observation
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from tools.fit.features import FEATURES
from tools.fit.learned import LearnedHardBot, Model, load_model, weights_path
from tools.fit.lookahead import candidates

TRAIN_SLACK = 1
"""The records cover discards up to one card further from the contract than the least, so
the fit sees what giving up a step is worth whatever ``lookahead.SLACK`` the bot plays."""

Record = tuple[str, int, list[float]]  # contract, seat, features


class RecordingBot(LearnedHardBot):
    """``hard`` (with the learned discard when given a model) that writes down the features of
    each hand it keeps before laying down."""

    def __init__(
        self, seat: int, seed: int, model: Model | None, explore: float, rng: random.Random
    ) -> None:
        super().__init__(seat, seed)
        self.model = model
        self.explore = explore
        self.explorer = rng
        self.records: list[Record] = []

    def discard(self, obs: Observation, discards: list[Discard], view: View) -> Choice:
        choice = super().discard(obs, discards, view)
        if obs.laid_down[obs.seat] or not isinstance(choice, Discard):
            return choice
        codes = sorted({d.card for d in discards})
        taken = pozo_card_taken(obs)
        if taken in codes and len(codes) > 1:
            codes.remove(taken)
        found = candidates(
            obs,
            codes,
            view,
            self.hazard(obs),
            lambda c: self.feed_risk(obs, view, c),
            slack=TRAIN_SLACK,
        )
        card = choice.card
        if card not in found:  # not one of the model's candidates: nothing to learn
            return choice
        if len(found) > 1 and self.explorer.random() < self.explore:
            card = self.explorer.choice(sorted(found))
        contract = obs.rules.contract(obs.round_index).code
        self.records.append((contract, obs.seat, list(found[card])))
        return Discard(obs.seat, card)


Sample = tuple[str, list[float], float, float]  # contract, features, points, margin


def play_one(rules: CariocaRules, seed: int, model: Model | None, explore: float) -> list[Sample]:
    """One match of four recording bots: (contract, features, the seat's points for the
    round, its margin: those points minus the mean of the other seats')."""
    rng = random.Random(seed)
    bots = [RecordingBot(s, seed, model, explore, rng) for s in range(rules.players)]
    game = Game.new(rules, seed)
    out: list[Sample] = []
    while not game.is_over:
        while not game.round_over:
            if game.turn_number >= MAX_TURNS_PER_ROUND:
                return out
            action = bot_step(game, bots)
            assert action is not None
            game.apply(action)
        pts = game.round_points[-1]
        n = len(pts)
        margins = [p - (sum(pts) - p) / (n - 1) for p in pts]
        for bot in bots:
            out.extend((c, x, float(pts[s]), margins[s]) for c, s, x in bot.records)
            bot.records.clear()
        if not game.is_over:
            game.apply(NextRound(0))
    return out


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a is small and well conditioned)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / p
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def ridge(rows: Sequence[tuple[list[float], float]], lam: float) -> list[float]:
    """Least squares with an L2 penalty ``lam`` on every weight but the bias."""
    n = len(FEATURES)
    xtx = [[0.0] * n for _ in range(n)]
    xty = [0.0] * n
    for x, y in rows:
        for i in range(n):
            xi = x[i]
            if xi:
                xty[i] += xi * y
                row = xtx[i]
                for j in range(n):
                    row[j] += xi * x[j]
    for i in range(1, n):
        xtx[i][i] += lam
    return solve(xtx, xty)


def fit(samples: Sequence[tuple[str, list[float], float]], lam: float) -> dict[str, list[float]]:
    by: dict[str, list[tuple[list[float], float]]] = defaultdict(list)
    for contract, x, y in samples:
        by[contract].append((x, y))
    return {c: ridge(rows, lam) for c, rows in sorted(by.items())}


def report(
    samples: Sequence[tuple[str, list[float], float]], weights: dict[str, list[float]]
) -> None:
    by: dict[str, list[tuple[list[float], float]]] = defaultdict(list)
    for contract, x, y in samples:
        by[contract].append((x, y))
    for c, rows in sorted(by.items()):
        w = weights[c]
        mean = sum(y for _, y in rows) / len(rows)
        sst = sum((y - mean) ** 2 for _, y in rows)
        sse = sum((y - sum(a * b for a, b in zip(w, x, strict=True))) ** 2 for x, y in rows)
        r2 = 1 - sse / sst if sst else 0.0
        top = ", ".join(f"{f} {v:+.1f}" for f, v in zip(FEATURES, w, strict=True))
        print(f"{c}: {len(rows)} samples, mean {mean:.1f}, R² {r2:.3f}\n   {top}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--matches", type=int, default=200)
    ap.add_argument("--seed", type=int, default=100_000)
    ap.add_argument("--explore", type=float, default=0.2)
    ap.add_argument("--lam", type=float, default=1.0)
    ap.add_argument("--target", choices=["points", "margin"], default="points")
    ap.add_argument("--policy", choices=["rules", "model"], default="rules")
    ap.add_argument("--samples", type=Path, help="save the records here (JSON lines)")
    ap.add_argument("--load", type=Path, action="append", default=[], help="saved records")
    ap.add_argument("--out", type=Path, default=None, help="default: the shipped weights")
    args = ap.parse_args(argv)
    if args.matches and args.seed < 100_000:
        ap.error("train on seeds >= 100000: lower seeds are the benchmarks' deals")
    samples: list[Sample] = []
    for path in args.load:
        for line in path.read_text(encoding="utf-8").splitlines():
            c, x, y, *rest = json.loads(line)  # older records have no margin
            m = float(rest[0]) if rest else float("nan")
            samples.append((str(c), [float(v) for v in x], float(y), m))
    rules = CariocaRules.from_dict({"preset": "clasico"})
    model = load_model(weights_path()) if args.policy == "model" else None
    start = time.perf_counter()
    fresh: list[Sample] = []
    sink = args.samples.open("w", encoding="utf-8") if args.samples else None
    for k in range(args.matches):
        found = play_one(rules, args.seed + k, model, args.explore)
        fresh.extend(found)
        if sink is not None:  # written as it goes: a long run cut short keeps its records
            sink.writelines(json.dumps(rec) + "\n" for rec in found)
            sink.flush()
        if (k + 1) % 20 == 0:
            print(f"{k + 1} matches, {len(fresh)} records, {time.perf_counter() - start:.0f} s")
            sys.stdout.flush()
    if sink is not None:
        sink.close()
    samples.extend(fresh)
    pick = 2 if args.target == "points" else 3
    rows: list[tuple[str, list[float], float]] = []
    for contract, x, pts, margin in samples:
        y = pts if pick == 2 else margin
        if y == y:  # older records have no margin (NaN)
            rows.append((contract, x, y))
    weights = fit(rows, args.lam)
    report(rows, weights)
    info: dict[str, Any] = {
        "trained_by": "tools/fit/train_eval.py",
        "matches": args.matches,
        "seed": args.seed,
        "explore": args.explore,
        "lam": args.lam,
        "policy": args.policy,
        "loaded": [str(p) for p in args.load],
        "samples": len(rows),
        "target": "the seat's points for the round"
        if args.target == "points"
        else "the seat's points for the round minus the mean of the others'",
    }
    out = args.out or weights_path()
    out.parent.mkdir(parents=True, exist_ok=True)
    doc = Model({c: tuple(w) for c, w in weights.items()}, info).to_dict()
    out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
