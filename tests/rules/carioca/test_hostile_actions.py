"""Malformed actions (issue 15): every one gets a refusal with a code from ``check()`` and
``apply()`` raises IllegalAction leaving ``to_dict()`` byte-identical; ``action_from_dict``
raises only the project's own error and coerces nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from carioca_desktop.rules.carioca.actions import (
    Add,
    Buy,
    Discard,
    Draw,
    LayDown,
    NextRound,
    Swap,
    action_from_dict,
    action_to_dict,
)
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.position import from_position
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.errors import IllegalAction, RulesError
from tests.fixtures.hostile_base import base_session_dict

CLASSES = (Draw, LayDown, Add, Swap, Discard, Buy, NextRound)


def _laid_down_game() -> Game:
    """Seat 0 has laid down (a turn ago) and drawn: adding and swapping are open to it."""
    game = from_position(
        CariocaRules.from_dict({"players": 2}),
        [["9H", "KD", "QS"], ["KH", "4C", "5C"]],
        stock=["2C", "3C", "4D"],
        pozo=["8D"],
        table=[
            {"owner": 0, "meld": ["7S", "7D", "7C"]},
            {"owner": 0, "meld": ["5H", "6H", "7H", "8H"]},
        ],
        laid_down=[0],
    )
    game.apply(Draw(0, "stock"))
    return game


@pytest.mark.parametrize("cls", [Add, Swap])
@pytest.mark.parametrize("index", [True, False])
def test_a_boolean_meld_index_is_refused(cls: type[Any], index: bool) -> None:
    game = _laid_down_game()
    before = json.dumps(game.to_dict())
    action = cls(0, index, "9H")
    refusal = game.check(action)
    assert refusal is not None and refusal.code == "bad_action"
    with pytest.raises(IllegalAction):
        game.apply(action)
    assert json.dumps(game.to_dict()) == before
    assert game.check(Add(0, 1, "9H")) is None  # the same card by a real index fits


# ---------------------------------------------------------------------- fuzz
def _junk(rng: random.Random, depth: int = 0) -> Any:
    pick = rng.randrange(14 if depth < 2 else 10)
    simple: list[Any] = [
        True, False, None, 10**400, -(10**30), 1.9, float("nan"), "", "ZZ", "7H",
    ]  # fmt: skip
    if pick < len(simple):
        return simple[pick]
    if pick == 10:
        return [_junk(rng, depth + 1) for _ in range(rng.randrange(3))]
    if pick == 11:
        return {"7H": _junk(rng, depth + 1)}
    if pick == 12:
        return tuple(_junk(rng, depth + 1) for _ in range(rng.randrange(3)))
    return {"x"}  # an unhashable set of str, as a card


def _value(rng: random.Random, good: Any) -> Any:
    return good if rng.random() < 0.3 else _junk(rng)


def fuzzed_action(rng: random.Random, game: Game) -> Any:
    """Mostly malformed: each field is right only 30% of the time."""
    seat = _value(rng, game.state.turn)
    hand = game.hand(game.state.turn)
    card = _value(rng, rng.choice(hand))
    cls = rng.choice(CLASSES)
    if cls is Draw:
        return Draw(seat, _value(rng, rng.choice(("stock", "pozo"))))
    if cls is LayDown:
        melds = _value(rng, ((card, card, card),))
        if rng.random() < 0.3 and isinstance(melds, tuple):
            melds = [list(m) if isinstance(m, tuple) else m for m in melds]
        return LayDown(seat, melds)
    if cls in (Add, Swap):
        return cls(seat, _value(rng, rng.randrange(3)), card)
    if cls is Discard:
        return Discard(seat, card)
    if cls is NextRound:
        return NextRound(seat)
    return Buy(seat)


def _games() -> list[Game]:
    from carioca_desktop.play.carioca.session import MatchSession

    base = MatchSession.from_dict(base_session_dict()).game
    drawn = base.clone()
    drawn.apply(Draw(drawn.state.turn, "stock"))
    return [Game.new(CariocaRules(), 1), base, drawn, _laid_down_game()]


def fuzz(count: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    games = _games()
    texts = [json.dumps(g.to_dict()) for g in games]
    codes: dict[str, int] = {}
    for k in range(count):
        g = k % len(games)
        game = games[g]
        action = fuzzed_action(rng, game)
        refusal = game.check(action)
        if refusal is None:  # a well-formed legal action: fine, but not applied here
            codes["legal"] = codes.get("legal", 0) + 1
            continue
        assert isinstance(refusal.code, str) and refusal.code and refusal.message
        codes[refusal.code] = codes.get(refusal.code, 0) + 1
        with pytest.raises(IllegalAction):
            game.apply(action)
        if k % 16 < len(games):
            assert json.dumps(game.to_dict()) == texts[g], f"action {k} changed the game"
    for game, text in zip(games, texts):
        assert json.dumps(game.to_dict()) == text
    return codes


def test_ten_thousand_fuzzed_actions_are_refused_and_change_nothing() -> None:
    codes = fuzz(10_000, 15)
    assert codes.get("bad_action", 0) > 6_000  # mostly malformed, as intended
    assert sum(codes.values()) == 10_000


@pytest.mark.slow
def test_a_hundred_thousand_fuzzed_actions_are_refused_and_change_nothing() -> None:
    codes = fuzz(100_000, 1515)
    print("refusal codes:", sorted(codes.items(), key=lambda kv: -kv[1]))
    assert sum(codes.values()) == 100_000


# ---------------------------------------------------------------------- action_from_dict
@pytest.mark.parametrize(
    "data",
    [
        {"do": "add", "seat": 0, "meld": 1.9, "card": "7H"},
        {"do": "add", "seat": 0, "meld": "12", "card": "7H"},
        {"do": "swap", "seat": 0, "meld": True, "card": "7H"},
        {"do": "add", "seat": 0, "meld": 10**400, "card": "7H"},
        {"do": "discard", "seat": 10**400, "card": "7H"},
        {"do": "discard", "seat": 0, "card": ["7H"]},
        {"do": "discard", "seat": 0, "card": 7},
        {"do": "draw", "seat": 0, "from": 1},
        {"do": "lay_down", "seat": 0, "melds": "7H 7D 7C"},
        {"do": "lay_down", "seat": 0, "melds": [["7H", 7, None]]},
        {"do": "lay_down", "seat": 0, "melds": {"a": 1}},
        {"do": "lay_down", "seat": 0},
        {"do": ["add"], "seat": 0},
        {"do": "explode", "seat": 0},
        {"do": "buy", "seat": 1.0},
        [],
        None,
    ],
)
def test_action_from_dict_refuses_with_its_own_error(data: Any) -> None:
    with pytest.raises(RulesError) as err:
        action_from_dict(data)
    assert err.value.code == "bad_action" and len(str(err.value)) < 200


def test_action_from_dict_survives_deep_json() -> None:
    deep: Any = "7H"
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(RulesError):
        action_from_dict({"do": "lay_down", "seat": 0, "melds": deep})


def test_action_dicts_round_trip() -> None:
    actions = [Draw(1, "pozo"), LayDown(0, (("7H", "7D", "JK=7S"),)), Add(2, 3, "9H"),
               Swap(0, 1, "5C"), Discard(3, "KD"), Buy(1), NextRound()]  # fmt: skip
    for action in actions:
        assert action_from_dict(json.loads(json.dumps(action_to_dict(action)))) == action
