"""Bot pacing at either table (its clock): what happens between frames while nobody touches
anything.

Once nothing moves, the bots move (one at a time, a pause apart, or a batch a frame at top
speed), the round ends (round_end.py: a beat, then the scores), and at a hot seat the privacy
screen asks for the next person. A timer event (``WAKE``) wakes the idle loop when a bot is
due. Where the two games' tables pace differently, each says so in its ``Pace``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from carioca_desktop.ui.tablekit.round_end import RoundEnd, RoundEndTable

if TYPE_CHECKING:
    from carioca_desktop.ui.anim import Animator

WAKE = pygame.event.custom_type()  # wakes the idle loop when a bot is due to move
FAST_BATCH = 12  # bot moves per frame at top speed (autoplay, tests)


class BotSession(Protocol):
    """The session's side of the bots' decisions (play/session_base.py)."""

    def bot_action_ready(self) -> bool: ...
    def pending_bot_action(self) -> Any: ...


class PacedTable(RoundEndTable, Protocol):
    """What the clock needs of either table scene (besides the round end's)."""

    @property
    def session(self) -> BotSession: ...
    @property
    def animator(self) -> Animator: ...
    @property
    def round_end(self) -> RoundEnd: ...

    def perform(self, action: Any) -> None: ...

    def ask_privacy(self) -> bool:
        """Hot seat: the privacy screen before a person's turn, if due (True if shown)."""

    def rehearse_bot_move(self) -> bool:
        """Draw the next bot move's parts ahead, if due (True if it did, in this frame)."""

    def bot_waits(self) -> None:
        """No bot moves now (a person's turn, or a bot waiting on a person's answer)."""


class TableClock:
    """The wait before the next bot move, and the moves themselves. ``while_waiting`` is
    the table's work on a frame of the pause (Buraco rehearses there; Carioca in its idle
    frames)."""

    def __init__(self, table: PacedTable, while_waiting: Callable[[], object] | None = None):
        self.s = table
        self.wait = 0.0
        self.while_waiting = while_waiting

    def tick(self, dt: float) -> bool:
        """Called while nothing flies; True while the table wants frames."""
        if self.wait > 0:
            self.wait -= dt
            if self.wait > 0:
                if self.while_waiting is not None:
                    self.while_waiting()
                return False
        return self._advance()

    def _advance(self) -> bool:
        """Let bots move, or end the round, when nothing is moving any more."""
        s = self.s
        for _ in range(FAST_BATCH if s.app.fast else 1):
            if s.ask_privacy():
                return False
            if s.ended_round() is not None:
                s.round_end.over()
                return s.animator.busy
            if not s.app.fast:
                if not s.session.bot_action_ready():
                    return True  # the bot still thinks on its thread: look again next frame
                if s.pause_s > 0 and s.rehearse_bot_move():
                    # The decision came after the pause's idle frames, which rehearse it
                    # (rehearse.py): rehearsed in this frame, applied in the next.
                    return True
            action = s.session.pending_bot_action()
            if action is None:
                s.bot_waits()
                return False
            s.perform(action)
            if s.autoplay is not None:
                s.autoplay.after_move(s)
            if s.animator.busy:
                if s.pace.flight_is_pause:
                    return True  # its flight is its pause: the next bot may move as it lands
                break
            if s.pause_s > 0 and not s.pace.flight_is_pause:
                break
        self.schedule(s.pause_s)
        return s.animator.busy

    def schedule(self, seconds: float) -> None:
        self.wait = seconds
        if seconds > 0:
            pygame.time.set_timer(WAKE, max(1, int(seconds * 1000)), loops=1)
