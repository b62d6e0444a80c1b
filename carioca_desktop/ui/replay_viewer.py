"""The replay viewer: a kept match on the real table of its game, read-only
(play/replay_session.py).

Keys: → one action on (animated), ← one action back, Home / End the start or end of the
round, PageUp / PageDown the round before or after, Space plays or pauses, S the speed, V
"my view" (the viewed seat's hand) or "all hands face up" (every seat's hand at once), Tab
the viewed seat (each seat in turn), T that seat's turn again at a practice table that
records nothing, C the coach for that seat's round. The log
and the score sheet follow the position; a round's sheet shows at its end while playing. A
bar at the bottom says where it is."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any, cast

import pygame

from carioca_desktop.play.replay_session import (
    BuracoReplaySession,
    Recorded,
    ReplaySession,
    replay_session,
)
from carioca_desktop.ui import allhands
from carioca_desktop.ui.coach_panel import CoachPanel
from carioca_desktop.ui.replay_bar import warm_steps
from carioca_desktop.ui.replay_end import Ends, end_actions
from carioca_desktop.ui.replay_layout import ReplayLayout
from carioca_desktop.ui.scenes.buraco import BuracoTableScene
from carioca_desktop.ui.scenes.buraco.coach_words import coach_panel as buraco_coach
from carioca_desktop.ui.scenes.buraco.layout import BUTTONS, hand_rects, seat_places
from carioca_desktop.ui.scenes.carioca import TableScene
from carioca_desktop.ui.scenes.carioca.coach_words import coach_panel as carioca_coach
from carioca_desktop.ui.scenes.carioca.model import Legal

if TYPE_CHECKING:
    from carioca_desktop.storage.match_file import MatchFile
    from carioca_desktop.ui.scene import Host, Scene
    from carioca_desktop.ui.sprites import CardImages

IDLE_BUDGET_S = 0.001  # rehearsal stages run in a frame with nothing to draw (under its floor)
SPEEDS = (1.2, 0.6, 0.25, 0.08)  # seconds between actions while playing
KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP,
        pygame.K_PAGEDOWN, pygame.K_SPACE, pygame.K_v, pygame.K_s, pygame.K_t,
        pygame.K_c, pygame.K_TAB)  # fmt: skip


class ReplayControls(ReplayLayout):
    """The viewer's keys and bar, over either game's table scene (mixed in before it)."""

    app: Host
    replay: Recorded
    speed: int
    _all_hands = False

    @property
    def all_hands(self) -> bool:
        """V: every seat's hand face up (the seats' fans of backs go), else only the viewed
        seat's."""
        return self._all_hands

    @all_hands.setter
    def all_hands(self, on: bool) -> None:
        self._all_hands = on
        self.show_faces(on)

    def show_faces(self, on: bool) -> None:
        """Tell the table whether the other seats' cards lie face up (no backs then)."""
        raise NotImplementedError

    def handle_before_ui(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in KEYS:
            self.key(event.key)
            return True
        return bool(super().handle_before_ui(event))  # type: ignore[misc]

    def key(self, key: int) -> None:
        r = self.replay
        here = r.round_of(r.position)
        moves = {
            pygame.K_LEFT: r.position - 1,
            pygame.K_HOME: r.rounds[here].start,
            pygame.K_END: r.rounds[here].end,
            pygame.K_PAGEDOWN: r.rounds[min(here + 1, len(r.rounds) - 1)].start,
        }
        if key == pygame.K_PAGEUP:
            back = here - 1 if r.position == r.rounds[here].start and here > 0 else here
            moves[key] = r.rounds[back].start
        if key in moves:
            self.go(moves[key])
        elif key == pygame.K_RIGHT:
            self.forward()
        elif key == pygame.K_SPACE:
            r.playing = not r.playing
            self.schedule(0.0)
        elif key == pygame.K_v:
            self.all_hands = not self.all_hands
        elif key == pygame.K_TAB:
            r.seat = (r.seat + 1) % r.game.players
            self.sync()
        elif key == pygame.K_s:
            self.speed = (self.speed + 1) % len(SPEEDS)
            self.set_pace(SPEEDS[self.speed])
        else:
            self.extra_key(key, here)
        self.app.dirty()

    coach: CoachPanel

    def extra_key(self, key: int, here: int) -> None:
        """C the coach for the viewed seat's round, T its turn again at a practice table."""
        r = self.replay
        if key == pygame.K_c:
            if self.coach.open:
                self.show_coach(False)
            else:
                self.coach.ask(r.match, r.seat, here)
                self.show_coach(True)
        elif key == pygame.K_t:
            self.try_again()

    def try_again(self) -> None:
        """T: the viewed seat's turn (this one, or its next) at a practice table that
        records nothing (the session's ``practice``: no autosave, so no statistics, no
        history, no match file)."""
        r = self.replay
        start = r.turn_start(r.seat)
        if start is None:
            return
        r.playing = False
        self.go(start)
        self.app.push(self.practice_table(r.practice()))

    def practice_table(self, session: Any) -> Any:
        """The game's own table scene for a practice session."""
        raise NotImplementedError

    def enter(self) -> None:
        super().enter()  # type: ignore[misc]
        self.set_pace(SPEEDS[self.speed])

    def resume(self) -> None:
        super().resume()  # type: ignore[misc]
        self.set_pace(SPEEDS[self.speed])

    def update(self, dt: float) -> bool:
        busy = bool(super().update(dt))  # type: ignore[misc]
        if self.coach.open and self.coach.busy:
            self.app.dirty()  # the panel says "thinking" until the judgements come
            return True
        return busy

    def forward(self) -> None:
        raise NotImplementedError

    def ends(self) -> Ends:
        """The final sheet's buttons: History, the match's start, play this deal."""
        r, me = self.replay, cast("Scene", self)
        return end_actions(self.app, me, r.match, r.deal_code(), self.from_start)

    def from_start(self) -> None:
        """The match again from its first action, paused, the final sheet put away."""
        stack, me = self.app.stack, cast("Scene", self)
        while stack.top is not None and stack.top is not me:
            self.app.pop()
        self.replay.playing = False
        self.go(0)
        self.app.dirty()

    def set_pace(self, seconds: float) -> None:
        raise NotImplementedError

    def go(self, position: int) -> None:
        raise NotImplementedError

    if TYPE_CHECKING:  # the table scene's, after this class in the order of bases

        def schedule(self, seconds: float) -> None: ...

        def sync(self) -> Any: ...

        images: CardImages

    def hand_spots(self) -> dict[int, tuple[str, pygame.Rect]]:
        """Each other seat's (edge of the table, panel) on screen."""
        raise NotImplementedError

    def paint_hands(self, surface: pygame.Surface) -> dict[int, list[pygame.Rect]]:
        """With all hands up, every other seat's hand beside its panel (the viewed seat's own
        is the table's); the cards' rectangles per seat."""
        if not self.all_hands:
            return {}
        game, spots = self.replay.game, self.hand_spots()
        hands = {seat: game.hand(seat) for seat in spots}
        return allhands.paint_hands(surface, self.images, hands, spots)


class ReplayViewerScene(ReplayControls, TableScene):
    """Carioca's table, driven by the recorded actions instead of bots and people."""

    window_partial = False  # the bar is drawn over the table after it

    def __init__(self, app: Host, session: ReplaySession) -> None:
        self.replay = session  # before the table lays itself out above the bar
        super().__init__(app, session)
        self.speed = 1
        self.coach = carioca_coach()

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
        the step was 2.3x the floor); else the table's own idle work."""
        r = self.replay
        if r.playing or not self.frame.rehearsal.run(r.step()):
            super().idle()

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
        r.seek(position)
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
        if busy and self._drawn_at == self.replay.position:  # drawn anyway (toasts age):
            self.rehearse()  # a stage in it; not in the frame that shows a step
        return busy

    def idle(self) -> None:
        """Nothing to draw: stages of the next action's rehearsal for up to IDLE_BUDGET_S,
        once its position is on screen (in ``update`` the stages made every frame after a
        step draw the whole table again: 1.9 ms a frame against Carioca's 0.3, which
        rehearses here too; one stage a frame left the hand's new face for the → frame)."""
        if self._drawn_at != self.replay.position or not self.rehearse(IDLE_BUDGET_S):
            super().idle()

    def rehearse(self, budget_s: float = 0.0) -> bool:
        """Paused, once a position is on screen: its next recorded action rehearsed as the
        table rehearses a bot's move (rehearse.py), so the next → frame blits the parts it
        changes (the cards' faces at a new meld size are painted here, not in that frame:
        up to 20 ms). In stages (the next position, each part drawn ahead, each card face
        painted), as many as ``budget_s`` allows, at least one: all in one frame took 5 ms
        at 1600x900, five times the floor; True while stages remain."""
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
        end = time.perf_counter() + budget_s
        while next(self._stages, True) is None:
            if time.perf_counter() >= end:
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
        yield from self.layer.ahead_steps(picture)
        # The faces the step's frame draws (each painted once per size, ~0.5 ms): the cards
        # that fly (the actor's hand and the pile's top, at the pile's width) and the hand
        # shown after it; with all hands up, the other hands at the sizes they are drawn.
        game, lay, images = r.game, self.layout, self.images
        actor = game.current_player
        flying = [*(game.hand(actor) if actor is not None else ()), *obs.pile[-6:]]
        jobs: list[Callable[[], object]] = [partial(images.face, c, lay.pile_w) for c in flying]
        hand = copy.hand(self.viewer)
        width = next((r.w for r in hand_rects(lay.hand_area, len(hand), lay.hand_w)), 0)
        jobs += [partial(images.shadowed, code, width) for code in hand]
        if self.all_hands:
            hands = {s: copy.hand(s) for s in self.hand_spots()}
            jobs += allhands.warm_jobs(images, hands, self.hand_spots(), self.app.size)
        yield from warm_steps(jobs)

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


def open_viewer(app: Host, match: MatchFile) -> ReplayViewerScene | BuracoReplayViewerScene:
    """The viewer of a checked match file, from the first person's seat (else seat 0)."""
    humans = match.human_seats
    session: Any = replay_session(match, humans[0] if humans else 0)
    scene: Any = VIEWERS[match.game]
    viewer: ReplayViewerScene | BuracoReplayViewerScene = scene(app, session)
    return viewer


VIEWERS = {"carioca": ReplayViewerScene, "buraco": BuracoReplayViewerScene}
