"""Buraco engine unit tests, table-driven: rule sets, melds, adds and swaps, the game's phases,
observations, JSON state and its validation."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from carioca_desktop.rules.buraco.actions import (
    Add,
    Discard,
    Draw,
    LayDown,
    NextRound,
    Swap,
    TakePile,
    action_from_dict,
    action_to_dict,
)
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.melds import (
    Layout,
    add_card,
    analyse_meld,
    buraco_kind,
    slot_text,
)
from carioca_desktop.rules.buraco.ruleset import KEYS, PRESETS, BuracoRules, preset_rules
from carioca_desktop.rules.buraco.state import DECK, Phase
from carioca_desktop.rules.cards import parse_marked
from carioca_desktop.rules.errors import IllegalAction, RulesError, RuleSetError, StateError

B = {"game": "buraco"}


def rules(**changes: Any) -> BuracoRules:
    return BuracoRules.from_dict({**B, **changes})


# --------------------------------------------------------------------------- rule sets
def test_default_is_brasileiro_and_presets_differ_as_documented() -> None:
    assert rules() == preset_rules("brasileiro") == BuracoRules()
    it = preset_rules("italiano")
    assert (it.swap, it.first_meld_min, it.target, it.stock_end_at) == ("shift", 50, 2000, 2)
    assert not it.sets_of_twos and it.go_out_needs_discard and not it.go_out_discard_wild
    assert preset_rules("stbl").sets == "none" and preset_rules("stbl").pile_visible == "top"
    assert preset_rules("fechado").pile_take == "must_use_top"
    assert preset_rules("dois_jogadores").players == 2
    assert preset_rules("tres_mortos").mortos == 3


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_rules_round_trip(preset: str) -> None:
    r = preset_rules(preset, target=1234)
    assert BuracoRules.from_dict(r.to_dict()) == r
    assert r.to_dict()["game"] == "buraco" and r.to_dict()["target"] == 1234


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ({}, "game"),
        ({"game": "carioca"}, "game"),
        ({**B, "preset": "clasico"}, "clasico"),
        ({**B, "rounds": ["2T"]}, "rounds"),
        ({**B, "wild_twos": "all", "buy": True}, "buy"),
        ({**B, "escala_min": 3}, "escala_min"),
        ({**B, "hand_size": 11}, "hand_size"),
        ({**B, "players": 3}, "players"),
        ({**B, "mortos": 1}, "mortos"),
        ({**B, "sets": "all"}, "sets"),
        ({**B, "ace": "wrap"}, "ace"),
        ({**B, "swap": True}, "swap"),
        ({**B, "first_meld_min": -5}, "first_meld_min"),
        ({**B, "stock_end_at": 1}, "stock_end_at"),
        ({**B, "points": {"X": 1}}, "points"),
        ({**B, "bonuses": {"limpo": "a lot"}}, "bonuses"),
        ({**B, "flying": 1}, "flying"),
    ],
)
def test_bad_rules_are_named(data: dict[str, Any], named: str) -> None:
    with pytest.raises(RuleSetError) as err:
        BuracoRules.from_dict(data)
    assert named in err.value.message


def test_every_bad_key_in_one_message() -> None:
    with pytest.raises(RuleSetError) as err:
        BuracoRules.from_dict({**B, "rounds": [], "mortos": 9, "pile_take": "x"})
    assert all(k in err.value.message for k in ("rounds", "mortos", "pile_take"))


def test_every_key_has_a_checker_and_a_field() -> None:
    assert set(KEYS) == set(BuracoRules().as_dict()) - {"preset", "game"}


ZERO = dict.fromkeys(BuracoRules().points, 0)


@pytest.mark.parametrize(
    ("data", "code"),
    [
        # No first meld could reach the minimum: all 108 cards together are worth less.
        ({"preset": "italiano", "points": ZERO}, "first_meld_unreachable"),
        ({"first_meld_min": 1081}, "first_meld_unreachable"),
        ({"first_meld_min": 50, "points": {**ZERO, "K": 6}}, "first_meld_unreachable"),
        # Nothing ever scores above zero: no total could reach the target.
        (
            {"points": ZERO, "bonuses": {"limpo": 0, "sujo": 0, "going_out": 0}},
            "target_unreachable",
        ),
    ],
)
def test_unplayable_combinations_are_refused_with_a_code(data: dict[str, Any], code: str) -> None:
    with pytest.raises(RuleSetError) as err:
        BuracoRules.from_dict({**B, **data})
    assert err.value.code == code


@pytest.mark.parametrize(
    "data",
    [
        {"first_meld_min": 1080},  # every card, exactly
        {"first_meld_min": 50, "points": {**ZERO, "K": 7}},  # eight kings: 56
        {"points": ZERO},  # buracos and going out still score
        {"points": ZERO, "bonuses": {"limpo": 0, "sujo": 0, "going_out": 0, "no_morto": -1}},
        {"points": {**ZERO, "3": -5}, "bonuses": {"limpo": 0, "sujo": 0, "going_out": 0}},
    ],
)
def test_playable_edge_combinations_are_accepted(data: dict[str, Any]) -> None:
    BuracoRules.from_dict({**B, **data})


def test_keys_without_effect_are_named() -> None:
    assert BuracoRules().inert_keys() == ()
    assert preset_rules("stbl").inert_keys() == ("sets_of_twos", "rediscard_single_pile")
    assert preset_rules("brasileiro", indirect_morto="continue").inert_keys() == ("unplayed_morto",)


def test_the_preset_the_rules_are_is_found() -> None:
    for name in PRESETS:
        assert preset_rules(name).matching_preset() == name
    assert preset_rules("brasileiro", players=2).matching_preset() == "dois_jogadores"
    assert preset_rules("fechado", sets="none").matching_preset() == "stbl"
    assert preset_rules("brasileiro", target=2500).matching_preset() is None


# --------------------------------------------------------------------------- melds
MELDS = [
    ({}, ["5H", "6H", "JK"], "5H 6H JK=7H", None),
    ({}, ["JK", "5H", "6H"], "5H 6H JK=7H", None),
    ({}, ["QC", "KC", "JK"], "QC KC JK=AC", None),
    ({}, ["2H", "3H", "4H"], "2H 3H 4H", None),
    ({}, ["2H", "2H", "3H", "4H"], "2H 3H 4H 2H=5H", None),
    ({}, ["AH", "2H", "3H", "2C", "5H"], "AH 2H 3H 2C=4H 5H", None),
    ({}, ["QC", "KC", "AC"], "QC KC AC", None),
    ({}, ["7S", "7H", "2C"], "7S 7H 2C=7", None),
    ({}, ["2S", "2H", "2D", "JK"], "2S 2H 2D JK=2", None),
    ({}, ["3H", "4H", "5H", "6H", "7H", "8H", "9H"], "3H 4H 5H 6H 7H 8H 9H", "limpo"),
    ({}, ["3H", "4H", "5H", "6H", "7H", "8H", "2S"], "3H 4H 5H 6H 7H 8H 2S=9H", "sujo"),
    ({}, ["KS", "AS", "2S"], "2S=QS KS AS", None),
    ({}, ["KS", "AS", "2S", "3S"], "not_consecutive", None),
    ({}, ["5H", "JK", "7H", "2C", "9H"], "too_many_wilds", None),
    ({}, ["7S", "7H", "JK", "2C"], "too_many_wilds", None),
    ({}, ["5H", "6H"], "too_short", None),
    ({}, ["5H=6H", "7H", "8H"], "marker_on_natural", None),
    ({"sets_of_twos": False}, ["2S", "2H", "2D"], "set_rank_not_allowed", None),
    ({"sets": "none"}, ["9S", "9H", "9D"], "set_rank_not_allowed", None),
    ({"sets": "A_3_K"}, ["9S", "9H", "9D"], "set_rank_not_allowed", None),
    ({"sets": "A_3_K"}, ["3S", "3H", "JK"], "3S 3H JK=3", None),
    ({"run_wilds": "none"}, ["5H", "6H", "JK"], "wild_not_allowed_here", None),
    ({"run_wilds": "long_runs"}, ["5H", "6H", "JK"], "wild_not_allowed_here", None),
    ({"run_wilds": "long_runs"}, ["JK", "5H", "6H", "7H"], "5H 6H 7H JK=8H", None),
    ({"run_wilds": "long_runs"}, ["JK=4H", "5H", "6H", "7H"], "wild_not_allowed_here", None),
    ({"run_wilds": "long_runs"}, ["JK=AH", "2H", "3H", "4H"], "JK=AH 2H 3H 4H", None),
    (
        {"ace": "both_ends"},
        ["AH", *[f"{r}H" for r in range(2, 11)], "JH", "QH", "KH", "AH"],
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
        "limpo",
    ),
    (
        {},
        ["AH", *[f"{r}H" for r in range(2, 11)], "JH", "QH", "KH", "AH"],
        "too_long|repeated_rank",
        None,
    ),
]


@pytest.mark.parametrize(("changes", "cards", "expect", "kind"), MELDS)
def test_meld_table(
    changes: dict[str, Any], cards: list[str], expect: str, kind: str | None
) -> None:
    entries = [parse_marked(c) for c in cards]
    result = analyse_meld(entries, rules(**changes))
    if isinstance(result, Layout):
        text = " ".join(slot_text(s, entries[s.ref][0]) for s in result.slots)
        assert text == expect
        assert buraco_kind(result) == kind
    else:
        assert "|" in expect or result.code == expect, result
        if "|" in expect and expect.split("|")[0]:
            assert result.code in expect.split("|")


def _lay(cards: list[str], r: BuracoRules) -> tuple[Layout, list[Any]]:
    entries = [parse_marked(c) for c in cards]
    layout = analyse_meld(entries, r)
    assert isinstance(layout, Layout)
    return layout, [e[0] for e in entries]


ADDS = [
    ({}, ["3D", "4D", "5D", "6D", "7D", "8D"], "2D", "2D 3D 4D 5D 6D 7D 8D"),
    ({}, ["3D", "4D", "5D", "6D", "7D", "8D"], "2D=9D", "3D 4D 5D 6D 7D 8D 2D=9D"),
    ({}, ["5D", "6D", "7D"], "JK", "ambiguous_wild"),
    ({}, ["5D", "6D", "7D"], "JK=4D", "JK=4D 5D 6D 7D"),
    ({}, ["5D", "6D", "7D"], "JK=9D", "does_not_fit"),
    ({}, ["5D", "6D", "JK=7D"], "2C", "too_many_wilds"),
    ({}, ["2H=3H", "4H", "5H"], "3H", "2H 3H 4H 5H"),
    ({"swap": "shift"}, ["2H=3H", "4H", "5H"], "3H", "2H 3H 4H 5H"),
    ({}, ["4H", "5H", "JK=6H", "7H"], "6H", "use_swap"),
    ({"swap": "shift"}, ["4H", "5H", "JK=6H", "7H"], "6H", "4H 5H 6H 7H JK=8H"),
    ({"swap": "shift"}, ["9H", "10H", "JH", "QH", "KH", "JK=AH"], "AH", "JK=8H 9H 10H JH QH KH AH"),
    (
        {},
        [f"{r}C" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")],
        "AC",
        "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
    ),
    ({}, ["QS", "QH", "QD"], "QC", "QS QH QD QC"),
    ({}, ["QS", "QH", "QD"], "2C", "QS QH QD 2C=Q"),
    ({}, ["2S", "2H", "2D"], "2C", "2S 2H 2D 2C"),
    ({"run_wilds": "long_runs"}, ["5H", "6H", "7H"], "JK=4H", "wild_not_allowed_here"),
]


@pytest.mark.parametrize(("changes", "meld", "card", "expect"), ADDS)
def test_add_table(changes: dict[str, Any], meld: list[str], card: str, expect: str) -> None:
    r = rules(**changes)
    layout, cards = _lay(meld, r)
    new_card, marker = parse_marked(card)
    ref = len(cards)
    all_cards = [*cards, new_card]
    result = add_card(layout, new_card, marker, ref, lambda i: all_cards[i], r)
    if isinstance(result, Layout):
        assert " ".join(slot_text(s, all_cards[s.ref]) for s in result.slots) == expect
    else:
        assert result.code == expect, result


# --------------------------------------------------------------------------- game
def position(**kw: Any) -> BuracoGame:
    r = kw.pop("rules", rules())
    hands = kw.pop("hands", [["AS", "AH"], ["QS", "QH"], ["9D", "8D"], ["JS", "JD"]])
    return BuracoGame.from_position(r, hands, **kw)


@pytest.mark.parametrize(
    ("preset", "stock", "pile"),
    [
        ("brasileiro", 41, 1),
        ("dois_jogadores", 63, 1),
        ("tres_mortos", 30, 1),
        ("italiano", 41, 1),
    ],
)
def test_deal(preset: str, stock: int, pile: int) -> None:
    for seed in range(20):
        g = BuracoGame.new(preset_rules(preset), seed)
        s = g.state
        assert len(s.stock) == stock and len(s.pile) == pile
        assert all(len(h) == 11 for h in s.hands) and all(len(m) == 11 for m in s.mortos)
        assert not DECK[s.pile[0]].is_joker and DECK[s.pile[0]].rank != 2
        assert g.current_player == 0 and s.dealer == g.players - 1
        g.validate()


def test_first_upcard_none_and_keep_wild() -> None:
    g = BuracoGame.new(rules(first_upcard="none"), 1)
    assert not g.state.pile and len(g.state.stock) == 42
    wilds = 0
    for seed in range(300):
        s = BuracoGame.new(rules(first_upcard="keep_wild"), seed).state
        wilds += DECK[s.pile[0]].is_joker or DECK[s.pile[0]].rank == 2
    assert wilds > 0


def test_refusals_change_nothing_and_carry_codes() -> None:
    g = position(stock=["7S", "8S"], pile=["3D"])
    before = json.dumps(g.to_dict())
    for action, code in [
        (Draw(1), "not_your_turn"),
        (Discard(0, "AS"), "must_draw_first"),
        (LayDown(0, (("AS", "AH", "AD"),)), "must_draw_first"),
        (TakePile(0, melds=(("AS", "AH", "3D"),)), "pile_use_not_allowed"),
        (NextRound(), "round_not_over"),
        (Draw(9), "bad_seat"),
    ]:
        refusal = g.check(action)
        assert refusal is not None and refusal.code == code, (action, refusal)
        with pytest.raises(IllegalAction):
            g.apply(action)
        assert json.dumps(g.to_dict()) == before


def test_morto_becomes_stock_and_round_ends_on_empty_stock() -> None:
    g = position(stock=[], pile=["3D"], mortos=[["KD", *["QD"] * 2, "JD"]], took_morto=[1, 0])
    g.apply(Draw(0))
    assert len(g.state.stock) == 3 and not g.state.mortos and g.hand(0)[-1] == "KD"


def test_observation_hides_partner_hand_and_morto() -> None:
    g = position(
        hands=[["QS", "QH", "QD", "4C"], ["AS", "AH"], ["8S", "8H"], ["JS", "JD"]],
        stock=["QC", "7S"],
        pile=["9D"],
        mortos=[["KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H"]],
    )
    g.apply(Draw(0))
    g.apply(LayDown(0, (("QS", "QH", "QD", "QC"),)))
    g.apply(Discard(0, "4C"))  # empties the hand: the morto comes to seat 0
    for seat in range(4):
        obs = g.observation(seat)
        assert obs.hand == tuple(g.hand(seat))
        morto = [e for e in obs.events if e.kind == "morto"]
        assert len(morto) == 1
        if seat == 0:
            assert len(morto[0].secret) == 11
        else:
            assert morto[0].secret == () and morto[0].hidden == 11
        draws = [e for e in obs.events if e.kind == "draw"]
        assert (draws[0].secret == ("QC",)) == (seat == 0)
    assert g.observation(2).hand_sizes == (11, 2, 2, 2)
    assert g.observation(1).morto_holders == ((0,), ())


def test_pile_visible_top_shows_only_the_top() -> None:
    g = position(rules=rules(pile_visible="top"), stock=["7S"], pile=["3D", "4D", "5D"])
    obs = g.observation(1)
    assert obs.pile == () and obs.pile_top == "5D" and obs.pile_size == 3
    assert position(stock=["7S"], pile=["3D", "4D"]).observation(1).pile == ("3D", "4D")


def test_open_hands_shows_every_hand() -> None:
    g = position(rules=rules(open_hands=True), stock=["7S"], pile=["3D"])
    assert g.observation(1).open_hands == (("AS", "AH"), ("QS", "QH"), ("9D", "8D"), ("JS", "JD"))


def test_legal_actions_are_legal() -> None:
    g = BuracoGame.new(rules(), 3)
    rng = random.Random(3)
    for _ in range(200):
        actions = g.legal_actions()
        assert actions
        for action in actions:
            assert g.check(action) is None
        g.apply(rng.choice(actions))
        if g.round_over:
            break


def test_legal_discards_are_the_discards_among_the_legal_actions() -> None:
    """What the coach's play-outs offer a seat that has drawn: the same discards as the full
    list, and none outside that seat's play."""
    g = BuracoGame.new(rules(), 5)
    rng = random.Random(5)
    seen = 0
    for _ in range(300):
        turn = g.current_player
        for seat in range(g.players):
            lean = g.legal_discards(seat)
            if seat == turn and g.phase == Phase.PLAY:
                full = [a for a in g.legal_actions(seat) if isinstance(a, Discard)]
                assert sorted(map(repr, lean)) == sorted(map(repr, full))
                seen += bool(lean)
            else:
                assert lean == []
        if g.round_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    assert seen > 5


# --------------------------------------------------------------------------- JSON
def test_state_round_trip_and_clone() -> None:
    g = BuracoGame.new(preset_rules("italiano"), 5)
    for action in (Draw(0), Discard(0, g.hand(0)[0])):
        if g.check(action) is None:
            g.apply(action)
    data = g.to_dict()
    again = BuracoGame.from_dict(json.loads(json.dumps(data)))
    assert again.to_dict() == data and g.clone() == g and str(g)


@pytest.mark.parametrize(
    "tamper",
    [
        lambda d: d["hands"][0].append(d["stock"][0]),
        lambda d: d["stock"].pop(),
        lambda d: d["table"].append(
            {
                "side": 0,
                "kind": "trio",
                "start": 0,
                "suit": None,
                "slots": [[d["stock"][0], 5, "S", False]],
            }
        ),
        lambda d: d.update(phase="dancing"),
        lambda d: d.update(turn=7),
        lambda d: d["holders"][0].extend([0, 2]),
        lambda d: d["rules"].update(game="carioca"),
        lambda d: d.update(format="carioca-match"),
        lambda d: d["mortos"].append([]),
    ],
)
def test_tampered_state_is_refused(tamper: Any) -> None:
    data = json.loads(json.dumps(BuracoGame.new(rules(), 1).to_dict()))
    tamper(data)
    with pytest.raises(StateError):
        BuracoGame.from_dict(data)


@pytest.mark.parametrize(
    "action",
    [
        Draw(1),
        TakePile(0),
        TakePile(0, melds=(("9S", "9H", "9D"),)),
        TakePile(0, add=2, card="JK=9H"),
        LayDown(2, (("5H", "6H", "7H"), ("QS", "QH", "QD"))),
        Add(3, 1, ("8D", "9D")),
        Swap(0, 0, "7C"),
        Discard(1, "KD"),
        NextRound(),
    ],
)
def test_action_dict_round_trip(action: Any) -> None:
    data = action_to_dict(action)
    assert action_from_dict(json.loads(json.dumps(data))) == action


@pytest.mark.parametrize(
    "data",
    [
        None,
        {},
        {"do": "fly"},
        {"do": "draw"},
        {"do": "add", "seat": 0, "meld": "x", "cards": []},
        {"do": "lay_down", "seat": 0, "melds": "5H"},
        {"do": "discard", "seat": True, "card": "5H"},
    ],
)
def test_bad_action_dicts(data: Any) -> None:
    with pytest.raises(RulesError):
        action_from_dict(data)


@pytest.mark.parametrize("word", [2**32, -1, 10**400])
def test_a_buraco_save_with_rng_words_out_of_range_is_a_state_error(word: int) -> None:
    from carioca_desktop.rules.buraco.game import BuracoGame
    from carioca_desktop.rules.errors import StateError
    from carioca_desktop.rules.ruleset import RuleSet

    data = BuracoGame.new(RuleSet.from_dict({"game": "buraco"}), 3).to_dict()
    rng_key = next(k for k, v in data.items() if k.startswith("rng") and isinstance(v, list))
    data[rng_key][1][5] = word
    with pytest.raises(StateError):
        BuracoGame.from_dict(data)


def test_a_two_going_home_by_a_swap_is_listed_among_the_legal_actions() -> None:
    """The 2♠ held while a joker stands for it in A♠ JK 3♠: the swap is legal (§3.5) and
    listed (a network table offers only what the host lists: it was left out, as any 2 is
    a wild, so a person at another computer could not make it)."""
    g = BuracoGame.from_position(
        preset_rules("brasileiro"),
        [["2S", "9H", "KD", "QC"], ["QS", "QH"], ["8C", "8H"], ["JS", "JD"]],
        stock=["4D", "9D"],
        pile=["3C"],
        table=[{"side": 0, "meld": ["AS", "JK=2S", "3S"]}],
        mortos=[["5D", "6D", "7D"], ["5H", "7H", "8D"]],
    )
    g.apply(Draw(0))
    swap = Swap(0, 0, "2S")
    assert g.check(swap) is None and swap in g.legal_actions(0)
    g.apply(swap)
    assert g.observation(0).table[0].cards == ("AS", "2S", "3S") and "JK" in g.observation(0).hand


@pytest.mark.parametrize("seed", range(6))
def test_every_one_card_swap_the_engine_allows_is_listed(seed: int) -> None:
    """Random play (the same walk as the simulation's): at each play phase, each hand card
    swapped onto each of the side's melds is listed exactly when ``check`` allows it."""
    from tests.fixtures.buraco_play import random_action

    rng = random.Random(seed)
    game = BuracoGame.new(preset_rules("brasileiro"), seed)
    seen = 0
    for _ in range(400):
        if game.round_over:
            break
        seat = game.current_player
        obs = game.observation(seat)
        if obs.phase == "play":
            legal = set(game.legal_actions(seat))
            mine = [i for i, m in enumerate(obs.table) if m.side == seat % 2]
            for code in set(obs.hand):
                for meld in mine:
                    swap = Swap(seat, meld, code)
                    assert (game.check(swap) is None) == (swap in legal), swap
                    seen += 1
        game.apply(random_action(game, rng))
    assert seen > 0
