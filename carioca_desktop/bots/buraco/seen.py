"""What a Buraco bot reads from its observation, in the bots' own terms.

Everything here is built from ``game.observation(seat)`` alone (BURACO.md §9): the bot's
hand, the melds of each side, the pile as far as it is shown, the stock, the mortos and the
scores. This is the one place that knows the observation's field names.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from carioca_desktop.rules.buraco.ruleset import BuracoRules

from .melds import Meld, Spec, maybe_wild, read_table_meld


@dataclass(frozen=True)
class Seen:
    """One seat's view of a Buraco position."""

    seat: int
    players: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    drawn: bool  # in the play phase (drew, took the pile, or goes on after a morto)
    ours: tuple[tuple[int, Meld | None], ...]  # (table index, meld) of the bot's side
    theirs: tuple[Meld | None, ...]
    pile: tuple[str, ...]  # bottom to top, as far as shown (only the top with "top")
    pile_size: int
    stock: int
    mortos_left: int
    taken: tuple[int, int]  # mortos taken per side
    totals: tuple[int, int]
    target: int
    spec: Spec
    rules: BuracoRules
    single_pile_card: str | None  # a card taken from a one-card pile this turn
    recent_takes: int = 0  # piles taken in the last 12 events (the pile passed to and fro)

    @property
    def side(self) -> int:
        return self.seat % 2

    @property
    def partner(self) -> int | None:
        return (self.seat + 2) % self.players if self.players == 4 else None

    @property
    def next_seat(self) -> int:
        return (self.seat + 1) % self.players

    @property
    def quota(self) -> int:
        return 2 if self.rules.mortos == 3 else 1

    def morto_for(self, side: int) -> bool:
        """Whether emptying a hand now would give ``side`` a morto (BURACO.md §5.1)."""
        return self.mortos_left > 0 and self.taken[side] < self.quota

    @property
    def morto_available(self) -> bool:
        return self.morto_for(self.side)

    @property
    def opened(self) -> bool:
        return bool(self.ours)

    @property
    def our_melds(self) -> list[Meld | None]:
        return [m for _, m in self.ours]

    def has_buraco(self, melds: Sequence[Meld | None] | None = None) -> bool:
        """Whether these melds (the side's, by default) hold the buraco going out needs."""
        clean = self.rules.go_out_requires == "clean_buraco"
        for m in self.our_melds if melds is None else melds:
            if m is not None and m.buraco and (m.clean or not clean):
                return True
        return False

    @property
    def needs_clean(self) -> bool:
        return self.rules.go_out_requires == "clean_buraco"

    def discard_ok(self, card: str, melds: Sequence[Meld | None]) -> bool:
        """Whether discarding ``card`` as the last card would be legal with these melds."""
        if card == self.single_pile_card and not self.rules.rediscard_single_pile:
            return False
        if self.morto_available:
            return True
        if self.taken[self.side] < 1 or not self.has_buraco(melds):
            return False
        return self.rules.go_out_discard_wild or not maybe_wild(card)

    def may_leave(self, left: Sequence[str], melds: Sequence[Meld | None]) -> bool:
        """The one-card rule (BURACO.md §5.3): may an action leave ``left`` in the hand, the
        side's melds being ``melds`` once it is applied?"""
        if len(left) >= 2:
            return True
        if len(left) == 1:
            return self.discard_ok(left[0], melds)
        if self.morto_available:
            return True
        if self.rules.go_out_needs_discard:
            return False
        return self.taken[self.side] >= 1 and self.has_buraco(melds)


def rules_of(obs: Any) -> BuracoRules:
    """The observation's rule set as a BuracoRules (the observation may carry its dict)."""
    rules = obs.rules
    if isinstance(rules, Mapping):
        return _rules_from(json.dumps(dict(rules), sort_keys=True))
    assert isinstance(rules, BuracoRules)
    return rules


@lru_cache(maxsize=64)
def _rules_from(text: str) -> BuracoRules:
    data = json.loads(text)
    data.setdefault("game", "buraco")
    return BuracoRules.from_dict(data)


def read(obs: Any) -> Seen:
    """The Seen of a Buraco observation (``BuracoObservation``)."""
    rules = rules_of(obs)
    spec = Spec.of(rules)
    seat = int(obs.seat)
    side = seat % 2
    ours: list[tuple[int, Meld | None]] = []
    theirs: list[Meld | None] = []
    for index, view in enumerate(obs.table):
        kind = "run" if view.kind in ("run", "escala") else "set"
        meld = read_table_meld(tuple(view.cards), kind, spec)
        if view.side == side:
            ours.append((index, meld))
        else:
            theirs.append(meld)
    pile = tuple(obs.pile) if obs.pile else ((obs.pile_top,) if obs.pile_top else ())
    single = None
    if obs.single_pile_taken:
        for event in reversed(obs.events):
            if event.kind == "take_pile" and event.seat == seat and event.cards:
                single = event.cards[-1]
                break
    return Seen(
        seat=seat,
        players=int(obs.players),
        hand=tuple(obs.hand),
        hand_sizes=tuple(obs.hand_sizes),
        drawn=obs.phase != "draw",
        ours=tuple(ours),
        theirs=tuple(theirs),
        pile=pile,
        pile_size=int(obs.pile_size),
        stock=int(obs.stock_size),
        mortos_left=int(obs.mortos_left),
        taken=(int(obs.took_morto[0]), int(obs.took_morto[1])),
        totals=(int(obs.scores[0]), int(obs.scores[1])),
        target=int(obs.target),
        spec=spec,
        rules=rules,
        single_pile_card=single,
        recent_takes=sum(e.kind == "take_pile" for e in obs.events[-12:]),
    )
