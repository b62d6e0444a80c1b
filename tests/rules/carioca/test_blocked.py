"""A blocked round (rules/carioca/blocked.py): every seat down, no new meld allowed, and no
card in play off the table fits a meld or swaps for a wild. Seeded from the match that hit
the turn cap (clasico, seed 142, round 1, four ``normal`` bots): the round now ends with
nobody out when the stock is to be rebuilt a second time with no progress since the first."""

from __future__ import annotations

import dataclasses

from carioca_desktop.bots.carioca.base import make_bot
from carioca_desktop.bots.carioca.driver import bot_step
from carioca_desktop.rules.cards import parse_card
from carioca_desktop.rules.carioca.actions import STOCK, Draw
from carioca_desktop.rules.carioca.blocked import round_blocked
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.carioca.scoring import hand_points
from carioca_desktop.rules.carioca.state import EventKind

RULES = CariocaRules.from_dict({"preset": "clasico"})


def play_until_blocked() -> tuple[Game, Game]:
    """The game after the blocked round ends, and a copy from just before the last action."""
    game = Game.new(RULES, 142)
    bots = [make_bot("normal", s, 142) for s in range(4)]
    before = game.clone()
    while not game.round_over:
        assert game.turn_number < 400, "the round still does not end"
        action = bot_step(game, bots)
        assert action is not None
        before = game.clone()
        game.apply(action)
    return game, before


def test_the_round_nobody_can_go_out_of_ends_with_every_hand_scored() -> None:
    game, _ = play_until_blocked()
    events = [e for e in game.state.events if e.round == 0]
    assert [e.kind for e in events[-2:]] == [EventKind.BLOCKED, EventKind.ROUND_END]
    assert game.state.went_out == [None]
    hands = [[parse_card(c) for c in game.hand(s)] for s in range(4)]
    assert list(game.round_points[-1]) == [hand_points(h, RULES) for h in hands]
    # The stock was rebuilt before, and nothing was laid down, added or swapped since.
    kinds = [e.kind for e in events]
    last_rebuild = len(kinds) - 1 - kinds[::-1].index(EventKind.RESHUFFLE)
    assert not {EventKind.LAY_DOWN, EventKind.ADD, EventKind.SWAP} & set(kinds[last_rebuild:])
    # A saved game with a blocked round loads as it was.
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()


def test_the_check_needs_every_condition() -> None:
    _, before = play_until_blocked()
    state = before.state
    state.stock.clear()  # the moment of the draw that would rebuild the stock
    assert round_blocked(state)
    extra = dataclasses.replace(RULES, extra_melds=True)
    assert not round_blocked(dataclasses.replace(state, rules=extra))
    assert not round_blocked(
        dataclasses.replace(state, laid_down_at=[None, *state.laid_down_at[1:]])
    )
    no_rebuild = [e for e in state.events if e.kind != EventKind.RESHUFFLE]
    assert not round_blocked(dataclasses.replace(state, events=no_rebuild))
    # A card that fits a meld on the table (any natural of a trío's rank) unblocks it.
    trio = next(m for m in state.table if m.layout.kind == "trio")
    natural = next(sl.ref for sl in trio.layout.slots if not sl.wild)
    hands = [list(h) for h in state.hands]
    hands[0] = [natural, *hands[0][1:]]
    assert not round_blocked(dataclasses.replace(state, hands=hands))


def test_a_first_rebuild_of_the_stock_never_ends_a_round() -> None:
    """RULES.md §2: an empty stock is rebuilt from the pozo. The same blocked table with no
    earlier rebuild in the round gets its stock rebuilt, and play goes on."""
    game, before = play_until_blocked()
    seat = before.current_player
    assert game.state.events[-2].kind == EventKind.BLOCKED
    state = before.state
    state.pozo[:0] = state.stock  # the stock's cards under the pozo: none lost
    state.stock.clear()
    state.events[:] = [e for e in state.events if e.kind != EventKind.RESHUFFLE]
    assert seat is not None
    before.apply(Draw(seat, STOCK))
    assert [e.kind for e in state.events[-2:]] == [EventKind.RESHUFFLE, EventKind.DRAW]
    assert not before.round_over and before.current_player == seat
