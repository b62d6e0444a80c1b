"""What the games' network adapters (net/carioca.py, net/buraco.py) share: the host's own
turn, the move count the bots' drivers cap, the sessions' people, JSON lists to tuples, and
``Adapter``, the methods both adapters do the same way over their own game's modules."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from carioca_desktop.games import LEVELS

HOST = -2
"""``actor`` when nobody is asked: the host deals the next round itself, as a local session
does (``MatchSession.next_round``; ``buraco_step`` asks no bot for it either)."""


def actor(game: Any) -> int | None:
    """Who acts next in either game: nobody once the match is over, the host between rounds,
    else the player whose turn it is."""
    if game.is_over:
        return None
    return HOST if game.round_over else game.current_player


class People:
    """Sessions whose people are only the host's own (remote seats are ``human`` seats of
    the session, but their matches are recorded on their own computers, not here)."""

    local_people: tuple[int, ...] = ()
    network_seats: tuple[int, ...] | None = ()  # the host's own people (its local seats)
    recorded: bool

    @property
    def human_seats(self) -> list[int]:
        return list(self.local_people)

    def _record_and_clear(self) -> None:
        """The host's own people see the match in this computer's History (its match file,
        marked as a network match; their statistics come in their own ``match_over``)."""
        if self.network_seats and not self.recorded:
            self._keep_match_file()  # type: ignore[attr-defined]  # the session's, mixed in
        super()._record_and_clear()  # type: ignore[misc]


def moves_this_turn(obs: Any, kinds: tuple[str, ...]) -> int:
    """The seat's lay-downs, adds and swaps since its draw, read from its own event log (the
    drivers cap them; the same count from the engine's log on the host)."""
    count = 0
    for event in reversed(obs.events):
        if event.seat != obs.seat or event.kind not in kinds:
            break
        count += 1
    return count


def frozen(value: Any) -> Any:
    """JSON lists back into the tuples an observation holds (JSON gives only ``list``: no
    subclass to look for, so ``type`` is compared; a call only for a list in a list, since
    every state a client reads goes through here)."""
    if type(value) is not list:
        return value
    return tuple([frozen(v) if type(v) is list else v for v in value])


class Adapter:
    """The shared half of a game's network adapter: the action codec (the game's
    ``rules.<game>.actions`` module, imported when first used), who acts, and the observation
    rebuilt from its JSON fields (``meld_view`` and ``observation_class`` are the game's; a
    game converts its own special fields in ``obs_field``)."""

    name: str
    levels: tuple[str, ...] = LEVELS
    actions: str  # the game's actions module
    meld_view: Any
    observation_class: Any

    def actor(self, game: Any) -> int | None:
        return actor(game)

    def action_from_dict(self, data: Any) -> Any:
        return import_module(self.actions).action_from_dict(data)

    def action_to_dict(self, action: Any) -> dict[str, Any]:
        return import_module(self.actions).action_to_dict(action)  # type: ignore[no-any-return]

    def next_round(self) -> Any:
        return import_module(self.actions).NextRound()

    def obs_field(self, name: str, value: Any) -> Any:
        """One field of the observation from its JSON (TypeError, ValueError, KeyError or
        AttributeError when it cannot be one)."""
        if name == "table":
            return tuple(self.meld_view(**{k: frozen(v) for k, v in m.items()}) for m in value)
        return frozen(value)

    def observation(self, values: dict[str, Any], events: tuple[Any, ...]) -> Any:
        """The observation of these converted fields and this event log (TypeError for a
        missing or unknown field)."""
        return self.observation_class(events=events, **values)
