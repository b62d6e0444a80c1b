"""A replay's step back keeps the event views both positions share (the engine's
``keep_views``, both games): the observation after it is the same as a fresh replay's, and
it builds views only for the events after the shared ones (the whole match's, 500-600 events
at a long match's end, made a step back cost ~2 ms more)."""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

import pytest

from carioca_desktop.play.replay_session import replay_session
from carioca_desktop.replay_tool import record_bot_match
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage.match_file import MatchFile
from carioca_desktop.storage.replay_check import new_game, steps

GAMES = ["carioca", "buraco"]


@cache
def _match(game: str) -> MatchFile:
    if game == "buraco":
        rules: Any = BuracoRules.from_dict(
            {"game": "buraco", "players": 2, "preset": "dois_jogadores"}
        )
        levels, seed = ["easy", "normal"], 43
    else:
        rules = CariocaRules.from_dict({"players": 3, "preset": "chico"})
        levels, seed = ["easy", "normal", "easy"], 21
    _r, match, _g = record_bot_match(game, rules, levels, seed)
    assert match is not None
    return match


def _game_after(match: MatchFile, count: int) -> Any:
    for number, (game, _a) in enumerate(steps(match), 1):
        if number == count:
            return game.clone()
    raise AssertionError(count)


@pytest.mark.parametrize("game", GAMES)
def test_a_step_back_keeps_the_shared_views_and_sees_the_same(game: str) -> None:
    match = _match(game)
    session = replay_session(match, seat=1)
    session.seek(120)
    session.game.observation(1)
    for position in (119, 117, 60, 121):
        session.seek(position)
        kept = session.game._views.get(1, [])
        assert len(kept) > 0  # the views of the events both positions share, not rebuilt
        assert session.game.observation(1) == _game_after(match, position).observation(1)


@pytest.mark.parametrize("game", GAMES)
def test_games_whose_logs_differ_share_no_views(game: str) -> None:
    match = _match(game)
    later = _game_after(match, 40)
    later.observation(0)
    other_deal = new_game(dataclasses.replace(match, seed=match.seed + 1))
    other_deal.keep_views(later)  # another deal: its first events differ
    assert other_deal._views == {}
    same = new_game(match)
    same.keep_views(later)  # the same deal: its events are the first of the later game's
    first = len(same.observation(0).events)
    assert first > 0 and len(same._views[0]) == first
    assert same.observation(0) == new_game(match).observation(0)
