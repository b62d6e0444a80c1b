"""Buraco's replay viewer: its table driven by a kept match's recorded actions, with the
viewer's keys and bar (ui/replay_viewer.py's ``ReplayControls``) and the next action rehearsed
while paused."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from carioca_desktop.i18n import language
from carioca_desktop.ui import allhands
from carioca_desktop.ui.replay_bar import warm_steps
from carioca_desktop.ui.replay_end import Ends
from carioca_desktop.ui.replay_viewer import ReplayControls
from carioca_desktop.ui.scenes.buraco.coach_words import coach_panel as buraco_coach
from carioca_desktop.ui.scenes.buraco.layout import BUTTONS, hand_rects, seat_places
from carioca_desktop.ui.scenes.buraco.scene import BuracoTableScene

if TYPE_CHECKING:
    from carioca_desktop.play.replay_session import BuracoReplaySession
    from carioca_desktop.ui.scene import Host


IDLE_BUDGET_S = 0.001  # rehearsal stages run in a frame with nothing to draw (under its floor)
TOLD_KEPT = 64  # positions whose log is kept (as Recorded's TRAIL_KEPT)


class BuracoReplayViewerScene(ReplayControls, BuracoTableScene):
    """Buraco's table, driven by the recorded actions."""

    window_partial = False

    def __init__(self, app: Host, session: BuracoReplaySession) -> None:
        self.replay = session  # before the table lays itself out above the bar
        super().__init__(app, session)
        self.speed = 1
        self.coach = buraco_coach()
        self._rehearsed: object = None  # the position whose next action was rehearsed
        self._stages: Iterator[None] | None = None  # the rehearsal's stages still to run
        self._drawn_at = -1  # the position the last frame showed
        self._back_for: object = None  # the view whose position one step back is prepared
        self._back_stages: Iterator[None] | None = None  # that preparation's stages left
        self._back: tuple[int, Any] | None = None  # (position, game) one step back, built
        self._kept_for: object = None  # the view whose position was kept (keep_shown)
        # The log as each kept position showed it: (position, viewer, layout, hands up) →
        # (its lines, the events told, their language); a ← there tells nothing again.
        self._told: dict[tuple[object, ...], tuple[list[str], int, str]] = {}

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
        # Drawn anyway (toasts age): a stage in it, not in the frame that shows a step.
        if busy and self._drawn_at == self.replay.position and not self.keep_shown():
            self.rehearse()
        return busy

    def idle(self) -> None:
        """Nothing to draw: stages of the next action's rehearsal for up to IDLE_BUDGET_S,
        once its position is on screen (in ``update`` the stages made every frame after a
        step draw the whole table again: 1.9 ms a frame against Carioca's 0.3, which
        rehearses here too; one stage a frame left the hand's new face for the → frame);
        then the position one step back's (``prepare_back``); first, the position shown is
        kept for a later ← (``keep_shown``)."""
        shown = self._drawn_at == self.replay.position
        if shown and self.keep_shown():
            return
        if not (shown and (self.rehearse(IDLE_BUDGET_S) or self.prepare_back(IDLE_BUDGET_S))):
            super().idle()

    def keep_shown(self) -> bool:
        """Paused, the position on screen kept for a later ← (even straight after another
        ←): its game copied (``Recorded.remember``), its log's lines and its parts'
        pictures kept (``Layer.keep_shown``), once a position; True if it did (0.2-0.4 ms:
        this frame's stage, before the rehearsal's)."""
        key = self._view_key()
        if self.replay.playing or self._kept_for == key:
            return False
        if self.layer.keep_shown(self.picture()) < 0:
            return False  # the layer does not show this position yet
        self._kept_for = key
        told = self._told
        told[key[1:]] = (list(self.log_lines), self._seen, language())
        if len(told) > TOLD_KEPT:
            del told[next(iter(told))]  # the oldest kept
        self.replay.remember()
        return True

    def _view_key(self) -> tuple[object, ...]:
        r = self.replay
        return (id(r.game), r.position, self.viewer, id(self.layout), self.hands_up)

    def rehearse(self, budget_s: float = 0.0) -> bool:
        """Paused, once a position is on screen: its next recorded action rehearsed as the
        table rehearses a bot's move (rehearse.py), so the next → frame blits the parts it
        changes (the cards' faces at a new meld size are painted here, not in that frame:
        up to 20 ms). In stages (the next position, each part drawn ahead, each card face
        painted), as many as ``budget_s`` allows, at least one: all in one frame took 5 ms
        at 1600x900, five times the floor; True while stages remain."""
        r = self.replay
        action = r.step()
        key = self._view_key()
        if self._rehearsed != key:
            self._stages = None  # a rehearsal of a position no longer shown
        if self._stages is None:
            if r.playing or action is None or r.game.round_over or self._rehearsed == key:
                return False
            self._rehearsed = key
            self._stages = self._rehearsal(action)
        if _advance(self._stages, budget_s):
            return True
        self._stages = None  # the last stage done
        return False

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
        self.warm_bar(r.position + 1)
        yield from self.layer.ahead_steps(picture)
        yield from warm_steps(self._faces_ahead(copy, obs))

    def _faces_ahead(self, copy: Any, obs: Any) -> list[Callable[[], object]]:
        """The faces the step's frame draws (each painted once per size, ~0.5 ms), as calls
        that paint them: the cards that fly (the actor's hand and the pile's top, at the
        pile's width) and the hand shown after it; with all hands up, the other hands at
        the sizes they are drawn."""
        game, lay, images = self.replay.game, self.layout, self.images
        actor = game.current_player
        flying = [*(game.hand(actor) if actor is not None else ()), *obs.pile[-6:]]
        jobs: list[Callable[[], object]] = [partial(images.face, c, lay.pile_w) for c in flying]
        return jobs + self._hand_jobs(copy, copy.hand(self.viewer))

    def _hand_jobs(self, game: Any, hand: Sequence[str]) -> list[Callable[[], object]]:
        """The faces of ``hand`` at the width the viewed hand is drawn, and with all hands up
        the other hands of ``game`` at theirs, as calls that paint them."""
        lay, images = self.layout, self.images
        width = next((b.w for b in hand_rects(lay.hand_area, len(hand), lay.hand_w)), 0)
        jobs: list[Callable[[], object]] = [partial(images.shadowed, c, width) for c in hand]
        if self.all_hands:
            hands = {s: game.hand(s) for s in self.hand_spots()}
            jobs += allhands.warm_jobs(images, hands, self.hand_spots(), self.app.size)
        return jobs

    def prepare_back(self, budget_s: float) -> bool:
        """Paused, after the next action's rehearsal: the position one step back built (as
        ``seek`` builds it) and its parts drawn ahead, in stages within ``budget_s``, so a ←
        swaps it in and its frame blits (rebuilt in that frame: 2.65-4x the floor). True
        while stages remain."""
        key = self._view_key()
        if self._back_for != key:
            self._back_for, self._back, self._back_stages = key, None, None
            if not self.replay.playing and self.replay.position > 0:
                self._back_stages = self._back_rehearsal()
        if self._back_stages is None:
            return False
        if _advance(self._back_stages, budget_s):
            return True
        self._back_stages = None
        return False

    def _back_rehearsal(self) -> Iterator[None]:
        """The stages of ``prepare_back``: the game one step back, its parts, its faces."""
        r = self.replay
        game, position = r.game_at(r.position - 1)
        self._back = (position, game)
        yield
        obs = game.observation(self.viewer)
        kept, seen = self.log_lines, self._seen
        self.log_lines, self._seen = self._log_at(position)  # as ``go`` tells it
        try:
            lines = self.log_after(obs)
        finally:
            self.log_lines, self._seen = kept, seen
        picture = self.picture(obs, lines)
        yield
        self.warm_bar(position)
        yield from self.layer.ahead_steps(picture, keep_old=True)
        yield from warm_steps(self._hand_jobs(game, obs.hand))

    def go(self, position: int) -> None:
        r = self.replay
        self.animator.finish()
        if self.sheet is not None:
            self.sheet.kill()
            self.sheet = None
        back = self._back
        if back is not None and back[0] == position and self._back_for == self._view_key():
            r.game, r.position = back[1], position  # prepared while idle: no rebuild
        else:
            r.seek(position)
        self._back_for, self._back, self._back_stages = None, None, None
        self.log_lines, self._seen = self._log_at(position)
        self.round_end.stage = None
        self.sync()

    def _log_at(self, position: int) -> tuple[list[str], int]:
        """The log's lines and events told to start ``position`` from: as the position
        showed them when kept, else none, to be told again from its last LOG_KEEP events
        only (the table's path after an undo): telling every event of the match made a step
        back cost 7 ms CPU at p50, its last 40 events 0.1-0.15 ms."""
        lines, seen, said = self._told.get((position, *self._view_key()[2:]), ([], 0, None))
        if said != language():
            return [], sys.maxsize
        return list(lines), seen

    def _update_buttons(self) -> None:
        """The player's side buttons are hidden in a viewer (``enter``): nothing to enable
        (0.04 ms a step)."""

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


def _advance(stages: Iterator[None], budget_s: float) -> bool:
    """Run ``stages`` (at least one) until ``budget_s`` is spent; True while some remain."""
    end = time.perf_counter() + budget_s
    while next(stages, True) is None:
        if time.perf_counter() >= end:
            return True
    return False
