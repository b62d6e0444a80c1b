"""An empty lay-down slot's hint ("arraste cartas aqui") at 1024x600: the outlines of the
missing cards ran through its letters. Each line now sits on a plate of the slot's felt:
no outline pixel shows inside a line's rectangle."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.carioca import TableScene, slotview


def _outline(colour: pygame.Color) -> bool:
    """The missing cards' outline green (120, 170, 130), not the text's grey on the felt."""
    return colour.g - colour.r >= 42 and colour.g - colour.b >= 32


@pytest.mark.parametrize("lang", ["pt", "es", "sv"])
def test_the_empty_slots_hint_reads_clear_of_the_outlines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    drawn: list[pygame.Rect] = []
    lines = slotview._lines

    def kept(*args: Any, **kw: Any) -> Any:
        rects = lines(*args, **kw)
        if kw.get("plate") is not None:
            drawn.extend(rects)
        return rects

    monkeypatch.setattr(slotview, "_lines", kept)
    app = App(size=(1024, 600), paths=Paths.under(tmp_path), fast=True)
    try:
        app.update_settings(app.settings.replace(language=lang))
        seats = [SeatConfig("Ana", "human")] + [
            SeatConfig(f"Bot {i}", "bot", "easy") for i in (2, 3)
        ]
        session = MatchSession.new(CariocaRules.from_dict({"players": 3}), seats, 7,
                                   paths=app.paths, autosave=False)  # fmt: skip
        app.push(TableScene(app, session))
        for _ in range(2):
            app.frame(1 / 60)
        app.screenshot(str(tmp_path / "table.png"))
        assert drawn, "no empty slot's hint was drawn"
        shot = app.screen
        for rect in drawn:
            spots = [
                (x, y) for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
            ]
            crossed = [spot for spot in spots if _outline(shot.get_at(spot))]
            assert not crossed, f"outline pixels inside the hint's line {rect}: {crossed[:5]}"
    finally:
        app.update_settings(app.settings.replace(language="es"))
