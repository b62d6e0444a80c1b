"""Benchmark (a script, not a test): how often a Buraco bot's discard feeds the next opponent,
the share of its discards after which the next player takes the pile and melds in that same
turn, for each level. Prints a Markdown table.

Each level sits on side 0 against `normal` on side 1 (so the opponent who may take the pile
is always the same), on the same match seeds for every level; the interval is Wilson's.

Run: python tools/bench/bench_buraco_feed.py [--games 20] [--seed 101] [--jobs 2]
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from carioca_desktop.bots.buraco.driver import play_buraco_match
from carioca_desktop.rules.buraco.actions import Action, Add, Discard, Draw, LayDown, TakePile
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.simulate import wilson

LEVELS = ("beginner", "easy", "normal", "hard")


class FeedCount:
    """Watches a match's actions: each discard, and whether the next seat's turn that follows
    is a pile taken and a meld made (a lay-down, an add, or a take that melds the top)."""

    def __init__(self, levels: Sequence[str]) -> None:
        self.levels = levels
        self.discards = 0
        self.fed = 0
        self.watch: tuple[int, bool] | None = None  # the next seat, and whether it took

    def __call__(self, game: BuracoGame, action: Action) -> None:
        seat = getattr(action, "seat", None)
        if self.watch is not None:
            who, took = self.watch
            self.watch = None
            if seat == who and not isinstance(action, (Draw, Discard)):
                if isinstance(action, TakePile):
                    if action.melds or action.add is not None:
                        self.fed += 1
                    else:
                        self.watch = (who, True)
                elif isinstance(action, (LayDown, Add)) and took:
                    self.fed += 1
                else:
                    self.watch = (who, took)  # a swap: keep watching the turn
        if isinstance(action, Discard) and seat is not None and seat % 2 == 0:
            self.discards += 1
            self.watch = ((seat + 1) % game.players, False)


def one(args: tuple[str, int, dict[str, object]]) -> tuple[str, int, int]:
    level, seed, data = args
    rules = BuracoRules.from_dict(dict(data))
    levels = [level if s % 2 == 0 else "normal" for s in range(rules.players)]
    count = FeedCount(levels)
    play_buraco_match(rules, levels, seed, on_action=count)
    return level, count.discards, count.fed


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=101)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--preset", default="brasileiro")
    p.add_argument("--levels", default=",".join(LEVELS))
    args = p.parse_args()
    data: dict[str, object] = {"game": "buraco", "preset": args.preset}
    levels = args.levels.split(",")
    tasks = [(lv, args.seed + g, data) for lv in levels for g in range(args.games)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(one, tasks))
    print(f"Buraco {args.preset}, each level on side 0 against normal, seeds {args.seed}..")
    print("| level | discards | fed the next opponent | share (95% interval) |")
    print("|---|---|---|---|")
    for level in levels:
        discards = sum(d for lv, d, _ in results if lv == level)
        fed = sum(f for lv, _, f in results if lv == level)
        low, high = wilson(fed, discards)
        share = fed / discards if discards else 0.0
        print(
            f"| {level} | {discards} | {fed} | "
            f"{100 * share:.1f}% ({100 * low:.1f}%-{100 * high:.1f}%) |"
        )


if __name__ == "__main__":
    main()
