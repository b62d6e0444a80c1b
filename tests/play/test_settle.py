"""A long evening stays smooth (issue 28, item 22): after each deal the objects alive (the
bots' solver caches above all) are frozen out of the garbage collector's full passes
(play/settle.py); measured in tools/bench/bench_long_evening.py."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from carioca_desktop.play import settle
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


class Screen:
    """Stands for a screen: a reference cycle, as a scene and its widgets are."""

    def __init__(self) -> None:
        self.me = self


def test_the_screens_alive_at_a_matchs_start_are_freed_at_its_next_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(settle, "THAW_EACH_MATCH", True)  # as in the app (the suite's is off)
    # The New game screen is alive when its match is dealt, and frozen with the rest; once
    # dropped it used to stay for good (about 17 MB a match in the app).
    screen = Screen()
    alive = weakref.ref(screen)
    seats = [SeatConfig("Ana", "bot", "normal"), SeatConfig("Beto", "bot", "hard")]
    session = BuracoSession.new(preset_rules("dois_jogadores", target=1500), seats, 4,
                                autosave=False)  # fmt: skip
    del screen
    gc.collect()
    assert alive() is not None  # frozen at the first deal, as before: no collection walks it
    while not isinstance(action := session.pending_bot_action() or NextRound(), NextRound):
        session.apply(action)
    assert session.game.round_over
    session.apply(action)  # the second deal
    assert alive() is None
    assert gc.get_freeze_count() > 0  # what lives on is frozen again
