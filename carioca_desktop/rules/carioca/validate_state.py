"""Deep checks of a loaded match: everything a saved game claims must be something that could
have been played (RULES.md), or loading refuses it with StateError.

``state.validate`` checks card conservation and meld legality; this adds what a hand-edited
or damaged save could still get wrong: names, the length of the match, the random
generator, the full deck, meld shapes per kind and round, hand sizes against the round's
history, counters (turn, buys, progress, lay-down turn), scores against the revealed hands,
and the event log itself.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from typing import TYPE_CHECKING

from ..cards import Card, full_deck, parse_marked
from ..errors import CardError
from ..jsonstate import check_rng_state, need  # the vocabulary both games' checks share
from ..melds import ESCALA, TRIO
from .scoring import round_points

if TYPE_CHECKING:
    from .state import Event, State, TableMeld

# Every kind of event the engine logs ("pass" is the buy offer's answer).
EVENT_KINDS = frozenset(
    {"deal", "pozo_start", "bury", "draw", "stock_out", "blocked", "reshuffle", "discard",
     "lay_down", "add", "swap", "buy", "pass", "go_out", "round_end"}
)  # fmt: skip
MAX_EVENTS = 200_000  # a match of 64 rounds stays far below; more is not a saved game
_SPECIALS = ("ER", "ES", "EC", "EP")


def validate_loaded(state: State) -> None:
    """Raise StateError naming the first thing about ``state`` no real match could reach."""
    from carioca_desktop.rules.names import name_problem

    for seat, name in enumerate(state.names):
        problem = name_problem(name)
        need(problem is None, f"seat {seat}: {problem}")
    _check_rng(state)
    if state.position:
        return  # a described position: any cards and melds, no history (see State)
    for index, meld in enumerate(state.table):
        _check_shape(state, index, meld)
    _check_deck(state)
    _check_events(state)
    _check_rounds(state)
    _check_current_round(state)


def _check_rng(state: State) -> None:
    version, internal, gauss = state.rng.getstate()
    check_rng_state(version, internal, gauss)


def _check_deck(state: State) -> None:
    rules = state.rules
    deck = Counter(full_deck(rules.deck_count, rules.jokers_per_deck))
    need(Counter(state.cards) == deck, "the cards are not the rule set's full deck")


# ---------------------------------------------------------------------- melds
def _check_shape(state: State, index: int, meld: TableMeld) -> None:
    lay, rules = meld.layout, state.rules
    contract = rules.contract(state.round_index)
    where = f"meld {index}"
    if lay.kind == TRIO:
        need(lay.special is None and lay.suit is None, f"{where}: a trío with a suit")
        need(len({s.rank for s in lay.slots}) == 1, f"{where}: a trío of several ranks")
    if lay.special is not None:
        need(lay.special == contract.special, f"{where}: a {lay.special} in this round")
        need(meld.contract, f"{where}: a special meld outside the contract")
        _check_special(state, where, meld)
        return
    if meld.contract:
        need(lay.kind in contract.kinds, f"{where}: a {lay.kind} is not in this contract")
        need(contract.special is None, f"{where}: this round's contract is {contract.special}")
        if lay.kind == ESCALA:
            least = contract.escala_length(rules.escala_min)
            need(len(lay.slots) >= least, f"{where}: an escala shorter than {least}")


def _check_special(state: State, where: str, meld: TableMeld) -> None:
    lay = meld.layout
    need(lay.kind == ESCALA and len(lay.slots) == 13, f"{where}: a special meld of 13 cards")
    need([s.rank for s in lay.slots] == list(range(1, 14)), f"{where}: not A to K")
    faces = [state.cards[s.ref] for s in lay.slots]
    naturals = [c for c, s in zip(faces, lay.slots) if not s.wild]
    if lay.special == "ER":
        need(len({c.suit for c in naturals}) == 1, f"{where}: an escala real of mixed suits")
    if lay.special in ("EC", "EP"):
        need(len(naturals) == 13, f"{where}: wilds in an escala {lay.special}")
        reds = [bool(c.suit and c.suit.red) for c in naturals]
        if lay.special == "EC":
            need(len(set(reds)) == 1, f"{where}: an escala de color of two colours")
        else:
            alternate = all(a != b for a, b in pairwise(reds))
            need(alternate, f"{where}: colours do not alternate")


# ---------------------------------------------------------------------- events
def _cards_of(event: Event) -> list[str]:
    out = list(event.cards) + list(event.secret)
    out += [c for meld in event.melds for c in meld]
    return out


def _check_events(state: State) -> None:
    events, n = state.events, state.players
    need(0 < len(events) <= MAX_EVENTS, "the event log is empty or too long")
    last_round = 0
    for i, ev in enumerate(events):
        need(ev.n == i, f"event {i} is numbered {ev.n}")
        need(ev.kind in EVENT_KINDS, f"event {i}: unknown kind {ev.kind[:20]!r}")
        low = -1 if ev.kind == "round_end" else 0
        need(low <= ev.seat < n, f"event {i}: no seat {ev.seat}")
        need(last_round <= ev.round <= state.round_index, f"event {i}: round out of order")
        if ev.round != last_round or i == 0:
            need(ev.kind == "deal" and ev.points == (ev.round,), f"event {i}: a round not dealt")
        last_round = ev.round
        for code in _cards_of(ev):
            try:
                parse_marked(code)
            except CardError:
                need(False, f"event {i}: not a card {code[:8]!r}")
    need(last_round == state.round_index, "the log does not reach the current round")


def _round_events(state: State, round_index: int) -> list[Event]:
    return [e for e in state.events if e.round == round_index]


def _check_rounds(state: State) -> None:
    """Each finished round's score is what its revealed hands are worth under the rules."""
    rules, n = state.rules, state.players
    for r, (points, out) in enumerate(zip(state.points, state.went_out)):
        ends = [e for e in _round_events(state, r) if e.kind == "round_end"]
        need(len(ends) == 1, f"round {r + 1} has {len(ends)} ends")
        end = ends[0]
        need(end.seat == (-1 if out is None else out), f"round {r + 1}: who went out differs")
        need(list(end.points) == list(points), f"round {r + 1}: scores differ from the log")
        need(len(end.melds) == n, f"round {r + 1}: revealed hands missing")
        hands: list[list[Card]] = [[parse_marked(c)[0] for c in h] for h in end.melds]
        need(out is None or not hands[out], f"round {r + 1}: the seat out still held cards")
        need(
            round_points(hands, out, rules) == list(points),
            f"round {r + 1}: the scores are not what the hands were worth",
        )
    for r in range(len(state.points), state.round_index + 1):
        ended = any(e.kind == "round_end" for e in _round_events(state, r))
        need(not ended, f"round {r + 1} ended but has no score")


def _check_current_round(state: State) -> None:
    rules, n = state.rules, state.players
    events = _round_events(state, state.round_index)
    size = [rules.hand_size] * n
    buys, discards, drew = [0] * n, 0, False
    for ev in events:
        if ev.kind == "draw":
            size[ev.seat] += 1
            drew = True
        elif ev.kind == "buy":
            size[ev.seat] += 2
            buys[ev.seat] += 1
        elif ev.kind == "discard":
            size[ev.seat] -= 1
            discards += 1
            drew = False
        elif ev.kind == "lay_down":
            size[ev.seat] -= sum(len(m) for m in ev.melds)
        elif ev.kind == "add":
            size[ev.seat] -= 1
        elif ev.kind in ("stock_out", "blocked"):
            drew = True
    for seat in range(n):
        need(len(state.hands[seat]) == size[seat], f"seat {seat}'s hand size differs from the log")
    need(state.buys == buys, "buy counts differ from the log")
    need(all(b <= rules.buy_limit for b in buys), "more buys than the limit")
    _check_melds_owned(state)
    if state.round_over:
        out = state.went_out[-1]
        need(
            all(bool(h) or seat == out for seat, h in enumerate(state.hands)),
            "an empty hand for a seat that did not go out",
        )
        need(0 <= state.turn_number <= discards, "the turn number differs from the log")
        return
    need(all(state.hands), "an empty hand in a round still being played")
    need(state.turn_number == discards, "the turn number differs from the log")
    first = (state.dealer + 1) % n
    need(state.turn == (first + state.turn_number) % n, "the seat to play differs from the log")
    need(drew == (state.phase.value != "draw"), "the phase differs from the log (draw first)")


def _check_melds_owned(state: State) -> None:
    rules = state.rules
    contract = rules.contract(state.round_index)
    for seat in range(state.players):
        mine = [m for m in state.table if m.owner == seat and m.contract]
        trios = sum(1 for m in mine if m.layout.kind == TRIO)
        progress = (trios, len(mine) - trios)
        need(tuple(state.progress[seat]) == progress, f"seat {seat}: progress differs")
        complete = any(progress == (f.trios, f.escalas) for f in contract.forms)
        fits = any(progress[0] <= f.trios and progress[1] <= f.escalas for f in contract.forms)
        need(fits, f"seat {seat}: more contract melds than the contract")
        at = state.laid_down_at[seat]
        if at is None:
            need(not complete, f"seat {seat}: a whole contract but not laid down")
            need(rules.partial_contract or not mine, f"seat {seat}: melds but not laid down")
            others = [m for m in state.table if m.owner == seat and not m.contract]
            need(not others, f"seat {seat}: extra melds before the contract")
        else:
            need(complete, f"seat {seat}: laid down without the contract's melds")
            need(0 <= at <= state.turn_number, f"seat {seat}: laid down in a later turn")
