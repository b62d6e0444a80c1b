"""Hot seat: several people at one screen, each hand shown only to its owner (no pygame here).

The table (melds, piles, counts) is public; a hand is private. So between two people's turns
the table plays on with no hand face up (bots' moves animate as usual), and before a person's
turn a privacy screen names them and waits for them to take the seat; after each deal the
next person is asked again. One rule for both games' tables, local or networked: it reads
only what every session and game has (the seats, the player to act, the phase, the round).
"""

from __future__ import annotations

from typing import Any, Protocol

OFFER = "offer"  # a game's phase while it asks the others to buy (Carioca's): nobody is called


class Seated(Protocol):
    """What the rule reads of a session (either game's, local or networked)."""

    @property
    def game(self) -> Any: ...
    @property
    def hot_seat(self) -> bool: ...

    def is_human(self, seat: int) -> bool: ...
    def viewer(self) -> int: ...


class HotSeat:
    """Who may see a hand now. ``seen_by`` is the person who last took the seat (None after
    a deal, a resumed save or the start: then the next person is always asked first)."""

    def __init__(self, session: Seated) -> None:
        self.session = session
        self.seen_by: int | None = None
        self._round = _round_of(session.game)

    @property
    def on(self) -> bool:
        return self.session.hot_seat

    def to_act(self) -> int | None:
        """The person whose turn it is, or None (a bot's turn, a round over, or a buy offer:
        at a hot seat the session passes for people, so nobody is called to the screen)."""
        game = self.session.game
        turn: int | None = game.current_player
        if getattr(game.phase, "value", game.phase) == OFFER:
            return None
        return turn if turn is not None and self.session.is_human(turn) else None

    def viewer(self, current: int) -> int:
        """The seat the table is drawn from: the person to act; while bots play, the last
        person's (so the table does not turn round for every bot)."""
        if not self.on:
            return self.session.viewer()
        self._new_round()
        seat = self.to_act()
        if seat is not None:
            return seat
        return self.seen_by if self.seen_by is not None else current

    def hand_hidden(self) -> bool:
        """True while no hand may be face up: between people's turns, or before the person
        to act has taken the seat."""
        if not self.on:
            return False
        seat = self.to_act()
        return seat is None or seat != self.seen_by

    def due(self) -> int | None:
        """The person the privacy screen must ask for now, if any."""
        if not self.on:
            return None
        self._new_round()
        seat = self.to_act()
        return seat if seat is not None and seat != self.seen_by else None

    def next_person(self) -> int | None:
        """The next person to play, in turn order from the seat to act (None at a round's end)."""
        game = self.session.game
        turn = game.current_player
        if turn is None:
            return None
        order = [(turn + k) % game.players for k in range(game.players)]
        return next((seat for seat in order if self.session.is_human(seat)), None)

    def reveal(self, seat: int) -> None:
        """``seat``'s player took the seat and asked to see their hand."""
        self.seen_by = seat

    def _new_round(self) -> None:
        """Everyone looked at the round summary: the next person is asked again."""
        if _round_of(self.session.game) != self._round:
            self._round = _round_of(self.session.game)
            self.seen_by = None


def _round_of(game: Any) -> int:
    """The round being played (a networked Buraco game tells none: 0, never asked again)."""
    return int(getattr(game, "round_index", 0))
