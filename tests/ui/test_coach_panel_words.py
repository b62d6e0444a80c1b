"""The coach's panel wraps a long line instead of cutting it, and grows with the window's
words (at 1920x1080 "what hard would have done" ended in "…")."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from carioca_desktop.ui import coach_panel
from carioca_desktop.ui.coach_panel import CoachPanel


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_no_line_of_the_panel_is_cut(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    pygame.font.init()
    cut: list[str] = []
    real = coach_panel.fit

    def fit(text: str, fnt: Any, width: int) -> str:
        shown = real(text, fnt, width)
        if shown != text:
            cut.append(text)
        return shown

    monkeypatch.setattr(coach_panel, "fit", fit)
    long = SimpleNamespace(
        verdict="costly",
        cost=13,
        played="prendere dal pozzo il nove di picche che era scartato",
        hard="pescare dal tallone e tenere la scala aperta fino in fondo",
    )
    panel = CoachPanel(lambda m, s, r: [], lambda j: {"discard": 8, "draw": 13}, str)
    panel.key, panel.judged, panel.open = (0, 4), [long, long], True
    surface = pygame.Surface(size)
    panel.paint(surface)
    assert cut == []
    words = [line for line in panel.lines() if "tallone" in line]
    assert words and all("…" not in line for line in words)
