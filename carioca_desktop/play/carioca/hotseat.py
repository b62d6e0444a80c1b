"""Hot seat: several people at one screen, each hand shown only to its owner (no pygame here).

The table (melds, pozo, counts) is public; a hand is private. So between two people's turns
the table plays on with no hand face up (bots' moves animate as usual), and before a person's
turn a privacy screen names them and waits for them to take the seat.
"""

from __future__ import annotations

from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.rules.carioca.state import Phase


class HotSeat:
    """Who may see a hand now. ``seen_by`` is the person who last took the seat (None after
    a deal, a resumed save or the start: then the next person is always asked first)."""

    def __init__(self, session: MatchSession) -> None:
        self.session = session
        self.seen_by: int | None = None
        self._round = session.game.round_index

    @property
    def on(self) -> bool:
        return self.session.hot_seat

    def to_act(self) -> int | None:
        """The person whose turn it is, or None (a bot's turn, a round over, or a buy offer:
        at a hot seat the session passes for people, so nobody is called to the screen)."""
        game = self.session.game
        turn = game.current_player
        if game.phase == Phase.OFFER:
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
        if self.session.game.round_index != self._round:
            self._round = self.session.game.round_index
            self.seen_by = None
