"""Which legal action puts the picked cards on one of the side's melds (pygame-free): a click
or a drop on a meld, or Enter on it, says only "these cards, there"; the engine's ``check``
judges each reading, first the plain add."""

from __future__ import annotations

from collections.abc import Sequence

from carioca_desktop.rules.buraco.actions import Action, Add, Swap
from carioca_desktop.rules.buraco.game import BuracoGame

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def add_for(
    game: BuracoGame, seat: int, on_table: Sequence[str], meld: int, cards: tuple[str, ...]
) -> Action | None:
    """The legal action that puts ``cards`` on ``meld`` (whose cards are ``on_table``): the
    add itself; several cards with a wild that could go at either end of a run; a lone wild
    with the marker of an open end; a lone natural swapped for the wild it stands for."""
    plain = Add(seat, meld, cards)
    refusal = game.check(plain)
    if refusal is None:
        return plain
    if refusal.code == "ambiguous_wild" and len(cards) > 1:
        return _marked(game, seat, on_table, meld, cards)
    if len(cards) == 1:
        for action in reversed(game.legal_actions(seat)):
            if (
                isinstance(action, Add)
                and action.meld == meld
                and action.cards[0].split("=")[0] == cards[0]
            ):
                return action
        swap = Swap(seat, meld, cards[0])
        if game.check(swap) is None:
            return swap
    return None


def _marked(
    game: BuracoGame, seat: int, on_table: Sequence[str], meld: int, cards: tuple[str, ...]
) -> Action | None:
    """Several cards with a wild for a run, where the wild could go at either end: the first
    place for it that makes the add legal (the engine asks which; a person who picked the
    cards and pointed at the run has said all they mean)."""
    suits = {c.split("=")[-1][-1] for c in (*on_table, *cards)} & set("SHDC")  # not a joker's K
    for k, card in enumerate(cards):
        for suit in sorted(suits):
            for rank in RANKS:
                marked = (*cards[:k], f"{card}={rank}{suit}", *cards[k + 1 :])
                action = Add(seat, meld, marked)
                if game.check(action) is None:
                    return action
    return None
