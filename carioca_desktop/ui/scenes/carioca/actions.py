"""Gestures into actions: which add, swap or wild placement a card dropped on a meld means.

Nothing here decides a rule: it only picks among the moves the engine itself names (a swap
when the card lands on a wild, the end of an escala nearest the pointer) among those the
engine lists as legal, and lets the engine judge the result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from carioca_desktop.rules.cards import parse_marked
from carioca_desktop.rules.carioca.actions import Action, Add, Swap
from carioca_desktop.rules.carioca.observation import MeldView
from carioca_desktop.rules.errors import CardError

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.carioca.model import Legal


def meld_action(
    legal: Legal, seat: int, code: str, meld: MeldView, card_index: int | None, low_side: bool
) -> Action:
    """The action for ``code`` dropped on ``meld`` (over card ``card_index``, on its low or
    high half), chosen among the moves the engine lists as legal (one answer per game state).
    Returns an action even when it is illegal, so the refusal can be shown."""
    swap, add = Swap(seat, meld.index, code), Add(seat, meld.index, code)
    can_swap = code != "JK" and legal.allows(swap)
    over_wild = card_index is not None and meld.stands_for[card_index] is not None
    if over_wild and can_swap:
        return swap
    if legal.allows(add):
        return add
    # A wild that could stand for either end of an escala: the engine lists both placements.
    options = [
        a.card
        for a in legal.actions(seat)
        if isinstance(a, Add) and a.meld == meld.index and a.card.partition("=")[0] == code
        and "=" in a.card
    ]  # fmt: skip
    chosen = pick_end(options, meld, low_side) if options else None
    if chosen is not None:
        return Add(seat, meld.index, chosen)
    return swap if can_swap else add


def wild_ends(legal: Legal, seat: int, code: str, meld: MeldView) -> list[str]:
    """A wild's two placements on an escala open at both ends (``JK=9H``, ``JK=KH``, the low
    end first), which the table asks about; else nothing (one end, or not a wild)."""
    options = [
        a.card
        for a in legal.actions(seat)
        if isinstance(a, Add) and a.meld == meld.index and a.card.startswith(f"{code}=")
    ]
    low, high = pick_end(options, meld, True), pick_end(options, meld, False)
    return [low, high] if low is not None and high is not None and low != high else []


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
