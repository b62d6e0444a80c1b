"""Fuzzing Buraco: random and malformed actions, driven by a Hypothesis state machine over
random games of every preset. Each action is applied or refused with a code, and a refused
one leaves ``to_dict()`` byte-for-byte unchanged."""

from __future__ import annotations

import json
import random
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from carioca_desktop.rules.buraco.actions import (
    Add,
    Discard,
    Draw,
    LayDown,
    NextRound,
    Swap,
    TakePile,
    action_from_dict,
)
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import PRESETS, preset_rules
from carioca_desktop.rules.errors import IllegalAction, RulesError
from tests.fixtures.buraco_play import random_action
from tests.fixtures.examples import examples

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
CODES = [r + s for s in "SHDC" for r in RANKS] + ["JK"]
JUNK = ["", "JK=", "11H", "7h", "JK=7X", "2C=7", "JK=7", "JK=AH", "ZZ", "10", "2D=2D", "5H=6H"]

seats = st.sampled_from([0, 1, 2, 3, -1, 4, 99])
indices = st.integers(min_value=-2, max_value=12)
codes = st.one_of(
    st.sampled_from(CODES),
    st.sampled_from(JUNK),
    st.builds(lambda w, c: f"{w}={c}", st.sampled_from(["JK", "2C", "2H"]), st.sampled_from(CODES)),
)
melds = st.lists(st.lists(codes, max_size=6).map(tuple), max_size=3).map(tuple)
junk_actions = st.one_of(
    st.builds(Draw, seats),
    st.builds(TakePile, seats, melds, st.none() | indices, st.none() | codes),
    st.builds(LayDown, seats, melds),
    st.builds(Add, seats, indices, st.lists(codes, max_size=4).map(tuple)),
    st.builds(Swap, seats, indices, codes),
    st.builds(Discard, seats, codes),
    st.builds(NextRound, seats),
    st.sampled_from([None, "draw", 3, Draw(True), Add(0, True, ("5H",)), LayDown(0, "5H")]),  # type: ignore[arg-type]
)


class BuracoFuzz(RuleBasedStateMachine):
    """Random legal play interleaved with random and malformed actions."""

    game: BuracoGame
    rng: random.Random
    refusals: int = 0

    @initialize(
        preset=st.sampled_from(sorted(PRESETS)),
        players=st.sampled_from([2, 4]),
        seed=st.integers(0, 10_000),
    )
    def start(self, preset: str, players: int, seed: int) -> None:
        self.game = BuracoGame.new(preset_rules(preset, players=players, target=500), seed)
        self.rng = random.Random(seed)

    def _try(self, action: Any) -> None:
        before = json.dumps(self.game.to_dict(), sort_keys=True)
        refusal = self.game.check(action)
        try:
            self.game.apply(action)
        except IllegalAction as err:
            assert refusal is not None and err.code == refusal.code
            assert isinstance(err.code, str) and err.code and err.message
            assert json.dumps(self.game.to_dict(), sort_keys=True) == before
            self.refusals += 1
            return
        assert refusal is None, refusal
        self.game.validate()

    @rule(action=junk_actions)
    def junk(self, action: Any) -> None:
        self._try(action)

    @rule(steps=st.integers(1, 40))
    def play(self, steps: int) -> None:
        for _ in range(steps):
            if self.game.is_over:
                return
            self._try(random_action(self.game, self.rng))

    @rule(
        data=st.dictionaries(
            st.sampled_from(["do", "seat", "meld", "cards", "card", "melds", "add"]),
            st.one_of(
                st.integers(-2, 5),
                codes,
                st.lists(codes),
                st.none(),
                st.sampled_from(["draw", "add", "take_pile", "swap"]),
            ),
        )
    )
    def from_dict(self, data: dict[str, Any]) -> None:
        try:
            action = action_from_dict(data)
        except RulesError as err:
            assert err.code == "bad_action"
            return
        self._try(action)

    @invariant()
    def round_trips(self) -> None:
        if hasattr(self, "game"):
            data = self.game.to_dict()
            assert BuracoGame.from_dict(json.loads(json.dumps(data))).to_dict() == data


BuracoFuzz.TestCase.settings = settings(
    max_examples=examples(40),
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
TestBuracoFuzz = pytest.mark.properties(BuracoFuzz.TestCase)


def test_unknown_objects_are_refused_not_crashed() -> None:
    game = BuracoGame.new(preset_rules("brasileiro"), 1)
    for thing in (None, "draw", 3, object(), Draw(True), Discard(0, None)):  # type: ignore[arg-type]
        refusal = game.check(thing)  # type: ignore[arg-type]
        assert refusal is not None and refusal.code
