"""Random legal play for the simulation and fuzz tests (not a test module itself).

Lay-downs come from the solver when the hand can make the contract; random play would
almost never find one, and the simulation must exercise lay-downs, adds, swaps and buys.
"""

from __future__ import annotations

import random

from carioca_desktop.rules.cards import parse_card
from carioca_desktop.rules.carioca.actions import Action, Buy, Discard, LayDown, Pass
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.state import Phase
from carioca_desktop.solver import find_laydown


def laydown_for(game: Game, seat: int) -> Action | None:
    s = game.state
    if s.phase != Phase.PLAY or seat != s.turn:
        return None
    if game.has_laid_down(seat) and not s.rules.extra_melds:
        return None
    melds = find_laydown(game.hand(seat), s.rules, s.round_index, tuple(s.progress[seat]))
    if not melds:
        return None
    action = LayDown(seat, tuple(tuple(m) for m in melds))
    return action if game.can(action) else None


def random_action(game: Game, rng: random.Random) -> Action:
    """A random legal action, preferring lay-downs, adds and swaps so rounds progress; the
    seat asked during a buy offer buys three times in ten."""
    if game.phase == Phase.OFFER:
        asked = game.current_player
        assert asked is not None
        return Buy(asked) if rng.random() < 0.3 else Pass(asked)
    seat = game.state.turn
    laydown = laydown_for(game, seat)
    if laydown is not None and rng.random() < 0.9:
        return laydown
    actions = game.legal_actions(seat)
    shedding = [a for a in actions if type(a).__name__ in ("Add", "Swap")]
    if shedding and rng.random() < 0.8:
        return rng.choice(shedding)
    loose = [a for a in actions if isinstance(a, Discard) and _isolated(game.hand(seat), a.card)]
    if loose and rng.random() < 0.8:  # keep pairs and runs, so contracts form and rounds end
        return rng.choice(loose)
    return rng.choice(actions)


def _isolated(hand: list[str], code: str) -> bool:
    """No other card of the rank, and no card of the suit within two ranks."""
    card = parse_card(code)
    if card.is_joker:
        return False
    others = [parse_card(c) for c in hand]
    same_rank = sum(1 for c in others if c.rank == card.rank) > 1
    near = any(c.suit == card.suit and 0 < abs(c.rank - card.rank) <= 2 for c in others)
    return not (same_rank or near)


def hidden_permuted(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of the position with every card ``seat`` cannot see (the other hands and the
    stock) dealt afresh among those places, each hand keeping its size."""
    other = game.clone()
    state = other.state
    hidden = list(state.stock)
    for s in range(other.players):
        if s != seat:
            hidden += state.hands[s]
    rng.shuffle(hidden)
    for s in range(other.players):
        if s != seat:
            size = len(state.hands[s])
            state.hands[s], hidden = hidden[:size], hidden[size:]
    state.stock = hidden
    return other
