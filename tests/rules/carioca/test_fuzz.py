"""Fuzzing: random and malformed actions against random positions. Each one is applied or
refused with a reason, and a refused one leaves the state byte-for-byte unchanged."""

from __future__ import annotations

import json
import random

import pytest

from carioca_desktop.rules.carioca.actions import (
    Add,
    Buy,
    Discard,
    Draw,
    LayDown,
    NextRound,
    Pass,
    Swap,
)
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import PRESETS, CariocaRules
from carioca_desktop.rules.carioca.state import Phase
from carioca_desktop.rules.errors import IllegalAction
from tests.fixtures.simplay import random_action

CODES = [
    r + s
    for s in "SHDC"
    for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
] + ["JK"]
JUNK = ["", "JK=", "11H", "7h", "JK=7X", "2C=7", "JK=7", "JK=AH", "ZZ", "10", "JK=KD"]
POSITIONS = 150  # 50 in the default run, the other 100 under slow
DEFAULT_POSITIONS = 50
ACTIONS_PER_POSITION = 60


def random_code(rng: random.Random, game: Game, seat: int) -> str:
    roll = rng.random()
    if roll < 0.4 and 0 <= seat < game.players and game.hand(seat):
        return rng.choice(game.hand(seat))
    if roll < 0.55:
        return rng.choice(JUNK)
    code = rng.choice(CODES)
    return f"JK={code}" if rng.random() < 0.1 and code != "JK" else code


def random_junk_action(game: Game, rng: random.Random) -> object:
    asked = game.current_player if game.current_player is not None else game.state.turn
    seat = rng.choice([game.state.turn, asked, asked, -1, 99, rng.randrange(game.players)])
    meld = (
        rng.choice([0, 1, -1, 5, 40])
        if rng.random() < 0.3
        else rng.randrange(max(1, len(game.state.table)))
    )
    kind = rng.randrange(8)
    if kind == 0:
        return Draw(seat, rng.choice(["stock", "pozo", "mazo", ""]))
    if kind == 1:
        return Discard(seat, random_code(rng, game, seat))
    if kind == 2:
        return Add(seat, meld, random_code(rng, game, seat))
    if kind == 3:
        return Swap(seat, meld, random_code(rng, game, seat))
    if kind == 4:
        melds = tuple(
            tuple(random_code(rng, game, seat) for _ in range(rng.randrange(0, 5)))
            for _ in range(rng.randrange(0, 4))
        )
        return LayDown(seat, melds)
    if kind == 5:
        return Buy(seat)
    if kind == 6:
        return Pass(seat)
    return rng.choice([NextRound(), "draw", None, Draw(True, "stock")])  # type: ignore[arg-type]


def fuzz(positions: range) -> tuple[int, int]:
    """Junk actions at each of ``positions`` (each its own seeded walk); applied, refused."""
    applied = refused = 0
    presets = sorted(PRESETS)
    for k in positions:
        rng = random.Random(2026 * 1000 + k)
        extra = {"buy": True, "add_same_turn": k % 3 == 0, "extra_melds": k % 4 == 0}
        rules = CariocaRules.from_dict(
            {"preset": presets[k % len(presets)], "players": 2 + k % 7, **extra}
        )
        game = Game.new(rules, k)
        for _ in range(rng.randrange(0, 120)):  # walk into a random position
            if game.phase not in (Phase.DRAW, Phase.PLAY, Phase.OFFER):
                break
            game.apply(random_action(game, rng))
        for _ in range(ACTIONS_PER_POSITION):
            if game.phase == Phase.MATCH_OVER:
                break
            action = random_junk_action(game, rng)
            before = json.dumps(game.to_dict(), sort_keys=True)
            refusal = game.check(action)  # type: ignore[arg-type]
            try:
                game.apply(action)  # type: ignore[arg-type]
            except IllegalAction as err:
                assert refusal is not None and err.code == refusal.code and err.message
                assert json.dumps(game.to_dict(), sort_keys=True) == before
                refused += 1
            else:
                assert refusal is None
                game.validate()
                applied += 1
    print(f"fuzz: {applied} applied, {refused} refused")
    return applied, refused


def test_fuzzed_actions_are_applied_or_refused_without_change() -> None:
    """A third of the positions (each preset, 2 to 8 players); the rest run under slow."""
    applied, refused = fuzz(range(DEFAULT_POSITIONS))
    assert applied + refused >= 2700 and applied > 35 and refused > 1350


@pytest.mark.slow
def test_fuzzed_actions_at_the_other_positions() -> None:
    applied, refused = fuzz(range(DEFAULT_POSITIONS, POSITIONS))
    assert applied + refused >= 5400 and applied > 70 and refused > 2700
