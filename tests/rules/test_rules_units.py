"""Table-driven unit tests: cards, rule sets, melds, contracts, scoring."""

from __future__ import annotations

import pytest

from carioca_desktop.rules.cards import JOKER, full_deck, parse_card, parse_marked
from carioca_desktop.rules.carioca.contracts import parse_contract
from carioca_desktop.rules.carioca.ruleset import PRESETS, CariocaRules
from carioca_desktop.rules.carioca.scoring import hand_points, outcome
from carioca_desktop.rules.errors import CardError, RuleSetError
from carioca_desktop.rules.melds import ESCALA, TRIO, Layout, analyse, extend, slot_text

CODES = [
    r + s
    for s in "SHDC"
    for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
] + ["JK"]


@pytest.mark.parametrize("code", CODES)
def test_card_codes_round_trip(code: str) -> None:
    assert parse_card(code).code == code


@pytest.mark.parametrize("bad", ["", "1H", "11S", "10", "H10", "jk", "7h", "KX", "JK=", 7])
def test_bad_card_codes_are_refused_with_a_reason(bad: object) -> None:
    with pytest.raises(CardError) as err:
        parse_marked(bad)  # type: ignore[arg-type]
    assert err.value.code in ("bad_card", "bad_marker") and err.value.message


@pytest.mark.parametrize(
    ("decks", "jokers", "size"), [(2, 2, 108), (3, 2, 162), (2, 0, 104), (3, 1, 159)]
)
def test_deck_sizes(decks: int, jokers: int, size: int) -> None:
    deck = full_deck(decks, jokers)
    assert len(deck) == size and deck.count(JOKER) == decks * jokers


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_builds_and_round_trips(name: str) -> None:
    rules = CariocaRules.from_dict({"preset": name})
    assert CariocaRules.from_dict(rules.to_dict()) == rules
    assert rules.to_dict() == {"preset": name}


def test_overrides_serialise_back_to_the_same_dict() -> None:
    data = {"preset": "familiar", "players": 6, "points": {**CariocaRules().points, "A": 15}}
    rules = CariocaRules.from_dict(data)
    assert rules.to_dict() == data and rules.points["A"] == 15 and rules.deck_count == 3


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        ({"preset": "nope"}, "unknown preset"),
        ({"colour": 1}, "unknown key 'colour'"),
        ({"players": 9}, "out of range"),
        ({"players": "4"}, "whole number"),
        ({"players": True}, "whole number"),
        ({"players": 7, "decks": 2}, "need 3 decks"),
        ({"wild_twos": "black"}, "not one of"),
        ({"rounds": []}, "non-empty list"),
        ({"rounds": ["5X"]}, "not a contract code"),
        ({"rounds": ["ER"], "hand_size": 11}, "needs 13 cards"),
        ({"escala_min": 5}, "needs 15 cards"),
        ({"points": {"Z": 3}}, "unknown card"),
        ({"max_wilds_per_meld": -1}, "out of range"),
        ({"exact_laydown": "yes"}, "true or false"),
    ],
)
def test_bad_rule_sets_are_explained(data: dict[str, object], fragment: str) -> None:
    with pytest.raises(RuleSetError) as err:
        CariocaRules.from_dict(data)
    assert fragment in err.value.message


def test_every_bad_key_is_named_at_once() -> None:
    with pytest.raises(RuleSetError) as err:
        CariocaRules.from_dict({"players": 0, "buy": 3, "foo": 1})
    for key in ("players", "buy", "foo"):
        assert key in err.value.message


@pytest.mark.parametrize(
    ("code", "forms", "cards"),
    [
        ("2T", [(2, 0)], 6),
        ("1T1E", [(1, 1)], 7),
        ("3E", [(0, 3)], 12),
        ("4T", [(4, 0)], 12),
        ("4T|4E", [(4, 0), (0, 4)], 12),
        ("ER", [(0, 1)], 13),
        ("EP", [(0, 1)], 13),
    ],
)
def test_contract_codes(code: str, forms: list[tuple[int, int]], cards: int) -> None:
    contract = parse_contract(code)
    assert [(f.trios, f.escalas) for f in contract.forms] == forms
    assert contract.min_cards(4) == cards


def layout_of(cards: list[str], rules: CariocaRules | None = None) -> Layout:
    result = analyse([parse_marked(c) for c in cards], rules or CariocaRules())
    assert isinstance(result, Layout), result
    return result


@pytest.mark.parametrize(
    ("cards", "kind", "text"),
    [
        (["5H", "JK", "7H", "8H"], ESCALA, ["5H", "JK=6H", "7H", "8H"]),
        (["5H", "6H", "7H", "JK"], ESCALA, ["5H", "6H", "7H", "JK=8H"]),
        (["JK", "QS", "KS", "AS"], ESCALA, ["JK=JS", "QS", "KS", "AS"]),
        (["AS", "2S", "3S", "JK"], ESCALA, ["AS", "2S", "3S", "JK=4S"]),
        (["7S", "JK", "7H"], TRIO, ["7S", "JK=7", "7H"]),
    ],
)
def test_wild_positions_are_inferred(cards: list[str], kind: str, text: list[str]) -> None:
    lay = layout_of(cards)
    faces = [parse_marked(c)[0] for c in cards]
    assert lay.kind == kind
    assert [slot_text(s, faces[s.ref]) for s in lay.slots] == text


def test_extend_offers_both_ends_for_a_wild_and_one_for_a_natural() -> None:
    lay = layout_of(["5H", "6H", "7H", "8H"])
    both = extend(lay, JOKER, None, 9, CariocaRules())
    assert isinstance(both, list) and len(both) == 2
    one = extend(lay, parse_card("9H"), None, 9, CariocaRules())
    assert isinstance(one, list) and len(one) == 1 and one[0].slots[-1].rank == 9


@pytest.mark.parametrize(
    ("hand", "rules", "points"),
    [
        (["AH", "KS", "7D", "JK"], {}, 87),
        (["2H", "2S"], {"wild_twos": "red"}, 27),
        (["2H", "2S"], {"wild_twos": "all", "points": {"wild_2": 30}}, 60),
        (["AH"], {"points": {"A": 15}}, 15),
    ],
)
def test_hand_points(hand: list[str], rules: dict[str, object], points: int) -> None:
    ruleset = CariocaRules.from_dict({"preset": "clasico", **rules})
    assert hand_points([parse_card(c) for c in hand], ruleset) == points


@pytest.mark.parametrize(
    ("rules", "points", "went_out", "winners"),
    [
        ({}, [[0, 10, 20], [30, 0, 5]], [0, 1], (1,)),  # totals 30, 10, 25
        ({}, [[0, 10], [10, 0]], [0, 1], (0, 1)),  # tied totals, tied rounds: shared
        ({}, [[0, 10], [10, 0], [0, 0]], [0, 1, 0], (0,)),  # tied totals; seat 0 won 2 rounds
        ({"tie_break": "shared"}, [[0, 10], [10, 0], [0, 0]], [0, 1, 0], (0, 1)),
        ({"scoring": "tallies"}, [[0, 10], [50, 0], [0, 90]], [0, 1, 0], (0,)),
    ],
)
def test_match_winner_and_tie_break(
    rules: dict[str, object],
    points: list[list[int]],
    went_out: list[int | None],
    winners: tuple[int, ...],
) -> None:
    ruleset = CariocaRules.from_dict({"preset": "clasico", **rules})
    assert outcome(len(points[0]), points, went_out, ruleset).winners == winners
