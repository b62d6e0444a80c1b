"""The one action codec of both games (issue 29 item 4): any JSON value gives an action or a
``bad_action`` refusal with a short message, never another exception; both engines refuse a
malformed action by shape with a bounded message; a query for a seat that does not exist is
refused ``bad_seat`` in both games."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, given, settings

from carioca_desktop.rules import actioncodec
from carioca_desktop.rules.buraco import actions as bactions
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.rules.carioca import actions as cactions
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.errors import RulesError
from tests.fixtures.examples import examples

HUGE = 10**5000  # str() of it raises ValueError in Python 3.11+
KINDS = sorted(set(cactions.ACTION_TYPES) | set(bactions.ACTION_TYPES))
CODECS: dict[str, Callable[[Any], Any]] = {
    "carioca": cactions.action_from_dict,
    "buraco": bactions.action_from_dict,
}
KEYS = ["do", "seat", "meld", "card", "cards", "melds", "add", "from"]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([1, -1]).map(lambda sign: sign * HUGE),  # built: its repr would raise
    st.sampled_from([10**6, 10**6 + 1, -(10**6) - 1, 2**63]),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.sampled_from(["7H", "JK=7H", "x" * 5000, "stock", "pozo"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner),
    max_leaves=8,
)
action_dicts = st.one_of(
    values,
    st.fixed_dictionaries(
        {"do": st.sampled_from(KINDS)},
        optional={key: values for key in KEYS[1:]},
    ),
)


def _refused(codec: Callable[[Any], Any], data: Any) -> RulesError | None:
    try:
        codec(data)
    except RulesError as err:
        return err
    return None


@pytest.mark.properties
@settings(max_examples=examples(250), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(CODECS)), data=action_dicts)
def test_any_json_is_an_action_or_a_short_bad_action(game: str, data: Any) -> None:
    codec = CODECS[game]
    err = _refused(codec, data)
    if err is None:
        action = codec(data)
        to_dict = cactions.action_to_dict if game == "carioca" else bactions.action_to_dict
        assert codec(json.loads(json.dumps(to_dict(action)))) == action
        return
    assert err.code == "bad_action"
    assert len(err.message) <= actioncodec.MESSAGE_LIMIT


@pytest.mark.parametrize("game", sorted(CODECS))
@pytest.mark.parametrize("key", ["seat", "meld", "add"])
@pytest.mark.parametrize("value", [HUGE, -HUGE, 10**6 + 1, True, 1.0, "1"], ids=range(6))
def test_out_of_bound_or_untyped_numbers_are_refused_by_both(
    game: str, key: str, value: Any
) -> None:
    kind = "take_pile" if key == "add" else "swap"
    data = {"do": kind, "seat": 0, "meld": 0, "card": "7H", key: value}
    if game == "carioca" and key == "add":
        data["do"] = "swap"
        data["meld"] = value
    err = _refused(CODECS[game], data)
    assert err is not None and err.code == "bad_action"
    assert len(err.message) <= actioncodec.MESSAGE_LIMIT


@pytest.mark.parametrize("game", sorted(CODECS))
def test_oversized_melds_and_cards_are_refused_by_both(game: str) -> None:
    many = {"do": "lay_down", "seat": 0, "melds": [["7H", "7S", "7D"]] * 65}
    long_meld = {"do": "lay_down", "seat": 0, "melds": [["7H"] * 257]}
    long_card = {"do": "discard", "seat": 0, "card": "7" * 17}
    for data in (many, long_meld, long_card):
        err = _refused(CODECS[game], data)
        assert err is not None and err.code == "bad_action", data


def _carioca() -> Game:
    return Game.new(CariocaRules.from_dict({"players": 3}), 5)


def _buraco() -> BuracoGame:
    return BuracoGame.new(preset_rules("brasileiro", players=4), 5)


JUNK_BURACO: list[Any] = [
    bactions.Add(0, HUGE, ("5H",)),
    bactions.Swap(0, -HUGE, "5H"),
    bactions.Draw(HUGE),
    bactions.Discard(0, "x" * 10**6),
    bactions.LayDown(0, (("5H",) * 10**5,)),
    bactions.LayDown(0, "5H"),  # type: ignore[arg-type]
    bactions.TakePile(0, add=HUGE),
    bactions.TakePile(0, card=["x"]),  # type: ignore[arg-type]
    bactions.Add(0, 0, "5H"),  # type: ignore[arg-type]
    bactions.Draw(True),
]


@pytest.mark.parametrize("action", JUNK_BURACO, ids=range(len(JUNK_BURACO)))
def test_buraco_engine_refuses_malformed_actions_with_a_short_message(action: Any) -> None:
    game = _buraco()
    before = json.dumps(game.to_dict())
    refusal = game.check(action)
    assert refusal is not None and refusal.code == "bad_action"
    assert len(refusal.message) <= actioncodec.MESSAGE_LIMIT
    assert json.dumps(game.to_dict()) == before


@pytest.mark.parametrize("seat", [-1, -4, 4, 99, "0", True, None, 1.0, HUGE], ids=range(9))
@pytest.mark.parametrize("query", ["hand", "observation", "legal_actions"])
@pytest.mark.parametrize("maker", [_carioca, _buraco], ids=["carioca", "buraco"])
def test_a_seat_that_does_not_exist_is_refused(
    maker: Callable[[], Any], query: str, seat: Any
) -> None:
    game = maker()
    if seat is None and query == "legal_actions":
        pytest.skip("None asks for the seat to act")
    if seat == -1 and maker is _carioca and query == "observation":
        pytest.skip("Carioca's -1 is the spectator's view, meant for the round summary")
    if maker is _carioca and seat == 4 and query != "legal_actions":
        seat = 3  # three players in this Carioca match: seat 3 does not exist
    with pytest.raises(RulesError) as caught:
        getattr(game, query)(seat)
    assert caught.value.code == "bad_seat"
    assert len(caught.value.message) <= actioncodec.MESSAGE_LIMIT


def test_the_spectator_view_of_carioca_shows_no_hand() -> None:
    assert _carioca().observation(-1).hand == ()


JUNK_CARIOCA: list[Any] = [
    cactions.Draw(0, "x" * 100_000),  # was refused quoting all 100,000 characters
    cactions.Draw(HUGE, "stock"),
    cactions.Discard(0, "x" * 10**6),
    cactions.Add(0, -HUGE, "7H"),
    cactions.LayDown(0, (("7H",) * 10**5,)),
]


@pytest.mark.parametrize("action", JUNK_CARIOCA, ids=range(len(JUNK_CARIOCA)))
def test_carioca_engine_refuses_malformed_actions_with_a_short_message(action: Any) -> None:
    game = _carioca()
    before = json.dumps(game.to_dict())
    refusal = game.check(action)
    assert refusal is not None and refusal.code == "bad_action"
    assert len(refusal.message) <= actioncodec.MESSAGE_LIMIT
    assert json.dumps(game.to_dict()) == before
