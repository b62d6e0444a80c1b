"""Deals come from streams of their own: one seat's bot cannot change a later round's deal,
saves keep the deal seed, and matches saved before it existed still load and play."""

from __future__ import annotations

from typing import Any

from carioca_desktop.bots.carioca.driver import play_match
from carioca_desktop.rules.carioca.actions import Action
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules


def _deals(levels: list[str], seed: int) -> tuple[dict[int, list[list[str]]], list[int]]:
    deals: dict[int, list[list[str]]] = {}
    reshuffles = [0]

    def watch(game: Game, action: Action) -> None:
        s = game.state
        if s.round_index not in deals:
            deals[s.round_index] = [game.hand(seat) for seat in range(game.players)]
        if s.events and s.events[-1].kind == "reshuffle":
            reshuffles[0] += 1

    play_match(CariocaRules(), levels, seed, on_action=watch)
    return deals, reshuffles


def test_changing_one_seat_keeps_every_deal() -> None:
    a, _ = _deals(["easy"] * 4, 21)
    b, _ = _deals(["random", "easy", "easy", "easy"], 21)
    assert len(a) == len(b) == len(CariocaRules().rounds)
    assert a == b
    c, _ = _deals(["easy"] * 4, 22)
    assert c[0] != a[0]  # and the seed does matter


def test_deal_stream_is_separate_from_reshuffles() -> None:
    game = Game.new(CariocaRules(), 5)
    before = game.state.deal_rng(3).random()
    game.state.rng.random()  # the play stream moves (a reshuffle would)...
    assert game.state.deal_rng(3).random() == before  # ...the deal of round 4 does not


def test_save_round_trips_deal_seed() -> None:
    game = Game.new(CariocaRules(), 9)
    data = game.to_dict()
    assert data["deal_seed"] == 9
    again = Game.from_dict(data)
    assert again.state.deal_seed == 9
    assert again.to_dict() == data


def test_old_save_without_deal_seed_loads_and_deals_from_rng() -> None:
    game = Game.new(CariocaRules(), 9)
    data: dict[str, Any] = game.to_dict()
    del data["deal_seed"]
    old = Game.from_dict(data)
    assert old.state.deal_seed is None
    assert "deal_seed" not in old.to_dict()
    assert old.state.deal_rng(1) is old.state.rng
