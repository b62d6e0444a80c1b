"""Hot seat: a privacy screen before each person's turn and no hand face up in between.

Also: a public move log, no out-of-turn buying offered, and a resumed match asks first.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca.position import from_position
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths, load_autosave
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.carioca import TableScene
from carioca_desktop.ui.scenes.pause import PauseScene
from carioca_desktop.ui.scenes.privacy import GUARD, PrivacyScene
from tests.ui.carioca.test_table_scene import (
    SIMPLE,
    STOCK,
    StubBot,
    card_pos,
    frames,
    open_table,
    press,
)

THIRD = ["AD", "5S", "6C", "8D", "QD", "KD", "3C"]


pytestmark = pytest.mark.usefixtures("spanish")


def hot_table(
    tmp_path: Path,
    kinds: Sequence[str] = ("human", "human", "bot"),
    rules: dict[str, Any] | None = None,
) -> tuple[App, TableScene]:
    """Tú and Ana share the screen, Beto is a (predictable) bot; Tú is to act."""
    names = ["Tú", "Ana", "Beto"][: len(kinds)]
    ruleset = CariocaRules.from_dict({"preset": "clasico", "players": len(kinds), **(rules or {})})
    hands = [SIMPLE[0], SIMPLE[1], THIRD][: len(kinds)]
    game = from_position(ruleset, hands, stock=STOCK, pozo=["KD"], names=names)
    seats = [SeatConfig(n, k, "easy" if k == "bot" else None) for n, k in zip(names, kinds)]
    bots: dict[int, Any] = {i: StubBot(i) for i, k in enumerate(kinds) if k == "bot"}
    return open_table(tmp_path, game, seats, bots)


def privacy(app: App) -> PrivacyScene:
    top = app.stack.top
    assert isinstance(top, PrivacyScene), f"expected the privacy screen, found {top}"
    return top


def reveal(app: App) -> None:
    """The named person clicks anywhere, once the guard time is over."""
    app.frame(GUARD + 0.1)
    press(app, (800, 120))


def play_turn(app: App, scene: TableScene, card: str) -> None:
    press(app, scene.layout.stock.center)
    press(app, card_pos(scene, card))
    press(app, card_pos(scene, card))  # a double click discards


def test_the_privacy_screen_asks_each_person_before_their_turn(tmp_path: Path) -> None:
    app, scene = hot_table(tmp_path)
    screen = privacy(app)
    assert screen.name == "Tú" and scene.hand_hidden
    assert app.stack.visible() == [screen]  # opaque: the table is not drawn at all
    reveal(app)
    assert app.stack.top is scene and not scene.hand_hidden
    assert scene.viewer == 0 and scene.moves.thing_at(card_pos(scene, "JH")) is not None
    play_turn(app, scene, "JH")
    assert privacy(app).name == "Ana"
    assert scene.hand_hidden and scene.moves.thing_at(scene.layout.stock.center) is None
    widgets = scene.widgets
    assert widgets is not None and not widgets.sort_rank.visible and not widgets.lay_down.visible
    reveal(app)
    assert scene.viewer == 1 and not scene.hand_hidden
    assert sorted(c.code for c in scene.hand.cards) == sorted(scene.session.game.hand(1))


def test_between_two_people_the_bots_play_with_no_hand_face_up(tmp_path: Path) -> None:
    app, scene = hot_table(tmp_path, ("human", "bot", "human"))
    reveal(app)
    scene.pause_s = 10.0  # one bot move per step, as at normal speed
    play_turn(app, scene, "JH")
    game = scene.session.game
    assert game.current_player == 1 and app.stack.top is scene
    assert scene.hand_hidden and scene.viewer == 0  # the table does not turn for a bot
    widgets = scene.widgets
    assert widgets is not None and not widgets.sort_suit.visible
    for _ in range(6):
        if game.current_player == 2:
            break
        app.frame(11.0)
    assert game.current_player == 2 and scene.hand_hidden  # Beto's hand waits for Beto
    app.frame(11.0)
    assert privacy(app).name == "Beto"


def test_the_log_at_a_hot_seat_tells_only_what_everyone_saw(tmp_path: Path) -> None:
    app, scene = hot_table(tmp_path)
    reveal(app)
    drawn = STOCK[0]
    press(app, scene.layout.stock.center)
    assert scene.log_lines[-1] == "Tú robó del mazo"
    assert not any("2♣" in line for line in scene.log_lines), drawn


def test_hot_seat_people_are_not_offered_out_of_turn_buys(tmp_path: Path) -> None:
    app, scene = hot_table(tmp_path, rules={"buy": True})
    reveal(app)
    play_turn(app, scene, "JH")
    reveal(app)
    press(app, scene.layout.stock.center)  # Ana draws from the stock: the JH is offered
    game = scene.session.game
    assert [e.kind for e in game.observation(0).events[-2:]] == ["draw", "pass"]  # Beto passed
    assert game.observation(0).offer is None and game.current_player == 1
    offer = scene.offer  # the offer prompt stays away: the session passed for Beto
    assert offer is not None and not offer.visible
    before = len(scene.session.game.hand(0))
    app.process(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b"))
    assert len(scene.session.game.hand(0)) == before


def test_a_click_still_in_flight_does_not_reveal_the_next_hand(tmp_path: Path) -> None:
    app, scene = hot_table(tmp_path)
    press(app, (800, 120))  # at once: within the guard time
    assert isinstance(app.stack.top, PrivacyScene) and scene.hand_hidden


def test_escape_on_the_privacy_screen_pauses_and_comes_back(tmp_path: Path) -> None:
    app, scene = hot_table(tmp_path)
    screen = privacy(app)
    app.process(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    frames(app)
    assert isinstance(app.stack.top, PauseScene)
    assert app.stack.visible()[0] is screen  # still nothing of the table underneath
    app.process(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    frames(app)
    assert app.stack.top is screen
    app.frame(GUARD + 0.1)
    app.process(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    frames(app)
    assert app.stack.top is scene and not scene.hand_hidden


def test_a_resumed_hot_seat_match_starts_on_the_privacy_screen(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    seats = [SeatConfig("Ana", "human"), SeatConfig("Beto", "bot", "easy"),
             SeatConfig("Carla", "human")]  # fmt: skip
    session = MatchSession.new(CariocaRules(), seats, 5, paths=paths, hints=False)
    while session.game.current_player == 1 or session.game.current_player is None:
        action = session.pending_bot_action()
        assert action is not None
        session.apply(action)
    loaded, _, notices = load_autosave(paths, lambda d: MatchSession.from_dict(d, paths))
    assert not notices and isinstance(loaded, MatchSession)
    assert loaded.to_dict() == session.to_dict() and loaded.hints is False
    again = MatchSession.from_dict(copy.deepcopy(session.to_dict()), paths)
    app = App(size=(1600, 900), paths=paths, fast=True)
    scene = TableScene(app, again)
    app.push(scene)
    frames(app)
    person = again.game.current_player
    assert person is not None and privacy(app).name == seats[person].name
    assert scene.hand_hidden
    reveal(app)
    assert scene.viewer == person and not scene.hand_hidden


def test_a_save_from_before_the_hints_flag_loads_with_hints_on(tmp_path: Path) -> None:
    seats = [SeatConfig("Ana", "human"), SeatConfig("Beto", "bot", "easy")]
    data = MatchSession.new(CariocaRules(), seats, 3, autosave=False, hints=False).to_dict()
    del data["hints"]
    assert MatchSession.from_dict(data).hints is True
    data["hints"] = "yes"
    with pytest.raises(ValueError):
        MatchSession.from_dict(data)


def test_one_person_with_bots_has_no_privacy_screen(tmp_path: Path) -> None:
    app, scene = hot_table(tmp_path, ("human", "bot", "bot"))
    assert app.stack.top is scene and not scene.hand_hidden


def test_two_people_alone_are_named_not_told_everyone_else(tmp_path: Path) -> None:
    """Issue 28: "Los demás, no miren" with one other person at the screen names them."""
    _app, _scene = hot_table(tmp_path, ("human", "human"))
    assert privacy(_app).prompt() == "Tú, pulsa para mostrar tu mano. Ana, no mires."
    app3, _ = hot_table(tmp_path / "three")
    assert privacy(app3).prompt() == "Tú, pulsa para mostrar tu mano. Los demás, no miren."
