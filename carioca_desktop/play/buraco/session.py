"""A Buraco match being played: seats (people or bots), the bots' state, autosave, resume.

A sibling of Carioca's ``MatchSession`` on the same base (play/session_base.py, over
play/seated.py): the seats, the bots' decisions made ahead, ``apply`` and its autosave, the
hand arrangements and the recording of a finished match are shared. What is Buraco's is here:
its save document (``format``: ``buraco-session`` tells the loader which session to build),
the bots' state (their generators only), the partner asked before going out (ask_partner),
and its statistics record. Carioca-only machinery (the buy offer, undo) stays in Carioca's.

A finished match goes into the statistics as a ``BuracoRecord``, once, the way Carioca's does
(``_finish``): the finished state is saved, then recorded, then the save cleared; only matches
a person played are recorded, and a session without autosave (autoplay, tests) records none.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timezone
from functools import partial
from typing import TYPE_CHECKING, Any

from carioca_desktop.bots.buraco.asking import Asked
from carioca_desktop.games import LEVELS
from carioca_desktop.match_ids import new_match_id, saved_match_id
from carioca_desktop.play.arrangement import (
    parse_arrangements,
)
from carioca_desktop.play.seated import SeatConfig, saved_replay_actions
from carioca_desktop.play.session_base import SessionBase, bot_seats, bot_seed
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


class BuracoSession(SessionBase[BuracoGame, "BuracoBot", Action]):
    """One Buraco match: the game, who sits where, the bots. ``apply`` is the only way the
    table changes the game; it autosaves after every action (when ``autosave``)."""

    game_name = "buraco"
    GAME = "buraco"  # in match files

    NEXT_ROUND = NextRound
    FORMAT, VERSION = FORMAT, VERSION

    def __init__(
        self,
        game: BuracoGame,
        seats: Sequence[SeatConfig],
        seed: int,
        bots: dict[int, BuracoBot],
        paths: Paths | None = None,
        autosave: bool = True,
    ) -> None:
        self._seat(game, seats, seed, bots, paths, autosave)
        self.preset = game.rules.preset
        self.recorded = False  # the finished match went into the statistics
        self.match_id = new_match_id()  # stats know a finished match by it (see _finish)
        # The ask_partner house rule (bots/buraco/asking.py): the bot waiting for its person
        # partner's answer, and the answers people gave bots, a turn each.
        self.asked: int | None = None
        self.partner_answers: dict[Turn, bool] = {}

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
        bots = {i: _make_bot(s.level or "normal", i, seed) for i, s in bot_seats(seats)}
        session = cls(game, seats, seed, bots, paths, autosave)
        session.replay_actions = []
        session._save()
        return session

    @classmethod
    def from_dict(cls, d: Any, paths: Paths | None = None, autosave: bool = True) -> BuracoSession:
        """Load a saved match; raises ValueError naming what is wrong with a bad dict."""
        cls._check_header(d)
        game = BuracoGame.from_dict(d.get("game"))  # StateError is a ValueError
        game.validate_played()  # a match that could have been played, as Carioca's
        seed = check_session_fields(d.get("seed"), d.get("preset"), game.rules.preset)
        raw_seats = d.get("seats")
        if not isinstance(raw_seats, list) or len(raw_seats) != game.players:
            raise ValueError("the seats do not match the game's players")
        seats = [SeatConfig.from_dict(s) for s in raw_seats]
        check_seat_names([s.name for s in seats], game.names)
        bots = _load_bots(d.get("bots"), seats, seed)
        session = cls(game, seats, seed, bots, paths, autosave)
        session.arrangements = parse_arrangements(d.get("arrangements"), session.human_seats)
        session.match_id = saved_match_id(d, seed)  # saves from before ids: one from the seed
        session.replay_actions = saved_replay_actions(d)
        return session

    # ------------------------------------------------------------------ playing
    def _stamp(self) -> int:
        return self.game.event_count  # grows with every change of the game

    def _no_bot_now(self) -> bool:
        return self.game.round_over

    def _decide_now(self) -> Action | Asked | None:
        return self._decide(self.game, dict(self.bots), dict(self.partner_answers))

    def _decision_work(self, clone: BuracoGame) -> Callable[[], Action | Asked | None]:
        return partial(self._decide, clone, dict(self.bots), dict(self.partner_answers))

    def _keep(self, decided: Any) -> Action | None:
        """A bot that asks its person partner first makes no move until they answer."""
        self.asked = decided.seat if isinstance(decided, Asked) else None
        return None if isinstance(decided, Asked) else decided

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

    def apply(self, action: Action) -> list[Event]:
        """Apply an action (IllegalAction propagates, nothing saved), then autosave; when the
        match ends, record it in the statistics and clear the autosave. With ``decide_ahead``,
        the next bot's decision starts from a copy of the game."""
        events: list[Event] = self._apply(action)
        return events

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


# ---------------------------------------------------------------------- bots
def _make_bot(level: str, seat: int, seed: int) -> BuracoBot:
    from carioca_desktop.bots.buraco.driver import make_buraco_bot

    return make_buraco_bot(level, seat, bot_seed(seed, seat))


def _load_bots(raw: Any, seats: Sequence[SeatConfig], seed: int) -> dict[int, BuracoBot]:
    """The saved bots: each rebuilt for its seat and level with its generator put back (the
    bots' own ``to_dict`` is the format). A hard bot's memory needs no restoring: it replays
    the observation's whole event log on its next move, which rebuilds it exactly."""
    if not isinstance(raw, Mapping) or set(raw) != {str(i) for i, _ in bot_seats(seats)}:
        raise ValueError("the saved bots do not match the bot seats")
    out: dict[int, BuracoBot] = {}
    for i, seat in bot_seats(seats):
        data = raw[str(i)]
        if not isinstance(data, Mapping) or data.get("level") != seat.level:
            raise ValueError(f"the bot saved for seat {i} is not that seat's bot")
        if data.get("seat") != i:
            raise ValueError(f"the bot saved for seat {i} is not that seat's bot")
        bot = _make_bot(seat.level or "normal", i, seed)
        bot.rng.setstate(check_saved_rng(data.get("rng"), f"the bot at seat {i}"))
        out[i] = bot
    return out
