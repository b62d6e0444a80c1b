"""Figures (a script, not a test) for the Buraco engine: random legal play over every preset
with 2 and 4 players, every action checked as the simulation test does (validate, round trip,
clone), plus random junk actions, each of which must be refused without changing the state.

Run: python tools/bench/bench_buraco_engine.py [--rounds 2] [--seeds 2] [--junk 5]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root


from carioca_desktop.rules.buraco.actions import Add, Discard, LayDown, Swap, TakePile
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import PRESETS, preset_rules
from carioca_desktop.rules.errors import IllegalAction
from tests.fixtures.buraco_play import random_action

CODES = [
    r + s
    for s in "SHDC"
    for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
] + ["JK", "JK=5H"]


def junk(game: BuracoGame, rng: random.Random) -> object:
    seat = rng.choice([game.state.turn, game.state.turn, 0, 1, -1, 7])
    code = rng.choice(CODES)
    meld = rng.randrange(-1, len(game.state.table) + 2)
    return rng.choice(
        [
            Discard(seat, code),
            Add(seat, meld, (code, rng.choice(CODES))),
            Swap(seat, meld, code),
            LayDown(seat, ((code, rng.choice(CODES), rng.choice(CODES)),)),
            TakePile(seat, add=meld),
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--junk", type=int, default=2, help="junk actions tried per action")
    args = parser.parse_args()
    stats = dict.fromkeys(("actions", "rounds", "went_out", "stock_out", "refused", "junk"), 0)
    start = time.perf_counter()
    for preset in sorted(PRESETS):
        for players in (2, 4):
            for seed in range(args.seeds):
                rng = random.Random(seed)
                game = BuracoGame.new(preset_rules(preset, players=players), seed)
                rounds = 0
                while rounds < args.rounds and not game.is_over:
                    for _ in range(args.junk):
                        action = junk(game, rng)
                        before = json.dumps(game.to_dict())
                        stats["junk"] += 1
                        try:
                            game.apply(action)  # type: ignore[arg-type]
                        except IllegalAction as err:
                            assert err.code and json.dumps(game.to_dict()) == before
                            stats["refused"] += 1
                    game.apply(random_action(game, rng))
                    stats["actions"] += 1
                    game.validate()
                    data = game.to_dict()
                    assert BuracoGame.from_dict(json.loads(json.dumps(data))).to_dict() == data
                    assert game.clone() == game
                    if game.round_over:
                        rounds += 1
                        stats["rounds"] += 1
                        gone = game.state.went_out_seat is not None
                        stats["went_out" if gone else "stock_out"] += 1
                        if not game.is_over:
                            game.apply(random_action(game, rng))
    elapsed = time.perf_counter() - start
    print(f"presets {len(PRESETS)} x players 2,4 x seeds {args.seeds}, {args.rounds} rounds each")
    for key, value in stats.items():
        print(f"  {key}: {value}")
    print(f"  time: {elapsed:.1f} s ({1000 * elapsed / max(1, stats['actions']):.2f} ms/action)")


if __name__ == "__main__":
    main()
