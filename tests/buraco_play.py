"""Random legal Buraco play for the simulation and fuzz tests (not a bot: it reads the game)."""

from __future__ import annotations

import random

from carioca_desktop.rules.buraco.actions import Action, Discard, Draw, LayDown, NextRound, TakePile
from carioca_desktop.rules.buraco.finder import meld_candidates
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.state import Phase


def random_action(game: BuracoGame, rng: random.Random) -> Action:
    """A random legal action for the seat to act (lay-downs proposed by the meld finder)."""
    if game.phase == Phase.ROUND_OVER:
        return NextRound()
    seat = game.current_player
    assert seat is not None
    legal = game.legal_actions()
    hand = game.hand(seat)
    if game.phase == Phase.DRAW:
        pile = game.state.pile
        if game.rules.pile_take == "must_use_top" and pile:
            from carioca_desktop.rules.buraco.state import DECK

            top = DECK[pile[-1]].code
            takes = [a for a in legal if isinstance(a, TakePile)]
            for meld in meld_candidates([*hand, top], include=top, limit=8):
                action = TakePile(seat, melds=(meld,))
                if game.check(action) is None:
                    takes.append(action)
            if takes and rng.random() < 0.5:
                return rng.choice(takes)
            return Draw(seat)
        takes = [a for a in legal if isinstance(a, TakePile)]
        if takes and rng.random() < 0.3:
            return takes[0]
        return Draw(seat) if Draw(seat) in legal else rng.choice(legal)
    others = [a for a in legal if not isinstance(a, Discard)]
    for meld in meld_candidates(hand, limit=10):
        action = LayDown(seat, (meld,))
        if game.check(action) is None:
            others.append(action)
    discards = [a for a in legal if isinstance(a, Discard)]
    if others and (not discards or rng.random() < 0.6):
        return rng.choice(others)
    assert legal, f"no legal action for seat {seat}:\n{game}"
    return rng.choice(discards or legal)
