"""The lobbies' rules column in a short window: the rows that fit, then "…" so nobody
takes the list for the whole rule set; in a tall one, every row and no mark."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from carioca_desktop.ui import drawing
from carioca_desktop.ui.scenes.net import seatlist

ROWS = [(f"Regola {i}", f"valore {i}") for i in range(22)]


def painted(monkeypatch: pytest.MonkeyPatch, height: int) -> tuple[bool, list[str]]:
    pygame.init()
    drawn: list[str] = []
    draw = seatlist.draw_text

    def logged(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> Any:
        drawn.append(text)
        return draw(surface, text, *args, **kw)

    monkeypatch.setattr(seatlist, "draw_text", logged)  # the title and the mark
    monkeypatch.setattr(drawing, "draw_text", logged)  # the rows (``pairs``)
    surface = pygame.Surface((600, height))
    cut = seatlist.paint_rules(surface, surface.get_rect(), ROWS, "Classico", 1.0)
    return cut, drawn


def test_a_short_box_shows_the_rows_that_fit_then_an_ellipsis(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cut, drawn = painted(monkeypatch, 300)
    shown = [t for t in drawn if t.startswith("Regola")]
    assert cut and drawn[-1] == "…"
    assert 3 <= len(shown) < len(ROWS) and shown == [r[0] for r in ROWS[: len(shown)]]


def test_a_tall_box_shows_every_row_and_no_ellipsis(monkeypatch: pytest.MonkeyPatch) -> None:
    cut, drawn = painted(monkeypatch, 1400)
    assert not cut and "…" not in drawn
    assert [t for t in drawn if t.startswith("Regola")] == [r[0] for r in ROWS]
