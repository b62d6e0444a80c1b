"""The ``hard`` bot: the normal bot's play plus memory of every card seen, and the fear,
in the rounds that end the moment someone lays down, of being caught with dear cards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from carioca_desktop.rules.carioca.observation import Observation

from .base import Choice
from .judge import View, deck_counts
from .memory import Memory
from .normal import NormalBot


class HardBot(NormalBot):
    """Counts cards: the pozo pile and the cards opponents picked up are out of reach, so
    outs are weighed by what is really live. In rounds whose contract takes the whole hand
    (7 and 8 in clasico) only the first to complete it escapes, so it weighs the points of
    what it keeps as if it were likely caught from the start, and will give up a step for a
    dear card.

    Measured on the same deals against ``normal`` (tests/bench_paired.py, 100 deals of
    rounds 6-8, margin a match, negative better): the memory alone -3.2 [-7.6, +1.2], with
    the fear -4.0 [-9.4, +1.5]. Reading what the next player picks up and throws away to
    keep from feeding them (a card's kinship to those) cost +5.4 points (+2.2 [-4.4, +8.8]
    with it), and was taken out."""

    level = "hard"
    hidden_floor = 0.75  # in rounds whose contract takes the whole hand: the least chance of
    # being caught with a card still in hand (only the first to complete avoids it)

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.memory = Memory()

    def choose(self, obs: Observation, legal: Sequence[Choice]) -> Choice:
        self.memory.update(obs)
        return super().choose(obs, legal)

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

    def memory_to_dict(self) -> dict[str, Any]:
        return self.memory.to_dict()

    def memory_from_dict(self, data: dict[str, Any]) -> None:
        self.memory = Memory.from_dict(data)
