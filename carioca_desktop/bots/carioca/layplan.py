"""Choosing among lay-downs: the solver finds the one that lays the most points, but with
exact lay-downs (a trío of three, an escala of ``escala_min``) the same hand can often be
laid down several ways, and what matters after it is how soon the rest goes: a card that
fits a meld on the table (the new melds included) is added free the next turn, one that
fits nowhere takes a turn's discard. ``alternatives`` lists the lay-downs the solver makes
when asked to keep each card of the hand in turn; ``Plan`` says what each leaves."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from carioca_desktop.rules.cards import base_code, parse_card, parse_marked
from carioca_desktop.rules.carioca.observation import Observation
from carioca_desktop.rules.melds import Layout, analyse, extend
from carioca_desktop.solver import find_laydown

from .base import points, prior_suits, table_layouts, wild

KEEP_VALUE = -40
"""The solver's value of the card a candidate is asked to keep: below any card's, so it
lays it only when no lay-down does without it."""


@dataclass(frozen=True)
class Plan:
    """One lay-down and what it leaves in hand (before the turn's discard)."""

    melds: tuple[tuple[str, ...], ...]
    kept: tuple[str, ...]
    fitting: int  # kept cards that go onto the table, one after another, next turn
    loose: int  # kept cards that fit nowhere: each takes a discard
    loose_points: int  # their points
    kept_points: int
    dearest_loose: int  # the dearest loose natural: the lay-down turn's discard

    def cost(self, turn_cost: float) -> float:
        """Turns and points left once the lay-down turn's discard (the dearest loose card)
        is made: each loose card beyond that one costs a turn (``turn_cost`` points)."""
        after = max(0, self.loose - 1)
        return turn_cost * after + self.loose_points - self.dearest_loose


def _kind(meld: Sequence[str], obs: Observation) -> str:
    naturals = {parse_card(base_code(c)).rank for c in meld if not wild(base_code(c), obs.rules)}
    return "trio" if len(naturals) <= 1 else "escala"


def _layout(meld: Sequence[str], obs: Observation) -> Layout | None:
    """The meld as a layout: the kind its naturals say first (a meld of wilds may be
    either), then the other."""
    first = _kind(meld, obs)
    entries = [parse_marked(c) for c in meld]
    for kind in (first, "escala" if first == "trio" else "trio"):
        found = analyse(entries, obs.rules, kind, 3)
        if isinstance(found, Layout):
            return found
    return None


def plan_of(obs: Observation, melds: Sequence[Sequence[str]]) -> Plan:
    """What laying down ``melds`` from ``obs.hand`` leaves, against the table it makes."""
    rules = obs.rules
    rest = list(obs.hand)
    for meld in melds:
        for text in meld:
            rest.remove(base_code(text))
    layouts = table_layouts(obs)
    for meld in melds:
        lay = _layout(meld, obs)
        if lay is not None:
            layouts.append(lay)
    loose = sorted(rest, key=lambda c: (wild(c, rules), -points(c, rules), c))
    fitting = 0
    placed = True
    while placed and loose:
        placed = False
        for card in loose:
            for i, lay in enumerate(layouts):
                grown = extend(lay, parse_card(card), None, -1, rules)
                if isinstance(grown, list) and grown:
                    layouts[i] = grown[0]
                    loose.remove(card)
                    fitting += 1
                    placed = True
                    break
            if placed:
                break
    naturals = [points(c, rules) for c in loose if not wild(c, rules)]
    return Plan(
        tuple(tuple(m) for m in melds),
        tuple(rest),
        fitting,
        len(loose),
        sum(points(c, rules) for c in loose),
        sum(points(c, rules) for c in rest),
        max(naturals, default=0),
    )


def alternatives(obs: Observation) -> list[Plan]:
    """The solver's lay-down (most points laid) and, for each card code in hand, the best
    lay-down that keeps that card, each once (only the first when it leaves at most one
    card that fits nowhere: no other can leave less); empty when the hand cannot lay down or the
    rules lay down in parts (``partial_contract``)."""
    rules = obs.rules
    if rules.partial_contract or obs.laid_down[obs.seat] or not obs.has_drawn:
        return []
    args = (obs.hand, rules, obs.round_index, obs.progress[obs.seat], prior_suits(obs))
    found = find_laydown(*args)
    if found is None:
        return []
    first = plan_of(obs, found)
    plans = {_key(found): first}
    if first.loose <= 1:
        return [first]  # nothing left to gain: at most the lay-down turn's discard
    for code in sorted(set(obs.hand)):

        def value(c: str, keep: str = code) -> int:
            return KEEP_VALUE if c == keep else points(c, rules)

        melds = find_laydown(*args, value=value)
        if melds is not None and _key(melds) not in plans:
            plans[_key(melds)] = plan_of(obs, melds)
    return list(plans.values())


def _key(melds: Sequence[Sequence[str]]) -> tuple[tuple[str, ...], ...]:
    return tuple(sorted(tuple(sorted(m)) for m in melds))


def best_plan(obs: Observation, turn_cost: float) -> Plan | None:
    """Of ``alternatives``, the one that leaves the least (``Plan.cost``); ties go to the
    solver's own (the first), then to the fewest points kept."""
    plans = alternatives(obs)
    if not plans:
        return None
    return min(plans, key=lambda p: (p.cost(turn_cost), p.kept_points))
