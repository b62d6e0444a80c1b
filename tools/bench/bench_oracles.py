"""Benchmark (a script, not a test): how much room there is above ``hard``, measured with
bots that may cheat, on the same deals as ``tools/bench/bench_paired.py``.

Each candidate is played against a baseline level on paired deals (``arena.paired_deal``);
the figures are the candidate seat's margin a match (its total minus the mean of the other
three, candidate minus baseline: negative is stronger), with 95% intervals. The oracles read
the real game, which no shipped bot may do (tests/test_rules_isolation.py): they are upper
bounds for what knowing more is worth, not players.

- ``stock``: ``hard`` whose live cards are the stock's real cards (perfect card counting);
- ``feed``: ``hard`` that sees the next player's real hand and weighs a discard that would
  bring that hand closer like feeding a meld (``--weight`` points, 30 by default);
- ``dump``: in rounds 7-8 (the contract takes the whole hand) throws its dearest card every
  turn and takes a cheap pozo card, giving up the race to be caught with fewer points;
- ``look2``: an honest two-step ``hard``: in rounds 5-8 the discard whose hand is best after
  the next draw, an exact expectation over the live cards that would bring it closer, each
  followed by its best discard (no cheating; measured, not shipped).

Run: python tools/bench/bench_oracles.py --candidate stock --baseline normal --deals 200 --seed 1
     [--rounds 5,6,7,8] [--weight 30]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

import tests.fixtures.carioca_paired as arena
from carioca_desktop.bots.carioca.base import Bot, Choice, make_bot, points, wild, without
from carioca_desktop.bots.carioca.hard import HardBot
from carioca_desktop.bots.carioca.judge import View, contract_args, discard_steps, far, live_outs
from carioca_desktop.bots.carioca.normal import discard_codes
from carioca_desktop.rules.cards import base_code
from carioca_desktop.rules.carioca.actions import POZO, STOCK, Discard, Draw
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.observation import Observation
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.solver import distance, outs, reach


class _Table:
    """The game being played, for the oracles (set before every bot decision)."""

    game: Game | None = None

    @classmethod
    def hand(cls, seat: int) -> list[str]:
        assert cls.game is not None
        state = cls.game.state
        return [state.cards[i].code for i in state.hands[seat]]

    @classmethod
    def stock(cls) -> Counter[str]:
        assert cls.game is not None
        state = cls.game.state
        return Counter(state.cards[i].code for i in state.stock)


class StockOracle(HardBot):
    level = "stock"

    def view(self, obs: Observation) -> View:
        live = _Table.stock()
        return View(live, max(1, sum(live.values())))


class FeedOracle(HardBot):
    level = "feed"
    weight = 30.0

    def feed_risk(self, obs: Observation, view: View, card: str) -> float:
        risk = super().feed_risk(obs, view, card)
        nxt = (obs.seat + 1) % obs.players
        if risk or obs.laid_down[nxt]:
            return risk
        hand = _Table.hand(nxt)
        args = (obs.rules, obs.round_index, obs.progress[nxt])
        closer = distance([*hand, card], *args) < distance(hand, *args)
        return self.weight / self.feed_weight if closer else 0.0


class Dumper(HardBot):
    level = "dump"
    whole = (6, 7)  # round indices whose contract takes the whole hand (clasico)
    stock_mean = 9.5  # the mean penalty of a card from two decks and four jokers

    def draw(self, obs: Observation, view: View) -> Draw:
        top = obs.pozo_top
        if obs.round_index not in self.whole or obs.laid_down[obs.seat] or top is None:
            return super().draw(obs, view)
        if far(obs, [*obs.hand, top]) == 0:
            return Draw(obs.seat, POZO)
        naturals = [points(c, obs.rules) for c in obs.hand if not wild(c, obs.rules)]
        cheap = not wild(top, obs.rules) and points(top, obs.rules) + 4 < self.stock_mean
        if cheap and naturals and points(top, obs.rules) < max(naturals):
            return Draw(obs.seat, POZO)
        return Draw(obs.seat, STOCK)

    def discard(self, obs: Observation, discards: list[Discard], view: View) -> Choice:
        if obs.round_index not in self.whole or obs.laid_down[obs.seat]:
            return super().discard(obs, discards, view)
        codes = sorted({d.card for d in discards})
        return Discard(obs.seat, max(codes, key=lambda c: (points(base_code(c), obs.rules), c)))


class TwoStep(HardBot):
    level = "look2"
    rounds = (4, 5, 6, 7)
    spare_max = 6

    def worth(self, obs: Observation, view: View, hand: list[str], dist: int, w: float) -> float:
        chance = live_outs(obs, hand, view, dist)
        kept = sum(points(c, obs.rules) for c in hand)
        return -self.step_cost * dist + self.outs_weight * chance - w * kept

    def discard(self, obs: Observation, discards: list[Discard], view: View) -> Choice:
        codes = discard_codes(obs, discards)
        if obs.laid_down[obs.seat] or obs.round_index not in self.rounds or len(codes) == 1:
            return super().discard(obs, discards, view)
        steps = discard_steps(obs, codes)
        least = min(steps.values())
        keep = [c for c in codes if steps[c] == least]
        chance = max(live_outs(obs, without(obs.hand, c), view, least) for c in keep)
        w = self.points_weight + self.caught(obs, least, chance)
        args = contract_args(obs)

        def expected(card: str) -> float:
            hand = without(obs.hand, card)
            now = self.worth(obs, view, hand, least, w)
            total, reached = 0.0, 0.0
            for code in outs(hand, *args, known=least):
                p = view.live[code] / view.unseen
                if p <= 0:
                    continue
                reached += p
                if least == 1:
                    total += p * 1000.0  # laid down
                    continue
                more = [*hand, code]
                plan = reach(more, *args)
                spare = Counter(more) - Counter(plan.used)
                ways = sorted(c for c in spare if not wild(base_code(c), obs.rules))
                ways = ways or sorted({c for c in more if not wild(base_code(c), obs.rules)})
                total += p * max(
                    self.worth(obs, view, without(more, c), distance(without(more, c), *args), w)
                    for c in ways[: self.spare_max]
                )
            risk = self.feed_weight * self.feed_risk(obs, view, card)
            return total + (1 - reached) * now - risk

        return Discard(obs.seat, max(keep, key=lambda c: (expected(c), c)))


CANDIDATES: Mapping[str, type[HardBot]] = {
    cls.level: cls for cls in (StockOracle, FeedOracle, Dumper, TwoStep)
}


def _make(level: str, seat: int, seed: int) -> Bot:
    found = CANDIDATES.get(level)
    return found(seat, seed) if found is not None else make_bot(level, seat, seed)


_step = arena.bot_step


def _watched_step(game: Game, bots: Any, clock: Any = None) -> Any:
    _Table.game = game
    return _step(game, bots, clock)


def run(
    candidate: str, baseline: str, deals: int, seed: int, rounds: Sequence[int] | None
) -> list[arena.DealResult]:
    """The paired results, with the oracles' hooks in the arena only while they play."""
    arena.make_bot = _make  # type: ignore[assignment]
    arena.bot_step = _watched_step
    rules = CariocaRules.from_dict({"preset": "clasico"})
    try:
        return [
            arena.paired_deal(rules, candidate, baseline, seed + k, rounds) for k in range(deals)
        ]
    finally:
        arena.make_bot = make_bot
        arena.bot_step = _step
        _Table.game = None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--candidate", choices=sorted({*CANDIDATES, "hard", "normal"}))
    parser.add_argument("--baseline", default="normal")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", default="", help="1-based, e.g. 5,6,7,8 (default all)")
    parser.add_argument("--weight", type=float, default=FeedOracle.weight)
    args = parser.parse_args(argv)
    FeedOracle.weight = args.weight
    rounds = [int(r) - 1 for r in args.rounds.split(",")] if args.rounds else None
    start = time.perf_counter()
    found = run(args.candidate, args.baseline, args.deals, args.seed, rounds)
    per_round = [
        statistics.fmean(r.per_round[k] for r in found) for k in range(len(found[0].per_round))
    ]
    print(
        f"{args.candidate} -> {args.baseline}, {len(found)} deals: "
        f"margin {arena.estimate([r.margin for r in found]).text()}, "
        f"points {arena.estimate([r.points for r in found]).text()}, "
        f"win share {statistics.fmean(r.share for r in found):.3f}, "
        f"per round {' '.join(f'{x:+.1f}' for x in per_round)} "
        f"({time.perf_counter() - start:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
