"""A kept Carioca match as a session the real table can show read-only: every seat is a bot
seat whose "decisions" are the recorded actions, played on while ``playing``; the position
can be moved to any action (from a copy of the game kept at each round's deal).

No pygame: the viewer scene (``ui/scenes/replay_viewer.py``) drives it."""

from __future__ import annotations

from dataclasses import dataclass

from carioca_desktop.bots.levels import LEVELS
from carioca_desktop.play.session import MatchSession, SeatConfig
from carioca_desktop.rules.carioca.actions import Action
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.state import Event, Phase, State
from carioca_desktop.storage.match_file import MatchFile, MatchFileError
from carioca_desktop.storage.replay_check import decode_action, new_game, steps


@dataclass(frozen=True)
class Round:
    """Where a round lies in the action list: the position after its deal and after its end."""

    start: int
    end: int


class ReplaySession(MatchSession):
    """Read-only: nobody is a person, nothing is saved or recorded."""

    def __init__(self, match: MatchFile, seat: int = 0) -> None:
        if match.game != "carioca":
            raise MatchFileError("the viewer shows Carioca matches")
        seats = [
            SeatConfig(p.name, "bot", p.level if p.level in LEVELS else "normal")
            for p in match.seats
        ]
        game = new_game(match)
        assert isinstance(game, Game)
        rules = game.rules
        super().__init__(game, seats, match.seed, rules.preset, {}, None, False, False)
        self.match = match
        self.seat = seat
        self.playing = False
        self.position = 0  # actions applied
        self.actions: list[Action] = [decode_action("carioca", a) for a in match.actions]
        self.rounds, self._marks = _survey(match)

    # ------------------------------------------------------------------ the table's asks
    def viewer(self) -> int:
        return self.seat

    def pending_bot_action(self) -> Action | None:
        """The next recorded action while playing (a round's deal waits for its sheet)."""
        if not self.playing or self.position >= len(self.actions):
            return None
        if self.game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            return None
        return self.actions[self.position]

    def bot_action_ready(self) -> bool:
        return True

    def decide_ahead(self) -> None:
        """Nothing to decide: the actions are the file's."""

    def apply(self, action: Action) -> Event:
        event = super().apply(action)
        self.position += 1
        return event

    def next_round(self) -> None:
        """The round sheet's Continue: the recorded deal of the next round."""
        if self.position < len(self.actions) and self.game.phase == Phase.ROUND_OVER:
            self.apply(self.actions[self.position])

    # ------------------------------------------------------------------ moving about
    def step(self) -> Action | None:
        """The next action (not applied: the table applies and animates it), or None."""
        return self.actions[self.position] if self.position < len(self.actions) else None

    def seek(self, position: int) -> None:
        """Put the game at ``position`` actions, from the nearest copy kept before it."""
        position = max(0, min(len(self.actions), position))
        mark = max(m for m in self._marks if m <= position)
        game = Game(self._marks[mark].copy())
        for action in self.actions[mark:position]:
            game.apply(action)
        self.game, self.position = game, position

    def turn_start(self, seat: int) -> int | None:
        """The first position at or after this one where ``seat`` is to draw, or None."""
        game, position = Game(self.game.state.copy()), self.position
        while position < len(self.actions):
            if game.phase == Phase.DRAW and game.current_player == seat:
                return position
            game.apply(self.actions[position])
            position += 1
        return None

    def practice(self) -> MatchSession:
        """ "Try this turn again": a new session from the position now, the viewed seat a
        person's and the others bots of their levels; nothing is saved or recorded (no
        autosave: the end of the match records nothing, see ``SeatedSession._finish``)."""
        from carioca_desktop.bots.base import make_bot

        seats = [
            SeatConfig(s.name, "human") if i == self.seat else s for i, s in enumerate(self.seats)
        ]
        bots = {
            i: make_bot(s.level or "normal", i, (self.match.seed * 7919 + i * 104729) & 0x7FFFFFFF)
            for i, s in enumerate(seats)
            if s.kind == "bot"
        }
        game = Game(self.game.state.copy())  # a copy with its own undo
        return MatchSession(game, seats, self.seed, self.preset, bots, None, False, True)

    def round_of(self, position: int) -> int:
        return max(i for i, r in enumerate(self.rounds) if r.start <= position)


MARK_EVERY = 8  # actions between the kept copies: a step back replays fewer than this


def _survey(match: MatchFile) -> tuple[list[Round], dict[int, State]]:
    """Each round's start and end positions, and copies of the game kept every few actions
    at the start of a turn (where nothing can be undone: the engine's undo reaches back only
    to the turn's draw, and a copy starts with nothing to undo). MatchFileError if the file
    fails its replay."""
    first = new_game(match)
    assert isinstance(first, Game)
    marks = {0: first.state.copy()}
    starts: list[int] = [0]
    ends: list[int] = []
    round_index, last = 0, 0
    for number, (game, _action) in enumerate(steps(match), 1):
        assert isinstance(game, Game)
        if (game.is_over or game.round_over) and len(ends) < len(starts):
            ends.append(number)
        if game.round_index != round_index:
            round_index = game.round_index
            starts.append(number)
        if game.phase == Phase.DRAW and number - last >= MARK_EVERY:
            marks[number], last = game.state.copy(), number
    ends += [len(match.actions)] * (len(starts) - len(ends))
    return [Round(s, e) for s, e in zip(starts, ends, strict=True)], marks
