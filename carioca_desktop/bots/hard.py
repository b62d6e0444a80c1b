"""The ``hard`` bot: the normal bot's play plus memory of every card seen and a reading of
what each opponent collects."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from carioca_desktop.rules.cards import parse_card
from carioca_desktop.rules.observation import Observation

from .base import Choice
from .judge import View, deck_counts, feeds_table
from .memory import Memory
from .normal import NormalBot


class HardBot(NormalBot):
    """Counts cards: the pozo pile and the cards opponents picked up are out of reach, so
    outs are weighed by what is really live. Reads the next player's pick-ups, refusals and
    discards to keep from feeding them."""

    level = "hard"

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.memory = Memory()

    def choose(self, obs: Observation, legal: Sequence[Choice]) -> Choice:
        self.memory.update(obs)
        return super().choose(obs, legal)

    hidden_floor = 0.0  # in rounds whose contract takes the whole hand: the least chance of
    # being caught with a card still in hand (only the first to complete avoids it)

    def caught(self, obs: Observation, steps: int, chance: float) -> float:
        found = super().caught(obs, steps, chance)
        rules = obs.rules
        if rules.contract(obs.round_index).min_cards(rules.escala_min) >= rules.hand_size:
            return max(found, self.hidden_floor)
        return found

    def view(self, obs: Observation) -> View:
        seen: Counter[str] = Counter(obs.hand)
        for meld in obs.table:
            seen.update(meld.cards)
        seen.update(self.memory.out_of_play(obs.seat))
        live = deck_counts(obs.rules) - seen
        return View(live, max(1, sum(live.values())))

    def feed_risk(self, obs: Observation, view: View, card: str) -> float:
        """How much the next player would like ``card``: adding it if they are down, else
        judged by what they picked up (wanted), refused and threw away (not wanted)."""
        if feeds_table(obs, card):
            return 1.0
        nxt = (obs.seat + 1) % obs.players
        if obs.laid_down[nxt] or card in self.memory.refused.get(nxt, set()):
            return 0.0
        kinds = obs.rules.contract(obs.round_index).kinds
        risk = 0.0
        for taken in self.memory.took.get(nxt, []):
            risk += _kinship(card, taken, kinds)
        for thrown in self.memory.thrown.get(nxt, []):
            risk -= 0.5 * _kinship(card, thrown, kinds)
        return max(0.0, min(1.0, risk))

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
