"""The lobbies' rules column in a short window: the whole rows that fit and a scroll bar
that says more follow (never "…"); in a tall one, every row and no bar."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from carioca_desktop.ui import drawing
from carioca_desktop.ui.scenes.net import seatlist

ROWS = [(f"Regola {i}", f"valore {i}") for i in range(22)]


def painted(
    monkeypatch: pytest.MonkeyPatch, height: int, scroll: seatlist.RuleScroll | None = None
) -> tuple[bool, list[str]]:
    pygame.init()
    drawn: list[str] = []
    draw = seatlist.draw_text

    def logged(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> Any:
        drawn.append(text)
        return draw(surface, text, *args, **kw)

    monkeypatch.setattr(seatlist, "draw_text", logged)  # the title and the mark
    monkeypatch.setattr(drawing, "draw_text", logged)  # the rows (``pairs``)
    surface = pygame.Surface((600, height))
    cut = seatlist.paint_rules(surface, surface.get_rect(), ROWS, "Classico", 1.0, 0, scroll)
    return cut, drawn


def test_a_short_box_shows_whole_rows_from_the_scrolls_top_and_no_ellipsis(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scroll = seatlist.RuleScroll()
    cut, drawn = painted(monkeypatch, 300, scroll)
    shown = [t for t in drawn if t.startswith("Regola")]
    assert cut and "…" not in drawn
    assert 3 <= len(shown) < len(ROWS) and shown == [r[0] for r in ROWS[: len(shown)]]
    assert scroll.shown == len(shown) and scroll.last_first > 0
    scroll.scroll_to(scroll.last_first)
    _cut, drawn = painted(monkeypatch, 300, scroll)
    shown = [t for t in drawn if t.startswith("Regola")]
    assert shown == [r[0] for r in ROWS[scroll.last_first :]], "the end: the last rows"


def test_a_tall_box_shows_every_row_and_no_ellipsis(monkeypatch: pytest.MonkeyPatch) -> None:
    cut, drawn = painted(monkeypatch, 1400)
    assert not cut and "…" not in drawn
    assert [t for t in drawn if t.startswith("Regola")] == [r[0] for r in ROWS]
