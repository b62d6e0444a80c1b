"""Gestures into actions: which add, swap or wild placement a card dropped on a meld means.

Nothing here decides a rule: it only picks among the moves the engine itself names (a swap
when the card lands on a wild, the end of an escala nearest the pointer) and lets
``Game.check`` judge the result.
"""

from __future__ import annotations

from carioca_desktop.rules.actions import Action, Add, Swap
from carioca_desktop.rules.cards import parse_marked
from carioca_desktop.rules.errors import CardError
from carioca_desktop.rules.game import Game
from carioca_desktop.rules.observation import MeldView


def meld_action(
    game: Game, seat: int, code: str, meld: MeldView, card_index: int | None, low_side: bool
) -> Action:
    """The action for ``code`` dropped on ``meld`` (over card ``card_index``, on its low or
    high half). Returns an action even when it is illegal, so the refusal can be shown."""
    swap, add = Swap(seat, meld.index, code), Add(seat, meld.index, code)
    over_wild = card_index is not None and meld.stands_for[card_index] is not None
    if over_wild and code != "JK" and game.check(swap) is None:
        return swap
    refusal = game.check(add)
    if refusal is None:
        return add
    if refusal.code == "ambiguous_wild":
        options = str(refusal.params.get("options", "")).split(" or ")
        chosen = pick_end(options, meld, low_side)
        if chosen is not None:
            return Add(seat, meld.index, chosen)
    if code != "JK" and game.check(swap) is None:
        return swap
    return add


def pick_end(options: list[str], meld: MeldView, low_side: bool) -> str | None:
    """Of the wild placements the engine offers (``JK=9H``, ``JK=KH``), the one at the end of
    the escala on the side the player dropped it."""
    first = _rank(meld.text[0]) if meld.text else None
    low = [o for o in options if first is not None and _succ(_rank(o)) == first]
    high = [o for o in options if o not in low]
    side = low if low_side else high
    if side:
        return side[0]
    return options[0] if options and options[0] else None


def _rank(text: str) -> int:
    """The rank a placed card plays as (a wild's marker, else its own)."""
    try:
        card, marker = parse_marked(text)
    except CardError:
        return 0
    return marker.rank if marker is not None else card.rank


def _succ(rank: int) -> int:
    return rank % 13 + 1
