"""Observations: what one seat may know about the match, as plain immutable values.

An Observation holds no reference to the Game or its State, so a bot or a view that holds
one cannot reach a hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..events import EventView as LogEventView
from ..melds import slot_text
from ..viewmemo import ViewMemo
from .ruleset import CariocaRules
from .state import EventKind

if TYPE_CHECKING:
    from .state import State, TableMeld


@dataclass(frozen=True)
class MeldView:
    """A meld on the table as everyone sees it. ``cards`` are the physical faces in order;
    ``text`` writes wilds with what they stand for (``JK=7H``); ``stands_for`` is None for
    a natural card and the marker (``7H`` or ``7``) for a wild."""

    index: int
    owner: int
    kind: str
    special: str | None
    cards: tuple[str, ...]
    text: tuple[str, ...]
    stands_for: tuple[str | None, ...]
    contract: bool


@dataclass(frozen=True)
class Offer:
    """The discard ``card`` offered to ``seat`` after ``drawer`` drew from the stock."""

    seat: int
    card: str
    drawer: int


EventView = LogEventView[EventKind]
"""An event as one seat sees it: another seat's hidden cards are only counted."""


@dataclass(frozen=True)
class Observation:
    """Everything ``seat`` may know now, and nothing else."""

    seat: int
    names: tuple[str, ...]
    rules: CariocaRules
    round_index: int
    contract: str
    dealer: int
    phase: str
    turn: int | None
    turn_number: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    open_hands: tuple[tuple[str, ...], ...] | None
    table: tuple[MeldView, ...]
    pozo_top: str | None
    pozo_size: int
    stock_size: int
    laid_down: tuple[bool, ...]
    may_add: bool
    progress: tuple[tuple[int, int], ...]
    buy_card: str | None
    buys: tuple[int, ...]
    round_points: tuple[tuple[int, ...], ...]
    went_out: tuple[int | None, ...]
    events: tuple[EventView, ...]
    offer: Offer | None = None  # the buy offer now pending (the same for every seat)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r[s] for r in self.round_points) for s in range(self.players))

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat

    @property
    def has_drawn(self) -> bool:
        return self.my_turn and self.phase == "play"


# ---------------------------------------------------------------------- queries for the table
# (issue 11) Rule knowledge the table used to re-derive from an observation: which melds a
# player still owes this round (the lay-down slots) and which suits their contract escalas
# already use (the solver's "different suits" constraint). Computed from public information.
@dataclass(frozen=True)
class OwedMeld:
    """One meld a player still owes (or may add): a trío, an escala of at least ``min_len``,
    either (``kind`` None: a choice contract such as ``4T|4E``, or an extra meld), or the
    13-card ``special``; ``extra`` marks a meld beyond the contract (``extra_melds`` on)."""

    kind: str | None
    min_len: int
    special: str | None = None
    extra: bool = False


def owed_melds(obs: Observation, seat: int | None = None) -> tuple[OwedMeld, ...]:
    """The melds ``seat`` (default: the observer) still owes this round: none once laid down,
    unless extra melds are allowed (then one open meld of either kind)."""
    from ..melds import ESCALA, TRIO

    who = obs.seat if seat is None else seat
    rules = obs.rules
    contract = rules.contract(obs.round_index)
    length = contract.escala_length(rules.escala_min)
    if obs.laid_down[who]:
        return (OwedMeld(None, rules.escala_min, extra=True),) if rules.extra_melds else ()
    if contract.special:
        return (OwedMeld(ESCALA, 13, contract.special),)
    if contract.is_choice:
        most = max(f.trios + f.escalas for f in contract.forms)
        return tuple(OwedMeld(None, length) for _ in range(most))
    form = contract.forms[0]
    done_t, done_e = obs.progress[who]
    trios = [OwedMeld(TRIO, 3) for _ in range(max(0, form.trios - done_t))]
    escalas = [OwedMeld(ESCALA, length) for _ in range(max(0, form.escalas - done_e))]
    return tuple(trios + escalas)


def escala_suits(obs: Observation, seat: int | None = None) -> frozenset[str]:
    """The suits ``seat``'s contract escalas on the table already use (read from their
    natural cards), which a later escala of the same contract may not repeat."""
    from ..melds import ESCALA

    who = obs.seat if seat is None else seat
    return frozenset(
        m.cards[k][-1]
        for m in obs.table
        if m.owner == who and m.kind == ESCALA and m.contract
        for k in range(len(m.cards))
        if m.stands_for[k] is None
    )


# ---------------------------------------------------------------------- end of issue-11 queries


def observe(
    state: State, seat: int, views: list[EventView] | None = None, memo: ViewMemo | None = None
) -> Observation:
    """Build ``seat``'s observation (a spectator seat -1 sees only public information).

    ``views`` is the caller's cache of this seat's event views: the log only grows, so only
    the new events are converted (observations are taken after every action); ``memo`` keeps
    the table's meld views, the same for every seat.
    """
    s = state
    reveal = s.rules.open_hands
    if views is None:
        views = []
    views.extend(e.seen_by(seat, reveal) for e in s.events[len(views) :])
    codes = [c.code for c in s.cards]
    at = s.laid_down_at[seat] if 0 <= seat < s.players else None
    may_add = at is not None and (s.rules.add_same_turn or at < s.turn_number)
    memo = memo or ViewMemo()
    table = tuple(_meld_view(s, codes, i, m, memo) for i, m in enumerate(s.table))
    buyable = s.buy_open and s.last_discard is not None
    return Observation(
        seat=seat,
        names=tuple(s.names),
        rules=s.rules,
        round_index=s.round_index,
        contract=s.rules.rounds[s.round_index],
        dealer=s.dealer,
        phase=s.phase.value,
        turn=None if s.round_over else s.turn,
        turn_number=s.turn_number,
        hand=tuple(codes[c] for c in s.hands[seat]) if 0 <= seat < s.players else (),
        hand_sizes=tuple(len(h) for h in s.hands),
        open_hands=tuple(tuple(codes[c] for c in h) for h in s.hands) if reveal else None,
        table=table,
        pozo_top=codes[s.pozo[-1]] if s.pozo else None,
        pozo_size=len(s.pozo),
        stock_size=len(s.stock),
        laid_down=tuple(x is not None for x in s.laid_down_at),
        may_add=may_add,
        progress=tuple(s.progress),
        buy_card=codes[s.pozo[-1]] if buyable else None,
        buys=tuple(s.buys),
        round_points=tuple(tuple(p) for p in s.points),
        went_out=tuple(s.went_out),
        events=tuple(views),
        offer=_offer(s),
    )


def _meld_view(s: State, codes: list[str], i: int, m: TableMeld, memo: ViewMemo) -> MeldView:
    """Meld ``i``'s view: the one built for its layout before, when it is still this meld's."""
    kept = memo.find(m.layout)
    if (
        kept is not None
        and kept.index == i
        and kept.owner == m.owner
        and kept.contract == m.contract
    ):
        return kept  # type: ignore[no-any-return]
    slots = m.layout.slots
    return memo.keep(m.layout, MeldView(
        i,
        m.owner,
        m.layout.kind,
        m.layout.special,
        tuple(codes[sl.ref] for sl in slots),
        tuple(slot_text(sl, s.cards[sl.ref]) for sl in slots),
        tuple(sl.marker.code if sl.wild else None for sl in slots),
        m.contract,
    ))  # fmt: skip


def _offer(s: State) -> Offer | None:
    from .state import Phase

    if s.phase != Phase.OFFER or not s.offers or not s.pozo:
        return None
    return Offer(s.offers[0], s.cards[s.pozo[-1]].code, s.turn)
