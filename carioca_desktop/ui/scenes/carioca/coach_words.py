"""How the coach's panel (ui/coach_panel.py) names a Carioca decision, and the panel for
Carioca's judgements (play/carioca/coach.py)."""

from __future__ import annotations

from typing import Any

from carioca_desktop.i18n import tr
from carioca_desktop.play.carioca.coach import judge, where_points_went
from carioca_desktop.play.text import card_label
from carioca_desktop.rules.carioca.actions import Buy, Discard, Draw, LayDown, Pass
from carioca_desktop.ui.coach_panel import CoachPanel


def action_words(action: Any) -> str:
    if isinstance(action, Discard):
        return tr("replay.w_discard", card=card_label(action.card))
    if isinstance(action, Draw):
        return tr("replay.w_pozo") if action.source == "pozo" else tr("replay.w_stock")
    if isinstance(action, (Buy, Pass)):
        return tr("replay.w_buy") if isinstance(action, Buy) else tr("replay.w_pass")
    if isinstance(action, LayDown):
        return tr("replay.w_lay_down")
    return tr("replay.w_add")


def coach_panel() -> CoachPanel:
    return CoachPanel(lambda m, s, r: list(judge(m, s, r)), where_points_went, action_words)
