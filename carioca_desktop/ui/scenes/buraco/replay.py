"""Buraco's replay viewer: its table driven by a kept match's recorded actions, with the
viewer's keys and bar (ui/replay_viewer.py's ``ReplayControls``) and the next action rehearsed
while paused."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pygame

from carioca_desktop.ui import allhands
from carioca_desktop.ui.replay_end import Ends
from carioca_desktop.ui.replay_viewer import ReplayControls
from carioca_desktop.ui.scenes.buraco.coach_words import coach_panel as buraco_coach
from carioca_desktop.ui.scenes.buraco.layout import BUTTONS, seat_places
from carioca_desktop.ui.scenes.buraco.scene import BuracoTableScene

if TYPE_CHECKING:
    from carioca_desktop.play.replay_session import BuracoReplaySession
    from carioca_desktop.ui.scene import Host


class BuracoReplayViewerScene(ReplayControls, BuracoTableScene):
    """Buraco's table, driven by the recorded actions."""

    window_partial = False

    def __init__(self, app: Host, session: BuracoReplaySession) -> None:
        super().__init__(app, session)
        self.replay = session
        self.speed = 1
        self.coach = buraco_coach()
        self._rehearsed: object = None  # the position whose next action was rehearsed
        self._stages: Iterator[None] | None = None  # the rehearsal's stages still to run
        self._drawn_at = -1  # the position the last frame showed

    def practice_table(self, session: Any) -> Any:
        return BuracoTableScene(self.app, session)

    def final_ends(self) -> Ends:
        return self.ends()

    def show_faces(self, on: bool) -> None:
        self.hands_up = on
        self.app.dirty()

    def enter(self) -> None:
        """The table's side buttons (lay down, group, sort, clear, undo, hint) are a player's:
        a read-only viewer hides them, as Carioca's viewer shows none; Menu and Keys stay."""
        super().enter()
        for key in BUTTONS:
            hidden: Any = self.buttons[key]  # pygame_gui's hide() is untyped
            hidden.hide()

    def set_pace(self, seconds: float) -> None:
        self.pause_s = seconds

    def forward(self) -> None:
        r = self.replay
        if r.step() is None:
            return
        self.animator.finish()
        if r.game.round_over:
            self.next_round()  # the sheet closed, the recorded deal
        else:
            self.perform(r.step())

    def update(self, dt: float) -> bool:
        busy = super().update(dt)
        if self._drawn_at == self.replay.position:  # not in the frame that shows a step:
            busy = self.rehearse() or busy  # in the ones after it, a stage each
        return busy

    def rehearse(self) -> bool:
        """Paused, once a position is on screen: its next recorded action rehearsed as the
        table rehearses a bot's move (rehearse.py), so the next → frame blits the parts it
        changes (the cards' faces at a new meld size are painted here, not in that frame:
        up to 20 ms). One stage a frame (the next position, then each part drawn ahead):
        in one frame it took 5 ms at 1600x900, five times the floor; True while stages
        remain (the frames keep coming)."""
        r = self.replay
        action = r.step()
        key = (id(r.game), r.position, self.viewer, id(self.layout), self.hands_up)
        if self._rehearsed != key:
            self._stages = None  # a rehearsal of a position no longer shown
        if self._stages is None:
            if r.playing or action is None or r.game.round_over or self._rehearsed == key:
                return False
            self._rehearsed = key
            self._stages = self._rehearsal(action)
        if next(self._stages, True) is True:  # the last stage done
            self._stages = None
            return False
        return True

    def _rehearsal(self, action: Any) -> Iterator[None]:
        """The stages of a rehearsal (see ``rehearse``)."""
        r = self.replay
        copy = r.game.clone()
        try:
            copy.apply(action)
        except Exception:  # checked when the file was read; the → frame would say so
            return
        copy.keep_views(r.game)  # the events both share: their views are not built again
        obs = copy.observation(self.viewer)
        picture = self.picture(obs, self.log_after(obs))
        yield
        yield from self.layer.ahead_steps(picture)
        if self.all_hands:  # the other hands' faces at the sizes they will be drawn
            allhands.warm(self.images, {s: copy.hand(s) for s in self.hand_spots()},
                          self.hand_spots(), self.app.size)  # fmt: skip

    def go(self, position: int) -> None:
        r = self.replay
        self.animator.finish()
        if self.sheet is not None:
            self.sheet.kill()
            self.sheet = None
        r.seek(position)
        # The log is told again from its last LOG_KEEP events only (the table's path after an
        # undo): telling every event of the match made a step back cost 7 ms CPU at p50.
        self.log_lines, self._seen, self.round_end.stage = [], sys.maxsize, None
        self.sync()

    def hand_spots(self) -> dict[int, tuple[str, pygame.Rect]]:
        places = seat_places(self.replay.game.players, self.viewer)
        return {seat: (side, self.layout.seats[seat]) for side, seat in places.items()}

    def covered_parts(self) -> list[pygame.Rect]:
        lay = self.layout
        return [lay.their_zone, lay.our_zone, lay.pile_area, lay.score_panel, lay.info_panel,
                lay.log, *lay.seats.values()]  # fmt: skip

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.paint_hands(surface)
        bar = self.paint_bar(surface)
        self.coach.paint(surface, *self.coach_area(bar))
        self._drawn_at = self.replay.position
