"""The end of a round at either table: a beat to see the last move, then the scores (Carioca's
round summary or final sheet, Buraco's sheet), once per round; at Carioca a click on the table
shows them again. Under autoplay there is no beat and the driver takes the round-end decisions.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Autoplay, Host
    from carioca_desktop.ui.tablekit.pace import Pace

BEAT = 0.9  # seconds at least between the last move and the scores


class RoundEndTable(Protocol):
    """What the round end needs of either table scene."""

    @property
    def app(self) -> Host: ...
    @property
    def pause_s(self) -> float: ...
    @property
    def pace(self) -> Pace: ...
    @property
    def autoplay(self) -> Autoplay | None: ...

    def ended_round(self) -> Hashable | None:
        """Which round (or match) end the game is at; None while a round is played."""

    def schedule(self, seconds: float) -> None: ...

    def show_round_end(self) -> None:
        """The scores over the table (the game's own screen or sheet)."""


class RoundEnd:
    """Remembers which round end was shown (``stage``: the table's ``ended_round`` and
    whether only its beat began) so each is shown once."""

    def __init__(self, table: RoundEndTable) -> None:
        self.s = table
        # No beat and no second showing: under autoplay (its driver takes the round end), or
        # at top speed where the game's pace says so.
        fast = table.app.fast and table.pace.scores_at_once_at_top_speed
        self.instant = table.autoplay is not None or fast
        self.stage: tuple[Hashable, bool] | None = None  # (round end, its beat only)

    def beat(self) -> float:
        """The pause before the scores: a game whose beat follows its pace waits at least two
        of its bots' pauses (Carioca at the slower speeds), else ``BEAT``."""
        if self.s.pace.beat_follows_pace:
            return max(BEAT, self.s.pause_s * 2)
        return BEAT

    def over(self) -> None:
        """Called while the round (or match) is over and nothing moves any more."""
        state = self.s.ended_round()
        if state is None or self.stage == (state, False):
            return
        if not self.instant and self.stage != (state, True):
            self.stage = (state, True)  # a beat to see the last move first
            self.s.schedule(self.beat())
            return
        self.stage = (state, False)
        if self.s.autoplay is not None:
            self.s.autoplay.round_over(self.s)
        else:
            self.s.show_round_end()

    def click(self, over: bool) -> bool:
        """A click on the table once the round is ``over`` shows the scores again (once the
        beat after the last move has passed); True if the click was the round end's."""
        if not over or self.instant or self.stage is None:
            return False
        if not self.stage[1]:
            self.s.show_round_end()
        return True
