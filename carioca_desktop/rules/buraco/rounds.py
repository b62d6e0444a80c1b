"""Rounds of Buraco: the trial Turn that collects events, dealing (§2), scoring a round as
the state stands (§7) and ending it, with the match's winner (§8)."""

from __future__ import annotations

from .melds import is_wild
from .scoring import match_winner, meld_points, side_points
from .state import DECK, Event, Phase, State


class Turn:
    """A trial state and the events an action produced so far."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.events: list[Event] = []

    def emit(self, seat: int, kind: str, **fields: object) -> None:
        n = len(self.s.log) + len(self.events)
        self.events.append(Event(n, self.s.round_index, seat, kind, **fields))  # type: ignore[arg-type]


# --------------------------------------------------------------------------- rounds
def round_points(s: State, went_out: int | None) -> list[int]:
    """Each side's points for the round as the state stands (§7)."""
    rules = s.rules
    unplayed = s.pending if rules.unplayed_morto == "not_taken" else []
    out = []
    for side in (0, 1):
        melds = [
            meld_points(m.layout, [DECK[sl.ref] for sl in m.layout.slots], rules)
            for m in s.table
            if m.side == side
        ]
        hands = [[DECK[c] for c in s.hands[p]] for p in rules.seats_of(side) if p not in unplayed]
        took = s.took[side] - sum(1 for p in unplayed if p % 2 == side)
        gone = went_out is not None and went_out % 2 == side
        out.append(side_points(melds, hands, took > 0, gone, rules))
    return out


def end_round(t: Turn, went_out: int | None) -> None:
    s = t.s
    points = round_points(s, went_out)
    s.history.append(points)
    s.went_out.append(went_out)
    s.went_out_seat = went_out
    s.scores = [a + b for a, b in zip(s.scores, points)]
    s.winner = match_winner(s.scores, s.rules.target)
    s.phase = Phase.ROUND_OVER if s.winner is None else Phase.MATCH_OVER
    kind = "go_out" if went_out is not None else "stock_out"
    t.emit(-1 if went_out is None else went_out, kind, points=tuple(points))


def deal_round(t: Turn, round_index: int, dealer: int) -> None:
    """Shuffle the 108 cards and deal (§2): 11 a hand, the mortos, the upcard, the stock."""
    s, rules = t.s, t.s.rules
    order = list(range(len(DECK)))
    s.own_rng().shuffle(order)
    s.round_index, s.dealer = round_index, dealer
    s.hands = [[order.pop() for _ in range(11)] for _ in range(s.players)]
    s.mortos = [[order.pop() for _ in range(11)] for _ in range(rules.mortos)]
    s.pile = []
    if rules.first_upcard != "none":
        while True:
            cid = order.pop()
            if rules.first_upcard == "turn" and is_wild(DECK[cid]):
                order.insert(s.own_rng().randrange(len(order) + 1), cid)
                continue
            s.pile.append(cid)
            break
    s.stock, s.out, s.table = order, [], []
    s.holders, s.pending = [[], []], []
    s.single_taken = s.went_out_seat = None
    s.phase, s.turn = Phase.DRAW, (dealer + 1) % s.players
    for seat in range(s.players):
        t.emit(seat, "deal", secret=tuple(DECK[c].code for c in s.hands[seat]))
    t.emit(dealer, "upcard", cards=tuple(DECK[c].code for c in s.pile))
