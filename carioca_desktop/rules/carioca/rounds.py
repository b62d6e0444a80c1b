"""A round's life (RULES.md §2, §7): the deal and the first pozo card, the pozo shuffled back
into an empty stock, and the scoring when the round ends."""

from __future__ import annotations

from ..melds import is_wild
from .buying import Log
from .scoring import round_points
from .state import EventKind, Phase, State


def start_round(s: State, index: int, log: Log) -> None:
    """Deal round ``index`` from its own stream (``State.deal_rng``), the dealer moving on
    after round 0, and turn the first pozo card."""
    n = s.players
    s.round_index = index
    s.dealer = (s.dealer + 1) % n if index > 0 else s.dealer
    ids = list(range(len(s.cards)))
    s.deal_rng(index).shuffle(ids)
    s.hands = [[] for _ in range(n)]
    first = (s.dealer + 1) % n
    for _ in range(s.rules.hand_size):
        for k in range(n):
            s.hands[(first + k) % n].append(ids.pop())
    s.stock, s.pozo, s.table = ids, [], []
    s.laid_down_at, s.progress, s.buys = [None] * n, [(0, 0)] * n, [0] * n
    s.last_discard, s.buy_open, s.round_over, s.offers = None, False, False, []
    s.turn, s.turn_number, s.phase = first, 0, Phase.DRAW
    log(s.dealer, EventKind.DEAL, points=(index,))
    _turn_first_pozo_card(s, log)


def _turn_first_pozo_card(s: State, log: Log) -> None:
    """The first pozo card; a wild is buried in the middle of the stock (§2)."""
    for _ in range(len(s.stock)):
        cid = s.stock.pop()
        if not is_wild(s.cards[cid], s.rules):
            s.pozo.append(cid)
            log(s.dealer, EventKind.POZO_START, cards=(s.cards[cid].code,))
            return
        s.stock.insert(len(s.stock) // 2, cid)
        log(s.dealer, EventKind.BURY, cards=(s.cards[cid].code,))


def reshuffle(s: State, log: Log) -> None:
    """The pozo but its top card, shuffled, becomes the stock (nothing to do with one card)."""
    if len(s.pozo) <= 1:
        return
    rest, top = s.pozo[:-1], s.pozo[-1]
    s.own_rng().shuffle(rest)
    s.stock, s.pozo = rest, [top]  # the top stays, so a pending discard stays buyable
    log(s.turn, EventKind.RESHUFFLE, points=(len(rest),))


def end_round(s: State, went_out: int | None, log: Log) -> None:
    """Score the round (``went_out``: the seat that went out, or None) and reveal the hands;
    after the last round the match is over."""
    hands = [[s.cards[c] for c in h] for h in s.hands]
    points = round_points(hands, went_out, s.rules)
    s.points.append(points)
    s.went_out.append(went_out)
    s.round_over, s.buy_open, s.last_discard, s.offers = True, False, None, []
    last = s.round_index == len(s.rules.rounds) - 1
    s.phase = Phase.MATCH_OVER if last else Phase.ROUND_OVER
    if went_out is not None:
        log(went_out, EventKind.GO_OUT)
    revealed = tuple(tuple(c.code for c in h) for h in hands)
    log(
        -1 if went_out is None else went_out,
        EventKind.ROUND_END,
        points=tuple(points),
        melds=revealed,
    )
