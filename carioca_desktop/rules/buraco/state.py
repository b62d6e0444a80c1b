"""The mutable state of a Buraco match, its events, and its JSON form, validated on load:
the 108 cards are conserved, every meld is legal, sides, mortos and phase are consistent."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..cards import Card, Suit, full_deck, parse_card
from ..errors import RulesError, StateError
from ..events import LogEvent
from ..jsonstate import as_int, as_ints, as_list, as_str, need, rng_from_json, rng_to_json
from ..melds import ESCALA, TRIO, Layout, Slot
from ..sharedrng import SharedRng
from .melds import layout_problem
from .ruleset import BuracoRules

FORMAT = "buraco-match"
VERSION = 1
DECK: tuple[Card, ...] = tuple(full_deck(2, 2))
"""The 108 physical cards (two decks, four jokers); a card's index here is its id."""


class Phase(Enum):
    DRAW = "draw"  # the seat to act must draw or take the pile
    PLAY = "play"  # meld, add, swap, then discard
    ROUND_OVER = "round_over"  # scores shown; NextRound deals the next round
    MATCH_OVER = "match_over"


@dataclass(frozen=True)
class TableMeld:
    """A meld on the table: the side it belongs to and its layout (refs are card ids)."""

    side: int
    layout: Layout


class Event(LogEvent[str]):
    """One thing that happened in a Buraco match (see ``LogEvent``); saved card codes are
    checked as cards."""

    @classmethod
    def read_kind(cls, value: Any) -> str:
        return as_str(value)

    @classmethod
    def read_cards(cls, value: Any) -> tuple[str, ...]:
        return _strs(value)


@dataclass
class State(SharedRng):
    """Everything about a match. Zones hold card ids (``DECK[id]`` is the face); the stock,
    the pile and each morto are lists whose *last* element is the top card. ``out`` holds the
    cards a described position (``from_position``) leaves out of play."""

    rules: BuracoRules
    names: list[str]
    rng: random.Random
    round_index: int = 0
    dealer: int = 0
    phase: Phase = Phase.DRAW
    turn: int = 0
    hands: list[list[int]] = field(default_factory=list)
    stock: list[int] = field(default_factory=list)
    pile: list[int] = field(default_factory=list)
    mortos: list[list[int]] = field(default_factory=list)
    out: list[int] = field(default_factory=list)
    table: list[TableMeld] = field(default_factory=list)
    holders: list[list[int]] = field(default_factory=lambda: [[], []])  # per side, in order
    pending: list[int] = field(default_factory=list)  # seats holding an unplayed morto
    single_taken: int | None = None  # a card taken from a one-card pile this turn
    went_out_seat: int | None = None
    scores: list[int] = field(default_factory=lambda: [0, 0])
    history: list[list[int]] = field(default_factory=list)  # points per side, finished rounds
    went_out: list[int | None] = field(default_factory=list)
    winner: int | None = None
    log: list[Event] = field(default_factory=list)
    # Set while a copy may hold the same generator (rules/sharedrng.py): not part of the match.
    rng_shared: bool = field(default=False, compare=False, repr=False)

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def took(self) -> list[int]:
        return [len(h) for h in self.holders]

    def card(self, cid: int) -> Card:
        return DECK[cid]

    def copy(self, share_log: bool = False) -> State:
        """An independent copy (the generator is shared until either side draws from it, see
        ``SharedRng``); ``share_log`` keeps the same log list, for a trial that never
        writes it."""
        return State(
            rules=self.rules,
            names=list(self.names),
            rng=self.share_rng(),
            round_index=self.round_index,
            dealer=self.dealer,
            phase=self.phase,
            turn=self.turn,
            hands=[list(h) for h in self.hands],
            stock=list(self.stock),
            pile=list(self.pile),
            mortos=[list(m) for m in self.mortos],
            out=list(self.out),
            table=list(self.table),
            holders=[list(h) for h in self.holders],
            pending=list(self.pending),
            single_taken=self.single_taken,
            went_out_seat=self.went_out_seat,
            scores=list(self.scores),
            history=[list(p) for p in self.history],
            went_out=list(self.went_out),
            winner=self.winner,
            log=self.log if share_log else list(self.log),
            rng_shared=True,
        )

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules.to_dict(),
            "names": list(self.names),
            "rng": rng_to_json(self.rng),
            "round_index": self.round_index,
            "dealer": self.dealer,
            "phase": self.phase.value,
            "turn": self.turn,
            "hands": [list(h) for h in self.hands],
            "stock": list(self.stock),
            "pile": list(self.pile),
            "mortos": [list(m) for m in self.mortos],
            "out": list(self.out),
            "table": [_meld_to_json(m) for m in self.table],
            "holders": [list(h) for h in self.holders],
            "pending": list(self.pending),
            "single_taken": self.single_taken,
            "went_out_seat": self.went_out_seat,
            "scores": list(self.scores),
            "history": [list(p) for p in self.history],
            "went_out": list(self.went_out),
            "winner": self.winner,
            "log": [e.to_dict() for e in self.log],
        }

    @classmethod
    def from_dict(cls, d: Any) -> State:
        """Load and validate; raises StateError naming what is wrong."""
        need(isinstance(d, dict), "a saved match must be an object")
        need(d.get("format") == FORMAT, f"not a Buraco match (format {d.get('format')!r})")
        need(d.get("version") == VERSION, f"unknown version {d.get('version')!r}")
        try:
            rules = BuracoRules.from_dict(d["rules"])
            phase = Phase(d["phase"])
            state = cls(
                rules=rules,
                names=[as_str(n) for n in as_list(d["names"])],
                rng=rng_from_json(d["rng"]),
                round_index=as_int(d["round_index"]),
                dealer=as_int(d["dealer"]),
                phase=phase,
                turn=as_int(d["turn"]),
                hands=[_ids(h) for h in as_list(d["hands"])],
                stock=_ids(d["stock"]),
                pile=_ids(d["pile"]),
                mortos=[_ids(m) for m in as_list(d["mortos"])],
                out=_ids(d["out"]),
                table=[_meld_from_json(m) for m in as_list(d["table"])],
                holders=[_ids(h) for h in as_list(d["holders"])],
                pending=_ids(d["pending"]),
                single_taken=_opt_int(d["single_taken"]),
                went_out_seat=_opt_int(d["went_out_seat"]),
                scores=list(_ints(d["scores"])),
                history=[list(_ints(p)) for p in as_list(d["history"])],
                went_out=[_opt_int(w) for w in as_list(d["went_out"])],
                winner=_opt_int(d["winner"]),
                log=[Event.from_dict(e) for e in as_list(d["log"])],
            )
        except StateError:
            raise
        except RulesError as err:
            raise StateError("bad_state", f"bad saved match: {err.message}") from err
        except (KeyError, TypeError, ValueError) as err:
            raise StateError("bad_state", f"bad saved match: {err!r}") from err
        validate(state)
        return state


# --------------------------------------------------------------------------- validation
def validate(s: State) -> None:
    """Raise StateError if the state is inconsistent."""
    n = s.players
    need(len(s.names) == n, f"{len(s.names)} names for {n} players")
    need(len(s.hands) == n, f"{len(s.hands)} hands for {n} players")
    need(0 <= s.turn < n and 0 <= s.dealer < n, "turn or dealer is not a seat")
    need(s.round_index >= 0, "bad round number")
    zones: list[int] = [c for h in s.hands for c in h]
    zones += s.stock + s.pile + s.out + [c for m in s.mortos for c in m]
    for meld in s.table:
        need(meld.side in (0, 1), f"a meld belongs to side 0 or 1, not {meld.side}")
        zones += [slot.ref for slot in meld.layout.slots]
    counts = Counter(zones)
    need(all(0 <= c < len(DECK) for c in counts), "a card id is out of range")
    twice = sorted(DECK[c].code for c, k in counts.items() if k > 1)
    need(not twice, f"cards in two places at once: {twice[:5]}")
    need(len(counts) == len(DECK), f"{len(DECK) - len(counts)} of the 108 cards are missing")
    for i, meld in enumerate(s.table):
        problem = layout_problem(meld.layout, s.card, s.rules)
        need(problem is None, f"meld {i} is not legal: {problem}")
    need(len(s.holders) == 2, "holders are per side")
    quota = s.rules.morto_quota
    for side, seats in enumerate(s.holders):
        need(len(seats) <= quota, f"side {side} took more mortos than it may")
        need(all(0 <= p < n and p % 2 == side for p in seats), "a morto holder is not a seat")
    need(len(s.mortos) + sum(s.took) <= s.rules.mortos, "too many mortos")
    need(all(1 <= len(m) <= 11 for m in s.mortos), "a morto holds 1 to 11 cards")
    need(
        all(p in s.holders[p % 2] for p in s.pending) and len(set(s.pending)) == len(s.pending),
        "an unplayed morto without a holder",
    )
    need(len(s.scores) == 2 and all(len(p) == 2 for p in s.history), "scores are per side")
    need(len(s.went_out) == len(s.history), "one going-out entry per finished round")
    over = s.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
    need(over or s.went_out_seat is None, "a going out while the round is on")
    need((s.winner is not None) == (s.phase == Phase.MATCH_OVER), "winner and phase disagree")
    need(s.single_taken is None or 0 <= s.single_taken < len(DECK), "bad single_taken")


# --------------------------------------------------------------------------- JSON helpers
def _meld_to_json(meld: TableMeld) -> dict[str, Any]:
    lay = meld.layout
    return {
        "side": meld.side,
        "kind": lay.kind,
        "start": lay.start,
        "suit": lay.suit.value if lay.suit else None,
        "slots": [[s.ref, s.rank, s.suit.value if s.suit else None, s.wild] for s in lay.slots],
    }


def _suit(value: Any) -> Suit | None:
    return None if value is None else Suit(as_str(value))


def _meld_from_json(d: Any) -> TableMeld:
    need(isinstance(d, dict), "a table meld must be an object")
    kind = as_str(d["kind"])
    need(kind in (TRIO, ESCALA), f"unknown meld kind {kind!r}")
    slots = []
    for raw in as_list(d["slots"]):
        ref, rank, suit, wild = as_list(raw)
        need(isinstance(wild, bool), "a slot's wild flag is true or false")
        slots.append(Slot(as_int(ref), as_int(rank), _suit(suit), wild))
    layout = Layout(kind, tuple(slots), _suit(d.get("suit")), as_int(d.get("start", 0)))
    return TableMeld(as_int(d["side"]), layout)


def _opt_int(value: Any) -> int | None:
    return None if value is None else as_int(value)


def _ints(value: Any) -> tuple[int, ...]:
    return tuple(as_ints(value))


def _ids(value: Any) -> list[int]:
    return list(_ints(value))


def _strs(value: Any) -> tuple[str, ...]:
    out = tuple(as_str(v) for v in as_list(value))
    for code in out:
        if code != "?":
            parse_card(code.split("=")[0])
    return out
