"""The ``normal`` bot: plays the contract well from what is on view now."""

from __future__ import annotations

import math
from collections.abc import Sequence

from carioca_desktop.rules.cards import base_code
from carioca_desktop.rules.carioca.actions import POZO, STOCK, Add, Buy, Discard, Draw, Swap
from carioca_desktop.rules.carioca.observation import Observation

from .base import (
    BaseBot,
    Choice,
    Pass,
    fits_table,
    laydown_proposal,
    points,
    table_layouts,
    wild,
    without,
)
from .judge import View, danger, discard_steps, far, feeds_table, live_outs, visible_view
from .simple import forced


class NormalBot(BaseBot):
    """Plays its plan: keeps the cards of its best plan for the contract and throws the
    dearest card the plan does not need (so it sheds points as it goes), takes the pozo when
    it brings the plan closer, lays down at once, sheds every card it can, and swaps jokers
    when that sheds a card. It does not weigh the odds of the next draw (``outs_weight`` 0)
    nor watch whether its discard fits a meld the next player could add it to
    (``feed_weight`` 0): ``hard`` does both, which is what puts it above ``normal`` (README,
    "The ladder")."""

    level = "normal"
    outs_weight = 0.0  # points a sure improvement on the next draw is worth (hard: 40)
    points_weight = 0.3  # how much a card's penalty counts even when nobody threatens
    feed_weight = 0.0  # points it costs to hand the next player a card they can use (hard: 12)
    step_cost = 25.0  # points one more card missing from the contract is worth
    hidden_ramp = 0.012  # per opponent: the chance per turn they lay down and go out at once
    hidden_cap = 0.2  # grows with the turns played, up to this
    draw_boost = 1.5  # the pozo brings useful cards too, so a turn beats one stock draw
    patience = 60  # turns each into a round with nobody down before it ``unstick``s
    restless = 0.25  # then the chance a discard is a random natural card

    def choose(self, obs: Observation, legal: Sequence[Choice]) -> Choice:
        done = forced(legal)
        if done is not None:
            return done
        view = self.view(obs)
        if any(isinstance(c, Pass) for c in legal):
            return self.buy(obs, view)
        if not obs.has_drawn:
            return self.draw(obs, view)
        lay = self.lay_down(obs, view)
        if lay is not None:
            return lay
        move = self.shed(obs, legal, view)
        if move is not None:
            return move
        discards = [c for c in legal if isinstance(c, Discard)]
        return self.unstick(obs, discards) or self.discard(obs, discards, view)

    def unstick(self, obs: Observation, discards: list[Discard]) -> Discard | None:
        """Long into a round and still not down, now and then a natural card at random instead
        of the planned discard. Sound players can each keep, for good, the very cards the
        others wait for (four seats holding the low cards of round 7, seed 1139 of the paired
        bench, passed the pozo round for 1,500 turns): a random card breaks the ring. It never
        fires in an ordinary round (``patience`` turns each is several times the longest)."""
        if obs.turn_number < self.patience * obs.players or obs.laid_down[obs.seat]:
            return None
        if self.rng.random() >= self.restless:
            return None
        naturals = sorted({d.card for d in discards if not wild(base_code(d.card), obs.rules)})
        return Discard(obs.seat, self.rng.choice(naturals)) if naturals else None

    # ------------------------------------------------------------------ knowledge
    def view(self, obs: Observation) -> View:
        return visible_view(obs)

    def feed_risk(self, obs: Observation, view: View, card: str) -> float:
        """How much the next player would like ``card`` (0 none … 1 surely)."""
        return 1.0 if feeds_table(obs, card) else 0.0

    # ------------------------------------------------------------------ decisions
    def buy(self, obs: Observation, view: View) -> Choice:
        card = obs.buy_card
        if card is None or obs.laid_down[obs.seat] or danger(obs) >= 0.7:
            return Pass(obs.seat)
        if far(obs, [*obs.hand, card]) < far(obs, obs.hand):
            return Buy(obs.seat)
        return Pass(obs.seat)

    def draw(self, obs: Observation, view: View) -> Draw:
        top = obs.pozo_top
        if top is not None and self.wants_pozo(obs, view, top):
            return Draw(obs.seat, POZO)
        return Draw(obs.seat, STOCK)

    def wants_pozo(self, obs: Observation, view: View, top: str) -> bool:
        if obs.laid_down[obs.seat]:
            return fits_table(top, table_layouts(obs), obs.rules)
        return far(obs, [*obs.hand, top]) < far(obs, obs.hand)

    def lay_down(self, obs: Observation, view: View) -> Choice | None:
        return laydown_proposal(obs)

    def shed(self, obs: Observation, legal: Sequence[Choice], view: View) -> Choice | None:
        """Add what fits (dear naturals first, wilds last); swap a natural for a table wild
        when the wild can then go onto another meld."""
        rules = obs.rules
        adds = [c for c in legal if isinstance(c, Add)]
        if adds:

            def order(a: Add) -> tuple[bool, int, str]:
                code = base_code(a.card)
                return (not wild(code, rules), points(code, rules), a.card)

            return max(adds, key=order)
        for swap in (c for c in legal if isinstance(c, Swap)):
            if self.swap_pays(obs, swap, view):
                return swap
        return None

    def swap_pays(self, obs: Observation, swap: Swap, view: View) -> bool:
        meld = obs.table[swap.meld]
        wild_code = meld.cards[next(i for i, s in enumerate(meld.stands_for) if s is not None)]
        if obs.laid_down[obs.seat]:
            others = [lay for i, lay in enumerate(table_layouts(obs)) if i != swap.meld]
            return fits_table(wild_code, others, obs.rules)
        after = [*without(obs.hand, swap.card), wild_code]
        return far(obs, after) < far(obs, obs.hand)

    def discard(self, obs: Observation, discards: list[Discard], view: View) -> Choice:
        rules = obs.rules
        codes = discard_codes(obs, discards)
        if obs.laid_down[obs.seat] or len(codes) == 1:
            threat = danger(obs)
            best = max(codes, key=lambda c: self.shed_value(obs, view, c, threat))
            return Discard(obs.seat, best)
        steps = discard_steps(obs, codes)
        least = min(steps.values())
        chances = {
            c: live_outs(obs, without(obs.hand, c), view, least) for c in codes if steps[c] == least
        }
        caught = self.caught(obs, least, max(chances.values()))
        if caught >= 0.6:  # likely caught: dumping a dear card may beat keeping the plan
            for c in codes:
                if steps[c] == least + 1:
                    chances[c] = live_outs(obs, without(obs.hand, c), view, least + 1)
        weight = self.points_weight + caught

        def value(c: str) -> float:
            score = -self.step_cost * (steps[c] - least) + self.outs_weight * chances[c]
            score += points(c, rules) * weight
            return score - self.feed_weight * self.feed_risk(obs, view, c)

        return Discard(obs.seat, max(sorted(chances), key=lambda c: (value(c), c)))

    def caught(self, obs: Observation, steps: int, chance: float) -> float:
        """The chance someone goes out before we lay down, ``steps`` cards from it: about
        steps / (chance a turn brings one) turns, against the opponents' hazard."""
        per_turn = max(self.draw_boost * chance, 0.05)
        return 1.0 - math.exp(-self.hazard(obs) * (steps / per_turn + 1))

    def hazard(self, obs: Observation) -> float:
        """Chance per turn of ours that some opponent goes out."""
        rules = obs.rules
        hidden = rules.contract(obs.round_index).min_cards(rules.escala_min) >= rules.hand_size
        total = sum(self.threat_of(obs, s, hidden) for s in range(obs.players) if s != obs.seat)
        return min(0.95, total)

    def threat_of(self, obs: Observation, seat: int, hidden: bool) -> float:
        """One opponent's chance per turn of going out. Once down it goes with the cards
        left in hand; before, only by laying down, which can end the round at once only in
        rounds whose contract takes the whole hand."""
        size = obs.hand_sizes[seat]
        if obs.laid_down[seat]:
            return 0.5 if size <= 1 else 0.35 if size <= 2 else 0.2 if size <= 4 else 0.1
        turns = obs.turn_number / obs.players
        if hidden:
            return min(self.hidden_cap, self.hidden_ramp * turns)
        return min(0.04, 0.003 * turns)

    def shed_value(self, obs: Observation, view: View, card: str, threat: float) -> float:
        """Once down, every card left is a debt: shed the dearest that feeds nobody."""
        return points(card, obs.rules) - self.feed_weight * self.feed_risk(obs, view, card)


def discard_codes(obs: Observation, discards: list[Discard]) -> list[str]:
    """The cards worth weighing for the discard, sorted: every legal one but the card just
    taken from the pozo. Throwing that back gains nothing, and when every seat does it (a
    dear card that fills a gap) the round goes round for ever."""
    codes = sorted({d.card for d in discards})
    taken = pozo_card_taken(obs)
    if taken in codes and len(codes) > 1:
        codes.remove(taken)
    return codes


def pozo_card_taken(obs: Observation) -> str | None:
    """The card this seat took from the pozo this turn, if it did."""
    for event in reversed(obs.events):
        if event.seat != obs.seat or event.kind == "discard":
            return None
        if event.kind == "draw":
            return (event.cards or (None,))[0] if event.source == POZO else None
    return None
