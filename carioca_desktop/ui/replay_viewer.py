"""The replay viewer's part both games share: a kept match on the real table of its game,
read-only (play/replay_session.py); each game's viewer is ``ui/scenes/<game>/replay.py``
(``ReplayControls`` mixed in before its table), opened by ``open_viewer`` through the registry.

Keys: → one action on (animated), ← one action back, Home / End the start or end of the
round, PageUp / PageDown the round before or after, Space plays or pauses, S the speed, V
"my view" (the viewed seat's hand) or "all hands face up" (every seat's hand at once), Tab
the viewed seat (each seat in turn), T that seat's turn again at a practice table that
records nothing, C the coach for that seat's round. The log
and the score sheet follow the position; a round's sheet shows at its end while playing. A
bar at the bottom says where it is."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from carioca_desktop.play.replay_session import Recorded, replay_session
from carioca_desktop.ui import allhands
from carioca_desktop.ui.coach_panel import CoachPanel
from carioca_desktop.ui.replay_end import Ends, end_actions
from carioca_desktop.ui.replay_layout import ReplayLayout

if TYPE_CHECKING:
    from carioca_desktop.storage.match_file import MatchFile
    from carioca_desktop.ui.scene import Host, Scene
    from carioca_desktop.ui.sprites import CardImages

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


def open_viewer(app: Host, match: MatchFile) -> Scene:
    """The viewer of a checked match file, from the first person's seat (else seat 0), on
    its game's table (``ui/games.py``'s ``replay``)."""
    humans = match.human_seats
    session: Any = replay_session(match, humans[0] if humans else 0)
    return app.routes.game(match.game).replay(app, session)
