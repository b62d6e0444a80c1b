"""The mutable state of a match, its events, and its JSON form with full validation on load."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..cards import Card, Suit, parse_card
from ..errors import RulesError, StateError
from ..events import LogEvent
from ..jsonstate import as_int as _int
from ..jsonstate import as_ints as _ints
from ..jsonstate import as_list as _list
from ..jsonstate import as_str as _str
from ..jsonstate import as_strs as _strs
from ..jsonstate import need as _need
from ..jsonstate import rng_from_json as _load_rng
from ..jsonstate import rng_to_json
from ..melds import ESCALA, TRIO, Layout, Slot, check_layout, position_rank
from ..sharedrng import SharedRng
from .ruleset import CariocaRules
from .validate_state import validate_loaded

FORMAT = "carioca-match"
VERSION = 1


class Phase(Enum):
    """Where the match is. Each phase admits its own small set of actions."""

    DRAW = "draw"  # the seat to act must draw
    PLAY = "play"  # the seat to act has drawn: lay down, add, swap, discard
    OFFER = "offer"  # the drawer took the stock: the discard is offered, one seat at a time
    ROUND_OVER = "round_over"  # scores shown; NextRound deals the next round
    MATCH_OVER = "match_over"


class EventKind(str, Enum):
    """What an event records. A ``str`` enum: it compares, hashes, prints and serialises as
    its value (``EventKind.DRAW == "draw"``), so logs and saved games keep plain strings."""

    DEAL = "deal"
    POZO_START = "pozo_start"
    BURY = "bury"
    DRAW = "draw"
    RESHUFFLE = "reshuffle"
    STOCK_OUT = "stock_out"
    BLOCKED = "blocked"  # nobody can ever go out: the round ends (blocked.py)
    BUY = "buy"
    PASS = "pass"
    LAY_DOWN = "lay_down"
    ADD = "add"
    SWAP = "swap"
    DISCARD = "discard"
    GO_OUT = "go_out"
    ROUND_END = "round_end"

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    def __hash__(self) -> int:
        return hash(self.value)


@dataclass
class TableMeld:
    """A meld on the table: who laid it, its layout (slot refs are physical card ids), and
    whether it counts towards its owner's contract (``False`` for an extra meld)."""

    owner: int
    layout: Layout
    contract: bool = True


class Event(LogEvent[EventKind]):
    """One thing that happened in a Carioca match (see ``LogEvent``); its kinds are closed."""

    @classmethod
    def read_kind(cls, value: Any) -> EventKind:
        return _kind(value)


@dataclass
class State(SharedRng):
    """Everything about a match. Zones hold physical card ids; ``cards[id]`` is the face.

    Stock and pozo are lists whose *last* element is the top card.
    """

    rules: CariocaRules
    names: list[str]
    cards: list[Card]
    rng: random.Random
    round_index: int = 0
    dealer: int = 0
    phase: Phase = Phase.DRAW
    turn: int = 0
    turn_number: int = 0
    hands: list[list[int]] = field(default_factory=list)
    stock: list[int] = field(default_factory=list)
    pozo: list[int] = field(default_factory=list)
    table: list[TableMeld] = field(default_factory=list)
    laid_down_at: list[int | None] = field(default_factory=list)
    progress: list[tuple[int, int]] = field(default_factory=list)
    last_discard: tuple[int, int] | None = None  # (seat, card id) still on top of the pozo
    buy_open: bool = False
    buys: list[int] = field(default_factory=list)
    points: list[list[int]] = field(default_factory=list)  # finished rounds, per seat
    went_out: list[int | None] = field(default_factory=list)
    round_over: bool = False
    events: list[Event] = field(default_factory=list)
    offers: list[int] = field(default_factory=list)  # seats still to be asked; first is asked
    # Built by ``position.from_position`` (vectors, tests, the tutorial): any cards, any
    # history. A loaded position is checked for shapes and copies but not for a full deck
    # and a history that explains it; the session never accepts one as a saved match.
    position: bool = False
    deal_seed: int | None = None  # each round's deal from its own stream; None: from ``rng``
    # Set while a copy may hold the same generator (rules/sharedrng.py): not part of the match.
    rng_shared: bool = field(default=False, compare=False, repr=False)

    @property
    def players(self) -> int:
        return len(self.names)

    def deal_rng(self, index: int) -> random.Random:
        """The generator that shuffles round ``index``'s deal: a stream of its own, derived
        from the match seed and the round index, so that how the rounds before it were
        played (pozo reshuffles) cannot change it. Matches saved before there was a deal
        seed keep dealing from ``rng``."""
        if self.deal_seed is None:
            return self.own_rng()
        return random.Random(f"carioca-deal:{self.deal_seed}:{index}")

    def copy(self) -> State:
        """A deep copy (layouts, cards and events are immutable and shared; the generator is
        shared until either side draws from it, see ``SharedRng``)."""
        return State(
            self.rules,
            list(self.names),
            self.cards,
            self.share_rng(),
            self.round_index,
            self.dealer,
            self.phase,
            self.turn,
            self.turn_number,
            [list(h) for h in self.hands],
            list(self.stock),
            list(self.pozo),
            [TableMeld(m.owner, m.layout, m.contract) for m in self.table],
            list(self.laid_down_at),
            list(self.progress),
            self.last_discard,
            self.buy_open,
            list(self.buys),
            [list(p) for p in self.points],
            list(self.went_out),
            self.round_over,
            list(self.events),
            list(self.offers),
            self.position,
            self.deal_seed,
            True,
        )

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules.to_dict(),
            "names": list(self.names),
            "cards": [c.code for c in self.cards],
            "rng": rng_to_json(self.rng),
            "round_index": self.round_index,
            "dealer": self.dealer,
            "phase": self.phase.value,
            "turn": self.turn,
            "turn_number": self.turn_number,
            "hands": [list(h) for h in self.hands],
            "stock": list(self.stock),
            "pozo": list(self.pozo),
            "table": [_meld_to_dict(m) for m in self.table],
            "laid_down_at": list(self.laid_down_at),
            "progress": [list(p) for p in self.progress],
            "last_discard": None if self.last_discard is None else list(self.last_discard),
            "buy_open": self.buy_open,
            "buys": list(self.buys),
            "points": [list(p) for p in self.points],
            "went_out": list(self.went_out),
            "round_over": self.round_over,
            "events": [e.to_dict() for e in self.events],
            "offers": list(self.offers),
            **({"position": True} if self.position else {}),
            **({} if self.deal_seed is None else {"deal_seed": self.deal_seed}),
        }

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """Load and validate; a bad dict raises StateError naming the problem."""
        try:
            return _load(data)
        except StateError:
            raise
        except RulesError as err:
            raise StateError("bad_state", f"invalid saved game: {err.message}") from err
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
            raise StateError("bad_state", f"invalid saved game: {err!r:.200}") from err
        except (ArithmeticError, RecursionError) as err:  # huge numbers, deep nesting
            raise StateError("bad_state", f"invalid saved game: {type(err).__name__}") from err


def _meld_to_dict(meld: TableMeld) -> dict[str, Any]:
    lay = meld.layout
    return {
        "owner": meld.owner,
        "contract": meld.contract,
        "kind": lay.kind,
        "special": lay.special,
        "suit": lay.suit.value if lay.suit else None,
        "start": lay.start,
        "slots": [[s.ref, s.rank, s.suit.value if s.suit else None, s.wild] for s in lay.slots],
    }


def _kind(v: Any) -> EventKind:
    try:
        return EventKind(_str(v))
    except ValueError as err:
        raise StateError("bad_state", f"invalid saved game: unknown event {v!r}") from err


def _load(d: Any) -> State:
    _need(isinstance(d, dict), "the game must be a JSON object")
    _need(d.get("format") == FORMAT, "not a Carioca match (format)")
    _need(d.get("version") == VERSION, f"unknown version {d.get('version')!r}")
    rules = CariocaRules.from_dict(d["rules"])
    names = list(_strs(d["names"]))
    n = len(names)
    _need(n == rules.players, "the number of names does not match the players")
    cards = [parse_card(c) for c in _strs(d["cards"])]
    rng = _load_rng(d["rng"])
    state = State(rules, names, cards, rng)
    state.round_index = _int(d["round_index"])
    _need(0 <= state.round_index < len(rules.rounds), "round_index out of range")
    state.dealer, state.turn = _int(d["dealer"]), _int(d["turn"])
    _need(0 <= state.dealer < n and 0 <= state.turn < n, "seat out of range")
    state.phase = Phase(_str(d["phase"]))
    state.turn_number = _int(d["turn_number"])
    state.hands = [_ints(h) for h in _list(d["hands"])]
    _need(len(state.hands) == n, "one hand per player")
    state.stock, state.pozo = _ints(d["stock"]), _ints(d["pozo"])
    state.table = [_load_meld(m, n) for m in _list(d["table"])]
    state.laid_down_at = [None if x is None else _int(x) for x in _list(d["laid_down_at"])]
    state.progress = [(_int(p[0]), _int(p[1])) for p in map(_list, _list(d["progress"]))]
    last = d.get("last_discard")
    state.last_discard = None if last is None else (_int(last[0]), _int(last[1]))
    state.buy_open = bool(d["buy_open"])
    state.buys = _ints(d["buys"])
    state.points = [_ints(p) for p in _list(d["points"])]
    state.went_out = [None if x is None else _int(x) for x in _list(d["went_out"])]
    state.round_over = bool(d["round_over"])
    state.events = [Event.from_dict(e) for e in _list(d["events"])]
    _need(d.get("position", False) in (True, False), "bad position flag")
    state.position = d.get("position", False) is True
    if "offers" in d:
        state.offers = _ints(d["offers"])
    elif state.phase == Phase.PLAY:
        state.buy_open = False  # a save from before the offer step: its buy window closes
    seed = d.get("deal_seed")  # absent from matches saved before deals had their own stream
    state.deal_seed = None if seed is None else _int(seed)
    validate(state)
    validate_loaded(state)  # names, deck, shapes, history, counters, scores, events
    return state


def _load_meld(m: Any, players: int) -> TableMeld:
    _need(isinstance(m, dict), "a table meld must be an object")
    kind = _str(m["kind"])
    _need(kind in (TRIO, ESCALA), f"unknown meld kind {kind!r}")
    special = m.get("special")
    _need(special in (None, "ER", "ES", "EC", "EP"), "unknown special meld")
    suit = None if m.get("suit") is None else Suit(_str(m["suit"]))
    slots = []
    for raw in _list(m["slots"]):
        ref, rank, s_suit, wild = _list(raw)
        _need(1 <= _int(rank) <= 13 and isinstance(wild, bool), "bad meld slot")
        slots.append(Slot(_int(ref), rank, None if s_suit is None else Suit(_str(s_suit)), wild))
    owner = _int(m["owner"])
    _need(0 <= owner < players, "meld owner out of range")
    layout = Layout(kind, tuple(slots), suit, _int(m["start"]), special)
    return TableMeld(owner, layout, bool(m.get("contract", True)))


def validate(state: State, copies: bool = True) -> None:
    """Card conservation, copy limits, meld legality and phase consistency. The faces of a
    match never change, so ``copies`` (the slowest check) is needed only on load."""
    n, total = state.players, len(state.cards)
    zones = [c for h in state.hands for c in h] + state.stock + state.pozo
    zones += [s.ref for m in state.table for s in m.layout.slots]
    _need(sorted(zones) == list(range(total)), "cards are missing or appear twice")
    if copies:
        check_copies(state.cards, state.rules)
    for i, meld in enumerate(state.table):
        _check_meld(state, i, meld)
    _need(
        all(len(x) == n for x in (state.laid_down_at, state.progress, state.buys)),
        "per-player lists have the wrong length",
    )
    _need(all(len(p) == n for p in state.points), "round points have the wrong length")
    _need(len(state.points) == len(state.went_out), "round results are inconsistent")
    finished = state.round_index + (1 if state.round_over else 0)
    _need(len(state.points) == finished, "the number of scored rounds does not match the round")
    over = state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
    _need(over == state.round_over, "phase and round_over disagree")
    last_round = state.round_index == len(state.rules.rounds) - 1
    _need(state.phase != Phase.MATCH_OVER or last_round, "match over before the last round")
    _need(state.phase != Phase.ROUND_OVER or not last_round, "last round must end the match")
    if state.last_discard is not None:
        seat, card = state.last_discard
        _need(
            0 <= seat < n and bool(state.pozo) and state.pozo[-1] == card,
            "the last discard is not on top of the pozo",
        )
    _need(not state.buy_open or state.last_discard is not None, "buy window without a discard")
    _check_offer(state)
    _need(all(w is None or 0 <= w < n for w in state.went_out), "went_out seat out of range")


def _check_offer(state: State) -> None:
    """An offer is pending exactly in the OFFER phase, to distinct seats that may buy."""
    offering = state.phase == Phase.OFFER
    _need(offering == bool(state.offers), "the offer phase and the seats asked disagree")
    _need(offering == state.buy_open, "the offer phase and the buy window disagree")
    if not offering:
        return
    n, limit = state.players, state.rules.buy_limit
    discarder = state.last_discard[0] if state.last_discard is not None else -1
    _need(len(set(state.offers)) == len(state.offers), "a seat is asked twice")
    _need(bool(state.stock), "an offer without a penalty card in the stock")
    for seat in state.offers:
        _need(0 <= seat < n, "an offered seat out of range")
        _need(seat not in (state.turn, discarder), "the drawer or the discarder is asked")
        _need(state.buys[seat] < limit, "a seat at its buy limit is asked")


def check_copies(cards: list[Card], rules: CariocaRules) -> None:
    """No face appears more often than the rule set's decks hold."""
    counts = Counter(cards)
    for card, count in counts.items():
        limit = rules.deck_count * (rules.jokers_per_deck if card.is_joker else 1)
        _need(count <= limit, f"{count} copies of {card.code}, but the decks hold {limit}")


def _check_meld(state: State, index: int, meld: TableMeld) -> None:
    lay = meld.layout
    for slot in lay.slots:
        card = state.cards[slot.ref]
        if not slot.wild:
            _need(
                card.rank == slot.rank and (slot.suit in (None, card.suit)),
                f"meld {index}: {card.code} is not the card its place asks for",
            )
    if lay.kind == ESCALA and lay.special is None:
        wrap = state.rules.ace == "wrap"
        ranks = [position_rank(lay.start + k, wrap) for k in range(len(lay.slots))]
        _need(ranks == [s.rank for s in lay.slots], f"meld {index}: the escala is not in order")
        _need(all(s.suit == lay.suit for s in lay.slots), f"meld {index}: mixed suits")
        _need(wrap or lay.start + len(lay.slots) <= 15, f"meld {index}: runs past the ace")
    problem = check_layout(lay, state.rules, 3)
    _need(problem is None, f"meld {index}: {problem}")
