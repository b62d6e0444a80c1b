"""Several cards added to one meld at Buraco's table fit whatever order they were picked in
(issue 28, item 2): the engine judges the list in order (BURACO.md §5.3), so the table finds an
order in which each card fits, and a refusal names a card that fits in no order."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carioca_desktop import i18n
from carioca_desktop.rules.buraco.actions import Add, Draw
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.ui.scenes.buraco.targets import AFTER_LAST, RANKS, placing
from tests.fixtures.examples import examples

RUN_RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("es")


def game_with(meld: list[str], hand: list[str], *, morto: bool = True) -> BuracoGame:
    """Seat 0 after drawing, the side's ``meld`` on the table and ``hand`` (plus the drawn
    4D) in the hand."""
    hands = [hand, ["QS", "QH"], ["8S", "8H"], ["JS", "JD"]]
    game = BuracoGame.from_position(
        preset_rules("brasileiro"),
        hands,
        stock=["4D", "9S", "9H"],
        pile=["3H"],
        table=[{"side": 0, "meld": meld}],
        mortos=[["5D", "6D", "7D"], ["5H", "7H", "8D"]] if morto else [],
        took_morto=(0, 0) if morto else (1, 1),
    )
    game.apply(Draw(0))
    return game


def readings(card: str) -> list[str]:
    if card == "JK" or card.startswith("2"):
        return [card, *(f"{card}={r}C" for r in RANKS)]
    return [card]


def oracle(game: BuracoGame, cards: tuple[str, ...]) -> tuple[bool, set[str]]:
    """Brute force: is some order (and wild reading) of ``cards`` accepted, and which cards
    fit the meld after some order of the cards before them."""
    accepted, fits = False, set()
    for order in set(itertools.permutations(cards)):
        for texts in itertools.product(*(readings(c) for c in order)):
            for n in range(1, len(texts) + 1):
                refusal = game.check(Add(0, 0, texts[:n]))
                if refusal is not None and refusal.code not in AFTER_LAST:
                    break
                fits.add(order[n - 1])
                accepted = accepted or (n == len(texts) and refusal is None)
    return accepted, fits


@st.composite
def adds(draw: st.DrawFn) -> tuple[list[str], list[str], tuple[str, ...], bool]:
    """A club run (or a set of kings) on the table, a hand holding clubs near it and a wild,
    and some of them picked in any order."""
    if draw(st.booleans()):
        low = draw(st.integers(0, len(RUN_RANKS) - 3))
        size = draw(st.integers(3, min(6, len(RUN_RANKS) - low)))
        meld = [f"{r}C" for r in RUN_RANKS[low : low + size]]
    else:
        meld = ["KS", "KH", "KD"]
    pool = ["AC", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "KH"]
    naturals = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3, unique=True))
    wild = draw(st.sampled_from(["", "JK", "2C", "2H"]))
    picked = [*naturals, *([wild] if wild else [])]
    picked = draw(st.permutations(picked))
    if len(picked) < 2:
        picked = [*picked, "QC" if "QC" not in picked else "3C"]
    extra = draw(st.lists(st.sampled_from(["5S", "6H", "9D"]), max_size=2, unique=True))
    return meld, [*picked, *extra], tuple(picked), draw(st.booleans())


@pytest.mark.properties
@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(adds())
def test_an_add_accepted_in_some_order_is_found_in_any(
    case: tuple[list[str], list[str], tuple[str, ...], bool],
) -> None:
    meld, hand, picked, morto = case
    game = game_with(meld, hand, morto=morto)
    accepted, fits = oracle(game, picked)
    result = placing(game, 0, meld, 0, picked)
    if accepted:
        assert isinstance(result, Add), (picked, result)
        assert game.check(result) is None
        assert sorted(c.split("=")[0] for c in result.cards) == sorted(picked)
    else:
        assert not isinstance(result, Add) or game.check(result) is not None
        unfit = [c for c in picked if c not in fits]
        if unfit:
            assert result.params.get("card") in unfit, (picked, result)


def test_the_issue_case_five_then_six_on_seven_to_jack() -> None:
    game = game_with(["7C", "8C", "9C", "10C", "JC"], ["5C", "6C", "3S", "4S"])
    for picked in (("5C", "6C"), ("6C", "5C")):
        result = placing(game, 0, ["7C"], 0, picked)
        assert result == Add(0, 0, ("6C", "5C"))
    refusal = placing(game, 0, ["7C"], 0, ("5C", "3S"))
    assert not isinstance(refusal, Add)
    assert refusal.code == "does_not_fit" and refusal.params["card"] == "5C"
    refusal = placing(game, 0, ["7C"], 0, ("6C", "3S"))
    assert not isinstance(refusal, Add) and refusal.params["card"] == "3S"


def test_a_drop_at_the_table_adds_cards_picked_out_of_order(tmp_path: Path) -> None:
    from tests.ui.buraco.test_keys import table_at

    game = game_with(["7C", "8C", "9C", "10C", "JC"], ["5C", "6C", "3S", "4S"])
    _app, scene = table_at(tmp_path, game)
    uid = {c.code: c.uid for c in scene.hand.cards}
    scene.hand.picked = [uid["5C"], uid["6C"]]
    assert scene.moves.accepts() == frozenset({0})
    scene.moves.onto_meld(0, (10, 10))
    assert game.table_texts()[0][1][:2] == ("5C", "6C")
    assert not scene.hand.picked
