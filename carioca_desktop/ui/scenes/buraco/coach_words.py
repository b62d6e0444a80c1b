"""How the coach's panel (ui/coach_panel.py) names a Buraco decision, and the panel for
Buraco's judgements (play/buraco/coach.py)."""

from __future__ import annotations

from typing import Any

from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco.coach import judge, where_points_went
from carioca_desktop.play.text import card_label
from carioca_desktop.rules.buraco.actions import Add, Discard, Draw, LayDown, Swap, TakePile
from carioca_desktop.ui.coach_panel import CoachPanel


def action_words(action: Any) -> str:
    if isinstance(action, Discard):
        return tr("replay.w_discard", card=card_label(action.card))
    if isinstance(action, Draw):
        return tr("replay.w_stock")
    if isinstance(action, TakePile):
        return tr("replay.w_pile")
    if isinstance(action, LayDown):
        cards = " · ".join(" ".join(card_label(c) for c in meld) for meld in action.melds)
        return tr("replay.w_lay_cards", cards=cards)
    if isinstance(action, Swap):
        return tr("replay.w_swap")
    if isinstance(action, Add):
        return tr("replay.w_add_cards", cards=" ".join(card_label(c) for c in action.cards))
    return tr("replay.w_add")


def coach_panel() -> CoachPanel:
    return CoachPanel(lambda m, s, r: list(judge(m, s, r)), where_points_went, action_words)
