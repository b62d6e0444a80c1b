"""The replay viewer's coach panel (ui/coach_panel.py) shows each flagged decision's cost with
its 95% interval, and lists only what the coach's bands flagged."""

from __future__ import annotations

from typing import Any

from carioca_desktop.i18n import tr
from carioca_desktop.play.coachkit import Judgement, where_points_went
from carioca_desktop.ui.coach_panel import CoachPanel


def _judged(match: Any, seat: int, rounds: set[int]) -> list[Judgement]:
    return [
        Judgement(3, 0, "discard", "7D", "QH", 12, 5.6, "costly"),
        Judgement(5, 0, "draw", "pozo", "stock", 9, 14.2, "fine"),  # mean past fine, 0 inside
    ]


def test_the_panel_shows_the_cost_with_its_interval() -> None:
    panel = CoachPanel(_judged, where_points_went, str)
    panel.ask(object(), 0, 0)  # type: ignore[arg-type]
    panel.wait(30)
    lines = panel.lines()
    assert lines[1] == tr("replay.coach_count", n=2, bad=1)
    assert "12 ± 6" in lines[2] and "7D" in lines[2] and "QH" in lines[2]
    assert not any("pozo" in line for line in lines)
