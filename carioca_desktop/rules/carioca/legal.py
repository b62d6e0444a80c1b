"""Enumerating the legal actions of a seat (lay-downs excepted: the solver proposes them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..melds import extend, is_wild, slot_text, swap_slot
from .actions import POZO, STOCK, Action, Add, Buy, Discard, Draw, NextRound, Pass, Swap
from .state import Phase

if TYPE_CHECKING:
    from .game import Game


def legal_actions(game: Game, seat: int) -> list[Action]:
    """Every legal draw, discard, add, swap, buy, pass or next-round action of ``seat``."""
    s = game.state
    out: list[Action] = []
    if s.phase == Phase.ROUND_OVER:
        return [NextRound(seat)]
    if s.phase == Phase.MATCH_OVER or not 0 <= seat < s.players:
        return out
    if s.phase == Phase.OFFER:
        return [Buy(seat), Pass(seat)] if game.can(Pass(seat)) and game.can(Buy(seat)) else out
    if game.can(Buy(seat)):
        out.append(Buy(seat))
    if seat != s.turn:
        return out
    if s.phase == Phase.DRAW:
        out.append(Draw(seat, STOCK))
        if s.pozo:
            out.append(Draw(seat, POZO))
        return out
    cards = {s.cards[c].code: s.cards[c] for c in s.hands[seat]}
    codes = sorted(cards)
    out += [a for a in (Discard(seat, code) for code in codes) if game.can(a)]
    out += _adds(game, seat)
    # Only a card some wild of the meld stands for can be swapped in: the engine is asked
    # about those alone (it refuses every other pair, and a refusal is not free).
    out += [
        Swap(seat, i, code)
        for i, meld in enumerate(s.table)
        for code in codes
        if code != "JK"
        and swap_slot(meld.layout, cards[code]) is not None
        and game.can(Swap(seat, i, code))
    ]
    return out


def _adds(game: Game, seat: int) -> list[Action]:
    s = game.state
    if game.check(Add(seat, 0, "JK")) is not None and not s.table:
        return []
    at = s.laid_down_at[seat]
    if at is None or (at >= s.turn_number and not s.rules.add_same_turn):
        return []
    out: list[Action] = []
    seen: set[object] = set()
    for cid in s.hands[seat]:
        card = s.cards[cid]
        if card in seen:
            continue
        seen.add(card)
        for i, meld in enumerate(s.table):
            options = extend(meld.layout, card, None, cid, s.rules)
            if isinstance(options, list):
                if len(options) == 1:
                    out.append(Add(seat, i, card.code))
                else:
                    for lay in options:
                        slot = next(sl for sl in lay.slots if sl.ref == cid)
                        out.append(Add(seat, i, slot_text(slot, card)))
    return out


__all__ = ["is_wild", "legal_actions", "swap_slot"]
