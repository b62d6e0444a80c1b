"""The end of a round at the table: a beat to see the last move, then the scores (the round
summary, or the final sheet), once; a click on the table shows them again. Under autoplay
there is no beat and the driver takes the round-end decisions (the scene's
``end_of_round``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from carioca_desktop.play.carioca.session import MatchSession
    from carioca_desktop.ui.scene import Host

BEAT = 0.9  # seconds at least between the last move and the scores


def show_scores(app: Host, session: MatchSession) -> None:
    """The round summary over the table, or the final sheet when the match is over."""
    if session.game.is_over:
        from carioca_desktop.ui.scenes.carioca.final import FinalScoreScene

        app.push(FinalScoreScene(app, session))
    else:
        from carioca_desktop.ui.scenes.carioca.summary import RoundSummaryScene

        app.push(RoundSummaryScene(app, session))


class RoundEndTable(Protocol):
    """What the round end needs of the scene."""

    @property
    def session(self) -> MatchSession: ...

    @property
    def pause_s(self) -> float: ...

    def schedule(self, seconds: float) -> None: ...

    def end_of_round(self) -> None: ...

    def show_round_end(self) -> None: ...


class RoundEnd:
    """Remembers which round end was shown (``state``: round index and phase, or the beat
    before it) so each is shown once."""

    def __init__(self, table: RoundEndTable, instant: bool) -> None:
        self.s = table
        self.instant = instant  # autoplay: no beat, no second showing
        self.stage: tuple[int, str] | None = None

    def over(self) -> None:
        """Called while the round (or match) is over and nothing moves any more."""
        game = self.s.session.game
        state = (game.round_index, game.phase.value)
        if self.stage == state:
            return
        if not self.instant and self.stage != (state[0], "beat"):
            self.stage = (state[0], "beat")  # a beat to see the last move first
            self.s.schedule(max(BEAT, self.s.pause_s * 2))
            return
        self.stage = state
        self.s.end_of_round()

    def click(self, over: bool) -> bool:
        """A click on the table once the round is ``over`` shows the scores again (once the
        beat after the last move has passed); True if the click was the round end's."""
        if not over or self.instant or self.stage is None:
            return False
        if self.stage[1] != "beat":
            self.s.show_round_end()
        return True
