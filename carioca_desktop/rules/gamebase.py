"""What either game's match object (``rules/carioca/game.Game``, ``rules/buraco/game.BuracoGame``)
does alike: its state's names and seats, its JSON form, its equality, the coach's copy with
another stock, and ``can``; each game keeps its own rules, phases, actions and events."""

from __future__ import annotations

import random
from typing import Any, Generic, Protocol, TypeVar

from .errors import Refusal


class MatchState(Protocol):
    """What the base reads of a game's ``State``."""

    @property
    def names(self) -> list[str]: ...
    @property
    def players(self) -> int: ...
    @property
    def stock(self) -> list[int]: ...
    @property
    def rules(self) -> Any: ...

    def to_dict(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=MatchState)
G = TypeVar("G", bound="GameBase[Any]")


class GameBase(Generic[S]):
    """A match of some game over its state ``S``: ``check`` and ``clone`` are the game's."""

    def __init__(self, state: S) -> None:
        self._s = state
        self._views: dict[int, list[Any]] = {}  # per-seat event views, see the observations

    def _event_log(self) -> list[Any]:
        """The match's events, oldest first (the log the per-seat views are built from)."""
        raise NotImplementedError

    def keep_views(self: G, earlier: G) -> None:
        """Take ``earlier``'s per-seat event views for the events both logs share (a replay's
        step back: the same actions told the same events), so the next observation builds
        views only for the events after them, not for the whole match (~500-600 events, about
        2 ms a frame). Logs that differ where they meet share nothing."""
        mine, theirs = self._event_log(), earlier._event_log()
        shared = min(len(mine), len(theirs))
        if shared == 0 or mine[shared - 1] != theirs[shared - 1]:
            return
        if self._s.rules != earlier._s.rules:
            return  # open hands or not: the views would show other cards
        self._views = {seat: views[:shared] for seat, views in earlier._views.items()}

    def check(self, action: Any) -> Refusal | None:
        """None if ``action`` is legal now, else the refusal saying why not."""
        raise NotImplementedError

    def clone(self: G) -> G:
        """A copy to look ahead with (bots, rollouts, the coach)."""
        raise NotImplementedError

    def can(self, action: Any) -> bool:
        return self.check(action) is None

    def to_dict(self) -> dict[str, Any]:
        """The whole match (rules, RNG state, every zone, the log) as a JSON-safe dict."""
        return self._s.to_dict()

    def what_if_stock(self: G, seed: int) -> G:
        """A look-ahead copy (as ``clone``) whose stock is reshuffled by ``seed``: the same
        position with other unseen cards to come, for the coach's paired continuations."""
        game = self.clone()
        random.Random(seed).shuffle(game._s.stock)
        return game

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    @property
    def state(self) -> S:
        """The raw state, for the engine's own modules and tests; players use observations."""
        return self._s

    @property
    def players(self) -> int:
        return self._s.players

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return tuple(self._s.names)
