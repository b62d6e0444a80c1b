"""Statistics with a rating at the sizes a player has: at 1024x600 a figure's note too wide
for the room beside its value goes whole under it ("22,1 por r…", "3430 15 nov…" before);
at 3840x2160 the tiles', chart's and list's margins and marks grow with the window (they
were 1600x900's pixels around 2.4x words)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from carioca_desktop import i18n
from carioca_desktop.storage import Paths, load_stats
from carioca_desktop.ui import stats_parts
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.carioca.chart import Chart
from carioca_desktop.ui.scenes.stats import StatsScene
from carioca_desktop.ui.widgets import font
from tests.fixtures.drawn import record_drawn_text
from tests.fixtures.finished import finished_matches


@pytest.mark.parametrize("lang", ["es", "pt", "sv"])
def test_no_figure_is_cut_at_1024x600(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    monkeypatch.setenv("CARIOCA_LANG", lang)  # the App reads it
    old = i18n.language()
    try:
        app = App(size=(1024, 600), paths=Paths.under(tmp_path), fast=True)
        assert i18n.language() == lang
        finished_matches(app.paths)
        drawn: list[str] = []
        record_drawn_text(monkeypatch, drawn)
        for game in ("carioca", "buraco"):
            app.reset(StatsScene(app, game))
            app.frame(0.016)
    finally:
        i18n.set_language(old)
    cut = [text for text in drawn if text.endswith("…")]
    assert drawn and not cut, cut


def _offsets(monkeypatch: pytest.MonkeyPatch, k: float) -> tuple[int, int]:
    """Where a tile's label starts, from the tile's corner, in a window ``k`` times 1600x900."""
    spots: list[tuple[int, int]] = []
    monkeypatch.setattr(stats_parts, "draw_text", lambda s, text, f, at, *a: spots.append(at)
                        or pygame.Rect(at, (10, 10)))  # fmt: skip
    area = pygame.Rect(100, 200, round(1500 * k), round(96 * k))
    stats_parts.paint_tiles(pygame.Surface((1, 1)), area, [("a", "1", "b")], k, max(0.82, k))
    x, y = spots[0]
    return x - area.x, y - area.y


def test_the_figures_margins_grow_with_a_4k_window(monkeypatch: pytest.MonkeyPatch) -> None:
    small, big = _offsets(monkeypatch, 1.0), _offsets(monkeypatch, 2.4)
    assert big[0] >= 2.3 * small[0] and big[1] >= 2.3 * small[1], (small, big)
    box = pygame.Rect(0, 0, 800, 600)
    line = font(round(14 * 2.4)).get_linesize()
    _top, row_h, _fits = stats_parts.list_rows(box, 2.4)
    assert row_h - line >= 2.3 * 10, row_h  # the list's rows breathe as at 1600x900


def test_the_charts_margins_grow_with_a_4k_window(tmp_path: Path) -> None:
    finished_matches(Paths.under(tmp_path))
    record = load_stats(Paths.under(tmp_path))[0].matches[-1]
    margins: list[int] = []
    for k in (1.0, 2.4):
        scene: Any = SimpleNamespace(k=k, t=k)
        box = pygame.Rect(0, 0, round(860 * k), round(600 * k))
        chart = Chart(scene, box, record)
        margins.append(chart.plot.x - box.x - chart.small.size("0000")[0])
    assert margins[1] >= 2.3 * margins[0], margins
