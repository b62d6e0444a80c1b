"""The game seam of rule sets: RuleSet.from_dict dispatches on "game", Carioca's keys and
messages are as before, and another game's keys are refused by name."""

from __future__ import annotations

import pytest

from carioca_desktop import games
from carioca_desktop.rules import RuleSet, RuleSetError
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.rules.carioca import CariocaRules
from carioca_desktop.rules.ruleset import COMMON_KEYS, game_keys, game_rules


def test_the_default_game_is_carioca_and_is_not_written() -> None:
    for data in ({}, {"game": "carioca"}, {"game": "carioca", "preset": "chico"}):
        rules = RuleSet.from_dict(data)
        assert isinstance(rules, CariocaRules) and rules.game == "carioca"
        assert "game" not in rules.to_dict()
    assert CariocaRules.from_dict({"buy": True}).to_dict() == {"preset": "clasico", "buy": True}
    assert game_rules("carioca") is CariocaRules


def test_keys_keep_the_order_of_rules_md() -> None:
    keys = list(CariocaRules().as_dict())
    assert keys[:4] == ["preset", "players", "decks", "jokers_per_deck"]
    assert keys[-4:] == ["points", "going_out_points", "scoring", "tie_break"]
    assert set(COMMON_KEYS) - {"game"} <= set(keys)


def test_buraco_is_the_other_game() -> None:
    rules = RuleSet.from_dict({"game": "buraco", "preset": "italiano"})
    assert isinstance(rules, BuracoRules) and rules.target == 2000
    assert rules.to_dict() == {"game": "buraco", "preset": "italiano"}
    assert RuleSet.from_dict(rules.to_dict()) == rules and hash(rules) != hash(CariocaRules())
    with pytest.raises(RuleSetError) as info:
        RuleSet.from_dict({"game": "buraco", "rounds": ["2T"], "buy": True})
    assert "'rounds' is a carioca rule, not a buraco one" in info.value.message
    with pytest.raises(RuleSetError) as info:
        CariocaRules.from_dict({"game": "buraco"})
    assert info.value.code == "wrong_game"


def test_an_unknown_game_is_refused() -> None:
    for game in ("poker", 3):
        with pytest.raises(RuleSetError) as info:
            RuleSet.from_dict({"game": game})
        assert info.value.code == "unknown_game" and "carioca" in info.value.message


@pytest.mark.parametrize("key", sorted(set(BuracoRules.checkers) - set(COMMON_KEYS)))
def test_a_buraco_key_in_a_carioca_rule_set_is_named(key: str) -> None:
    with pytest.raises(RuleSetError) as info:
        CariocaRules.from_dict({"preset": "clasico", key: 1})
    assert info.value.code == "bad_rules"
    assert info.value.message == f"{key!r} is a buraco rule, not a carioca one"


def test_each_game_s_keys_come_from_its_own_rule_set_through_the_registry() -> None:
    """No second list of a game's keys to forget one in (Buraco's `ask_partner` was missing)."""
    assert "ask_partner" in game_keys("buraco") and "buy" in game_keys("carioca")
    for name in games.GAMES:
        rules = game_rules(name)
        assert rules is getattr(games.entry(name).module("rules"), games.entry(name).rules_class)
        assert game_keys(name) == set(rules().as_dict()) - set(COMMON_KEYS)
    with pytest.raises(RuleSetError) as info:
        CariocaRules.from_dict({"ask_partner": True})
    assert info.value.message == "'ask_partner' is a buraco rule, not a carioca one"


def test_carioca_messages_are_unchanged() -> None:
    with pytest.raises(RuleSetError) as info:
        RuleSet.from_dict({"foo": 1, "players": 1})
    assert info.value.message == "unknown key 'foo'; players: 1 is out of range (2 to 8)"
    with pytest.raises(RuleSetError, match="unknown preset 'x'; presets are: clasico"):
        RuleSet.from_dict({"preset": "x"})


def test_rule_sets_hash_and_compare_by_value() -> None:
    a, b = CariocaRules.from_dict({"buy": True}), RuleSet.from_dict({"buy": True})
    assert a == b and hash(a) == hash(b) and a != CariocaRules()
    assert a.with_changes(players=3).players == 3 and isinstance(a.with_changes(), CariocaRules)


def test_the_rules_package_exports_only_what_both_games_share() -> None:
    """`rules` names no game's engine; each game's package exports its own `Game`."""
    import carioca_desktop.rules as shared
    import carioca_desktop.rules.buraco as buraco
    import carioca_desktop.rules.carioca as carioca
    from carioca_desktop.rules.buraco.game import BuracoGame
    from carioca_desktop.rules.carioca.game import Game as CariocaGame

    assert "Game" not in shared.__all__ and "CariocaRules" not in shared.__all__
    assert {"Card", "Refusal", "RuleSet", "IllegalAction"} <= set(shared.__all__)
    for name in shared.__all__:
        assert getattr(shared, name) is not None, name
    assert carioca.Game is CariocaGame and buraco.Game is BuracoGame
    for package in (carioca, buraco):
        for name in package.__all__:
            assert getattr(package, name) is not None, (package.__name__, name)
    game = buraco.Game.new(buraco.BuracoRules.from_dict({"game": "buraco"}), 1)
    assert isinstance(game.observation(0), buraco.BuracoObservation)
