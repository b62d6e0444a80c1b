"""History at 1024x600 shows "how would hard have done" whole: every round's figures, no
"…" (they were cut at the panel's edge, the answer the person asked for), above the
buttons, in the languages with the longest words."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop import i18n
from carioca_desktop.play.versus import Versus
from carioca_desktop.storage import Paths
from carioca_desktop.storage.records import PlayerRecord
from carioca_desktop.storage.replays import keep_match
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes import history as history_module
from carioca_desktop.ui.scenes.history import HistoryScene
from tests.storage.test_replay_store import _fake


@pytest.mark.parametrize("lang", ["es", "pt", "sv"])
@pytest.mark.parametrize("size", [(1024, 600)])
def test_the_hard_comparison_is_shown_whole_above_the_buttons(
    tmp_path: Path, lang: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(i18n, "_current", lang)
    paths = Paths.under(tmp_path)
    seats = tuple(PlayerRecord(f"Jugadora {n}", "bot", "easy") for n in range(5))
    match = replace(_fake(1), seats=(PlayerRecord("Ana María", "human"), *seats))
    match = replace(match, rules={"preset": "clasico", "players": 6})
    keep_match(match, paths)
    app = App(size=size, paths=paths, fast=True)
    scene: Any = HistoryScene(app)
    app.reset(scene)
    played, hard = [35, 120, 45, 80, 150, 20, 95, 60], [10, 40, 55, 0, 75, 30, 15, 5]
    scene.versus.match_id = scene.rows[0].match_id
    scene.versus.result = Versus("carioca", 0, played, hard, 8, True, 6)
    answer = scene.versus.lines(scene.rows[0].match_id)
    drawn: list[str] = []
    real = history_module.draw_text

    def draw_text(surface: Any, text: str, *rest: Any, **kw: Any) -> Any:
        drawn.append(text)
        return real(surface, text, *rest, **kw)

    monkeypatch.setattr(history_module, "draw_text", draw_text)
    scene.repaint()
    app.frame(0.016)
    words = " ".join(drawn)
    for part in " ".join(answer).split(" "):
        assert part in words, (part, drawn)
    assert not any(t.endswith("…") for t in drawn if "/" in t), drawn
    box = scene._areas()[1]
    top = scene._buttons_top(box)
    assert all(r.bottom <= top for r in scene.chosen_lines), (scene.chosen_lines, top)
    assert all(box.contains(r) for r in scene.chosen_lines)
    pygame.event.clear()
