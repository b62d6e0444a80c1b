"""The buy offer on the table (issue 11, RULES.md §5): the person the engine asks sees a
prompt with the card, Comprar / Pasar (keys B / N) and a countdown that passes for them.

"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from carioca_desktop.i18n import tr
from carioca_desktop.play.carioca import offer as play_offer
from carioca_desktop.play.carioca.offer import OFFER_SECONDS, OfferClock
from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca.actions import STOCK, Action, Discard, Draw
from carioca_desktop.rules.carioca.position import from_position
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.games import table_for
from carioca_desktop.ui.scenes.carioca import TableScene
from carioca_desktop.ui.scenes.carioca import describe as table_describe
from carioca_desktop.ui.scenes.carioca.moves import TableMoves
from carioca_desktop.ui.scenes.pause import PauseScene
from tests.ui.carioca.test_table_scene import SIMPLE, frames, table

pytestmark = pytest.mark.usefixtures("spanish")


# ----------------------------------------------------------------------------- any engine
def test_the_offer_clock_counts_down_and_restarts_for_a_new_offer() -> None:
    clock = OfferClock()
    assert not clock.running and not clock.tick(60.0)
    clock.restart("a")
    assert clock.shown == 10 and clock.seconds == OFFER_SECONDS
    assert not clock.tick(0.5) and clock.shown == 10
    assert not clock.tick(4.0) and clock.shown == 6
    clock.restart("a")  # the same offer: the time keeps running
    assert clock.shown == 6
    assert clock.tick(6.0)
    clock.restart("b")
    assert clock.shown == 10


def fake_offer(monkeypatch: pytest.MonkeyPatch, seat: int, card: str) -> None:
    """Make the table believe the engine asks ``seat`` for ``card``."""
    offer = SimpleNamespace(seat=seat, card=card, drawer=1)
    monkeypatch.setattr(table_describe, "current_offer", lambda obs: offer)


def test_the_prompt_shows_the_card_and_counts_down_frozen_while_paused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_offer(monkeypatch, 0, "QH")
    passed: list[bool] = []
    monkeypatch.setattr(TableMoves, "pass_offer", lambda self: passed.append(True) or True)
    app, scene = table(tmp_path, SIMPLE)
    prompt = scene.offer
    assert prompt is not None and prompt.visible and prompt.count is not None
    assert prompt.count.text == tr("table.offer.countdown", n=10)
    widgets = scene.widgets
    assert widgets is not None and not hasattr(widgets, "buy")  # the prompt, not a button
    app.frame(3.2)
    assert prompt.count.text == tr("table.offer.countdown", n=7)
    app.push(PauseScene(app))
    for _ in range(5):
        app.frame(5.0)  # paused: the offer waits
    app.pop()
    app.frame(0.1)
    assert not passed and prompt.count.text == tr("table.offer.countdown", n=7)
    app.frame(7.0)
    assert passed == [True]  # the time ran out: the table passed for the person


def test_the_prompt_is_not_shown_when_another_seat_is_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_offer(monkeypatch, 1, "QH")
    _, scene = table(tmp_path, SIMPLE)
    assert scene.offer is not None and not scene.offer.visible
    assert scene.model.buttons.offer_card is None


def test_n_means_nothing_without_an_offer(tmp_path: Path) -> None:
    app, scene = table(tmp_path, SIMPLE)
    before = scene.session.game.event_count
    app.process(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n"))
    frames(app)
    assert scene.session.game.event_count == before


# ----------------------------------------------------------------------------- real offers
class PassingBot:
    """Draws from the stock, discards its first card, and passes every offer."""

    level = "easy"

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, obs: Any, legal: Sequence[Action]) -> Action:
        passes = [a for a in legal if type(a).__name__ == "Pass"]
        if passes:
            return passes[0]
        draws = [a for a in legal if isinstance(a, Draw)]
        if draws:
            return next(a for a in draws if a.source == STOCK)
        discards = [a for a in legal if isinstance(a, Discard)]
        return discards[0] if discards else legal[0]

    def to_dict(self) -> dict[str, Any]:
        return {}


THIRD = ["AD", "5S", "6C", "8D", "QD", "KD", "3C"]
DECK = ["2C", "4C", "6D", "8D", "9D", "10D", "QS", "KS", "4H", "5H", "6H", "7C"]


def offered_session(tmp_path: Path, kinds: Sequence[str]) -> MatchSession:
    """Seat 1 discards the Q♥ and seat 2 draws from the stock: the engine asks seat 0."""
    names = ["Tú", "Ana", "Beto"]
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 3, "buy": True})
    game = from_position(rules, [SIMPLE[0], SIMPLE[1], THIRD], stock=DECK, pozo=["KD"],
                         turn=1, names=names)  # fmt: skip
    game.apply(Draw(1, STOCK))
    game.apply(Discard(1, "QH"))
    game.apply(Draw(2, STOCK))
    seats = [SeatConfig(n, k, "easy" if k == "bot" else None) for n, k in zip(names, kinds)]
    bots: dict[int, Any] = {i: PassingBot(i) for i, k in enumerate(kinds) if k == "bot"}
    return MatchSession(game, seats, 1, "clasico", bots, Paths.under(tmp_path), autosave=False)


def offered_table(tmp_path: Path) -> tuple[App, TableScene]:
    session = offered_session(tmp_path, ("human", "bot", "bot"))
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    scene = TableScene(app, session)
    app.push(scene)
    frames(app)
    return app, scene


def answered(scene: TableScene, kind: str) -> bool:
    return any(e.seat == 0 and e.kind == kind for e in scene.obs.events)


def test_the_person_asked_buys_with_the_button(tmp_path: Path) -> None:
    app, scene = offered_table(tmp_path)
    assert scene.obs.offer is not None and scene.obs.offer.card == "QH"  # type: ignore[attr-defined]
    prompt = scene.offer
    assert prompt is not None and prompt.visible and prompt.buy is not None
    before = len(scene.obs.hand)
    app.process(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=prompt.buy.rect.center, button=1))
    app.process(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=prompt.buy.rect.center, button=1))
    frames(app, 4)
    assert answered(scene, "buy") and "QH" in scene.session.game.hand(0)
    assert len(scene.session.game.hand(0)) == before + 2  # the card and one from the stock
    assert not prompt.visible


@pytest.mark.parametrize("key", [pygame.K_b, pygame.K_n])
def test_b_buys_and_n_passes(tmp_path: Path, key: int) -> None:
    app, scene = offered_table(tmp_path)
    app.process(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    frames(app, 4)
    assert answered(scene, "buy" if key == pygame.K_b else "pass")
    assert ("QH" in scene.session.game.hand(0)) == (key == pygame.K_b)


def test_a_person_who_does_nothing_passes_when_the_time_is_up(tmp_path: Path) -> None:
    app, scene = offered_table(tmp_path)
    app.frame(OFFER_SECONDS - 1.0)
    assert not answered(scene, "pass") and scene.offer is not None and scene.offer.visible
    app.frame(1.5)
    frames(app, 4)
    assert answered(scene, "pass") and "QH" not in scene.session.game.hand(0)


def test_at_a_hot_seat_the_session_passes_for_the_person(tmp_path: Path) -> None:
    hot = offered_session(tmp_path, ("human", "human", "bot"))
    assert hot.game.current_player == 0
    assert hot.pending_bot_action() == play_offer.pass_action(0)
    alone = offered_session(tmp_path, ("human", "bot", "bot"))
    assert alone.pending_bot_action() is None  # the person answers on the table


def test_at_a_hot_seat_nobody_is_called_to_the_screen_for_an_offer(tmp_path: Path) -> None:
    from carioca_desktop.play.hotseat import HotSeat

    hot = offered_session(tmp_path, ("human", "human", "bot"))
    seats = HotSeat(hot)
    assert hot.game.current_player == 0 and seats.due() is None and seats.to_act() is None
    hot.apply(hot.pending_bot_action() or play_offer.pass_action(0))
    assert hot.game.phase.value == "play" and hot.game.current_player == 2


def test_a_language_switch_redraws_the_open_prompt_in_the_new_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_offer(monkeypatch, 0, "QH")
    app, scene = table(tmp_path, SIMPLE)
    monkeypatch.delenv("CARIOCA_LANG")  # else it would overrule the player's choice
    prompt = scene.offer
    assert prompt is not None and prompt.buy is not None
    assert prompt.buy.text == tr("table.offer.buy", "es")
    app.push(PauseScene(app))
    app.update_settings(app.settings.replace(language="en"))
    app.pop()
    app.frame(0.1)
    assert prompt.buy is not None and prompt.pass_ is not None
    assert prompt.buy.text == tr("table.offer.buy", "en") != tr("table.offer.buy", "es")
    assert prompt.pass_.text == tr("table.offer.pass", "en")


def test_the_prompt_says_what_a_buy_costs(tmp_path: Path) -> None:
    _, scene = offered_table(tmp_path)
    prompt = scene.offer
    assert prompt is not None and prompt.cost is not None and prompt.cost.alive()
    assert prompt.cost.text == tr("table.offer.cost")
    assert "1" in prompt.cost.text  # the one penalty card


@pytest.mark.parametrize("setting", [20, 0])
def test_the_buy_time_chosen_in_settings_is_the_tables(tmp_path: Path, setting: int) -> None:
    """Settings' 20 s waits 20 s; no limit never passes by itself and says so."""
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=True)
    app.update_settings(app.settings.replace(buy_seconds=setting))
    session = offered_session(tmp_path, ("human", "bot", "bot"))
    scene = table_for(app, session)
    app.push(scene)
    frames(app)
    assert isinstance(scene, TableScene) and scene.offer is not None
    app.frame(OFFER_SECONDS + 5.0)
    frames(app, 4)
    assert not answered(scene, "pass") and scene.offer.visible
    if setting == 0:
        assert scene.offer.count is not None
        assert scene.offer.count.text == tr("table.offer.no_limit")
        for _ in range(20):
            app.frame(30.0)
        assert not answered(scene, "pass") and scene.offer.visible
    else:
        app.frame(setting - OFFER_SECONDS - 4.0)
        frames(app, 4)
        assert answered(scene, "pass")


@pytest.mark.parametrize("bad", [5, -1, True, "10", None, 10.5])
def test_a_bad_buy_time_in_settings_is_refused(bad: object) -> None:
    from carioca_desktop.storage import Settings

    with pytest.raises(ValueError, match="buy_seconds"):
        Settings(buy_seconds=bad)  # type: ignore[arg-type]
    assert Settings().buy_seconds == 10
