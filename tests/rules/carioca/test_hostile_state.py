"""Impossible games in a valid-JSON autosave are refused (issue 15): each spoils one thing a
real saved match claims, and loading must raise ValueError (never load, crash or hang); the
file goes aside with its bytes. Also the engine's seat, RNG and rule-set errors."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.rules.cards import parse_card
from carioca_desktop.rules.carioca.game import SPECTATOR, Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.errors import RulesError, RuleSetError, StateError
from carioca_desktop.storage import Paths, load_autosave, write_autosave
from tests.fixtures.hostile_base import base_session_dict

Spoil = Callable[[dict[str, Any]], None]


def _meld(g: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(m for m in g["table"] if m["kind"] == kind)


def _trio_of_three_ranks(d: dict[str, Any]) -> None:
    """Swap two of a trío's cards for stock cards of other ranks; the slots follow the faces,
    so every card still stands where its slot says."""
    g = d["game"]
    trio = _meld(g, "trio")
    ranks = {trio["slots"][0][1]}
    for slot in trio["slots"][1:3]:
        for k, cid in enumerate(g["stock"]):
            card = parse_card(g["cards"][cid])
            if not card.is_joker and card.rank not in ranks:
                g["stock"][k], slot[0] = slot[0], cid
                slot[1], slot[2], slot[3] = card.rank, None, False
                ranks.add(card.rank)
                break


def _deck_of(n: int) -> Spoil:
    def spoil(d: dict[str, Any]) -> None:
        g = d["game"]
        g["cards"] = g["cards"][:n]
        used = {s[0] for m in g["table"] for s in m["slots"]}
        g["table"] = [m for m in g["table"] if all(s[0] < n for s in m["slots"])]
        kept = {s[0] for m in g["table"] for s in m["slots"]}
        g["hands"] = [[c for c in h if c < n] for h in g["hands"]]
        g["pozo"] = [c for c in g["pozo"] if c < n]
        loose = sorted((used - kept) & set(range(n)))
        g["stock"] = [c for c in g["stock"] if c < n] + loose
        if g["last_discard"] and g["last_discard"][1] >= n:
            g["last_discard"] = None

    return spoil


def _memory_card(d: dict[str, Any]) -> None:
    d["bots"]["1"]["memory"]["pozo"].append("ZZ")


def _name(text: str) -> Spoil:
    def spoil(d: dict[str, Any]) -> None:
        d["game"]["names"][2] = text
        d["seats"][2]["name"] = text

    return spoil


def _score(value: int) -> Spoil:
    def spoil(d: dict[str, Any]) -> None:
        g = d["game"]
        g["points"][0][1] = value
        end = next(e for e in g["events"] if e["kind"] == "round_end")
        end["points"][1] = value

    return spoil


def _special(code: str, size: int) -> Spoil:
    def spoil(d: dict[str, Any]) -> None:
        g = d["game"]
        escala = _meld(g, "escala")
        while len(escala["slots"]) > size:
            g["stock"].append(escala["slots"].pop()[0])
        escala["special"] = code

    return spoil


def _set(key: str, value: Any) -> Spoil:
    return lambda d: d["game"].__setitem__(key, value)


def _rng_zero(d: dict[str, Any]) -> None:
    d["game"]["rng"][1] = [0] * 624 + [624]


def _big_hand(d: dict[str, Any]) -> None:
    g = d["game"]
    for _ in range(18):
        g["hands"][0].append(g["stock"].pop(0))


def _empty_hand(d: dict[str, Any]) -> None:
    g = d["game"]
    seat = g["laid_down_at"].index(None)
    g["stock"] += g["hands"][seat]
    g["hands"][seat] = []


def _laid_down_without_melds(d: dict[str, Any]) -> None:
    g = d["game"]
    g["laid_down_at"][g["laid_down_at"].index(None)] = 0


def _went_out_with_points(d: dict[str, Any]) -> None:
    g = d["game"]
    points = g["points"][0]
    seat = max(range(len(points)), key=lambda s: points[s])
    g["went_out"][0] = seat
    next(e for e in g["events"] if e["kind"] == "round_end")["seat"] = seat


def _event(key: str, value: Any) -> Spoil:
    return lambda d: d["game"]["events"][-1].__setitem__(key, value)


def _same_numbers(d: dict[str, Any]) -> None:
    for event in d["game"]["events"]:
        event["n"] = 7


def _many_rounds(d: dict[str, Any]) -> None:
    d["game"]["rules"]["rounds"] = ["2T"] * 40_000


CASES: dict[str, Spoil] = {
    "trio_of_three_ranks": _trio_of_three_ranks,
    "deck_of_30_cards": _deck_of(30),
    "hard_bot_memory_ZZ": _memory_card,
    "nul_in_seat_name": _name("Be\x00to"),
    "name_of_10000_chars": _name("B" * 10_000),
    "negative_score": _score(-50),
    "score_10e200": _score(10**200),
    "escala_real_of_4": _special("ER", 4),
    "escala_de_color_of_3_in_round_2": _special("EC", 3),
    "all_zero_rng": _rng_zero,
    "hand_of_30_cards": _big_hand,
    "empty_hand_not_laid_down": _empty_hand,
    "turn_number_minus_1000": _set("turn_number", -1000),
    "laid_down_at_without_melds": _laid_down_without_melds,
    "progress_beyond_the_contract": _set("progress", [[9, 9]] * 4),
    "buys_999": _set("buys", [999, 0, 0, 0]),
    "went_out_with_points": _went_out_with_points,
    "event_seat_99": _event("seat", 99),
    "event_kind_explode": _event("kind", "explode"),
    "every_event_numbered_the_same": _same_numbers,
    "phase_play_without_draw": _set("phase", "play"),
    "rounds_40000": _many_rounds,
    "rng_word_out_of_range": lambda d: d["game"]["rng"][1].__setitem__(0, 2**40),
    "stray_round_index": _set("round_index", 5),
}


def test_the_base_match_loads() -> None:
    """The spoilt matches start from a real one, which must load (else every case is moot)."""
    MatchSession.from_dict(base_session_dict())


@pytest.mark.parametrize("name", sorted(CASES))
def test_an_impossible_match_is_refused(name: str) -> None:
    data = base_session_dict()
    CASES[name](data)
    assert json.dumps(data) != json.dumps(base_session_dict()), "the spoil changed nothing"
    with pytest.raises(ValueError):
        MatchSession.from_dict(data)


def test_an_impossible_save_is_set_aside_with_its_bytes(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    data = base_session_dict()
    _trio_of_three_ranks(data)
    write_autosave(data, paths)
    raw = paths.autosave_file.read_bytes()
    loaded, _, notices = load_autosave(paths, lambda d: MatchSession.from_dict(d, paths))
    assert loaded is None and [n.problem for n in notices] == ["invalid_game"]
    moved = notices[0].moved_to
    assert moved is not None and Path(moved).read_bytes() == raw
    assert not paths.autosave_file.exists()


# ---------------------------------------------------------------------- engine errors
@pytest.mark.parametrize("seat", [-1, 4, 10**400, True, "0", 1.0, None])
def test_a_hand_of_no_seat_is_a_clear_error(seat: Any) -> None:
    game = Game.new(CariocaRules(), 3)
    asks = (game.hand, game.has_laid_down) + (() if seat == SPECTATOR else (game.observation,))
    for ask in asks:
        with pytest.raises(RulesError) as err:
            ask(seat)
        assert err.value.code == "bad_seat"
    if seat == SPECTATOR:  # the one seat number that is not a seat: a spectator's view
        assert game.observation(seat).hand == ()


@pytest.mark.parametrize("word", [2**32, -1, 10**400])
def test_rng_words_out_of_range_are_a_state_error(word: int) -> None:
    data = Game.new(CariocaRules(), 3).to_dict()
    data["rng"][1][5] = word
    with pytest.raises(StateError):
        Game.from_dict(data)


@pytest.mark.parametrize(
    "rules",
    [{"rounds": [["2T"]]}, {"rounds": [{"2T": 1}]}, {"rounds": [None]}, {"rounds": ["2T"] * 65}],
)
def test_bad_rounds_are_a_rule_set_error(rules: dict[str, Any]) -> None:
    with pytest.raises(RuleSetError):
        CariocaRules.from_dict(rules)


def test_deep_json_in_a_saved_game_is_a_state_error() -> None:
    data = Game.new(CariocaRules(), 3).to_dict()
    deep: Any = []
    for _ in range(50_000):
        deep = [deep]
    data["events"][0]["melds"] = deep
    with pytest.raises(StateError):
        Game.from_dict(data)


VARIANTS = [{}, {"buy": True}, {"preset": "escala_real"}, {"preset": "familiar"},
            {"partial_contract": True, "extra_melds": True}, {"players": 6}]  # fmt: skip


# One test per rule set (each seeded by its place), so that the workers share them.
@pytest.mark.parametrize(("k", "variant"), list(enumerate(VARIANTS)))
def test_real_matches_stay_loadable_at_every_kind_of_moment(
    k: int, variant: dict[str, Any]
) -> None:
    """The deep checks refuse no real position: bot matches under several rule sets, saved
    and loaded every few actions."""
    from carioca_desktop.rules.carioca.actions import NextRound
    from tests.fixtures.simplay import random_action

    game, rng = Game.new(CariocaRules.from_dict(variant), k), random.Random(k)
    for step in range(400):
        if game.is_over:
            break
        if game.phase.value == "round_over":
            game.apply(NextRound())
        else:
            game.apply(random_action(game, rng))
        if step % 23 == 0 or game.phase.value != "play":
            assert Game.from_dict(json.loads(json.dumps(game.to_dict()))) == game


@pytest.mark.parametrize("key", ["rounds", "wild_twos", "players", "buy", "decks", "preset"])
def test_deep_values_in_a_rule_set_are_a_rule_set_error(key: str) -> None:
    deep: Any = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(RuleSetError) as err:
        CariocaRules.from_dict({key: [deep] if key == "rounds" else deep})
    assert len(err.value.message) < 200
