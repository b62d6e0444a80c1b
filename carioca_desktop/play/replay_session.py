"""A kept match as a session the real table (either game's) shows read-only: every seat is a
bot seat whose "decisions" are the recorded actions, played on while ``playing``; the
position can be moved to any action (from a copy of the game kept every few actions).

No pygame: the viewer scene (``ui/scenes/replay_viewer.py``) drives it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from carioca_desktop import games
from carioca_desktop.games import LEVELS
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.carioca.session import MatchSession, SeatConfig
from carioca_desktop.storage.match_file import MatchFile
from carioca_desktop.storage.replay_check import AnyGame, decode_action, new_game, steps

MARK_EVERY = 8  # actions between the kept copies: a step back replays fewer than this
TRAIL_KEPT = 64  # copies of positions the viewer showed, newest kept (a few KB each)


@dataclass(frozen=True)
class Round:
    """Where a round lies in the action list: the position after its deal and after its end."""

    start: int
    end: int


def _seats(match: MatchFile) -> list[SeatConfig]:
    return [
        SeatConfig(p.name, "bot", p.level if p.level in LEVELS else "normal") for p in match.seats
    ]


class Recorded:
    """What both games' replay sessions share (mixed in before the game's session)."""

    game: Any
    match: MatchFile
    seat: int
    playing: bool
    position: int
    actions: list[Any]
    rounds: list[Round]
    _marks: dict[int, Any]
    _trail: dict[int, Any]

    if TYPE_CHECKING:

        def practice(self) -> Any: ...

    def _take(self, match: MatchFile, seat: int) -> None:
        self.match, self.seat, self.playing, self.position = match, seat, False, 0
        self.actions = [decode_action(match.game, a) for a in match.actions]
        self.rounds, self._marks = survey(match)
        self._trail = {}

    def deal_code(self) -> str | None:
        """The kept match's own code, as History shows it (None for a match dealt outside
        the app's seeding: the session's seed would name other cards)."""
        from carioca_desktop.storage.history import code_of

        return code_of(self.match)

    # ------------------------------------------------------------------ the table's asks
    def viewer(self) -> int:
        return self.seat

    def pending_bot_action(self) -> Any:
        """The next recorded action while playing (a round's deal waits for its sheet)."""
        if not self.playing or self.position >= len(self.actions) or self.game.round_over:
            return None
        return self.actions[self.position]

    def bot_action_ready(self) -> bool:
        return True

    def decide_ahead(self) -> None:
        """Nothing to decide: the actions are the file's."""

    def release_decision(self) -> None:
        """Nothing decides on a thread."""

    def apply(self, action: Any) -> Any:
        event = super().apply(action)  # type: ignore[misc]
        self.position += 1
        return event

    def next_round(self) -> None:
        """The round sheet's Continue: the recorded deal of the next round."""
        if self.position < len(self.actions) and self.game.round_over and not self.game.is_over:
            self.apply(self.actions[self.position])

    # ------------------------------------------------------------------ moving about
    def step(self) -> Any:
        """The next action (not applied: the table applies and animates it), or None."""
        return self.actions[self.position] if self.position < len(self.actions) else None

    def seek(self, position: int) -> None:
        """Put the game at ``position`` actions, from the nearest copy kept before it."""
        self.game, self.position = self.game_at(position)

    def game_at(self, position: int) -> tuple[Any, int]:
        """The game at ``position`` actions (clamped) and that position, built from the
        nearest copy kept before it (a mark, or a position shown: ``remember``); the session
        is left as it is (the viewer prepares the position one step back while idle)."""
        position = max(0, min(len(self.actions), position))
        mark = max(m for m in self._marks if m <= position)
        shown = max((t for t in self._trail if mark < t <= position), default=None)
        kept, mark = (self._marks, mark) if shown is None else (self._trail, shown)
        game = _copy(kept[mark])
        for action in self.actions[mark:position]:
            game.apply(action)
        game.keep_views(self.game)  # the shared events' views are not built again
        return game, position

    def remember(self) -> bool:
        """Keep a copy of the game at the position now shown (the viewer's idle frames), so
        a step back to it, even straight after another ←, copies it instead of replaying up
        to seven actions from a mark. Only an exact copy is kept: a Carioca game's only at a
        turn's start (its copies keep no undo from before them, as the marks). True if it
        copied (the frame's work)."""
        game, trail = self.game, self._trail
        if self.position in trail or (hasattr(game, "fork") and game.phase.value != "draw"):
            return False
        trail[self.position] = _copy(game)
        if len(trail) > TRAIL_KEPT:
            del trail[next(iter(trail))]  # the oldest kept
        return True

    def round_of(self, position: int) -> int:
        return max(i for i, r in enumerate(self.rounds) if r.start <= position)

    def turn_start(self, seat: int) -> int | None:
        """The first position at or after this one where ``seat`` is to draw, or None."""
        game, position = _copy(self.game), self.position
        while position < len(self.actions):
            if game.phase.value == "draw" and game.current_player == seat:
                return position
            game.apply(self.actions[position])
            position += 1
        return None


class ReplaySession(Recorded, MatchSession):
    """A kept Carioca match, read-only: nobody is a person, nothing is saved or recorded."""

    def __init__(self, match: MatchFile, seat: int = 0) -> None:
        game: Any = new_game(match)  # a Carioca match file (``replay_session`` chose)
        super().__init__(game, _seats(match), match.seed, game.rules.preset, {}, None, False)
        self._take(match, seat)

    def practice(self) -> MatchSession:
        """ "Try this turn again": a new session from the position now, the viewed seat a
        person's and the others bots of their levels; nothing is saved or recorded (no
        autosave: the end of the match records nothing, see ``SeatedSession._finish``)."""
        from carioca_desktop.bots.carioca.base import make_bot

        seats = [
            SeatConfig(s.name, "human") if i == self.seat else s for i, s in enumerate(self.seats)
        ]
        bots = {
            i: make_bot(s.level or "normal", i, (self.match.seed * 7919 + i * 104729) & 0x7FFFFFFF)
            for i, s in enumerate(seats)
            if s.kind == "bot"
        }
        game = self.game.fork()  # a copy with its own undo
        return MatchSession(game, seats, self.seed, self.preset, bots, None, False, True)


class BuracoReplaySession(Recorded, BuracoSession):
    """A kept Buraco match, read-only, as ReplaySession."""

    def __init__(self, match: MatchFile, seat: int = 0) -> None:
        game: Any = new_game(match)  # a Buraco match file
        super().__init__(game, _seats(match), match.seed, {}, None, False)
        self._take(match, seat)

    def practice(self) -> BuracoSession:
        """ "Try this turn again": a new session from the position now (an exact copy of the
        game: the same hands, stock, pile, mortos, melds and match scores), the viewed seat a
        person's and the others bots of their levels; without autosave, so the end of the
        match records nothing (``SeatedSession._finish``) and no match file is kept."""
        from carioca_desktop.bots.buraco.driver import make_buraco_bot

        seats = [
            SeatConfig(s.name, "human") if i == self.seat else s for i, s in enumerate(self.seats)
        ]
        seed = (self.match.seed * 7919) & 0x7FFFFFFF
        bots = {
            i: make_buraco_bot(s.level or "normal", i, seed + i * 104729)
            for i, s in enumerate(seats)
            if s.kind == "bot"
        }
        return BuracoSession(self.game.clone(), seats, self.seed, bots, None, False)


def replay_session(match: MatchFile, seat: int = 0) -> ReplaySession | BuracoReplaySession:
    session: ReplaySession | BuracoReplaySession = games.entry(match.game).named("replay_class")(
        match, seat
    )
    return session


def _copy(game: AnyGame) -> AnyGame:
    """A copy that replays exactly from the start of a turn (Carioca's keeps its undo on)."""
    fork = getattr(game, "fork", None)  # Carioca's keeps undo on; Buraco has no undo
    copy: AnyGame = fork() if fork is not None else game.clone()
    return copy


def survey(match: MatchFile) -> tuple[list[Round], dict[int, Any]]:
    """Each round's start and end positions, and copies of the game kept every few
    actions at the start of a turn (where nothing can be undone: Carioca's undo reaches back
    only to the turn's draw, and a copy starts with nothing to undo). MatchFileError if the
    file fails its replay."""
    first: AnyGame = new_game(match)
    marks: dict[int, Any] = {0: _copy(first)}
    starts: list[int] = [0]
    ends: list[int] = []
    last = 0
    for number, (game, action) in enumerate(steps(match), 1):
        if (game.is_over or game.round_over) and len(ends) < len(starts):
            ends.append(number)
        if type(action).__name__ == "NextRound":
            starts.append(number)
        if game.phase.value == "draw" and number - last >= MARK_EVERY:
            marks[number], last = _copy(game), number
    ends += [len(match.actions)] * (len(starts) - len(ends))
    return [Round(s, e) for s, e in zip(starts, ends, strict=True)], marks
