"""The Game state machine: dealing, turns, rounds, observations, serialisation."""

from __future__ import annotations

import copy
import json

import pytest

from carioca_desktop.rules.carioca.actions import Discard, Draw, NextRound
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.position import from_position
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.carioca.state import Phase
from carioca_desktop.rules.errors import IllegalAction, StateError
from carioca_desktop.rules.melds import is_wild


@pytest.mark.parametrize(("players", "cards"), [(2, 108), (4, 108), (5, 108), (6, 162), (8, 162)])
def test_deal(players: int, cards: int) -> None:
    game = Game.new(CariocaRules.from_dict({"players": players}), 1)
    s = game.state
    assert len(s.cards) == cards
    assert all(len(h) == 12 for h in s.hands)
    assert len(s.pozo) == 1 and not is_wild(s.cards[s.pozo[0]], s.rules)
    assert game.current_player == 0 and game.phase == Phase.DRAW  # the player after the dealer


def test_same_seed_same_match_and_different_seed_differs() -> None:
    a, b, c = (Game.new(CariocaRules(), seed) for seed in (7, 7, 8))
    assert a.to_dict() == b.to_dict() and a.to_dict()["hands"] != c.to_dict()["hands"]


def test_a_wild_turned_for_the_pozo_is_buried() -> None:
    buried = 0
    for seed in range(300):
        game = Game.new(CariocaRules.from_dict({"preset": "dos_libres"}), seed)
        kinds = [e.kind for e in game.state.events]
        buried += kinds.count("bury")
        assert not is_wild(game.state.cards[game.state.pozo[-1]], game.rules)
    assert buried > 0


def finish_round(game: Game) -> None:
    """Drive a round to its end by stock exhaustion: draw and discard the drawn card."""
    while game.phase in (Phase.DRAW, Phase.PLAY):
        seat = game.current_player
        assert seat is not None
        game.apply(Draw(seat, "stock"))
        if game.phase == Phase.PLAY:
            game.apply(Discard(seat, game.hand(seat)[-1]))
        game.state.pozo[:] = game.state.pozo[-1:]  # keep no reshuffle material


def test_rounds_rotate_the_dealer_and_the_match_ends() -> None:
    rules = CariocaRules.from_dict({"preset": "chico", "players": 3, "discard_wild": True})
    game = Game.new(rules, 3)
    starters = []
    for k in range(4):
        starters.append(game.current_player)
        finish_round(game)
        assert game.state.round_over and game.state.went_out[-1] is None
        if k < 3:
            assert game.phase == Phase.ROUND_OVER
            with pytest.raises(IllegalAction):
                game.apply(Draw(0, "stock"))
            game.apply(NextRound())
    assert starters == [0, 1, 2, 0]
    assert game.is_over and len(game.state.points) == 4
    with pytest.raises(IllegalAction) as err:
        game.apply(NextRound())
    assert err.value.code == "match_over"


def test_observation_hides_other_hands_and_stock_draws() -> None:
    game = Game.new(CariocaRules(), 5)
    game.apply(Draw(0, "stock"))
    drawn = game.hand(0)[-1]
    mine, theirs = game.observation(0), game.observation(1)
    assert mine.hand == tuple(game.hand(0)) and theirs.hand == tuple(game.hand(1))
    assert mine.events[-1].secret == (drawn,)
    assert theirs.events[-1].secret == () and theirs.events[-1].hidden == 1
    assert not any(isinstance(v, Game) for v in vars(theirs).values())


def test_open_hands_show_everything() -> None:
    game = Game.new(CariocaRules.from_dict({"open_hands": True}), 5)
    game.apply(Draw(0, "stock"))
    obs = game.observation(2)
    assert obs.open_hands is not None and list(obs.open_hands[0]) == game.hand(0)
    assert obs.events[-1].secret


def test_serialisation_round_trip() -> None:
    game = Game.new(CariocaRules.from_dict({"preset": "familiar", "players": 6}), 11)
    game.apply(Draw(0, "pozo"))
    text = json.dumps(game.to_dict())
    again = Game.from_dict(json.loads(text))
    assert again == game
    game.apply(Discard(0, game.hand(0)[0]))
    again.apply(Discard(0, again.hand(0)[0]))
    assert again == game  # the same continuation, RNG included


def corrupt(game: Game, mutate) -> dict:  # type: ignore[no-untyped-def]
    data = copy.deepcopy(game.to_dict())
    mutate(data)
    return data


BREAKERS = {
    "duplicate card": lambda d: d["hands"][0].append(d["stock"][0]),
    "missing card": lambda d: d["stock"].pop(),
    "bad phase": lambda d: d.__setitem__("phase", "dancing"),
    "wrong type": lambda d: d.__setitem__("turn", "0"),
    "seat out of range": lambda d: d.__setitem__("turn", 9),
    "bad rules": lambda d: d.__setitem__("rules", {"preset": "nope"}),
    "bad version": lambda d: d.__setitem__("version", 99),
    "not a dict": lambda d: d.clear(),
    "bad rng": lambda d: d.__setitem__("rng", [3, [1, 2], None]),
    "phase mismatch": lambda d: d.__setitem__("round_over", True),
    "too many copies": lambda d: (
        d["cards"].__setitem__(0, "AH")
        or d["cards"].__setitem__(13, "AH")
        or d["cards"].__setitem__(60, "AH")
    ),
    "bad card code": lambda d: d["cards"].__setitem__(0, "ZZ"),
}


@pytest.mark.parametrize("name", sorted(BREAKERS))
def test_loading_refuses_a_broken_game(name: str) -> None:
    game = Game.new(CariocaRules(), 2)
    with pytest.raises(StateError) as err:
        Game.from_dict(corrupt(game, BREAKERS[name]))
    assert err.value.message.startswith("invalid saved game")


def test_loading_refuses_an_illegal_meld() -> None:
    game = from_position(
        CariocaRules.from_dict({"players": 2}),
        [["KD"], ["KH"]],
        table=[{"owner": 0, "meld": ["5H", "6H", "7H", "8H"]}],
    )
    data = game.to_dict()
    data["table"][0]["slots"][1][3] = True  # a natural card marked as a wild
    data["table"][0]["slots"][2][3] = True  # two adjacent wilds
    with pytest.raises(StateError):
        Game.from_dict(data)


def test_refusals_carry_codes_and_change_nothing() -> None:
    game = Game.new(CariocaRules(), 4)
    before = json.dumps(game.to_dict())
    cases = [
        (Discard(0, game.hand(0)[0]), "must_draw_first"),
        (Draw(1, "stock"), "not_your_turn"),
        (Draw(0, "heap"), "bad_source"),
        (Draw(9, "stock"), "bad_seat"),
    ]
    for action, code in cases:
        refusal = game.check(action)
        assert refusal is not None and refusal.code == code and refusal.message
        with pytest.raises(IllegalAction):
            game.apply(action)
    assert json.dumps(game.to_dict()) == before


@pytest.mark.parametrize("preset", ["clasico", "dos_libres"])
def test_legal_swaps_are_every_swap_the_engine_allows(preset: str) -> None:
    """legal_actions asks the engine only about cards a wild of the meld stands for: the
    swaps it lists are still every (meld, card) pair ``can`` accepts, in the same order."""
    from carioca_desktop.bots.carioca.base import make_bot
    from carioca_desktop.bots.carioca.driver import bot_step
    from carioca_desktop.rules.carioca.actions import Swap

    game = Game.new(CariocaRules.from_dict({"preset": preset}), 5)
    bots = [make_bot("easy", seat, 5) for seat in range(game.players)]
    swaps_seen = 0
    while not game.is_over and game.round_index < 5:
        seat = game.current_player
        if seat is not None and game.phase == Phase.PLAY:
            codes = sorted(set(game.hand(seat)))
            every = [
                Swap(seat, i, code)
                for i in range(len(game.state.table))
                for code in codes
                if code != "JK" and game.can(Swap(seat, i, code))
            ]
            listed = [a for a in game.legal_actions(seat) if isinstance(a, Swap)]
            assert listed == every
            swaps_seen += len(every)
        action = bot_step(game, bots)
        game.apply(action if action is not None else NextRound(0))
    assert swaps_seen > 0
