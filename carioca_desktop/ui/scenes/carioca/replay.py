"""Carioca's replay viewer: its table driven by a kept match's recorded actions, with the
viewer's keys and bar (ui/replay_viewer.py's ``ReplayControls``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from carioca_desktop.ui.replay_viewer import ReplayControls
from carioca_desktop.ui.scenes.carioca.coach_words import coach_panel as carioca_coach
from carioca_desktop.ui.scenes.carioca.model import Legal
from carioca_desktop.ui.scenes.carioca.scene import TableScene

if TYPE_CHECKING:
    from carioca_desktop.play.replay_session import ReplaySession
    from carioca_desktop.ui.scene import Host


class ReplayViewerScene(ReplayControls, TableScene):
    """Carioca's table, driven by the recorded actions instead of bots and people."""

    window_partial = False  # the bar is drawn under the table after it

    def __init__(self, app: Host, session: ReplaySession) -> None:
        self.replay = session  # before the table lays itself out above the bar
        super().__init__(app, session)
        self.speed = 1
        self.coach = carioca_coach()
        self._back_for: object = None  # the view whose position one step back is prepared
        self._back: tuple[int, Any] | None = None  # (position, game) one step back, built

    def set_pace(self, seconds: float) -> None:
        self.pause_s = seconds

    def show_faces(self, on: bool) -> None:
        self.model.hands_up = on
        self.refresh()

    def practice_table(self, session: Any) -> Any:
        return TableScene(self.app, session)

    def idle(self) -> None:
        """Paused, an idle frame rehearses the next recorded action as the table rehearses a
        bot's move (its words, panels and piles drawn ahead: the → frame only blits them;
        the step was 2.3x the floor); the next one prepares the position one step back
        (``prepare_back``); else the table's own idle work."""
        r = self.replay
        if not r.playing:
            r.remember()  # a ← to here later copies it (at a turn's start: ~0.1 ms)
        if r.playing or not (self.rehearse() or self.prepare_back()):
            super().idle()

    def rehearse(self) -> bool:
        """The next recorded action rehearsed (rehearse.py) and the bar's next line laid;
        True if it did (the idle frame's work)."""
        r = self.replay
        if not self.frame.rehearsal.run(r.step()):
            return False
        self.warm_bar(r.position + 1)
        return True

    def _view_key(self) -> tuple[object, ...]:
        r = self.replay
        return (id(r.game), r.position, self.model.viewer, id(self.layout), self.model.hands_up)

    def prepare_back(self) -> bool:
        """Paused, once the next action is rehearsed: the game one step back built (as
        ``seek`` builds it) and what the table shows there drawn ahead (rehearse.py's
        ``back``), so a ← swaps it in and its frame finds its words, piles and seats drawn
        (rebuilt in that frame, a ← after idle frames was 1.8-2.3x the floor). True if it
        did (the idle frame's work)."""
        r, key = self.replay, self._view_key()
        if self._back_for == key:
            return False
        self._back_for, self._back = key, None
        if r.position <= 0 or self.game_over_round:
            return False
        game, position = r.game_at(r.position - 1)
        self._back = (position, game)
        self.frame.rehearsal.back(game)
        self.warm_bar(position)
        return True

    def show_round_end(self) -> None:
        """The round's sheet as the table shows it; the match's final sheet with the
        viewer's buttons (a viewer has no new game to start)."""
        if not self.session.game.is_over:
            super().show_round_end()
            return
        from carioca_desktop.ui.scenes.carioca.final import FinalScoreScene

        self.app.push(FinalScoreScene(self.app, self.session, self.ends()))

    def forward(self) -> None:
        """One recorded action on, animated as the table animates a bot's move."""
        r = self.replay
        action = r.step()
        if action is None:
            return
        self.animator.finish()
        if self.game_over_round:
            r.next_round()
            self.sync()
        else:
            self.perform(action)

    def go(self, position: int) -> None:
        """Jump to ``position`` actions (no animation): the table re-reads the game."""
        r = self.replay
        self.animator.finish()
        self.input.cancel()
        back = self._back
        if back is not None and back[0] == position and self._back_for == self._view_key():
            r.game, r.position = back[1], position  # prepared while idle: no rebuild
        else:
            r.seek(position)
        self._back_for, self._back = None, None
        self.model.legal = Legal(r.game)
        self.round_end.stage = None
        self.sync()

    def hand_spots(self) -> dict[int, tuple[str, pygame.Rect]]:
        return {seat: (spot.side, spot.panel) for seat, spot in self.layout.seats.items()}

    def covered_parts(self) -> list[pygame.Rect]:
        lay = self.layout
        seats = [spot.panel for spot in lay.seats.values()]
        return [*lay.zones.values(), *seats, lay.viewer_zone, lay.stock, lay.pozo, lay.log]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.paint_hands(surface)
        bar = self.paint_bar(surface)
        self.coach.paint(surface, *self.coach_area(bar))
