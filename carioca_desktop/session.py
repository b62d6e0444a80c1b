"""The match controller shared by the table scene and the autosave: seats, bots, persistence."""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from carioca_desktop.bots.levels import LEVELS
from carioca_desktop.rules.actions import Action, NextRound
from carioca_desktop.rules.game import Game
from carioca_desktop.rules.ruleset import RuleSet
from carioca_desktop.rules.state import Event, Phase
from carioca_desktop.storage import (
    MatchRecord,
    Paths,
    PlayerRecord,
    append_match,
    clear_autosave,
    write_autosave,
)

if TYPE_CHECKING:
    from carioca_desktop.bots.base import Bot

# The bots (and the solver under them) are imported when a match needs them, not with this
# module: the app imports it at start to check the autosave, and start-up time counts.

log = logging.getLogger(__name__)

FORMAT = "carioca-session"
VERSION = 1
KINDS = ("human", "bot")


@dataclass(frozen=True)
class SeatConfig:
    """Who sits at a seat: a human (hot-seat players share the screen) or a bot of a level."""

    name: str
    kind: str  # "human" | "bot"
    level: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_dict(cls, data: Any) -> SeatConfig:
        if not isinstance(data, Mapping):
            raise ValueError("a seat must be an object")
        name, kind, level = data.get("name"), data.get("kind"), data.get("level")
        if not isinstance(name, str) or not name or kind not in KINDS:
            raise ValueError(f"bad seat: {dict(data)!r}")
        if kind == "bot" and level not in LEVELS:
            raise ValueError(f"bad bot level: {level!r}")
        if kind == "human" and level is not None:
            raise ValueError("a human seat has no level")
        return cls(name, str(kind), None if level is None else str(level))


class MatchSession:
    """One match being played: the Game, who sits where, the bots and their state.

    ``apply`` is the only way the UI changes the game; it autosaves after every action (when
    ``autosave``) so Continue resumes the exact position, bots' memory and RNG included.
    """

    def __init__(
        self,
        game: Game,
        seats: Sequence[SeatConfig],
        seed: int,
        preset: str,
        bots: dict[int, Bot],
        paths: Paths | None = None,
        autosave: bool = True,
        hints: bool = True,
    ) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for {game.players} players")
        self.game = game
        self.seats: tuple[SeatConfig, ...] = tuple(seats)
        self.seed = seed
        self.preset = preset
        self.bots = bots
        self.paths = paths
        self.autosave = autosave
        self.hints = hints  # the Pista button, for this match (the settings may also turn it off)
        self.recorded = False  # the finished match went into the statistics
        self._pending: Action | None = None
        self._pending_at = -1  # the event count the pending bot action was chosen at

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(
        cls,
        rules: RuleSet,
        seats: Sequence[SeatConfig],
        seed: int,
        paths: Paths | None = None,
        autosave: bool = True,
        hints: bool = True,
    ) -> MatchSession:
        """A new match, round 1 dealt; bots are created from the seed, so it is reproducible."""
        if rules.players != len(seats):
            rules = rules.with_changes(players=len(seats))
        game = Game.new(rules, random.Random(seed), names=[s.name for s in seats])
        from carioca_desktop.bots.base import make_bot

        bots = {i: make_bot(s.level or "normal", i, _bot_seed(seed, i)) for i, s in _bots(seats)}
        session = cls(game, seats, seed, rules.preset, bots, paths, autosave, hints)
        session._save()
        return session

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "seed": self.seed,
            "preset": self.preset,
            "hints": self.hints,
            "seats": [s.to_dict() for s in self.seats],
            "bots": {str(i): bot.to_dict() for i, bot in sorted(self.bots.items())},
            "game": self.game.to_dict(),
        }

    @classmethod
    def from_dict(cls, d: Any, paths: Paths | None = None, autosave: bool = True) -> MatchSession:
        """Load a saved session; raises ValueError naming what is wrong with a bad dict."""
        if not isinstance(d, Mapping) or d.get("format") != FORMAT:
            raise ValueError("not a Carioca session")
        if d.get("version") != VERSION:
            raise ValueError(f"unknown session version {d.get('version')!r}")
        seed, preset = d.get("seed"), d.get("preset")
        if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(preset, str):
            raise ValueError("bad seed or preset")
        game = Game.from_dict(d.get("game"))  # StateError is a ValueError
        raw_seats = d.get("seats")
        if not isinstance(raw_seats, list):
            raise ValueError("seats must be a list")
        seats = [SeatConfig.from_dict(s) for s in raw_seats]
        if [s.name for s in seats] != list(game.state.names):
            raise ValueError("the seats do not match the game's players")
        bots = _load_bots(d.get("bots"), seats)
        hints = d.get("hints", True)  # saves from before the flag had none: hints on
        if not isinstance(hints, bool):
            raise ValueError("hints must be true or false")
        return cls(game, seats, seed, preset, bots, paths, autosave, hints)

    # ------------------------------------------------------------------ who is who
    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    @property
    def hot_seat(self) -> bool:
        """Several people share the screen: each hand is shown only to its owner."""
        return len(self.human_seats) >= 2

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < len(self.seats) and self.seats[seat].kind == "human"

    def viewer(self) -> int:
        """Whose hand the table shows: the human to act (hot-seat), else the first human;
        seat 0 when every seat is a bot (autoplay shows seat 0's hand)."""
        turn = self.game.current_player
        if turn is not None and self.is_human(turn):
            return turn
        humans = self.human_seats
        return humans[0] if humans else 0

    # ------------------------------------------------------------------ playing
    def pending_bot_action(self) -> Action | None:
        """The next bot action if a bot must act now (its turn, or a buy it wants).

        The choice is remembered until the game changes, so asking twice neither advances a
        bot's random generator nor changes the answer.
        """
        if self.game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            return None
        at = len(self.game.state.events)
        if self._pending_at != at:
            from carioca_desktop.bots.driver import bot_step

            self._pending, self._pending_at = bot_step(self.game, self.bots), at
        return self._pending

    def apply(self, action: Action) -> Event:
        """Apply an action (IllegalAction propagates unchanged, nothing saved), then autosave;
        when the match ends, clear the autosave and record the match in the statistics."""
        event = self.game.apply(action)
        self._pending_at = -1
        if self.game.is_over:
            self._finish()
        else:
            self._save()
        return event

    def next_round(self) -> None:
        """Deal the next round (after the round summary)."""
        self.apply(NextRound())

    @property
    def finished_rounds(self) -> int:
        return len(self.game.state.points)

    # ------------------------------------------------------------------ persistence
    def _save(self) -> None:
        if not self.autosave:
            return
        try:
            write_autosave(self.to_dict(), self.paths)
        except (OSError, ValueError) as err:  # a full disk must not stop the match
            log.warning("autosave failed: %s", err)

    def _finish(self) -> None:
        """Only matches with a human seat are recorded: the statistics describe the player's
        own games, and an all-bot match (a demo) would only skew their win rates."""
        if not self.autosave:
            return
        try:
            clear_autosave(self.paths)
            if self.human_seats and not self.recorded:
                append_match(self.record(), self.paths)
                self.recorded = True
        except (OSError, ValueError) as err:
            log.warning("could not record the match: %s", err)

    def record(self) -> MatchRecord:
        """The finished match as a statistics record."""
        s, rules = self.game.state, self.game.rules
        result = self.game.outcome()
        totals = result.tallies if rules.scoring == "tallies" else result.totals
        return MatchRecord(
            finished_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
            preset=self.preset,
            rules=rules.to_dict(),
            players=[PlayerRecord(p.name, p.kind, p.level) for p in self.seats],
            round_points=[list(p) for p in s.points],
            totals=list(totals),
            winners=list(result.winners),
            scoring=rules.scoring,
            human_seats=self.human_seats,
        )


# ---------------------------------------------------------------------- bots
def _bots(seats: Sequence[SeatConfig]) -> list[tuple[int, SeatConfig]]:
    return [(i, s) for i, s in enumerate(seats) if s.kind == "bot"]


def _bot_seed(seed: int, seat: int) -> int:
    return (seed * 7919 + seat * 104729) & 0x7FFFFFFF


def _load_bots(raw: Any, seats: Sequence[SeatConfig]) -> dict[int, Bot]:
    """The saved bots, each checked against its seat (same seat number and level)."""
    from carioca_desktop.bots.base import bot_from_dict

    if not isinstance(raw, Mapping):
        raise ValueError("bots must be an object")
    if set(raw) != {str(i) for i, _ in _bots(seats)}:
        raise ValueError("the saved bots do not match the bot seats")
    out: dict[int, Bot] = {}
    for key, data in raw.items():
        seat = int(key)
        try:
            bot = bot_from_dict(data)
        except (KeyError, TypeError, ValueError, AttributeError, AssertionError) as err:
            raise ValueError(f"bad state for the bot at seat {seat}: {err!r}") from err
        if bot.seat != seat or bot.level != seats[seat].level:
            raise ValueError(f"the bot saved for seat {seat} is not that seat's bot")
        out[seat] = bot
    return out
