"""Which legal action puts the picked cards on one of the side's melds (pygame-free): a click
or a drop on a meld, or Enter on it, says only "these cards, there"; the engine's ``check``
judges each reading, first the plain add, then the orders in which the cards fit."""

from __future__ import annotations

from collections.abc import Sequence

from carioca_desktop.rules.buraco.actions import Action, Add, Swap
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.errors import Refusal

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
# Refusals judged once, after the last card of an add (BURACO.md §5.2, §5.3): a shorter list
# that meets one of them may still grow into a legal add, so the search goes on past them.
AFTER_LAST = frozenset(
    {
        "must_keep_a_card",
        "cannot_go_out",
        "go_out_needs_clean_buraco",
        "go_out_needs_buraco",
        "go_out_needs_discard",
        "go_out_wild_discard",
    }
)
TRIALS = 4000  # engine checks one search may spend (a hand of 11 cards needs far fewer)


def add_for(
    game: BuracoGame, seat: int, on_table: Sequence[str], meld: int, cards: tuple[str, ...]
) -> Action | None:
    """The legal action that puts ``cards`` on ``meld`` (whose cards are ``on_table``), or
    None: see ``placing``."""
    found = placing(game, seat, on_table, meld, cards)
    return found if not isinstance(found, Refusal) else None


def placing(
    game: BuracoGame, seat: int, on_table: Sequence[str], meld: int, cards: tuple[str, ...]
) -> Action | Refusal:
    """The legal action that puts ``cards`` on ``meld``: the add itself; the same cards in an
    order in which each fits the meld as it stands (the engine judges a several-card add in
    the order of its list, §5.3, a person picks in any order), a wild marked with the end it
    goes to when both are open; a lone natural swapped for the wild it stands for. Else the
    refusal to show, naming a card that fits in no order when there is one."""
    plain = Add(seat, meld, cards)
    refusal = game.check(plain)
    if refusal is None:
        return plain
    if len(cards) > 1:
        return _ordered(game, seat, on_table, meld, cards, refusal)
    for action in reversed(game.legal_actions(seat)):
        if (
            isinstance(action, Add)
            and action.meld == meld
            and action.cards[0].split("=")[0] == cards[0]
        ):
            return action
    swap = Swap(seat, meld, cards[0])
    return swap if game.check(swap) is None else refusal


class _Search:
    """A depth-first search over the orders (and the wilds' ends) of a several-card add,
    cut where a card does not fit the meld as the cards before it left it."""

    def __init__(self, game: BuracoGame, seat: int, meld: int, suits: Sequence[str]) -> None:
        self.game, self.seat, self.meld, self.suits = game, seat, meld, suits
        self.trials = 0
        self.placed: set[str] = set()  # cards that fitted after some order of the others
        self.first: dict[str, Refusal] = {}  # each card's first refusal
        self.last: Refusal | None = None  # the latest refusal of a whole list

    def readings(self, card: str) -> list[str]:
        """The card as written, and for a wild each end it might stand at."""
        if not (card.startswith("JK") or card[:-1] == "2"):
            return [card]
        return [card, *(f"{card}={r}{s}" for s in self.suits for r in RANKS)]

    def find(self, done: tuple[str, ...], rest: tuple[str, ...]) -> Add | None:
        for k, card in enumerate(rest):
            if card in rest[:k]:
                continue  # the same card twice: one order is enough
            others = (*rest[:k], *rest[k + 1 :])
            for text in self.readings(card):
                found = self._try(card, (*done, text), others)
                if found is not None:
                    return found
        return None

    def _try(self, card: str, done: tuple[str, ...], rest: tuple[str, ...]) -> Add | None:
        if self.trials >= TRIALS:
            return None
        self.trials += 1
        action = Add(self.seat, self.meld, done)
        refusal = self.game.check(action)
        if refusal is not None and refusal.code not in AFTER_LAST:
            self.first.setdefault(card, refusal)
            return None
        self.placed.add(card)
        if not rest:
            self.last = refusal or self.last
            return action if refusal is None else None
        return self.find(done, rest)


def _ordered(
    game: BuracoGame,
    seat: int,
    on_table: Sequence[str],
    meld: int,
    cards: tuple[str, ...],
    refusal: Refusal,
) -> Action | Refusal:
    suits = sorted({c.split("=")[-1][-1] for c in (*on_table, *cards)} & set("SHDC"))
    search = _Search(game, seat, meld, suits)  # a joker's K is no suit above
    found = search.find((), tuple(sorted(cards, key=lambda c: c.startswith("JK") or c[:-1] == "2")))
    if found is not None:
        return found
    unfit = [c for c in cards if c not in search.placed and c in search.first]
    if unfit:
        return search.first[unfit[0]]
    return search.last or refusal
