"""Carioca's scores at a round's end: the round summary over the table, or the final sheet (the
beat before them, and showing them once, is either table's: ui/tablekit/round_end.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from carioca_desktop.play.carioca.session import MatchSession
    from carioca_desktop.ui.scene import Host


def show_scores(app: Host, session: MatchSession) -> None:
    """The round summary over the table, or the final sheet when the match is over."""
    if session.game.is_over:
        from carioca_desktop.ui.scenes.carioca.final import FinalScoreScene

        app.push(FinalScoreScene(app, session))
    else:
        from carioca_desktop.ui.scenes.carioca.summary import RoundSummaryScene

        app.push(RoundSummaryScene(app, session))
