"""The weak end of the ladder: beginner and easy stay legal and never stall a round, and the
beginner makes a learner's mistakes, measurably, where easy does not."""

from __future__ import annotations

import pytest

from carioca_desktop.bots.carioca.base import make_bot, points
from carioca_desktop.rules.carioca.actions import POZO, Add, Discard, Draw, Swap
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from tests.bots.carioca.test_bots import checked_match
from tests.fixtures.mistakes import Position, positions, profile


@pytest.mark.parametrize("level", ["beginner", "easy"])
@pytest.mark.parametrize(
    ("preset", "changes"),
    [("clasico", {}), ("clasico", {"buy": True}), ("dos_libres", {"buy": True}), ("chico", {})],
)
def test_a_table_of_one_level_plays_legally_and_ends_every_round(
    level: str, preset: str, changes: dict[str, object]
) -> None:
    rules = CariocaRules.from_dict({"preset": preset, **changes})
    for seed in range(3):
        checked_match(rules, [level] * rules.players, seed)


def test_beginner_among_stronger_bots_ends_every_round() -> None:
    for seed in range(4):
        checked_match(CariocaRules(), ["beginner", "easy", "normal", "hard"], seed)


@pytest.fixture(scope="module")
def found() -> list[Position]:
    return list(positions(CariocaRules(), 4, 7))


def test_mistake_profile(found: list[Position]) -> None:
    rates = profile(found, 7)
    made, chances = rates["add"]
    assert chances >= 20 and 0.2 <= made / chances <= 0.6  # misses some adds, not all
    made, chances = rates["pozo_pair"]
    assert chances >= 10 and made / chances >= 0.9  # grabs a pair that easy leaves
    made, chances = rates["dear_card"]
    assert chances >= 50 and made / chances >= 0.25  # throws cheaper cards than easy
    made, chances = rates["lay_down"]
    assert chances >= 10 and made == chances  # lays down the moment it can


def _first(found: list[Position], kind: type) -> Position:
    for pos in found:
        if isinstance(make_bot("easy", pos.obs.seat, 0).choose(pos.obs, pos.legal), kind):
            return pos
    raise AssertionError(f"no position where easy plays {kind.__name__}")


def test_on_a_fixed_add_easy_always_adds_and_beginner_sometimes_misses(
    found: list[Position],
) -> None:
    pos = _first(found, Add)
    easy = {type(make_bot("easy", pos.obs.seat, s).choose(pos.obs, pos.legal)) for s in range(50)}
    assert easy == {Add}
    adds = sum(
        isinstance(make_bot("beginner", pos.obs.seat, s).choose(pos.obs, pos.legal), Add)
        for s in range(200)
    )
    assert 60 <= adds <= 180  # about 60% seen, 40% missed


def test_on_a_fixed_swap_beginner_mostly_misses_it() -> None:
    found = list(positions(CariocaRules.from_dict({"preset": "dos_libres"}), 6, 3))
    pos = _first(found, Swap)
    swaps = sum(
        isinstance(make_bot("beginner", pos.obs.seat, s).choose(pos.obs, pos.legal), Swap)
        for s in range(200)
    )
    assert 10 <= swaps <= 100  # about 25% seen


def test_on_a_pair_on_the_pozo_beginner_takes_it_and_easy_does_not(
    found: list[Position],
) -> None:
    for pos in found:
        obs = pos.obs
        easy = make_bot("easy", obs.seat, 0).choose(obs, pos.legal)
        if not (isinstance(easy, Draw) and easy.source != POZO) or obs.laid_down[obs.seat]:
            continue
        top = obs.pozo_top
        if top is None or obs.round_index != 0 or obs.turn_number > 8:
            continue
        if any(c[:-1] == top[:-1] for c in obs.hand if c != "JK" and not c.startswith("2")):
            mine = make_bot("beginner", obs.seat, 0).choose(obs, pos.legal)
            assert mine == Draw(obs.seat, POZO)
            return
    raise AssertionError("no pair on the pozo in round 1")


def test_beginner_keeps_dear_cards_once_down(found: list[Position]) -> None:
    """Once down, easy throws its dearest card; the beginner a cheaper one when it has one."""
    cheaper = 0
    for pos in found:
        obs = pos.obs
        if not obs.laid_down[obs.seat] or not obs.has_drawn:
            continue
        if any(isinstance(c, (Add, Swap)) for c in pos.legal):
            continue
        mine = make_bot("beginner", obs.seat, 0).choose(obs, pos.legal)
        easy = make_bot("easy", obs.seat, 0).choose(obs, pos.legal)
        assert isinstance(mine, Discard) and isinstance(easy, Discard)
        assert points(mine.card, obs.rules) <= points(easy.card, obs.rules)
        cheaper += points(mine.card, obs.rules) < points(easy.card, obs.rules)
    assert cheaper >= 3
