"""What both games' sessions share: who sits where (people, bots, the hot seat, whose hand
the table shows), the people's hand arrangements, the autosave from a copy of the game, and
recording a finished match once before its save is cleared. Each game's session says how its
match is written (``_document``) and recorded (``record``)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

from carioca_desktop.games import LEVELS
from carioca_desktop.play.arrangement import Arrangement
from carioca_desktop.rules.names import name_problem
from carioca_desktop.storage import Paths, append_match, autosave_later, clear_autosave
from carioca_desktop.storage.autosaver import after_autosave, flush_pending

if TYPE_CHECKING:
    from carioca_desktop.storage import BuracoRecord, MatchRecord
    from carioca_desktop.storage.match_file import MatchFile
    from carioca_desktop.storage.replay_check import AnyGame

log = logging.getLogger(__name__)

KINDS = ("human", "bot")


@dataclass(frozen=True)
class SeatConfig:
    """Who sits at a seat: a human (hot-seat players share the screen) or a bot of a level."""

    name: str
    kind: str  # "human" | "bot"
    level: str | None = None

    def __post_init__(self) -> None:
        problem = name_problem(self.name)  # one rule for names (carioca_desktop.rules.names)
        if problem is not None:
            raise ValueError(f"bad seat name {self.name[:40]!r}: {problem}")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_dict(cls, data: Any) -> SeatConfig:
        if not isinstance(data, Mapping):
            raise ValueError("a seat must be an object")
        name, kind, level = data.get("name"), data.get("kind"), data.get("level")
        if not isinstance(name, str) or name_problem(name) or kind not in KINDS:
            raise ValueError(f"bad seat: {str(dict(data))[:120]}")
        if kind == "bot" and level not in LEVELS:
            raise ValueError(f"bad bot level: {level!r}")
        if kind == "human" and level is not None:
            raise ValueError("a human seat has no level")
        return cls(name, str(kind), None if level is None else str(level))


class _Game(Protocol):
    @property
    def current_player(self) -> int | None: ...

    def clone(self) -> Any: ...

    def to_dict(self) -> dict[str, Any]: ...

    @property
    def rules(self) -> Any: ...

    @property
    def players(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def round_index(self) -> int: ...

    def apply(self, action: Any) -> Any: ...


class _Bot(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


G = TypeVar("G", bound=_Game)
B = TypeVar("B", bound=_Bot)


class SeatedSession(Generic[G, B]):
    """The part of a session that does not depend on the game (see the module's words)."""

    game: G
    seats: tuple[SeatConfig, ...]
    bots: dict[int, B]
    paths: Paths | None
    autosave: bool
    arrangements: dict[int, Arrangement]
    recorded: bool
    seed: int
    match_id: str
    _bots_before: dict[str, Any] | None
    GAME = "carioca"  # the game's name in match files
    # The actions applied since the deal, as match-file JSON, kept with the autosave so the
    # finished match's file can be written (storage/replays.py); None for a match resumed
    # from a save written before this list was kept: it is not kept as a match file.
    replay_actions: list[dict[str, Any]] | None = None
    # At a network host: the seats of the people at this computer (its match file is marked
    # as a network match and kept for them); None at a local table.
    network_seats: tuple[int, ...] | None = None
    # A network host paces its saves (net/host.py): each is held until the host releases
    # it, a newer one replacing it meanwhile, so bots' fast moves do not each write the file.
    hold_saves: bool = False
    # Set once the finished match's record-and-clear is under way: from then on nothing is
    # saved (a hand arranged after the end would bring the save back as a Continue).
    _closed: bool = False

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
        """Whose hand the table shows: the person to act (hot-seat), else the first person;
        seat 0 when every seat is a bot (autoplay shows seat 0's hand)."""
        turn = self.game.current_player
        if turn is not None and self.is_human(turn):
            return turn
        humans = self.human_seats
        return humans[0] if humans else 0

    # ------------------------------------------------------------------ persistence
    def to_dict(self) -> dict[str, Any]:
        actions = None if self.replay_actions is None else list(self.replay_actions)
        return self._with_actions(actions, self.game, self._bots_dict(), dict(self.arrangements))

    def _with_actions(
        self,
        actions: list[dict[str, Any]] | None,
        game: G,
        bots: dict[str, Any],
        arrangements: dict[int, Arrangement],
    ) -> dict[str, Any]:
        document = self._document(game, bots, arrangements)
        if actions is not None:
            document["replay_actions"] = actions
        return document

    def _note_action(self, action: Any) -> None:
        """Keep an applied action for the match file (see ``replay_actions``)."""
        if self.replay_actions is not None:
            from carioca_desktop.storage.replay_check import encode_action

            self.replay_actions.append(encode_action(self.GAME, action))

    def _document(
        self, game: G, bots: dict[str, Any], arrangements: dict[int, Arrangement]
    ) -> dict[str, Any]:
        raise NotImplementedError

    def _bots_dict(self) -> dict[str, Any]:
        if self._bots_before is not None:  # a bot is deciding on the worker thread
            return self._bots_before
        return {str(i): bot.to_dict() for i, bot in sorted(self.bots.items())}

    def arrange(self, seat: int, hand: Sequence[str], staged: Sequence[Sequence[str]] = ()) -> None:
        """Remember how a person arranged their hand (the order, the cards staged for the
        next lay-down) and save it, so Continue shows the hand as it was left. Cosmetic: the
        engine's hand stays the truth; the table checks the order fits before using it."""
        if not self.is_human(seat):
            return
        arrangement = Arrangement(tuple(hand), tuple(tuple(g) for g in staged))
        if self.arrangements.get(seat) != arrangement:  # an unchanged hand writes nothing
            self.arrangements[seat] = arrangement
            self._save()

    def _at_table(self) -> bool:
        """Whether a table's frames drive the match (its bots decide on the worker thread,
        see ``decide_ahead``): storage then stays off the frame's thread."""
        return getattr(self, "_worker", None) is not None

    def _holds_saves(self) -> bool:
        """Whether a save waits for the table's next frame (or the network host's pace)
        before it is encoded."""
        return self.hold_saves

    def _save(self, clone: G | None = None) -> dict[str, Any] | None:
        """Autosave (in the background) from ``clone``, a copy of the game as it is now
        (made here if not given); returns the bots' state it saved, if it saved."""
        if not self.autosave or self._closed:
            return None
        bots = self._bots_dict()
        try:
            # Encoded and written off the frame (latest wins), from a copy of the game that
            # later moves cannot touch: encoding the log costs milliseconds by round 8.
            autosave_later(
                partial(
                    self._with_actions,
                    None if self.replay_actions is None else list(self.replay_actions),
                    clone or self.game.clone(),
                    bots,
                    dict(self.arrangements),  # a copy: the hand may be rearranged meanwhile
                ),
                self.paths,
                hold=self._holds_saves(),
            )
        except (OSError, ValueError) as err:  # a full disk must not stop the match
            log.warning("autosave failed: %s", err)
        return bots

    def _finish(self) -> None:
        """Record the finished match, then clear the save. Only matches a person played are
        recorded: the statistics describe the player's own games, and an all-bot match (a
        demo) would only skew them. Record first: the finished state reaches the file before
        the record, so a kill at any moment leaves either the finished match on disk or the
        record, and a save whose match id is recorded is dropped by Continue.

        At the table this is done on the autosave's writer thread, after the finished
        state's write and in order with it (a flush, as Continue and the statistics make
        before they read, waits for it): the frame that ends the match does not wait for
        the disk. Elsewhere (Continue finding a finished match, scripts) it is done now."""
        if not self.autosave:
            return
        self._closed = True  # the finished state is the last save (queued before this)
        if self._at_table():
            after_autosave(self._record_and_clear, "recording the match", self.paths,
                           hold=self._holds_saves())  # fmt: skip
        else:
            flush_pending(self.paths)
            self._record_and_clear()

    def _record_and_clear(self) -> None:
        """The finished match into the statistics (once), then the save deleted; after the
        finished state is on disk."""
        try:
            if self.human_seats and not self.recorded:
                self._keep_match_file()
                self._note_daily()
                append_match(self.record(), self.paths)
                self.recorded = True
            clear_autosave(self.paths)
        except (OSError, ValueError) as err:  # the save stays, so Continue records it
            log.warning("could not record the match: %s", err)

    def _keep_match_file(self) -> None:
        """Write the finished match's file (once: see ``keep_match``) before its statistics
        record, so a kill between them leaves the save, and Continue writes neither twice.
        A failure is logged and never stops the record."""
        match = self.match_file()
        if match is None:
            return
        from carioca_desktop.storage.replays import keep_match

        try:
            keep_match(match, self.paths)
        except (OSError, ValueError) as err:
            log.warning("could not keep the match file: %s", err)

    def match_file(self) -> MatchFile | None:
        """The finished match as its match file (None when its actions were not kept): what
        History keeps here and what a network host sends each joiner at the end."""
        if self.replay_actions is None:
            return None
        from carioca_desktop.storage.match_file import MatchFile, now_iso
        from carioca_desktop.storage.records import PlayerRecord
        from carioca_desktop.storage.replay_check import final_scores

        return MatchFile(
            game=self.GAME,
            rules=self.game.rules.to_dict(),
            seats=tuple(PlayerRecord(s.name, s.kind, s.level) for s in self.seats),
            seed=self.seed,
            seeding="session",
            actions=tuple(self.replay_actions),
            final_scores=final_scores(cast("AnyGame", self.game)),
            match_id=self.match_id,
            finished_at=now_iso(),
            network=self.network_seats,
        )

    def deal_code(self) -> str | None:
        """The code of this match's cards (storage/deal_codes.py), or None when no code can
        name them (a seed beyond a code's reach)."""
        from carioca_desktop.storage.deal_codes import deal_of, encode

        try:
            return encode(deal_of(self.GAME, self.game.rules, self.seed))
        except ValueError:
            return None

    def _note_daily(self) -> None:
        """Keep the person's total when this match was the daily deal (Carioca's)."""
        code = self.deal_code()
        from carioca_desktop.storage.deal_codes import DAILY_GAME

        if self.GAME != DAILY_GAME or code is None or len(self.human_seats) != 1:
            return
        from carioca_desktop.storage.daily import note_result
        from carioca_desktop.storage.replay_check import final_scores

        totals = final_scores(cast("AnyGame", self.game))
        note_result(code, totals[self.human_seats[0]], self.paths)

    def record(self) -> MatchRecord | BuracoRecord:
        """The finished match as a statistics record."""
        raise NotImplementedError


def saved_replay_actions(document: Any) -> list[dict[str, Any]] | None:
    """The actions a saved session kept for its match file; None when the save has none or
    they are not a list of objects (the match is then played on, but not kept as a file:
    a bad list is found out when the file is read, never by refusing the save)."""
    from carioca_desktop.storage.match_file import MAX_ACTIONS

    actions = document.get("replay_actions") if isinstance(document, dict) else None
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        return None
    if not all(isinstance(a, dict) for a in actions):
        return None
    return list(actions)
