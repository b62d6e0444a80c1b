"""The playing half both games' sessions share: the bots' next decision (asked once, or made
ahead on a worker thread), ``apply`` with its autosave, and the seeds and seats of the bots.

``SeatedSession`` (play/seated.py) keeps who sits where and the match's persistence; this
base adds the loop the table drives. Each game says only what differs, through four small
hooks: the stamp a decision is taken for (``_stamp``), when no bot may move (``_no_bot_now``),
how a decision is made (``_decide_now``, ``_decision_work``) and what the table sees of it
(``_keep``). A base rather than plain functions: the pieces share six fields of state (the
pending action, its stamp, the worker, the bots' state before a job) that functions would
have to be handed one by one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from carioca_desktop.play import settle
from carioca_desktop.play.arrangement import Arrangement, arrangements_to_dict
from carioca_desktop.play.botworker import BotWorker
from carioca_desktop.play.seated import B, G, SeatConfig, SeatedSession
from carioca_desktop.storage import Paths
from carioca_desktop.storage.autosaver import release_autosave

A = TypeVar("A")  # the game's action type


def bot_seats(seats: Sequence[SeatConfig]) -> list[tuple[int, SeatConfig]]:
    """The bots' seats, with their configuration."""
    return [(i, s) for i, s in enumerate(seats) if s.kind == "bot"]


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in a session seeded ``seed`` (match files replay it)."""
    return (seed * 7919 + seat * 104729) & 0x7FFFFFFF


class SessionBase(SeatedSession[G, B], Generic[G, B, A]):
    """A match being played: ``apply`` is the only way the table changes the game."""

    NEXT_ROUND: type[Any]  # the game's action that deals the next round
    FORMAT: str  # the save document's "format" (which game's session to build)
    VERSION = 1
    preset: str

    def _seat(
        self,
        game: G,
        seats: Sequence[SeatConfig],
        seed: int,
        bots: dict[int, B],
        paths: Paths | None,
        autosave: bool,
    ) -> None:
        """The fields every session starts with (the constructors' shared part)."""
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for {game.players} players")
        self.game = game
        self.seats = tuple(seats)
        self.seed = seed
        self.bots = bots
        self.paths = paths
        self.autosave = autosave
        settle.match_dealt()  # what lives on is out of the collector's way (play/settle.py)
        self._pending: A | None = None
        self._pending_at = -1  # the stamp the pending bot action was chosen at
        # With ``decide_ahead``, the next bot decision is made on a worker thread.
        self._worker: BotWorker[Any] | None = None
        self._bots_before = None  # the bots' state the worker's job started from
        # Per human seat, the table's arrangement: hand order and cards staged.
        self.arrangements = {}

    # ------------------------------------------------------------------ the save
    def _document(
        self, game: G, bots: dict[str, Any], arrangements: dict[int, Arrangement]
    ) -> dict[str, Any]:
        """The save document: what every session writes, and the game's own fields."""
        return {
            "format": self.FORMAT,
            "version": self.VERSION,
            "seed": self.seed,
            "preset": self.preset,
            **self._own_fields(),
            "match_id": self.match_id,
            "seats": [s.to_dict() for s in self.seats],
            "bots": bots,
            "game": game.to_dict(),
            "arrangements": arrangements_to_dict(arrangements),
        }

    def _own_fields(self) -> dict[str, Any]:
        """The game's own fields in its save document."""
        return {}

    @classmethod
    def _check_header(cls, d: Any) -> None:
        """ValueError unless ``d`` is a save document of this game's session, this version."""
        if not isinstance(d, Mapping) or d.get("format") != cls.FORMAT:
            raise ValueError(f"not a {cls.GAME.capitalize()} session")
        if d.get("version") != cls.VERSION:
            raise ValueError(f"unknown session version {d.get('version')!r}")

    # ------------------------------------------------------------------ the hooks
    def _stamp(self) -> int:
        """What a decision is taken for: it changes whenever the game does."""
        raise NotImplementedError

    def _no_bot_now(self) -> bool:
        """No bot may move (the round or match is over)."""
        raise NotImplementedError

    def _decide_now(self) -> Any:
        """The next decision, made on this thread."""
        raise NotImplementedError

    def _decision_work(self, clone: G) -> Callable[[], Any]:
        """The next decision as the worker makes it, from ``clone``."""
        raise NotImplementedError

    def _keep(self, decided: Any) -> A | None:
        """The action the table makes of a decision (None: nothing to apply now)."""
        return decided  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ playing
    def pending_bot_action(self) -> A | None:
        """The next action the table makes by itself now (None while a person is to act).

        The choice is remembered until the game changes, so asking twice neither advances a
        bot's random generator nor changes the answer. With ``decide_ahead`` on, the choice
        may have been made on the worker thread already; this waits for it if it has not.
        """
        if self._no_bot_now():
            return None
        at = self._stamp()
        if self._pending_at != at:
            worker = self._worker
            if worker is not None and worker.running(at):
                decided = worker.take(at)
            else:
                if worker is not None:
                    worker.wait()  # a decision for an older game: the bots settle first
                decided = self._decide_now()
            self._pending, self._pending_at = self._keep(decided), at
        return self._pending

    def bot_action_ready(self) -> bool:
        """Whether ``pending_bot_action`` answers without waiting for the worker thread."""
        worker, at = self._worker, self._stamp()
        if self._pending_at == at or worker is None or not worker.running(at):
            return True  # known, or made when asked (a person's turn: None at once)
        return worker.ready(at)

    def decide_ahead(self) -> None:
        """From now on, make each bot decision on a worker thread (play/botworker.py) as soon
        as the action before it is applied, so the frame that applies a bot's move only
        applies it; starts the first."""
        if self._worker is None:
            self._worker = BotWorker()
            self._start_decision(None)

    def release_decision(self) -> None:
        """Let the decision started by the last ``apply`` run, and its held autosave be
        written (the table calls this on the frame after the one that applied the move, so
        they do not compete with it: on a busy machine a thread holding the interpreter can
        keep a frame waiting far longer than its work)."""
        if self._worker is not None:
            self._worker.release()
            if self._holds_saves():
                self.release_save()

    def release_save(self) -> None:
        """Let the autosave held by the last ``apply`` be written (the table calls this
        when another scene covers it, as its frames stop calling ``release_decision``)."""
        if self.autosave:
            release_autosave(self.paths)

    def _start_decision(self, bots_saved: dict[str, Any] | None, clone: G | None = None) -> None:
        """Start the next bot's decision on the worker, from ``clone`` (the autosave's copy
        of the game, which nothing changes: both threads only read it), when a bot is to act.
        It waits for ``release_decision``."""
        worker, game = self._worker, self.game
        turn = game.current_player
        if worker is None or self._no_bot_now() or turn is None or turn not in self.bots:
            return
        work = self._decision_work(clone or game.clone())
        # A save made while the bot thinks records the bots as they were before it began
        # (its generator then gives the same choice again on Continue).
        self._bots_before = bots_saved if bots_saved is not None else self._bots_dict()
        worker.start(self._stamp(), work, hold=True)

    def _apply(self, action: A) -> Any:
        """Apply an action (IllegalAction propagates unchanged, nothing saved), then autosave;
        when the match ends, record it in the statistics and clear the autosave; else start
        the next bot's decision (with ``decide_ahead``). Returns what the game's apply does."""
        if self._worker is not None:
            self._worker.wait()  # the bots settle before anything reads or saves them
        result = self.game.apply(action)
        self._note_action(action)
        self._applied()
        self._pending_at = -1
        self._bots_before = None
        clone = self.game.clone() if self.autosave else None
        saved = self._save(clone)  # the finished match too: a kill before it is recorded
        if self.game.is_over:  # cannot lose it
            self._finish()
        else:
            if isinstance(action, self.NEXT_ROUND):
                settle.after_deal()  # a long evening stays smooth (play/settle.py)
            self._start_decision(saved, clone)
        return result

    def _applied(self) -> None:
        """After the game took an action, before the save (a counter to move on)."""

    def next_round(self) -> None:
        """Deal the next round (after the round summary)."""
        self._apply(self.NEXT_ROUND())
