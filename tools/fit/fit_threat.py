"""Fitting the ``hard`` bot's threat model (a script, not a test): plays matches of four
``normal`` bots, and at every draw of a seat that has not laid down records what
``bots/threat.py`` reads and whether that seat was then caught before it laid down. Fits
the model on the first matches and reports, on the others (held out), the calibration of
``normal``'s own estimate (``NormalBot.caught``) and of the fitted model: by bucket of
prediction, how many, the mean predicted and the observed frequency; and the log loss.

Run: python tools/fit/fit_threat.py [--train 60] [--test 30] [--seed 5000]
Paste the printed WEIGHTS into tools/fit/threat.py.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

from carioca_desktop.bots.carioca.base import make_bot
from carioca_desktop.bots.carioca.driver import bot_step
from carioca_desktop.bots.carioca.hard import HardBot
from carioca_desktop.bots.carioca.judge import far, live_outs
from carioca_desktop.bots.carioca.normal import NormalBot
from carioca_desktop.rules.carioca.actions import Draw
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from tools.fit.threat import NAMES, calibration, features, fit_logistic, predict

EDGES = (0.0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)


@dataclass
class Row:
    x: tuple[float, ...]
    normal: float  # NormalBot.caught for the same position
    round: int
    caught: int = 0


def log_match(rules: CariocaRules, seed: int) -> list[Row]:
    """Every pre-lay-down draw of a match of four ``normal`` bots, labelled."""
    game = Game.new(rules, seed)
    bots = [make_bot("normal", s, seed) for s in range(rules.players)]
    eyes = [HardBot(s, seed) for s in range(rules.players)]  # memory and view only
    judge = NormalBot(0, seed)
    rows: list[Row] = []
    pending: list[tuple[int, Row]] = []
    while not game.is_over:
        action = bot_step(game, bots)
        assert action is not None
        if isinstance(action, Draw):
            seat = action.seat
            obs = game.observation(seat)
            eyes[seat].memory.update(obs)
            if not obs.laid_down[seat]:
                view = eyes[seat].view(obs)
                steps = far(obs, obs.hand)
                chance = live_outs(obs, obs.hand, view, steps)
                judge.seat = seat
                row = Row(
                    features(obs, steps, chance, eyes[seat].memory.took),
                    judge.caught(obs, steps, chance),
                    obs.round_index,
                )
                pending.append((seat, row))
        game.apply(action)
        if game.round_over and pending:
            end = game.observation(-1)
            for seat, row in pending:
                row.caught = int(not end.laid_down[seat] and end.went_out[-1] != seat)
                rows.append(row)
            pending = []
    return rows


def log_loss(pred: Sequence[float], labels: Sequence[int]) -> float:
    eps = 1e-6
    return -sum(
        math.log(max(eps, p)) if y else math.log(max(eps, 1 - p))
        for p, y in zip(pred, labels, strict=True)
    ) / len(labels)


def table(name: str, pred: Sequence[float], labels: Sequence[int]) -> str:
    lines = [f"{name}: log loss {log_loss(pred, labels):.4f}, mean {sum(pred) / len(pred):.3f}"]
    lines.append("  bucket       n     predicted  observed")
    for b in calibration(pred, labels, EDGES):
        lines.append(
            f"  {b.lo:.2f}-{b.hi:.2f}  {b.count:6d}  {b.predicted:8.3f}  {b.observed:8.3f}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--train", type=int, default=60)
    parser.add_argument("--test", type=int, default=30)
    parser.add_argument("--seed", type=int, default=5000)
    args = parser.parse_args(argv)
    rules = CariocaRules.from_dict({"preset": "clasico"})
    train = [r for k in range(args.train) for r in log_match(rules, args.seed + k)]
    test = [r for k in range(args.test) for r in log_match(rules, args.seed + args.train + k)]
    weights = fit_logistic([r.x for r in train], [r.caught for r in train])
    labels = [r.caught for r in test]
    print(f"{len(train)} positions from {args.train} matches to fit, {len(test)} held out")
    print("observed share caught before laying down:", f"{sum(labels) / len(labels):.3f}")
    print(table("normal's caught()", [r.normal for r in test], labels))
    print(table("threat model", [predict(r.x, weights) for r in test], labels))
    for rnd in sorted({r.round for r in test}):
        sub = [r for r in test if r.round == rnd]
        ys = [r.caught for r in sub]
        print(
            f"  round {rnd + 1}: n {len(sub)}, observed {sum(ys) / len(ys):.3f}, normal "
            f"{sum(r.normal for r in sub) / len(sub):.3f} (log loss "
            f"{log_loss([r.normal for r in sub], ys):.3f}), model "
            f"{sum(predict(r.x, weights) for r in sub) / len(sub):.3f} (log loss "
            f"{log_loss([predict(r.x, weights) for r in sub], ys):.3f})"
        )
    print("WEIGHTS = (")
    for name, w in zip(NAMES, weights, strict=True):
        print(f"    {w:.4f},  # {name}")
    print(")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
