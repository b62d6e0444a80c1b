"""The table package's seams (issue 11): one legality answer per drop, the model as plain
data, only the top scene updated."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.i18n import tr
from carioca_desktop.rules.carioca.actions import Undo
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.ui.scenes.carioca.model import TableModel
from carioca_desktop.ui.scenes.pause import PauseScene
from tests.ui.carioca.test_table_scene import (
    card_pos,
    drag,
    draw_from_stock,
    frames,
    hand_codes,
    table,
)

pytestmark = pytest.mark.usefixtures("spanish")

MELDS = [{"owner": 1, "meld": ["8H", "9H", "10H", "JH"]}]
HANDS = [["QH", "7S", "3C", "5D", "KS"], ["2D", "3D", "4S", "9S", "10S", "JS", "QC"]]


@contextmanager
def asked(game: Game) -> Iterator[dict[str, int]]:
    """Counts the table's questions to the engine: ``check`` calls made by the UI (not the
    ones ``legal_actions`` makes inside the engine), ``legal_actions`` calls, and the
    Deshacer button's question (a check of ``Undo``, apart: the legal list has no undo)."""
    counts = {"check": 0, "legal_actions": 0, "undo": 0}
    inside = [False]
    check, legal = game.check, game.legal_actions

    def counted_check(action: Any) -> Any:
        if isinstance(action, Undo):
            counts["undo"] += 1
        elif not inside[0]:
            counts["check"] += 1
        return check(action)

    def counted_legal(seat: int | None = None) -> Any:
        counts["legal_actions"] += 1
        inside[0] = True
        try:
            return legal(seat)
        finally:
            inside[0] = False

    game.check = counted_check  # type: ignore[method-assign]
    game.legal_actions = counted_legal  # type: ignore[method-assign]
    try:
        yield counts
    finally:
        del game.check, game.legal_actions  # type: ignore[misc]


def test_a_drop_on_a_meld_asks_the_engine_once(tmp_path: Path) -> None:
    app, scene = table(tmp_path, HANDS, MELDS, laid_down=[0, 1])
    draw_from_stock(app, scene)
    box = scene.view.melds[0].box
    with asked(scene.session.game) as counts:
        drag(app, card_pos(scene, "QH"), (box.right - 5, box.centery))
    assert "QH" not in hand_codes(scene)
    # The legal moves once for the state the drop was made in (the drag's highlights read
    # the same answer); no separate check: the move was among them.
    assert counts == {"check": 0, "legal_actions": 1, "undo": 1}  # undo: the new state's


def test_a_refused_drop_asks_only_for_the_reason(tmp_path: Path) -> None:
    app, scene = table(tmp_path, HANDS, MELDS, laid_down=[0, 1])
    draw_from_stock(app, scene)
    box = scene.view.melds[0].box
    with asked(scene.session.game) as counts:
        drag(app, card_pos(scene, "KS"), box.center)
    assert "KS" in hand_codes(scene)
    assert scene.toasts[-1].text == "El K♠ no calza en ese juego"
    assert counts == {"check": 1, "legal_actions": 1, "undo": 0}  # the same state


def test_the_model_is_what_the_table_shows(tmp_path: Path) -> None:
    app, scene = table(tmp_path, HANDS, MELDS, laid_down=[0, 1])
    model = scene.model
    assert isinstance(model, TableModel)
    assert model.obs is scene.obs and model.viewer == 0 and model.playable
    shown = [model.hand.code(c.uid) for c in model.hand.cards]
    assert sorted(shown) == sorted(model.obs.hand)
    assert model.text.status == tr("table.status.draw") and model.text.attention
    draw_from_stock(app, scene)
    assert model.obs.phase == "play" and model.text.status == tr("table.status.play_down")
    assert not model.text.attention


def test_only_the_top_scene_is_updated(tmp_path: Path) -> None:
    app, scene = table(tmp_path, HANDS, MELDS, laid_down=[0, 1])
    updates: list[float] = []
    real = scene.update

    def spy(dt: float) -> bool:
        updates.append(dt)
        return real(dt)

    scene.update = spy  # type: ignore[method-assign]
    frames(app, 2)
    assert len(updates) == 2
    app.push(PauseScene(app))
    frames(app, 3)
    assert len(updates) == 2  # paused: the table (and its bots) wait
