"""A state's copies share its generator until one of them draws (rules/sharedrng.py): a copy
builds no new generator (one used to read fresh seed data from the system every time), and
yet a draw on either side never moves the other's stream."""

from __future__ import annotations

from typing import Any

import pytest

from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules


def _states() -> list[Any]:
    return [Game.new(CariocaRules(), 5).state, BuracoGame.new(preset_rules("brasileiro"), 5).state]


@pytest.mark.parametrize("index", [0, 1])
def test_a_copy_shares_the_generator_until_a_draw(index: int) -> None:
    state = _states()[index]
    expected = state.copy().own_rng().getstate()
    copy = state.copy()
    assert copy.rng is state.rng  # no generator built per copy
    drawn = copy.own_rng().random()
    assert copy.rng is not state.rng
    assert state.own_rng().getstate() == expected  # the original's stream did not move
    assert state.own_rng().random() == drawn  # and it draws what the copy drew


@pytest.mark.parametrize("index", [0, 1])
def test_a_draw_on_the_original_leaves_its_copies_alone(index: int) -> None:
    state = _states()[index]
    copies = [state.copy(), state.copy()]
    first = state.own_rng().random()
    assert [c.own_rng().random() for c in copies] == [first, first]


def test_a_buraco_trial_deal_leaves_the_match_generator_alone() -> None:
    game = BuracoGame.new(preset_rules("brasileiro"), 3)
    before = game.state.rng.getstate()
    clone = game.clone()
    assert clone.to_dict()["rng"] == game.to_dict()["rng"]
    clone.state.own_rng().shuffle(list(range(10)))
    assert game.state.rng.getstate() == before
