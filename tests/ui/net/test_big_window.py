"""The lobby screens in a 3840x2160 window: the rules in words fill their panel in larger lines
when every rule fits (they took half of it in 14 px lines), and the little table stays an
oval (in the tall room of a big window it was drawn as a circle)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.ui.games import screens
from carioca_desktop.ui.scenes.net import seatlist
from carioca_desktop.ui.widgets import font

pytestmark = pytest.mark.usefixtures("spanish")
U = 1.75  # the automatic UI scale of a 3840x2160 window


def _rows() -> list[tuple[str, str]]:
    return screens("carioca").rules_words(CariocaRules.from_dict({"players": 4}))


def test_the_rules_grow_into_a_big_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    used: list[int] = []
    pairs = seatlist.pairs

    def logged(surface: Any, rows: Any, rect: Any, fnt: pygame.font.Font, *a: Any) -> Any:
        if surface is not None:
            used.append(fnt.get_height())
        return pairs(surface, rows, rect, fnt, *a)

    monkeypatch.setattr(seatlist, "pairs", logged)
    surface = pygame.Surface((1800, 1500))
    cut = seatlist.paint_rules(surface, surface.get_rect(), _rows(), "Clásico", U)
    assert not cut and used
    assert min(used) >= font(round(16 * U)).get_height() > font(round(14 * U)).get_height()


def test_a_small_panel_still_shows_every_rule_in_two_columns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: list[int] = []
    pairs = seatlist.pairs

    def logged(surface: Any, rows: Any, rect: Any, fnt: pygame.font.Font, *a: Any) -> Any:
        if surface is not None:
            drawn.append(len(rows))
        return pairs(surface, rows, rect, fnt, *a)

    monkeypatch.setattr(seatlist, "pairs", logged)
    surface = pygame.Surface((720, 560))
    assert not seatlist.paint_rules(surface, surface.get_rect(), _rows(), "Clásico", 1.0)
    assert len(drawn) == 2 and sum(drawn) == len(_rows())  # the 1280x720 layout, unchanged


@pytest.mark.parametrize("room", [(1100, 1300), (500, 200), (1100, 400)])
def test_the_little_table_is_an_oval(monkeypatch: pytest.MonkeyPatch,
                                     room: tuple[int, int]) -> None:  # fmt: skip
    ovals: list[pygame.Rect] = []
    monkeypatch.setattr(seatlist, "paint_oval", lambda surface, rect: ovals.append(rect))
    surface = pygame.Surface((1200, 1400))
    names = ["Ana", "Beto", "Bot 3", "Bot 4"]
    seatlist.little_table(surface, pygame.Rect((20, 20), room), names, ["A", "B", "B3", "B4"],
                          1.7, U, awaited=[1])  # fmt: skip
    (oval,) = ovals
    assert 0 < oval.h <= oval.w // 2, oval
