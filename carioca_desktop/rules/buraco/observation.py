"""What one seat may know (BURACO.md §9): its own hand, counts of the others (the partner's
too), the table by side, the pile whole or top-only, and an event log whose hidden cards are
only counted. Morto contents reach nobody but the holder."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..events import EventView as LogEventView
from ..viewmemo import ViewMemo
from .melds import buraco_kind
from .state import DECK, State, TableMeld


@dataclass(frozen=True)
class MeldView:
    side: int
    cards: tuple[str, ...]  # with wild markers; a run from its low end
    kind: str  # "trio" (set) or "escala" (run)
    length: int
    buraco: str | None  # "limpo", "sujo" or None


EventView = LogEventView[str]
"""An event as one seat sees it: another seat's hidden cards are only counted."""


@dataclass(frozen=True)
class BuracoObservation:
    seat: int
    players: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    open_hands: tuple[tuple[str, ...], ...] | None
    table: tuple[MeldView, ...]
    pile: tuple[str, ...]  # bottom first; empty with pile_visible "top" (see pile_top)
    pile_top: str | None
    pile_size: int
    single_pile_taken: bool
    stock_size: int
    mortos_left: int
    took_morto: tuple[int, ...]
    morto_holders: tuple[tuple[int, ...], ...]
    opened: tuple[bool, ...]
    turn: int | None
    phase: str
    dealer: int
    round_number: int
    scores: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    target: int
    rules: dict[str, Any]
    events: tuple[EventView, ...]
    # Once the round is over, every hand as it was left, as the players lay them down to
    # count them (BURACO.md §7); None while it is played.
    hands_left: tuple[tuple[str, ...], ...] | None = None


def observe(
    s: State, seat: int, cache: list[EventView], memo: ViewMemo | None = None
) -> BuracoObservation:
    """The observation of ``seat``; ``cache`` keeps the event views already built, ``memo``
    the table's meld views and the rules' dict, the same for every seat."""
    rules = s.rules
    open_hands = rules.open_hands
    for event in s.log[len(cache) :]:
        cache.append(event.seen_by(seat, open_hands))
    if len(cache) > len(s.log):  # the log was replaced (a loaded game): rebuild
        cache[:] = [e.seen_by(seat, open_hands) for e in s.log]
    memo = memo or ViewMemo()
    table = tuple(_meld_view(m, memo) for m in s.table)
    over = s.phase.value in ("round_over", "match_over")
    return BuracoObservation(
        seat=seat,
        players=s.players,
        hand=tuple(DECK[c].code for c in s.hands[seat]),
        hand_sizes=tuple(len(h) for h in s.hands),
        open_hands=tuple(tuple(DECK[c].code for c in h) for h in s.hands) if open_hands else None,
        table=table,
        pile=tuple(DECK[c].code for c in s.pile) if rules.pile_visible == "all" else (),
        pile_top=DECK[s.pile[-1]].code if s.pile else None,
        pile_size=len(s.pile),
        single_pile_taken=s.single_taken is not None,
        stock_size=len(s.stock),
        mortos_left=len(s.mortos),
        took_morto=tuple(s.took),
        morto_holders=tuple(tuple(h) for h in s.holders),
        opened=tuple(any(m.side == side for m in s.table) for side in (0, 1)),
        turn=None if over else s.turn,
        phase=s.phase.value,
        dealer=s.dealer,
        round_number=s.round_index + 1,
        scores=tuple(s.scores),
        history=tuple(tuple(p) for p in s.history),
        target=rules.target,
        rules=memo.find(rules) or memo.keep(rules, rules.to_dict()),
        events=tuple(cache),
        hands_left=tuple(tuple(DECK[c].code for c in h) for h in s.hands) if over else None,
    )


def _meld_view(m: TableMeld, memo: ViewMemo) -> MeldView:
    """A meld's view: the one built for its layout before, when it is still this side's."""
    kept = memo.find(m.layout)
    if kept is not None and kept.side == m.side:
        return kept  # type: ignore[no-any-return]
    slots = m.layout.slots
    cards = tuple(f"{DECK[sl.ref].code}={sl.marker.code}" if sl.wild else DECK[sl.ref].code
                  for sl in slots)  # fmt: skip
    view = MeldView(m.side, cards, m.layout.kind, len(slots), buraco_kind(m.layout))
    return memo.keep(m.layout, view)
