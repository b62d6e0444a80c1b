"""A Buraco match being played: seats (people or bots), the bots' state, autosave, resume.

A sibling of ``session.MatchSession`` rather than a generalisation of it: the Carioca session
carries Carioca-only machinery (the buy offer, undo, statistics records built from Carioca
outcomes) that has no meaning in Buraco, and bending it to both games would put
``if game == ...`` inside code the Carioca table depends on. What is shared is below the
session: ``SeatConfig``, the hand arrangements kept with the match (play/arrangement.py),
the autosave writer (``autosave_later``, the same file, latest wins) and the save document
format and the statistics file; the document's ``format`` field (``buraco-session``) tells
the loader which session to build.

A finished match goes into the statistics as a ``BuracoRecord``, once, the way Carioca's does
(``_finish``): the finished state is saved, then recorded, then the save cleared; only matches
a person played are recorded, and a session without autosave (autoplay, tests) records none.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from functools import partial
from typing import TYPE_CHECKING, Any

from carioca_desktop.bots.buraco.asking import Asked
from carioca_desktop.games import LEVELS
from carioca_desktop.match_ids import new_match_id, saved_match_id
from carioca_desktop.play import settle
from carioca_desktop.play.arrangement import (
    Arrangement,
    arrangements_to_dict,
    parse_arrangements,
)
from carioca_desktop.play.botworker import BotWorker
from carioca_desktop.play.seated import SeatConfig, SeatedSession, saved_replay_actions
from carioca_desktop.rules.buraco.actions import Action, NextRound
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.rules.buraco.state import Event
from carioca_desktop.save_check import check_saved_rng, check_seat_names, check_session_fields
from carioca_desktop.storage import (
    BuracoRecord,
    Paths,
    PlayerRecord,
)

if TYPE_CHECKING:
    from carioca_desktop.bots.buraco.asking import Turn
    from carioca_desktop.bots.buraco.players import BuracoBot

log = logging.getLogger(__name__)

FORMAT = "buraco-session"
VERSION = 1


def is_buraco_document(data: Any) -> bool:
    return isinstance(data, Mapping) and data.get("format") == FORMAT


class BuracoSession(SeatedSession[BuracoGame, "BuracoBot"]):
    """One Buraco match: the game, who sits where, the bots. ``apply`` is the only way the
    table changes the game; it autosaves after every action (when ``autosave``)."""

    game_name = "buraco"
    GAME = "buraco"  # in match files

    def __init__(
        self,
        game: BuracoGame,
        seats: Sequence[SeatConfig],
        seed: int,
        bots: dict[int, BuracoBot],
        paths: Paths | None = None,
        autosave: bool = True,
    ) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for {game.players} players")
        self.game = game
        self.seats: tuple[SeatConfig, ...] = tuple(seats)
        self.seed = seed
        self.bots = bots
        self.paths = paths
        self.autosave = autosave
        settle.match_dealt()  # what lives on is out of the collector's way (play/settle.py)
        self._pending: Action | None = None
        self._pending_at = -1  # the event count the pending bot action was chosen at
        # With ``decide_ahead``, the next bot decision is made on a worker thread.
        self._worker: BotWorker[Action | Asked | None] | None = None
        self._bots_before: dict[str, Any] | None = None  # the bots' state the job started from
        # Per human seat, the hand as the person arranged it (order, melds staged): a hint
        # for the table, saved with the match (play/arrangement.py).
        self.arrangements: dict[int, Arrangement] = {}
        self.recorded = False  # the finished match went into the statistics
        self.match_id = new_match_id()  # stats know a finished match by it (see _finish)
        # The ask_partner house rule (bots/buraco/asking.py): the bot waiting for its person
        # partner's answer, and the answers people gave bots, a turn each.
        self.asked: int | None = None
        self.partner_answers: dict[Turn, bool] = {}

    @property
    def preset(self) -> str:
        return self.game.rules.preset

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(
        cls,
        rules: BuracoRules,
        seats: Sequence[SeatConfig],
        seed: int,
        paths: Paths | None = None,
        autosave: bool = True,
    ) -> BuracoSession:
        """A new match with round 1 dealt; the bots come from the seed (reproducible)."""
        for seat in seats:
            if seat.kind == "bot" and seat.level not in LEVELS:
                raise ValueError(f"bad Buraco bot level: {seat.level!r}")
        game = BuracoGame.new(rules, random.Random(seed), names=[s.name for s in seats])
        bots = {i: _make_bot(s.level or "normal", i, seed) for i, s in _bot_seats(seats)}
        session = cls(game, seats, seed, bots, paths, autosave)
        session.replay_actions = []
        session._save()
        return session

    def _document(
        self, game: BuracoGame, bots: dict[str, Any], arrangements: dict[int, Arrangement]
    ) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "seed": self.seed,
            "preset": self.preset,
            "seats": [s.to_dict() for s in self.seats],
            "bots": bots,
            "game": game.to_dict(),
            "arrangements": arrangements_to_dict(arrangements),
            "match_id": self.match_id,
        }

    @classmethod
    def from_dict(cls, d: Any, paths: Paths | None = None, autosave: bool = True) -> BuracoSession:
        """Load a saved match; raises ValueError naming what is wrong with a bad dict."""
        if not is_buraco_document(d):
            raise ValueError("not a Buraco session")
        if d.get("version") != VERSION:
            raise ValueError(f"unknown session version {d.get('version')!r}")
        game = BuracoGame.from_dict(d.get("game"))  # StateError is a ValueError
        game.validate_played()  # a match that could have been played, as Carioca's
        seed = check_session_fields(d.get("seed"), d.get("preset"), game.rules.preset)
        raw_seats = d.get("seats")
        if not isinstance(raw_seats, list) or len(raw_seats) != game.players:
            raise ValueError("the seats do not match the game's players")
        seats = [_seat(s) for s in raw_seats]
        check_seat_names([s.name for s in seats], game.names)
        bots = _load_bots(d.get("bots"), seats, seed)
        session = cls(game, seats, seed, bots, paths, autosave)
        session.arrangements = parse_arrangements(d.get("arrangements"), session.human_seats)
        session.match_id = saved_match_id(d, seed)  # saves from before ids: one from the seed
        session.replay_actions = saved_replay_actions(d)
        return session

    # ------------------------------------------------------------------ playing
    def pending_bot_action(self) -> Action | None:
        """The next bot action (not applied), remembered until the game changes so asking
        twice neither advances a bot's generator nor changes the answer; None while a person
        is to act or the round is over."""
        if self.game.round_over:
            return None
        at = self.game.event_count  # grows with every change of the game
        if self._pending_at != at:
            worker = self._worker
            if worker is not None and worker.running(at):
                action = worker.take(at)
            else:
                if worker is not None:
                    worker.wait()  # a decision for an older game: the bots settle first
                action = self._decide(self.game, dict(self.bots), dict(self.partner_answers))
            self.asked = action.seat if isinstance(action, Asked) else None
            self._pending = None if isinstance(action, Asked) else action
            self._pending_at = at
        return self._pending

    def _decide(
        self, game: BuracoGame, bots: dict[int, BuracoBot], answers: dict[Turn, bool]
    ) -> Action | Asked | None:
        """The next bot's decision on ``game`` (the live game or the worker's clone), its
        partner asked when it heads out: ``Asked`` while a person's answer is awaited."""
        from carioca_desktop.bots.buraco.asking import answering
        from carioca_desktop.bots.buraco.driver import buraco_step_asking

        return buraco_step_asking(game, bots, ask=answering(game, set(self.human_seats), answers))

    def answer_partner(self, yes: bool) -> None:
        """The person's answer to the bot partner who asked to go out (``asked``): the bot
        then goes out, or plays on; the next ``pending_bot_action`` decides again."""
        from carioca_desktop.bots.buraco.asking import turn_of

        if self.asked is None:
            return
        if self._worker is not None:
            self._worker.wait()
        self.partner_answers[turn_of(self.game, self.asked)] = yes
        self.asked, self._pending_at = None, -1

    def bot_action_ready(self) -> bool:
        """Whether ``pending_bot_action`` answers without waiting for the worker thread."""
        worker, at = self._worker, self.game.event_count
        if self._pending_at == at or worker is None or not worker.running(at):
            return True
        return worker.ready(at)

    def decide_ahead(self) -> None:
        """From now on, make each bot decision on a worker thread (play/botworker.py, as the
        Carioca session does) as soon as the action before it is applied, so the frame that
        applies a bot's move only applies it; starts the first."""
        if self._worker is None:
            self._worker = BotWorker()
            self._start_decision(None, self.game.clone())

    def release_decision(self) -> None:
        """Let the decision started by the last ``apply`` run (the table calls this on the
        frame after the one that applied the move, so the two do not compete)."""
        if self._worker is not None:
            self._worker.release()

    def _start_decision(self, bots_saved: dict[str, Any] | None, clone: BuracoGame) -> None:
        """The next bot's decision, on the worker, from ``clone`` (the autosave's copy of the
        game, which nothing changes), when a bot is to act; it waits for
        ``release_decision``."""
        worker, game = self._worker, self.game
        turn = game.current_player
        if worker is None or game.round_over or turn is None or turn not in self.bots:
            return
        # A save made while the bot thinks records the bots as they were before it began.
        self._bots_before = bots_saved if bots_saved is not None else self._bots_dict()
        work = partial(self._decide, clone, dict(self.bots), dict(self.partner_answers))
        worker.start(game.event_count, work, hold=True)

    def apply(self, action: Action) -> list[Event]:
        """Apply an action (IllegalAction propagates, nothing saved), then autosave; when the
        match ends, record it in the statistics and clear the autosave. With ``decide_ahead``,
        the next bot's decision starts from a copy of the game."""
        if self._worker is not None:
            self._worker.wait()  # the bots settle before anything reads or saves them
        self._bots_before = None
        events = self.game.apply(action)
        self._note_action(action)
        self._pending_at = -1
        clone = self.game.clone()
        bots = self._save(
            clone
        )  # the finished match too: a kill before it is recorded cannot lose it
        if self.game.is_over:
            self._finish()
            return events
        if isinstance(action, NextRound):
            settle.after_deal()  # a long evening stays smooth (play/settle.py)
        if self._worker is not None:
            self._start_decision(bots, clone)
        return events

    def next_round(self) -> None:
        self.apply(NextRound())

    def record(self) -> BuracoRecord:
        """The finished match as a statistics record."""
        game = self.game
        rules = game.rules
        if game.winner is None:
            raise ValueError("the match is not over")
        scores = game.scores
        return BuracoRecord(
            finished_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
            preset=self.preset,
            rules=rules.to_dict(),
            players=tuple(PlayerRecord(p.name, p.kind, p.level) for p in self.seats),
            sides=(rules.seats_of(0), rules.seats_of(1)),
            hand_points=tuple((a, b) for a, b in game.observation(self.viewer()).history),
            scores=(scores[0], scores[1]),
            target=rules.target,
            winner=game.winner,
            human_seats=tuple(self.human_seats),
            match_id=self.match_id,
        )


# ---------------------------------------------------------------------- seats and bots
def _seat(data: Any) -> SeatConfig:
    if not isinstance(data, Mapping):
        raise ValueError("a seat must be an object")
    name, kind, level = data.get("name"), data.get("kind"), data.get("level")
    if not isinstance(name, str) or not name or kind not in ("human", "bot"):
        raise ValueError(f"bad seat: {dict(data)!r}")
    if kind == "bot" and level not in LEVELS:
        raise ValueError(f"bad Buraco bot level: {level!r}")
    if kind == "human" and level is not None:
        raise ValueError("a human seat has no level")
    return SeatConfig(name, str(kind), None if level is None else str(level))


def _bot_seats(seats: Sequence[SeatConfig]) -> list[tuple[int, SeatConfig]]:
    return [(i, s) for i, s in enumerate(seats) if s.kind == "bot"]


def _bot_seed(seed: int, seat: int) -> int:
    return (seed * 7919 + seat * 104729) & 0x7FFFFFFF


def _make_bot(level: str, seat: int, seed: int) -> BuracoBot:
    from carioca_desktop.bots.buraco.driver import make_buraco_bot

    return make_buraco_bot(level, seat, _bot_seed(seed, seat))


def _load_bots(raw: Any, seats: Sequence[SeatConfig], seed: int) -> dict[int, BuracoBot]:
    """The saved bots: each rebuilt for its seat and level with its generator put back (the
    bots' own ``to_dict`` is the format). A hard bot's memory needs no restoring: it replays
    the observation's whole event log on its next move, which rebuilds it exactly."""
    if not isinstance(raw, Mapping) or set(raw) != {str(i) for i, _ in _bot_seats(seats)}:
        raise ValueError("the saved bots do not match the bot seats")
    out: dict[int, BuracoBot] = {}
    for i, seat in _bot_seats(seats):
        data = raw[str(i)]
        if not isinstance(data, Mapping) or data.get("level") != seat.level:
            raise ValueError(f"the bot saved for seat {i} is not that seat's bot")
        if data.get("seat") != i:
            raise ValueError(f"the bot saved for seat {i} is not that seat's bot")
        bot = _make_bot(seat.level or "normal", i, seed)
        bot.rng.setstate(check_saved_rng(data.get("rng"), f"the bot at seat {i}"))
        out[i] = bot
    return out
