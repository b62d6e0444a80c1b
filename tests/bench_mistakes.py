"""Benchmark (a script, not a test): the beginner's mistake profile. Plays matches of
``easy`` bots and, at every decision, also asks a ``beginner`` in the same seat what it
would do, then counts how often it differs from easy in the ways a learner does.

Run: python tests/bench_mistakes.py [--matches 40] [--seed 1]
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from carioca_desktop.bots.carioca.base import Choice, make_bot, points
from carioca_desktop.bots.carioca.driver import bot_step
from carioca_desktop.bots.carioca.sight import kinds, pairs_with
from carioca_desktop.rules.carioca.actions import POZO, Add, Discard, Draw, LayDown, Swap
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.observation import Observation
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.carioca.state import Phase

KINDS = ("add", "swap", "pozo_pair", "dear_card", "lay_down")
"""add/swap: easy adds (swaps), the beginner does not. pozo_pair: the pozo top pairs a card
in hand in a round with tríos and easy leaves it; the beginner takes it. dear_card: the
beginner discards a cheaper card than easy. lay_down: easy lays down and so does the
beginner (a rate of 1 is no mistake: it lays down as soon as it can)."""


@dataclass
class Position:
    obs: Observation
    legal: list[Choice]


def positions(rules: CariocaRules, matches: int, seed: int) -> Iterator[Position]:
    """Every decision of every seat in ``matches`` matches of four ``easy`` bots."""
    for k in range(matches):
        game = Game.new(rules, seed + k)
        bots = [make_bot("easy", s, seed + k) for s in range(rules.players)]
        while not game.is_over:
            seat = game.current_player
            if seat is not None and game.phase in (Phase.DRAW, Phase.PLAY):
                yield Position(game.observation(seat), list(game.legal_actions(seat)))
            action = bot_step(game, bots)
            assert action is not None
            game.apply(action)


def profile(found: Sequence[Position], seed: int = 0) -> dict[str, tuple[int, int]]:
    """Per kind of mistake, (times the beginner made it, chances it had)."""
    made: Counter[str] = Counter()
    chances: Counter[str] = Counter()
    for i, pos in enumerate(found):
        obs = pos.obs
        easy = make_bot("easy", obs.seat, seed).choose(obs, pos.legal)
        mine = make_bot("beginner", obs.seat, seed + i).choose(obs, pos.legal)
        if isinstance(easy, Add):
            chances["add"] += 1
            made["add"] += not isinstance(mine, Add)
        elif isinstance(easy, Swap):
            chances["swap"] += 1
            made["swap"] += not isinstance(mine, Swap)
        elif isinstance(easy, LayDown):
            chances["lay_down"] += 1
            made["lay_down"] += isinstance(mine, LayDown)
        elif isinstance(easy, Discard) and isinstance(mine, Discard):
            chances["dear_card"] += 1
            made["dear_card"] += points(mine.card, obs.rules) < points(easy.card, obs.rules)
        elif isinstance(easy, Draw) and easy.source != POZO and _pair_on_top(obs):
            chances["pozo_pair"] += 1
            made["pozo_pair"] += isinstance(mine, Draw) and mine.source == POZO
    return {k: (made[k], chances[k]) for k in KINDS}


def _pair_on_top(obs: Observation) -> bool:
    top = obs.pozo_top
    return (
        top is not None
        and not obs.laid_down[obs.seat]
        and "trio" in kinds(obs)
        and pairs_with(top, obs.hand, obs.rules)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    found = list(positions(CariocaRules(), args.matches, args.seed))
    result = profile(found, args.seed)
    print(f"beginner vs easy on {len(found)} decisions of {args.matches} easy matches")
    print("| mistake | rate | times / chances |\n|---|---|---|")
    for kind, (made, chances) in result.items():
        rate = made / chances if chances else float("nan")
        print(f"| {kind} | {rate:.2f} | {made} / {chances} |")


if __name__ == "__main__":
    main()
