"""What the games' network adapters (net/carioca.py, net/buraco.py) share: the host's own
turn, the move count the bots' drivers cap, the sessions' people, JSON lists to tuples."""

from __future__ import annotations

from typing import Any

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
