"""Buying (RULES.md §5): the offer of a discard passed over by a stock draw, put to one seat
at a time in turn order after the drawer, and the ``Buy`` and ``Pass`` that answer it.

The offer is a phase of the match (``Phase.OFFER``): ``state.offers`` lists the seats still
to ask, the first being asked; the drawer plays on once someone buys or everyone passes.
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import Refusal, refuse
from .state import Event, EventKind, Phase, State

Effect = Callable[[], Event]
Log = Callable[..., Event]
"""The game's event logger: ``log(seat, kind, **fields)`` appends an event and returns it."""


def open_offer(s: State, drawer: int) -> None:
    """After a draw from the stock, offer the discard the drawer passed over to every seat
    that may buy it (never its discarder, never a seat at its limit), in turn order after
    the drawer; nothing is offered without a penalty card left in the stock."""
    if not s.rules.buy or s.last_discard is None or not s.stock:
        return
    discarder = s.last_discard[0]
    order = [(drawer + k) % s.players for k in range(1, s.players)]
    s.offers = [seat for seat in order if seat != discarder and s.buys[seat] < s.rules.buy_limit]
    if s.offers:
        s.phase, s.buy_open = Phase.OFFER, True


def close_offer(s: State) -> None:
    """The offer is over: the drawer plays on."""
    s.offers, s.buy_open, s.phase = [], False, Phase.PLAY


def plan_buy(s: State, seat: int, log: Log) -> Refusal | Effect:
    """Why ``seat`` may not buy now, or the effect of its buying: the discard and the stock's
    top card as a penalty."""
    if not s.rules.buy:
        return refuse("buying_off", "buying is not played with these rules")
    if s.phase != Phase.OFFER or s.last_discard is None:
        return refuse("nothing_to_buy", "there is no discard to buy now")
    if seat == s.last_discard[0]:
        return refuse("own_discard", "you cannot buy your own discard")
    if seat == s.turn:
        return refuse("buy_own_turn", "you drew from the stock instead of taking the discard")
    if s.buys[seat] >= s.rules.buy_limit:
        return refuse(
            "buy_limit", f"at most {s.rules.buy_limit} buys per round", limit=s.rules.buy_limit
        )
    if not s.stock:
        return refuse("stock_empty", "the stock is empty: there is no penalty card")
    asked = _asked(s, seat)
    if asked is not None:
        return asked

    def effect() -> Event:
        bought, penalty = s.pozo.pop(), s.stock.pop()
        s.hands[seat] += [bought, penalty]
        s.buys[seat] += 1
        s.last_discard = None
        close_offer(s)
        codes = s.cards[bought].code, s.cards[penalty].code
        return log(seat, EventKind.BUY, cards=codes[:1], secret=codes[1:])

    return effect


def plan_pass(s: State, seat: int, log: Log) -> Refusal | Effect:
    """Why ``seat`` may not pass now, or the effect of its passing (the next seat is asked)."""
    if s.phase != Phase.OFFER:
        return refuse("no_offer", "nothing is being offered to you")
    asked = _asked(s, seat)
    if asked is not None:
        return asked

    def effect() -> Event:
        s.offers.pop(0)
        if not s.offers:
            close_offer(s)
        return log(seat, EventKind.PASS)

    return effect


def _asked(s: State, seat: int) -> Refusal | None:
    """None if the offer is now put to ``seat``; else why it may not answer yet."""
    if seat not in s.offers:
        return refuse("not_offered", "the discard is not offered to you")
    if seat != s.offers[0]:
        first = s.names[s.offers[0]]
        return refuse("not_asked_yet", f"the discard is offered to {first} first", player=first)
    return None
