"""A finished match never comes back as a Continue (issue 29 item 3), in both games: once the
last action is applied the finished state is the last thing saved; the record and the
removal follow, and nothing the table does afterwards (arranging the hand, which saves)
writes the save again."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.carioca.session import MatchSession, SeatConfig
from carioca_desktop.play.resume import load_resumable
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths, has_autosave, load_stats
from carioca_desktop.storage.autosaver import flush_pending
from tests.fixtures.buraco_play import random_action
from tests.fixtures.hostile_base import play_step, stand_ins

SEATS = [SeatConfig("Tu", "human"), SeatConfig("Ana", "bot", "random")]


def _carioca(paths: Paths) -> MatchSession:
    rules = CariocaRules.from_dict({"preset": "chico", "players": 2})
    session = MatchSession.new(rules, SEATS, 3, paths=paths)
    players = stand_ins(session)
    while play_step(session, players):
        pass
    return session


def _buraco(paths: Paths) -> BuracoSession:
    rules = preset_rules("brasileiro", players=2, target=1)
    session = BuracoSession.new(rules, SEATS, 3, paths=paths)
    rng = random.Random(3)
    while not session.game.is_over:
        session.apply(random_action(session.game, rng))
    return session


@pytest.mark.parametrize("play", [_carioca, _buraco], ids=["carioca", "buraco"])
def test_arranging_the_hand_after_the_end_writes_no_save(tmp_path: Path, play: Any) -> None:
    paths = Paths.under(tmp_path)
    session = play(paths)
    flush_pending(paths)
    assert not has_autosave(paths)
    assert [m.match_id for m in load_stats(paths)[0].records] == [session.match_id]
    hand = session.game.hand(0)
    session.arrange(0, list(reversed(hand)) or ["7H"], ())  # the table saves a new order
    session.arrange(0, hand, ())
    flush_pending(paths)
    assert not has_autosave(paths)  # no Continue that cannot continue
    resumed, notices = load_resumable(paths)
    assert resumed is None and notices == []
    assert len(load_stats(paths)[0].records) == 1
