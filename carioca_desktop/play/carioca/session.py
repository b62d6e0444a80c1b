"""The match controller shared by the table scene and the autosave: seats, bots, persistence."""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from functools import partial
from typing import TYPE_CHECKING, Any

from carioca_desktop.match_ids import new_match_id, saved_match_id
from carioca_desktop.play import settle
from carioca_desktop.play.arrangement import Arrangement, arrangements_to_dict, parse_arrangements
from carioca_desktop.play.botworker import BotWorker
from carioca_desktop.play.carioca.offer import OFFER_SECONDS, pass_action
from carioca_desktop.play.seated import SeatConfig as SeatConfig  # its home before issue 23
from carioca_desktop.play.seated import SeatedSession, saved_replay_actions
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
from carioca_desktop.storage.autosaver import release_autosave

if TYPE_CHECKING:
    from carioca_desktop.bots.carioca.base import Bot

# The bots (and the solver under them) are imported when a match needs them, not with this
# module: the app imports it at start to check the autosave, and start-up time counts.

log = logging.getLogger(__name__)

FORMAT = "carioca-session"
VERSION = 1


class MatchSession(SeatedSession[Game, "Bot"]):
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
        buy_seconds: float | None = OFFER_SECONDS,
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
        settle.match_dealt()  # what lives on is out of the collector's way (play/settle.py)
        self.hints = hints  # the Pista button, for this match (the settings may also turn it off)
        # How long a person's buy offer waits before passing (None: no limit); the person's
        # Settings, or a network table's host's choice. Not saved: Continue takes the
        # Settings' of the moment.
        self.buy_seconds = buy_seconds
        self.recorded = False  # the finished match went into the statistics
        self.match_id = new_match_id()  # stats know a finished match by it (see _finish)
        self._pending: Action | None = None
        self._pending_at = -1  # the generation the pending bot action was chosen at
        self._generation = 0  # one more after every applied action
        # The table has the next bot decision made on a worker thread (play/botworker.py),
        # started as each action is applied; off, every decision is made when asked.
        self._worker: BotWorker[Action | None] | None = None
        self._bots_before: dict[str, Any] | None = None  # the bots' state the job started from
        # Per human seat, the table's arrangement: hand order and cards staged in the slots.
        self.arrangements: dict[int, Arrangement] = {}

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

        bots = {i: make_bot(s.level or "normal", i, _bot_seed(seed, i)) for i, s in _bots(seats)}
        session = cls(game, seats, seed, rules.preset, bots, paths, autosave, hints, buy_seconds)
        session.replay_actions = []
        session._save()
        return session

    def _document(
        self, game: Game, bots: dict[str, Any], arrangements: dict[int, Arrangement]
    ) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "seed": self.seed,
            "preset": self.preset,
            "hints": self.hints,
            "match_id": self.match_id,
            "seats": [s.to_dict() for s in self.seats],
            "bots": bots,
            "game": game.to_dict(),
            "arrangements": arrangements_to_dict(arrangements),
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
    def pending_bot_action(self) -> Action | None:
        """The next action the table makes by itself now: a bot's (its turn, or its answer to
        a buy offer), or at a hot seat the pass of a person asked to buy (play/carioca/offer.py).
        None while a person is to act, or asked to buy at their own table.

        The choice is remembered until the game changes, so asking twice neither advances a
        bot's random generator nor changes the answer. With ``decide_ahead`` on, the choice
        may have been made on the worker thread already; this waits for it if it has not.
        """
        if self.game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            return None
        at = self._generation
        if self._pending_at != at:
            worker = self._worker
            if worker is not None and worker.running(at):
                action = worker.take(at)
            else:
                action = self._next_action()
            self._pending, self._pending_at = action, at
        return self._pending

    def bot_action_ready(self) -> bool:
        """Whether ``pending_bot_action`` answers without waiting for the worker thread."""
        worker, at = self._worker, self._generation
        if self._pending_at == at or worker is None or not worker.running(at):
            return True  # known, or made when asked (a person's turn: None at once)
        return worker.ready(at)

    def decide_ahead(self) -> None:
        """From now on, make each bot decision on a worker thread as soon as the action
        before it is applied (the table's frames then only apply it); starts the first.
        The autosave's writer starts now too, before the first move needs it."""
        if self.autosave:
            start_autosaver(self.paths)
        if self._worker is None:
            self._worker = BotWorker()
            self._start_decision(None)

    def release_decision(self) -> None:
        """Let the decision started by the last ``apply`` run, and its autosave be encoded
        and written (the table calls this on the frame after the one that applied the move,
        so they do not compete with it: on a busy machine a thread holding the interpreter
        can keep a frame waiting far longer than its work)."""
        if self._worker is not None:
            self._worker.release()
            self.release_save()

    def release_save(self) -> None:
        """Let the autosave held by the last ``apply`` be written (the table calls this
        when another scene covers it, as its frames stop calling ``release_decision``)."""
        if self.autosave:
            release_autosave(self.paths)

    def _start_decision(self, bots_saved: dict[str, Any] | None, clone: Game | None = None) -> None:
        """Start the next bot's decision on the worker, from a clone of the game (the
        autosave's, which nothing changes: both threads only read it), when a bot is to
        act (a person's turn, or a person asked to buy, needs no worker). It waits for
        ``release_decision``."""
        worker, game = self._worker, self.game
        if worker is None or game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            return
        asked = game.current_player
        if asked is None or asked not in self.bots:
            return
        from carioca_desktop.bots.carioca.driver import bot_step

        clone, bots = clone or game.clone(), dict(self.bots)
        # What a save made while the bot thinks records: the bots as they were before it
        # began (its generator then gives the same choice again on Continue).
        self._bots_before = bots_saved if bots_saved is not None else self._bots_dict()
        worker.start(self._generation, partial(bot_step, clone, bots), hold=True)

    def _next_action(self) -> Action | None:
        asked = self.game.current_player
        if self.game.phase == Phase.OFFER and asked is not None and self.is_human(asked):
            return pass_action(asked) if self.hot_seat else None
        from carioca_desktop.bots.carioca.driver import bot_step

        return bot_step(self.game, self.bots)

    def apply(self, action: Action) -> Event:
        """Apply an action (IllegalAction propagates unchanged, nothing saved), then autosave;
        when the match ends, clear the autosave and record the match in the statistics."""
        worker = self._worker
        if worker is not None:
            worker.wait()  # its bot's state is settled before anything reads it again
        event = self.game.apply(action)
        self._note_action(action)
        self._generation += 1
        self._pending_at = -1
        self._bots_before = None
        clone = self.game.clone() if self.autosave else None
        saved = self._save(clone)  # the finished match too: a kill before it is recorded
        if self.game.is_over:  # cannot lose it
            self._finish()
        else:
            if isinstance(action, NextRound):
                settle.after_deal()  # a long evening stays smooth (play/settle.py)
            self._start_decision(saved, clone)
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

    def next_round(self) -> None:
        """Deal the next round (after the round summary)."""
        self.apply(NextRound())

    # ------------------------------------------------------------------ persistence
    def _holds_saves(self) -> bool:
        """At the table (frames call ``release_decision``) a move's save is encoded from
        the next frame on, at most a frame later; a flush (quit, Continue) writes it at once."""
        return self._worker is not None

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
def _bots(seats: Sequence[SeatConfig]) -> list[tuple[int, SeatConfig]]:
    return [(i, s) for i, s in enumerate(seats) if s.kind == "bot"]


def _bot_seed(seed: int, seat: int) -> int:
    return (seed * 7919 + seat * 104729) & 0x7FFFFFFF


def _load_bots(raw: Any, seats: Sequence[SeatConfig], game: Game) -> dict[int, Bot]:
    """The saved bots, each checked against its seat (same seat number and level)."""
    from carioca_desktop.bots.carioca.base import bot_from_dict

    if not isinstance(raw, Mapping):
        raise ValueError("bots must be an object")
    if set(raw) != {str(i) for i, _ in _bots(seats)}:
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
