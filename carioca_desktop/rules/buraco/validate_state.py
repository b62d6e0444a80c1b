"""Deep checks of a saved Buraco match: everything it claims must be something a dealt match
could have reached (BURACO.md), or loading refuses it with StateError, as Carioca's
``validate_state`` does for its saves.

``state.validate`` checks what any state, a described position too, must hold: the 108 cards
each in one place, legal melds, sides and seats in range. This adds what only a played match
must hold and a hand-edited or damaged save could still get wrong: names, the log itself
(numbered, known kinds, seats, rounds in order, each round dealt), the dealer, the finished
rounds (one end each, its points the history's, totals the scores, no winner before the
last), the winner, and the current round replayed from the log: whose turn, the phase, hand
sizes, the melds laid and by which side, the mortos taken, left and turned into stock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate

from ..jsonstate import need
from ..names import name_problem
from .scoring import match_winner
from .state import DECK, Event, Phase, State

MAX_EVENTS = 200_000  # a match to any target stays far below; more is not a saved game
MAX_ROUNDS = 1_000
HAND = 11  # cards dealt to a hand and to a morto (§2)
ACTING = frozenset({"draw", "take_pile", "lay_down", "add", "swap", "discard", "morto"})
ROUND_ENDS = frozenset({"go_out", "stock_out"})
EVENT_KINDS = ACTING | ROUND_ENDS | {"deal", "upcard", "morto_to_stock"}


def validate_played(s: State) -> None:
    """Raise StateError naming the first thing about ``s`` no dealt match could reach."""
    for seat, name in enumerate(s.names):
        problem = name_problem(name)
        need(problem is None, f"seat {seat}: {problem}")
    need(not s.out, "cards set aside: a described position, not a dealt match")
    need(s.dealer == (s.players - 1 + s.round_index) % s.players, "the dealer is not the round's")
    _check_log(s)
    _check_history(s)
    _check_current_round(s, [e for e in s.log if e.round == s.round_index])


def _check_log(s: State) -> None:
    n = s.players
    need(0 < len(s.log) <= MAX_EVENTS, "the event log is empty or too long")
    need(s.round_index < MAX_ROUNDS, "too many rounds")
    last = -1
    for i, ev in enumerate(s.log):
        need(ev.n == i, f"event {i} is numbered {ev.n}")
        need(ev.kind in EVENT_KINDS, f"event {i}: unknown kind {ev.kind[:20]!r}")
        low = -1 if ev.kind == "stock_out" else 0
        need(low <= ev.seat < n, f"event {i}: no seat {ev.seat}")
        need(last <= ev.round <= s.round_index, f"event {i}: round out of order")
        if ev.round != last:
            need(ev.round == last + 1, f"event {i}: round {ev.round + 1} skipped")
            need(ev.kind == "deal", f"event {i}: round {ev.round + 1} not dealt")
        last = ev.round
    need(last == s.round_index, "the log does not reach the current round")


def _check_history(s: State) -> None:
    over = s.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
    need(len(s.history) == s.round_index + over, "the rounds scored differ from the round")
    ends = [e for e in s.log if e.kind in ROUND_ENDS]
    need([e.round for e in ends] == list(range(len(ends))), "a round ended twice or never")
    need(len(ends) == len(s.history), "the scored rounds differ from the log")
    limit = _round_limit(s)
    for r, (end, points, out) in enumerate(zip(ends, s.history, s.went_out)):
        need(list(end.points) == list(points), f"round {r + 1}: the points differ from the log")
        need(all(abs(p) <= limit for p in points), f"round {r + 1}: unreachable points")
        who = -1 if out is None else out
        need(end.seat == who, f"round {r + 1}: who went out differs from the log")
        need((end.kind == "go_out") == (out is not None), f"round {r + 1}: bad round end")
    totals = [list(accumulate(p[side] for p in s.history)) for side in (0, 1)]
    need(s.scores == [t[-1] if t else 0 for t in totals], "the scores are not the rounds' sum")
    for r in range(len(s.history) - 1):
        early = match_winner([totals[0][r], totals[1][r]], s.rules.target)
        need(early is None, f"the match was won in round {r + 1} but played on")
    winner = match_winner(s.scores, s.rules.target) if s.history else None
    need(s.winner == winner, "the winner is not the side the scores make")
    need((winner is not None) == (s.phase == Phase.MATCH_OVER), "the match's end disagrees")
    last_out = s.went_out[-1] if over and s.went_out else None
    need(s.went_out_seat == last_out, "who went out differs from the rounds")


def _round_limit(s: State) -> int:
    """More points than any side can make or lose in a round: every card's points, every
    card in a bonus buraco, and every bonus."""
    rules = s.rules
    cards = sum(rules.points[c.rank_name] for c in DECK)
    return cards + (len(DECK) // 7 + 1) * max(rules.bonuses.values()) + sum(rules.bonuses.values())


@dataclass
class _Replay:
    """The current round as its log tells it."""

    sizes: list[int]
    turn: int
    drew: bool = False
    melds: int = 0
    sides: list[int] = field(default_factory=list)  # the side of each meld laid, in order
    holders: list[list[int]] = field(default_factory=lambda: [[], []])
    used_mortos: int = 0
    last_take: tuple[str, ...] = ()  # the cards of this turn's pile take
    ended: bool = False


def _check_current_round(s: State, events: Sequence[Event]) -> None:
    rules, n = s.rules, s.players
    deals = [e for e in events if e.kind == "deal"]
    need([e.seat for e in deals] == list(range(n)), "the round is not dealt to every seat")
    need(all(len(e.secret) == HAND for e in deals), "a hand not dealt 11 cards")
    play = _Replay([HAND] * n, (s.dealer + 1) % n)
    previous = ""
    for ev in events:
        if ev.kind not in ("deal", "upcard"):
            need(not play.ended, f"event {ev.n}: play after the round's end")
        _replay(s, play, ev, previous)
        previous = ev.kind
    need(
        play.ended == (s.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)), "the phase and log differ"
    )
    for seat in range(n):
        need(
            len(s.hands[seat]) == play.sizes[seat], f"seat {seat}'s hand size differs from the log"
        )
    need(len(s.table) == play.melds, "the melds on the table differ from the log")
    need([m.side for m in s.table] == play.sides, "a meld belongs to the side that did not lay it")
    need(s.holders == play.holders, "the mortos taken differ from the log")
    need(len(s.mortos) == rules.mortos - play.used_mortos, "the mortos left differ from the log")
    need(all(len(m) == HAND for m in s.mortos), "a morto not of 11 cards")
    need(rules.unplayed_morto == "not_taken" or not s.pending, "an unplayed morto in these rules")
    if play.ended:
        out = s.went_out_seat
        need(all(h or seat == out for seat, h in enumerate(s.hands)), "an empty hand after the end")
        return
    need(all(s.hands), "an empty hand in a round still being played")
    need(s.turn == play.turn, "the seat to play differs from the log")
    need((s.phase == Phase.PLAY) == play.drew, "the phase differs from the log (draw first)")
    need(s.phase == Phase.PLAY or bool(s.stock) or bool(s.mortos), "nothing left to draw")
    single = s.single_taken
    if single is not None:
        ok = s.phase == Phase.PLAY and play.last_take == (DECK[single].code,)
        need(ok, "a card taken alone from the pile that was not")


def _replay(s: State, play: _Replay, ev: Event, previous: str) -> None:
    kind, seat = ev.kind, ev.seat
    if kind in ACTING and not (kind == "morto" and previous in ("discard", "lay_down", "add")):
        need(seat == play.turn, f"event {ev.n}: seat {seat} acted out of turn")
    if kind in ("draw", "take_pile"):
        need(not play.drew, f"event {ev.n}: drew twice in a turn")
        play.drew = True
        play.last_take = ev.cards if kind == "take_pile" else ()
        play.sizes[seat] += 1 if kind == "draw" else len(ev.cards)
    elif kind in ("lay_down", "add", "swap"):
        need(play.drew, f"event {ev.n}: a meld before drawing")
        if kind == "lay_down":
            need(ev.meld == play.melds, f"event {ev.n}: melds laid at the wrong place")
            play.sizes[seat] -= sum(len(m) for m in ev.melds)
            play.melds += len(ev.melds)
            play.sides += [seat % 2] * len(ev.melds)
        elif kind == "add":
            need(ev.meld is not None and 0 <= ev.meld < play.melds, f"event {ev.n}: no such meld")
            play.sizes[seat] -= len(ev.cards)
    elif kind == "discard":
        need(play.drew, f"event {ev.n}: a discard before drawing")
        play.sizes[seat] -= 1
        play.drew, play.turn = False, (seat + 1) % s.players
    elif kind == "morto":
        _replay_morto(s, play, ev, previous)
    elif kind == "morto_to_stock":
        play.used_mortos += 1
    elif kind in ROUND_ENDS:
        play.ended = True


def _replay_morto(s: State, play: _Replay, ev: Event, previous: str) -> None:
    seat = ev.seat
    need(len(ev.secret) == HAND, f"event {ev.n}: a morto not of 11 cards")
    need(play.sizes[seat] == 0, f"event {ev.n}: a morto taken by a seat still holding cards")
    play.used_mortos += 1
    play.sizes[seat] += HAND
    play.holders[seat % 2].append(seat)
    # The indirect morto (§5.1), taken with the last discard: the turn goes on or ends.
    if previous == "discard" and s.rules.indirect_morto == "continue":
        play.drew, play.turn = True, seat
