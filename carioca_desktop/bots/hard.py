"""The ``hard`` bot: the normal bot's play plus memory of every card seen and a reading of
what each opponent collects."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from carioca_desktop.rules.cards import parse_card
from carioca_desktop.rules.observation import Observation
from carioca_desktop.rules.solver import reach

from .base import Choice, fits_table, table_layouts, wild
from .judge import View, contract_args, deck_counts, feeds_table
from .memory import Memory
from .normal import NormalBot


class HardBot(NormalBot):
    """Counts cards: the pozo pile and the cards opponents picked up are out of reach, so
    outs are weighed by what is really live. Reads the next player's pick-ups, refusals and
    discards to keep from feeding them, and takes an opponent's pick-ups as progress."""

    level = "hard"
    took_threat = 0.025  # how much each card an opponent picked up raises its hazard
    dead_weight = 10.0  # points it is worth to throw a card that nothing will take
    pozo_sheds = True  # take a pozo card that will go onto a meld, to replace a dead one
    memory_view = True  # count the pozo pile and opponents' pick-ups as out of reach
    kinship = True  # read what the next player collects

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.memory = Memory()

    def choose(self, obs: Observation, legal: Sequence[Choice]) -> Choice:
        self.memory.update(obs)
        return super().choose(obs, legal)

    def view(self, obs: Observation) -> View:
        if not self.memory_view:
            return super().view(obs)
        seen: Counter[str] = Counter(obs.hand)
        for meld in obs.table:
            seen.update(meld.cards)
        seen.update(self.memory.out_of_play(obs.seat))
        live = deck_counts(obs.rules) - seen
        return View(
            live,
            max(1, sum(live.values())),
            holds=self.memory.holds,
            wants={s: set(v) for s, v in self.memory.took.items()},
            refused=self.memory.refused,
        )

    def feed_risk(self, obs: Observation, view: View, card: str) -> float:
        """How much the next player would like ``card``: adding it if they are down, else
        judged by what they picked up (wanted), refused and threw away (not wanted)."""
        if feeds_table(obs, card):
            return 1.0
        nxt = (obs.seat + 1) % obs.players
        if obs.laid_down[nxt] or card in self.memory.refused.get(nxt, set()):
            return 0.0
        if not self.kinship:
            return 0.0
        kinds = obs.rules.contract(obs.round_index).kinds
        risk = 0.0
        for taken in self.memory.took.get(nxt, []):
            risk += _kinship(card, taken, kinds)
        for thrown in self.memory.thrown.get(nxt, []):
            risk -= 0.5 * _kinship(card, thrown, kinds)
        return max(0.0, min(1.0, risk))

    def dead_bonus(self, obs: Observation, view: View, card: str) -> float:
        """A card left over once the contract is down must be shed one add at a time, and
        each needs a card that fits: better to keep the ones that will fit (an extra card
        for a planned trío, the next card of a planned escala, a card for a table meld)."""
        if self.hidden(obs):
            return 0.0
        return 0.0 if self.sheddable(obs, card) else self.dead_weight

    def wants_pozo(self, obs: Observation, view: View, top: str) -> bool:
        if super().wants_pozo(obs, view, top):
            return True
        if not self.pozo_sheds or obs.laid_down[obs.seat] or self.hidden(obs):
            return False
        if not self.sheddable(obs, top):
            return False
        plan = reach(obs.hand, *contract_args(obs))
        spare = Counter(obs.hand) - Counter(plan.used)
        return any(not self.sheddable(obs, c) for c in spare.elements() if not wild(c, obs.rules))

    def sheddable(self, obs: Observation, card: str) -> bool:
        """Whether ``card`` would go onto a meld of the plan or of the table once down."""
        if wild(card, obs.rules):
            return True
        plan = reach(obs.hand, *contract_args(obs))
        return any(_extends(card, meld) for meld in plan.melds) or fits_table(
            card, table_layouts(obs), obs.rules
        )

    @staticmethod
    def hidden(obs: Observation) -> bool:
        """Rounds whose contract takes the whole hand: laying down is going out."""
        rules = obs.rules
        return rules.contract(obs.round_index).min_cards(rules.escala_min) >= rules.hand_size

    def threat_of(self, obs: Observation, seat: int, hidden: bool) -> float:
        base = super().threat_of(obs, seat, hidden)
        if obs.laid_down[seat]:
            return base
        return base + self.took_threat * len(self.memory.took.get(seat, []))

    def memory_to_dict(self) -> dict[str, Any]:
        return self.memory.to_dict()

    def memory_from_dict(self, data: dict[str, Any]) -> None:
        self.memory = Memory.from_dict(data)


def _kinship(card: str, other: str, kinds: frozenset[str]) -> float:
    """How much holding ``other`` suggests wanting ``card`` in a round of these meld kinds."""
    if card == "JK" or other == "JK":
        return 0.0
    a, b = parse_card(card), parse_card(other)
    score = 0.0
    if "trio" in kinds and a.rank == b.rank:
        score += 0.5
    if "escala" in kinds and a.suit == b.suit and 0 < abs(a.rank - b.rank) <= 2:
        score += 0.4
    return score


def _extends(card: str, meld: tuple[str, ...]) -> bool:
    """Whether ``card`` joins a planned meld: a trío of its rank, or an escala it prolongs."""
    if card == "JK":
        return True
    c = parse_card(card)
    if len(meld[0]) <= 2 and meld[0] == meld[-1] and meld[0][-1] not in "SHDC":
        return c.rank_name == meld[0]
    first, last = parse_card(meld[0]), parse_card(meld[-1])
    if c.suit != first.suit:
        return False
    top = 14 if last.rank == 1 and len(meld) > 1 else last.rank
    return c.rank == first.rank - 1 or c.rank == top + 1 or (top == 13 and c.rank == 1)
