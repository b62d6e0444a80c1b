"""A long evening stays smooth (issue 28, item 22): after each deal the objects alive (the
bots' solver caches above all) are frozen out of the garbage collector's full passes
(play/settle.py); measured in tools/bench/bench_long_evening.py."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco.actions import NextRound
from carioca_desktop.rules.buraco.ruleset import preset_rules


@pytest.fixture(autouse=True)
def thawed() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()


def test_every_deal_freezes_what_lives_on() -> None:
    seats = [SeatConfig("Ana", "bot", "normal"), SeatConfig("Beto", "bot", "hard")]
    rules = preset_rules("dois_jogadores", target=1500)
    session = BuracoSession.new(rules, seats, 4, autosave=False)
    assert gc.get_freeze_count() > 0  # the first deal
    gc.unfreeze()
    deals = 0
    while not session.game.is_over:
        action = NextRound() if session.game.round_over else session.pending_bot_action()
        assert action is not None
        session.apply(action)
        if isinstance(action, NextRound) and not session.game.is_over:
            deals += 1
            assert gc.get_freeze_count() > 0
            gc.unfreeze()
    assert deals >= 1
