"""Positions consistent with one seat's knowledge (rules/unseen.py and each game's unseen.py),
the coach's continuations: whatever the seed, the seat's own observation is the same, the
cards and every zone's size are kept, the cards it knows another seat holds stay there, and
the cards it could not see (the other hands too, the mortos in Buraco) do move."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carioca_desktop.rules.buraco import unseen as buraco_unseen
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import BuracoRules, preset_rules
from carioca_desktop.rules.buraco.state import DECK
from carioca_desktop.rules.carioca import unseen as carioca_unseen
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from tests.fixtures import buraco_play, simplay
from tests.fixtures.examples import examples

CARIOCA = CariocaRules.from_dict({"players": 3, "preset": "chico", "buy": True})  # buys too
BURACO = {"two": BuracoRules.from_dict({"game": "buraco", "players": 2,
                                        "preset": "dois_jogadores"}),
          "four": preset_rules("brasileiro")}  # fmt: skip


def _played(game: Any, steps: int, seed: int) -> Any:
    """``game`` played on at random for ``steps`` actions, within its first round (hand)."""
    rng = random.Random(seed)
    play = buraco_play if isinstance(game, BuracoGame) else simplay
    for _ in range(steps):
        if game.round_over:
            break
        game.apply(play.random_action(game, rng))
    return game


def _zones(game: Any) -> dict[str, list[int]]:
    s = game.state
    zones = {f"hand{p}": list(h) for p, h in enumerate(s.hands)}
    zones["stock"] = list(s.stock)
    if isinstance(game, BuracoGame):
        zones.update({f"morto{k}": list(m) for k, m in enumerate(s.mortos)})
        zones["pile"] = list(s.pile)
    else:
        zones["pozo"] = list(s.pozo)
    return zones


def _faces(game: Any, ids: list[int]) -> Counter[str]:
    return Counter(DECK[c].code if isinstance(game, BuracoGame) else game.state.cards[c].code
                   for c in ids)  # fmt: skip


def _check(game: Any, seat: int, seed: int) -> None:
    before, zones, kept = game.to_dict(), _zones(game), game.observation(seat)
    known = (buraco_unseen if isinstance(game, BuracoGame) else carioca_unseen).known_hands(kept)
    other = game.what_if_unseen(seat, seed)
    assert game.to_dict() == before, "the game itself is untouched"
    assert other.observation(seat) == kept, "the seat sees the very same position"
    after = _zones(other)
    assert {k: len(v) for k, v in after.items()} == {k: len(v) for k, v in zones.items()}
    assert sorted(c for v in after.values() for c in v) == sorted(c for v in zones.values()
                                                                   for c in v)  # fmt: skip
    for public in ("pile", "pozo", f"hand{seat}"):
        assert after.get(public) == zones.get(public), public
    for p in range(game.players):
        held = _faces(other, after[f"hand{p}"])
        assert not known[p] - held, f"seat {p} keeps the cards {seat} knows it holds"
    other.validate() if isinstance(other, Game) else None
    assert other.to_dict()["format"] == before["format"]


settings_ = settings(max_examples=examples(60), deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])  # fmt: skip


@settings_
@given(st.integers(0, 10**6), st.integers(0, 160), st.integers(0, 2), st.integers(0, 10**6))
def test_a_carioca_position_the_seat_cannot_tell_apart(
    deal: int, steps: int, seat: int, seed: int
) -> None:
    game = _played(Game.new(CARIOCA, deal), steps, deal)
    _check(game, seat, seed)


@settings_
@given(st.integers(0, 10**6), st.integers(0, 200), st.sampled_from(sorted(BURACO)),
       st.integers(0, 3), st.integers(0, 10**6))  # fmt: skip
def test_a_buraco_position_the_seat_cannot_tell_apart(
    deal: int, steps: int, table: str, seat: int, seed: int
) -> None:
    rules = BURACO[table]
    game = _played(BuracoGame.new(rules, deal), steps, deal)
    _check(game, seat % rules.players, seed)


def test_the_unseen_cards_move_and_the_seed_decides() -> None:
    """Every other hand, the stock and the mortos get other cards; the same seed, the same."""
    for game in (Game.new(CARIOCA, 5), BuracoGame.new(BURACO["four"], 5)):
        zones, a = _zones(game), game.what_if_unseen(0, 11)
        moved = {k for k, v in _zones(a).items() if v != zones[k]}
        hidden = {k for k in zones if k.startswith(("hand", "stock", "morto")) and k != "hand0"}
        assert moved == hidden
        assert a.to_dict() == game.what_if_unseen(0, 11).to_dict()
        assert a.to_dict() != game.what_if_unseen(0, 12).to_dict()


def _until(game: Any, wanted: Any, seed: int) -> Any:
    """Random play until ``wanted(event)`` holds for the last event (a fresh deal each time the
    hand ends first); the game then."""
    for attempt in range(200):
        fresh = type(game).new(game.rules, seed + attempt)
        rng = random.Random(seed + attempt)
        play = buraco_play if isinstance(fresh, BuracoGame) else simplay
        while not fresh.round_over:
            fresh.apply(play.random_action(fresh, rng))
            if not fresh.round_over and wanted(fresh.observation(0).events[-1]):
                return fresh
    raise AssertionError("no such event in 200 deals")


def test_a_card_taken_from_the_pozo_or_bought_stays_in_the_takers_hand() -> None:
    game = Game.new(CARIOCA, 1)
    for kind in ("buy", "draw"):
        position = _until(game, lambda e, k=kind: e.kind == k and e.seat != 0 and e.cards, 3)
        event = position.observation(0).events[-1]
        for seed in range(20):
            other = position.what_if_unseen(0, seed)
            assert event.cards[0] in other.hand(event.seat), (kind, seed)


def test_the_pile_taken_in_buraco_stays_in_the_takers_hand() -> None:
    def taken(e: Any) -> bool:
        return bool(e.kind == "take_pile" and e.seat != 0 and len(e.cards) >= 3)

    position = _until(BuracoGame.new(BURACO["four"], 1), taken, 7)
    event = position.observation(0).events[-1]
    for seed in range(20):
        held = Counter(position.what_if_unseen(0, seed).hand(event.seat))
        assert not Counter(event.cards) - held, seed
