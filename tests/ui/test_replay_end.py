"""The replay viewer's final sheet, at both tables, offers what a read-only viewer can do:
back to History, the match from its start, and "Play this deal" when the match has a code;
never "New game" or "Menu" (a played table's)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton

from carioca_desktop.i18n import tr
from carioca_desktop.play.replay_session import Recorded
from carioca_desktop.storage.deal_codes import deal_of, encode
from carioca_desktop.storage.deal_codes import load_rules as rules_of
from carioca_desktop.ui.app import App
from carioca_desktop.ui.replay_viewer import open_viewer
from carioca_desktop.ui.scenes.history import HistoryScene
from tests.ui.test_replay_viewer_looks import _match


def _final_sheet(app: App, game: str) -> tuple[Any, list[UIButton]]:
    """History, the viewer over it at the match's last action, stepped on to its final
    sheet; the viewer and the sheet's buttons."""
    app.reset(HistoryScene(app))
    viewer: Any = open_viewer(app, _match(game))
    app.push(viewer)
    viewer.go(len(viewer.replay.actions) - 1)
    app.frame(0.016)
    viewer.handle_before_ui(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="")
    )
    for _ in range(60):  # the last move's flight and the beat before the sheet
        app.frame(0.1)
    if game == "carioca":
        assert app.stack.top is not viewer, "the final sheet did not come"
    else:
        assert viewer.sheet is not None, "the final sheet did not come"
    shown = [b for b in app.manager.get_sprite_group().sprites() if isinstance(b, UIButton)]
    return viewer, sorted((b for b in shown if b.alive() and b.visible), key=lambda b: b.rect.x)


def _click(app: App, buttons: list[UIButton], text: str) -> None:
    """A left click in the middle of the button that says ``text``, through the app."""
    button = next(b for b in buttons if b.text == text)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.process(pygame.event.Event(kind, button=1, pos=button.rect.center, touch=False))
    for _ in range(3):
        app.frame(0.016)


def _texts(buttons: list[UIButton]) -> list[str]:
    return [b.text for b in buttons]


@pytest.mark.parametrize("game", ["carioca", "buraco"])
def test_the_viewers_final_sheet_offers_history_and_the_start_not_a_new_game(
    app: App, game: str
) -> None:
    viewer, buttons = _final_sheet(app, game)
    texts = _texts(buttons)
    assert tr("common.new_game") not in texts and tr("common.menu") not in texts, texts
    assert tr("buraco.sheet.menu") not in texts, texts
    assert tr("replay.end_history") in texts and tr("replay.end_start") in texts, texts
    assert tr("history.play_this") not in texts  # a bot match dealt directly has no code
    _click(app, buttons, tr("replay.end_start"))
    assert app.stack.top is viewer and viewer.replay.position == 0
    assert getattr(viewer, "sheet", None) is None
    assert not viewer.replay.game.is_over


@pytest.mark.parametrize("game", ["carioca", "buraco"])
def test_history_and_play_this_deal_leave_the_viewer(
    app: App, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = _match(game)
    code = encode(deal_of(game, rules_of(game, match.rules), 12345))
    monkeypatch.setattr(Recorded, "deal_code", lambda _self: code)
    viewer, buttons = _final_sheet(app, game)
    texts = _texts(buttons)
    assert tr("history.play_this") in texts, texts
    _click(app, buttons, tr("replay.end_history"))
    assert isinstance(app.stack.top, HistoryScene) and viewer not in app.stack.scenes
    viewer, buttons = _final_sheet(app, game)
    _click(app, buttons, tr("history.play_this"))
    table: Any = app.stack.top
    assert viewer not in app.stack.scenes and not isinstance(table, HistoryScene)
    assert table.session.deal_code() == code and table.session.game.round_index == 0


def test_the_viewer_names_the_kept_matchs_code_not_its_seeds() -> None:
    """A match dealt outside the app's seeding (a simulated one) has no code: the viewer's
    sheets wrote a code made from its seed, which deals other cards."""
    from dataclasses import replace

    from carioca_desktop.play.replay_session import replay_session
    from carioca_desktop.storage.history import code_of

    for game in ("carioca", "buraco"):
        assert replay_session(_match(game)).deal_code() is None
    seeded = replace(_match("buraco"), seeding="session")  # Buraco's two seedings deal alike
    assert replay_session(seeded).deal_code() == code_of(seeded) is not None
