"""Bot pacing at the table (its clock): what happens between frames while nobody touches anything.

Once nothing moves, the bots move (one at a time, a pause apart, or a batch a frame at top
speed), the round ends, and at a hot seat the privacy screen asks for the next person. A
timer event (``WAKE``) wakes the idle loop when a bot is due.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from carioca_desktop.ui.tablekit.privacy import ask_person

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.carioca.tablehost import TableHost

WAKE = pygame.event.custom_type()  # wakes the idle loop when a bot is due to move
FAST_BATCH = 12  # bot moves per frame at top speed (autoplay, tests)


class TableClock:
    """The wait before the next bot move, and the moves themselves."""

    def __init__(self, scene: TableHost) -> None:
        self.s = scene
        self.wait = 0.0

    def tick(self, dt: float) -> bool:
        """Called while nothing flies; True while the table wants frames."""
        if self.wait > 0:
            self.wait -= dt
            if self.wait > 0:
                return False
        return self._advance()

    def _advance(self) -> bool:
        """Let bots move, or end the round, when nothing is moving any more."""
        s = self.s
        for _ in range(FAST_BATCH if s.app.fast else 1):
            if self._ask_privacy():
                return False
            if s.game_over_round:
                s.round_end.over()
                return s.animator.busy
            if not s.app.fast:
                if not s.session.bot_action_ready():
                    return True  # the bot still thinks on its thread: look again next frame
                if s.pause_s > 0 and s.frame.rehearsal.run():
                    # The decision came after the pause's idle frames, which rehearse it
                    # (rehearse.py): rehearsed in this frame, applied in the next.
                    return True
            action = s.session.pending_bot_action()
            if action is None:
                return False
            s.perform(action)
            if s.autoplay is not None:
                s.autoplay.after_move(s)
            if s.animator.busy or s.pause_s > 0:
                break
        self.schedule(s.pause_s)
        return s.animator.busy

    def _ask_privacy(self) -> bool:
        """Hot seat: before a person's turn, the privacy screen names them (True if shown)."""
        s = self.s
        seat = s.hotseat.due()
        if seat is None:
            return False
        s.input.cancel()
        events = s.session.game.observation(seat).events
        ask_person(s.app, seat, s.obs.names, s.text.title, events, s.hotseat.reveal)
        return True

    def schedule(self, seconds: float) -> None:
        self.wait = seconds
        if seconds > 0:
            pygame.time.set_timer(WAKE, max(1, int(seconds * 1000)), loops=1)
