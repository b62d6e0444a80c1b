"""Bots: legal play in every preset, hidden cards stay hidden, seeded and resumable."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from carioca_desktop.bots.carioca.base import (
    LEVELS,
    Bot,
    Choice,
    Pass,
    bot_from_dict,
    make_bot,
)
from carioca_desktop.bots.carioca.driver import bot_step, play_match
from carioca_desktop.rules.carioca.actions import Action, Buy, Discard, Draw, NextRound
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.observation import Observation
from carioca_desktop.rules.carioca.ruleset import PRESETS, CariocaRules
from carioca_desktop.rules.carioca.state import Phase, State
from tests.fixtures.simplay import hidden_permuted

MIX = ["hard", "normal", "easy", "random"]


def checked_match(rules: CariocaRules, levels: Sequence[str], seed: int) -> list[Action]:
    """Play a match, asserting before each action that the engine accepts it."""
    actions: list[Action] = []

    def judge(game: Game, action: Action) -> None:
        assert game.check(action) is None, (action, game.check(action))
        actions.append(action)

    result = play_match(rules, levels, seed, on_action=judge)
    assert result.finished, f"a round of {levels} did not end"
    assert len(result.rounds) == len(rules.rounds)
    return actions


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_level_plays_legally_in_every_preset(preset: str) -> None:
    rules = CariocaRules.from_dict({"preset": preset})
    actions = checked_match(rules, MIX, seed=len(preset))
    assert any(type(a).__name__ == "LayDown" for a in actions)


@pytest.mark.parametrize(
    "changes",
    [
        {"buy": True, "buy_limit": 2},
        {"players": 2},
        {"players": 6},
        {"extra_melds": True, "add_same_turn": True},
        {"swap_requires_laid_down": False, "discard_wild": True, "open_hands": True},
        {"wild_twos": "red", "max_wilds_per_meld": None, "exact_laydown": False},
    ],
)
def test_levels_play_legally_with_other_options(changes: dict[str, Any]) -> None:
    rules = CariocaRules.from_dict({"preset": "chico", **changes})
    levels = [MIX[s % 4] for s in range(rules.players)]
    checked_match(rules, levels, seed=3)


@pytest.mark.slow
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_level_alone_at_the_table(level: str) -> None:
    checked_match(
        CariocaRules.from_dict({"preset": "dos_libres", "buy": True}), [level] * 4, seed=5
    )


def test_a_table_of_random_bots_still_ends() -> None:
    """Nobody may ever lay down: the turn cap stops the match rather than loop forever."""
    result = play_match(
        CariocaRules.from_dict({"preset": "chico"}), ["random"] * 4, 2, max_turns=200
    )
    assert result.finished or result.winners == ()


# --------------------------------------------------------------------------- hidden cards
def test_an_observation_has_no_path_back_to_the_game() -> None:
    game = Game.new(CariocaRules(), 1)
    for _ in range(30):
        action = bot_step(game, [make_bot(lv, s, 1) for s, lv in enumerate(MIX)])
        assert action is not None
        game.apply(action)
    seen: set[int] = set()

    def walk(value: object) -> None:
        if id(value) in seen or isinstance(value, (str, int, float, bool, type(None))):
            return
        seen.add(id(value))
        assert not isinstance(value, (Game, State, random.Random)), type(value)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            for f in dataclasses.fields(value):
                walk(getattr(value, f.name))
        elif isinstance(value, dict) or hasattr(value, "items"):
            for k, v in value.items():  # type: ignore[attr-defined]
                walk(k)
                walk(v)
        elif isinstance(value, (tuple, list, set, frozenset)):
            for item in value:
                walk(item)
        else:
            assert not hasattr(value, "__dict__") or not vars(value), type(value)

    walk(game.observation(0))


class Spy:
    """A bot that records what it is given and passes or plays the first legal choice."""

    level = "spy"

    def __init__(self, seat: int, buys: bool = False) -> None:
        self.seat = seat
        self.buys = buys
        self.asked: list[str] = []

    def choose(self, obs: Observation, legal: Sequence[Choice]) -> Choice:
        assert isinstance(obs, Observation)
        self.asked.append("buy" if any(isinstance(c, Pass) for c in legal) else "turn")
        if any(isinstance(c, Pass) for c in legal):
            return Buy(self.seat) if self.buys else Pass(self.seat)
        return next(c for c in legal if isinstance(c, (Draw, Discard, NextRound)))

    def to_dict(self) -> dict[str, Any]:
        return {}


def test_bots_receive_observations_not_the_game() -> None:
    game = Game.new(CariocaRules(), 4)
    spies = [Spy(s) for s in range(4)]
    assert all(isinstance(s, Bot) for s in spies)
    for _ in range(40):
        action = bot_step(game, spies)
        assert action is not None
        game.apply(action)
    assert sum(len(s.asked) for s in spies) == 40


@pytest.mark.parametrize("level", LEVELS)
def test_a_choice_does_not_depend_on_unseen_cards(level: str) -> None:
    rules = CariocaRules()
    game = Game.new(rules, 8)
    bots = [make_bot(lv, s, 8) for s, lv in enumerate(["hard", "normal", "easy", "random"])]
    rng = random.Random(level)
    checked = 0
    while not game.is_over and checked < 40:
        seat = game.current_player
        if seat is not None and game.phase in (Phase.DRAW, Phase.PLAY):
            mine = bot_from_dict(make_bot(level, seat, 8).to_dict())
            twin = hidden_permuted(game, seat, rng)
            obs, obs2 = game.observation(seat), twin.observation(seat)
            assert obs == obs2
            first = mine.choose(obs, game.legal_actions(seat))
            again = bot_from_dict(make_bot(level, seat, 8).to_dict())
            assert again.choose(obs2, twin.legal_actions(seat)) == first
            checked += 1
        action = bot_step(game, bots)
        assert action is not None
        game.apply(action)
    assert checked == 40


# --------------------------------------------------------------------------- seeds and saves
def test_same_seed_same_match() -> None:
    rules = CariocaRules.from_dict({"preset": "chico", "buy": True})
    first = play_match(rules, MIX, 21)
    again = play_match(rules, MIX, 21)
    assert (first.totals, first.rounds, first.bots) == (again.totals, again.rounds, again.bots)
    other = play_match(rules, MIX, 22)
    assert other.rounds != first.rounds


def test_a_saved_match_resumes_bots_exactly() -> None:
    rules = CariocaRules.from_dict({"preset": "chico", "buy": True})

    def run(stop_at: int | None) -> list[Action]:
        game = Game.new(rules, 9)
        bots: list[Bot] = [make_bot(lv, s, 9) for s, lv in enumerate(MIX)]
        played: list[Action] = []
        while not game.is_over:
            if stop_at is not None and len(played) == stop_at:
                saved = json.loads(json.dumps([game.to_dict(), [b.to_dict() for b in bots]]))
                game = Game.from_dict(saved[0])
                bots = [bot_from_dict(d) for d in saved[1]]
                stop_at = None
            action = bot_step(game, bots)
            assert action is not None
            game.apply(action)
            played.append(action)
        return played

    straight = run(None)
    assert run(len(straight) // 2) == straight
    assert run(len(straight) // 3) == straight


def test_hard_memory_survives_a_save() -> None:
    game = Game.new(CariocaRules(), 5)
    bots = [make_bot("hard", s, 5) for s in range(4)]
    for _ in range(80):
        action = bot_step(game, bots)
        assert action is not None
        game.apply(action)
    data = json.loads(json.dumps(bots[0].to_dict()))
    assert data["memory"]["cursor"] > 0
    assert bot_from_dict(data).to_dict() == bots[0].to_dict()


# --------------------------------------------------------------------------- the driver
def buy_window() -> Game:
    """Seat 0 discarded, seat 1 drew from the stock: seats 2 and 3 may buy."""
    game = Game.new(CariocaRules.from_dict({"buy": True}), 12)
    game.apply(Draw(0))
    game.apply(Discard(0, next(c for c in game.hand(0) if c != "JK")))
    game.apply(Draw(1))
    return game


def test_buyers_are_asked_in_turn_order_after_the_next_player() -> None:
    game = buy_window()
    spies = [Spy(s) for s in range(4)]
    answers = []
    for _ in range(3):
        action = bot_step(game, spies)
        assert action is not None
        answers.append(action)
        game.apply(action)
    assert answers[:2] == [Pass(2), Pass(3)]  # 2 and 3 asked, then 1 plays
    assert [len(s.asked) for s in spies] == [0, 1, 1, 1]
    assert spies[2].asked == ["buy"] and spies[3].asked == ["buy"]
    assert isinstance(answers[2], (Discard, Draw)) and answers[2].seat == 1


def test_the_first_buyer_in_order_gets_the_card() -> None:
    game = buy_window()
    spies = [Spy(0), Spy(1), Spy(2, buys=True), Spy(3, buys=True)]
    assert bot_step(game, spies) == Buy(2)
    game.apply(Buy(2))
    assert bot_step(game, spies) is not None
    assert spies[3].asked == []


def test_round_over_waits_for_humans() -> None:
    rules = CariocaRules.from_dict({"preset": "chico"})
    game = Game.new(rules, 3)
    bots = [make_bot("easy", s, 3) for s in range(4)]
    while game.phase != Phase.ROUND_OVER:
        action = bot_step(game, bots)
        assert action is not None
        game.apply(action)
    assert isinstance(bot_step(game, bots), NextRound)
    assert bot_step(game, {0: bots[0], 1: bots[1]}) is None


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster", 0, 1)
