"""The match controller shared by the table scene and the autosave: seats, bots, persistence."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timezone
from functools import partial
from typing import TYPE_CHECKING, Any

from carioca_desktop.match_ids import new_match_id, saved_match_id
from carioca_desktop.play.arrangement import Arrangement as Arrangement  # its home before
from carioca_desktop.play.arrangement import parse_arrangements
from carioca_desktop.play.carioca.offer import OFFER_SECONDS, pass_action
from carioca_desktop.play.seated import SeatConfig as SeatConfig  # its home before issue 23
from carioca_desktop.play.seated import saved_replay_actions
from carioca_desktop.play.session_base import SessionBase, bot_seats, bot_seed
from carioca_desktop.rules.carioca.actions import Action, NextRound, Undo
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.carioca.state import Event, Phase
from carioca_desktop.save_check import check_saved_bot, check_seat_names, check_session_fields
from carioca_desktop.storage import (
    MatchRecord,
    Paths,
    PlayerRecord,
    start_autosaver,
)

if TYPE_CHECKING:
    from carioca_desktop.bots.carioca.base import Bot

# The bots (and the solver under them) are imported when a match needs them, not with this
# module: the app imports it at start to check the autosave, and start-up time counts.

log = logging.getLogger(__name__)

FORMAT = "carioca-session"
VERSION = 1


class MatchSession(SessionBase[Game, "Bot", Action]):
    """One match being played: the Game, who sits where, the bots and their state.

    ``apply`` is the only way the UI changes the game; it autosaves after every action (when
    ``autosave``) so Continue resumes the exact position, bots' memory and RNG included.
    """

    NEXT_ROUND = NextRound
    FORMAT, VERSION = FORMAT, VERSION

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
        buy_seconds: float | None = OFFER_SECONDS,
    ) -> None:
        self._seat(game, seats, seed, bots, paths, autosave)
        self.preset = preset
        self.hints = hints  # the Pista button, for this match (the settings may also turn it off)
        # How long a person's buy offer waits before passing (None: no limit); the person's
        # Settings, or a network table's host's choice. Not saved: Continue takes the
        # Settings' of the moment.
        self.buy_seconds = buy_seconds
        self.recorded = False  # the finished match went into the statistics
        self.match_id = new_match_id()  # stats know a finished match by it (see _finish)
        self._generation = 0  # one more after every applied action: the decisions' stamp

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(
        cls,
        rules: CariocaRules,
        seats: Sequence[SeatConfig],
        seed: int,
        paths: Paths | None = None,
        autosave: bool = True,
        hints: bool = True,
        buy_seconds: float | None = OFFER_SECONDS,
    ) -> MatchSession:
        """A new match, round 1 dealt; bots are created from the seed, so it is reproducible."""
        if rules.players != len(seats):
            rules = rules.with_changes(players=len(seats))
        game = Game.new(rules, random.Random(seed), names=[s.name for s in seats])
        from carioca_desktop.bots.carioca.base import make_bot

        bots = {i: make_bot(s.level or "normal", i, bot_seed(seed, i)) for i, s in bot_seats(seats)}
        session = cls(game, seats, seed, rules.preset, bots, paths, autosave, hints, buy_seconds)
        session.replay_actions = []
        session._save()
        return session

    def _own_fields(self) -> dict[str, Any]:
        return {"hints": self.hints}

    @classmethod
    def from_dict(cls, d: Any, paths: Paths | None = None, autosave: bool = True) -> MatchSession:
        """Load a saved session; raises ValueError naming what is wrong with a bad dict."""
        cls._check_header(d)
        seed, preset = d.get("seed"), d.get("preset")
        if not isinstance(seed, int) or isinstance(seed, bool) or not isinstance(preset, str):
            raise ValueError("bad seed or preset")
        game = Game.from_dict(d.get("game"))  # StateError is a ValueError
        if game.is_position:
            raise ValueError("a saved match is a dealt match, not a described position")
        check_session_fields(seed, preset, game.rules.preset)
        raw_seats = d.get("seats")
        if not isinstance(raw_seats, list):
            raise ValueError("seats must be a list")
        seats = [SeatConfig.from_dict(s) for s in raw_seats]
        check_seat_names([s.name for s in seats], game.names)
        bots = _load_bots(d.get("bots"), seats, game)
        hints = d.get("hints", True)  # saves from before the flag had none: hints on
        if not isinstance(hints, bool):
            raise ValueError("hints must be true or false")
        session = cls(game, seats, seed, preset, bots, paths, autosave, hints)
        session.arrangements = parse_arrangements(d.get("arrangements"), session.human_seats)
        session.match_id = saved_match_id(d, seed)
        session.replay_actions = saved_replay_actions(d)
        return session

    # ------------------------------------------------------------------ playing
    # ``pending_bot_action`` (play/session_base.py) also answers, at a hot seat, the pass of
    # a person asked to buy (play/carioca/offer.py); None while a person is to act, or is
    # asked to buy at their own table.
    def _stamp(self) -> int:
        return self._generation

    def _applied(self) -> None:
        self._generation += 1

    def _no_bot_now(self) -> bool:
        return self.game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)

    def _decide_now(self) -> Action | None:
        asked = self.game.current_player
        if self.game.phase == Phase.OFFER and asked is not None and self.is_human(asked):
            return pass_action(asked) if self.hot_seat else None
        from carioca_desktop.bots.carioca.driver import bot_step

        return bot_step(self.game, self.bots)

    def _decision_work(self, clone: Game) -> Callable[[], Action | None]:
        from carioca_desktop.bots.carioca.driver import bot_step

        return partial(bot_step, clone, dict(self.bots))

    def decide_ahead(self) -> None:
        """The autosave's writer starts now too, before the first move needs it."""
        if self.autosave:
            start_autosaver(self.paths)
        super().decide_ahead()

    def apply(self, action: Action) -> Event:
        """Apply an action (IllegalAction propagates unchanged, nothing saved), then autosave;
        when the match ends, clear the autosave and record the match in the statistics."""
        event: Event = self._apply(action)
        return event

    def can_undo(self) -> bool:
        """Whether the person to act may take something back (the Undo button's state)."""
        seat = self.game.current_player
        return seat is not None and self.is_human(seat) and self.game.can_undo(seat)

    def undo(self) -> Event | None:
        """Take back the last lay-down, add or swap of the person to act, made since their
        draw (the engine decides what can be undone); autosaves. Returns the event taken back,
        or None when there is nothing to undo. The table then redraws from the game: the
        event log is shorter than before."""
        seat = self.game.current_player
        if seat is None or not self.can_undo():
            return None
        return self.apply(Undo(seat))

    # ------------------------------------------------------------------ persistence
    def _holds_saves(self) -> bool:
        """At the table (frames call ``release_decision``) a move's save is encoded from
        the next frame on, at most a frame later; a flush (quit, Continue) writes it at once."""
        return self._worker is not None or self.hold_saves

    def record(self) -> MatchRecord:
        """The finished match as a statistics record."""
        rules = self.game.rules
        result = self.game.outcome()
        totals = result.tallies if rules.scoring == "tallies" else result.totals
        return MatchRecord(
            finished_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
            preset=self.preset,
            rules=rules.to_dict(),
            players=[PlayerRecord(p.name, p.kind, p.level) for p in self.seats],
            round_points=[list(p) for p in self.game.round_points],
            totals=list(totals),
            winners=list(result.winners),
            scoring=rules.scoring,
            human_seats=self.human_seats,
            match_id=self.match_id,
        )


# ---------------------------------------------------------------------- bots
def _load_bots(raw: Any, seats: Sequence[SeatConfig], game: Game) -> dict[int, Bot]:
    """The saved bots, each checked against its seat (same seat number and level)."""
    from carioca_desktop.bots.carioca.base import bot_from_dict

    if not isinstance(raw, Mapping):
        raise ValueError("bots must be an object")
    if set(raw) != {str(i) for i, _ in bot_seats(seats)}:
        raise ValueError("the saved bots do not match the bot seats")
    out: dict[int, Bot] = {}
    for key, data in raw.items():
        seat = int(key)
        check_saved_bot(data, seat, game)  # real cards, seats and RNG words, or ValueError
        try:
            bot = bot_from_dict(data)
        except (KeyError, TypeError, ValueError, AttributeError, AssertionError) as err:
            raise ValueError(f"bad state for the bot at seat {seat}: {err!r}") from err
        if bot.seat != seat or bot.level != seats[seat].level:
            raise ValueError(f"the bot saved for seat {seat} is not that seat's bot")
        out[seat] = bot
    return out
