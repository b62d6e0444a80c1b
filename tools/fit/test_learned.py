"""The learned evaluation hard uses for its discards: its features, the shipped weights, and
what happens when the weights file is missing or damaged."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

import carioca_desktop.bots.carioca.hard as hard_module
from carioca_desktop.bots.carioca.base import make_bot
from carioca_desktop.bots.carioca.driver import bot_step, play_match
from carioca_desktop.bots.carioca.hard import HardBot
from carioca_desktop.bots.carioca.normal import NormalBot
from carioca_desktop.rules.carioca.actions import Action, Discard
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from tools.fit import learned
from tools.fit.features import FEATURES, Context, context, features
from tools.fit.learned import (
    BadWeights,
    LearnedHardBot,
    load_model,
    model_from_dict,
    shipped_model,
)
from tools.fit.lookahead import best_discard, candidates, scored_discards

CLASICO = CariocaRules.from_dict({"preset": "clasico"})


def shipped_doc() -> dict[str, object]:
    data = json.loads(learned.weights_path().read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def a_discard_position(seed: int, round_index: int) -> tuple[Game, int]:
    """A clasico game at the first discard of ``round_index``, before anyone is down."""
    game = Game.new(CLASICO, seed)
    if round_index:
        game.skip_to_round(round_index)
    bots = [make_bot("normal", s, seed) for s in range(4)]
    while True:
        seat = game.current_player
        assert seat is not None
        action = bot_step(game, bots)
        assert action is not None
        if isinstance(action, Discard) and not game.has_laid_down(seat):
            return game, seat
        game.apply(action)


def test_the_shipped_weights_load_and_cover_every_clasico_contract() -> None:
    model = shipped_model()
    assert model is not None
    for index in range(len(CLASICO.rounds)):
        assert model.knows(CLASICO.contract(index).code)
    assert model_from_dict(shipped_doc()) == model


@pytest.mark.parametrize("round_index", range(8))
def test_a_hand_one_card_from_the_contract_is_worth_more_than_two(round_index: int) -> None:
    """The same position, only the least distance differs: one card away expects fewer
    points at the end of the round than two, and two fewer than three."""
    model = shipped_model()
    assert model is not None
    game, seat = a_discard_position(7, round_index)
    obs = game.observation(seat)
    code = CLASICO.contract(round_index).code
    card = obs.hand[0]
    values = []
    for least in (1, 2, 3):
        ctx = Context(0.5, 0.05, 0.0, 0.0, least, 0.2, 0.6, 1)
        values.append(model.value(code, features(obs, card, least, 0.2, 0.0, ctx)))
    assert values[0] < values[1] < values[2]


def test_features_read_the_position_and_the_choice() -> None:
    game, seat = a_discard_position(3, 6)
    obs = game.observation(seat)
    ctx = context(obs, 0.1, least=2, best_outs=0.25)
    assert ctx.held == pytest.approx(sum(_pts(c) for c in obs.hand) / 100)
    dear = max(obs.hand, key=_pts)
    x = dict(zip(FEATURES, features(obs, dear, 3, 0.1, 1.0, ctx), strict=True))
    assert x["d2"] == 1.0 and x["d1"] == x["d3"] == x["d4p"] == 0.0
    assert x["extra"] == 1.0 and x["outs"] == 0.1 and x["outs_d1"] == 0.0
    assert x["thrown"] == pytest.approx(_pts(dear) / 10) and x["feed"] == 1.0


def _pts(code: str) -> int:
    from carioca_desktop.bots.carioca.base import points

    return points(code, CLASICO)


def test_the_candidates_are_the_discards_near_the_least_distance() -> None:
    game, seat = a_discard_position(11, 7)
    obs = game.observation(seat)
    view = HardBot(seat, 11).view(obs)
    found = candidates(obs, sorted(set(obs.hand)), view, 0.1, lambda c: 0.0)
    assert found and set(found) <= set(obs.hand)
    extras = {x[FEATURES.index("extra")] for x in found.values()}
    assert 0.0 in extras and extras <= {0.0, 1.0}
    model = shipped_model()
    assert model is not None
    scores = scored_discards(obs, sorted(set(obs.hand)), view, model, 0.1, lambda c: 0.0)
    assert scores is not None and set(scores) == set(found)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(features=list(FEATURES)[:-1]),
        lambda d: d.update(version=99),
        lambda d: d["weights"].update({"3E": [1.0, 2.0]}),
        lambda d: d["weights"].update({"3E": [float("nan")] * len(FEATURES)}),
        lambda d: d["weights"].update({"3E": ["x"] * len(FEATURES)}),
        lambda d: d.update(weights={}),
    ],
)
def test_a_damaged_weights_document_is_refused(damage: object) -> None:
    doc = shipped_doc()
    assert callable(damage)
    damage(doc)
    with pytest.raises(BadWeights):
        model_from_dict(doc)


def test_a_damaged_weights_file_is_logged_and_hard_plays_by_its_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    broken = tmp_path / "eval.json"
    broken.write_text('{"format": "carioca-eval", "version": 1, "weights": [', encoding="utf-8")
    monkeypatch.setattr(learned, "weights_path", lambda: broken)
    monkeypatch.setattr(hard_module, "HardBot", LearnedHardBot)  # the level "hard" plays it
    shipped_model.cache_clear()
    try:
        with caplog.at_level(logging.WARNING, logger=learned.__name__):
            bot = LearnedHardBot(0, 1)
        assert bot.model is None
        assert any("not used" in r.getMessage() for r in caplog.records)
        result = play_match(CariocaRules.from_dict({"preset": "chico"}), ["hard"] * 4, 5)
        assert result.finished
    finally:
        shipped_model.cache_clear()
    assert load_model(tmp_path / "missing.json") is None


def test_hard_with_the_model_plays_legal_matches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hard_module, "HardBot", LearnedHardBot)  # the level "hard" plays it
    played: list[Action] = []

    def judge(game: Game, action: Action) -> None:
        check = game.check(action)
        assert check is None, (action, check)
        played.append(action)

    rules = CariocaRules.from_dict({"preset": "chico"})
    result = play_match(rules, ["hard", "normal", "hard", "normal"], 41, on_action=judge)
    assert result.finished and played


def test_without_the_model_hard_discards_as_its_rules_say() -> None:
    """The model only changes the discard before laying down: without it hard throws what
    normal's rules (with hard's weighing) choose; with it, the candidate it values best."""
    game, seat = a_discard_position(5, 6)
    obs = game.observation(seat)
    discards = [a for a in game.legal_actions(seat) if isinstance(a, Discard)]
    ruled = LearnedHardBot(seat, 5)
    ruled.model = None
    view = ruled.view(obs)
    assert ruled.discard(obs, discards, view) == NormalBot.discard(ruled, obs, discards, view)
    bot = LearnedHardBot(seat, 5)
    bot.model = shipped_model()
    assert bot.model is not None
    codes = sorted({d.card for d in discards})
    scores = scored_discards(
        obs, codes, view, bot.model, bot.hazard(obs), lambda c: bot.feed_risk(obs, view, c)
    )
    assert scores is not None
    assert bot.discard(obs, discards, view) == Discard(seat, best_discard(scores))


def test_the_weights_live_with_the_tools_and_not_in_the_game() -> None:
    """Switched off, the model is not shipped: its weights sit beside learned.py, outside the
    assets the wheel and the executable carry, and the game's hard bot has no model."""
    from carioca_desktop.resources import assets_dir

    path = learned.weights_path()
    assert path.is_file() and not path.is_relative_to(assets_dir())
    assert not hasattr(HardBot(0, 1), "model")
