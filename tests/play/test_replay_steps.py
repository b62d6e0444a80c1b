"""A replay's step back at Buraco keeps the event views both positions share (the engine's
``keep_views``): the observation after it is the same as a fresh replay's, and it builds
views only for the events after the shared ones (the whole match's, 600 events at a long
match's end, made a step back cost ~2 ms more)."""

from __future__ import annotations

import dataclasses

from carioca_desktop.play.replay_session import BuracoReplaySession
from carioca_desktop.replay_tool import record_bot_match
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.storage.match_file import MatchFile
from carioca_desktop.storage.replay_check import new_game, steps


def _match() -> MatchFile:
    rules = BuracoRules.from_dict({"game": "buraco", "players": 2, "preset": "dois_jogadores"})
    _r, match, _g = record_bot_match("buraco", rules, ["easy", "normal"], 43)
    assert match is not None
    return match


def _game_after(match: MatchFile, count: int) -> BuracoGame:
    for number, (game, _a) in enumerate(steps(match), 1):
        if number == count:
            assert isinstance(game, BuracoGame)
            return game.clone()
    raise AssertionError(count)


def test_a_step_back_keeps_the_shared_views_and_sees_the_same() -> None:
    match = _match()
    session = BuracoReplaySession(match, seat=1)
    session.seek(120)
    session.game.observation(1)
    for position in (119, 117, 60, 121):
        session.seek(position)
        kept = session.game._views.get(1, [])
        assert len(kept) > 0  # the views of the events both positions share, not rebuilt
        assert session.game.observation(1) == _game_after(match, position).observation(1)


def test_games_whose_logs_differ_share_no_views() -> None:
    match = _match()
    later = _game_after(match, 40)
    later.observation(0)
    other_deal = new_game(dataclasses.replace(match, seed=match.seed + 1))
    assert isinstance(other_deal, BuracoGame)
    other_deal.keep_views(later)  # another deal: its first events differ
    assert other_deal._views == {}
    same = new_game(match)
    assert isinstance(same, BuracoGame)
    same.keep_views(later)  # the same deal: its events are the first of the later game's
    assert len(same._views[0]) == len(same.observation(0).events) == 3
    assert same.observation(0) == new_game(match).observation(0)
