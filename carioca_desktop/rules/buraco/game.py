"""The Buraco match as a state machine (BURACO.md). Every action is tried on a trial copy of
the state: a refused action changes nothing, an accepted one replaces the state at once."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..actioncodec import capped, check_seat
from ..errors import IllegalAction, Refusal
from ..gamebase import GameBase
from ..viewmemo import ViewMemo
from .actions import (
    Action,
    Add,
    Discard,
    Draw,
    LayDown,
    NextRound,
    Swap,
    TakePile,
    Undo,
    malformed,
)
from .melds import ESCALA, is_wild, max_run
from .observation import BuracoObservation, observe
from .play import execute, meld_texts
from .position import build_position
from .rounds import Turn, deal_round
from .ruleset import BuracoRules
from .state import DECK, Event, Phase, State, validate
from .validate_state import validate_played


class BuracoGame(GameBase[State]):
    """One match of Buraco. ``check(action)`` says why an action is refused (or None);
    ``apply(action)`` applies a legal one and returns its events, or raises IllegalAction
    and changes nothing."""

    def __init__(self, state: State) -> None:
        super().__init__(state)
        self._memo = ViewMemo()  # the table's meld views and the rules' dict, see observe()
        self._undo: list[State] = []  # see "undo" below

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(
        cls,
        rules: BuracoRules | Mapping[str, Any],
        rng: random.Random | int,
        names: Sequence[str] | None = None,
    ) -> BuracoGame:
        """A new match with round 1 dealt (dealer: the last seat, so seat 0 starts)."""
        ruleset = rules if isinstance(rules, BuracoRules) else BuracoRules.from_dict(rules)
        generator = rng if isinstance(rng, random.Random) else random.Random(rng)
        seats = list(names) if names else [f"Player {i + 1}" for i in range(ruleset.players)]
        if len(seats) != ruleset.players:
            raise ValueError(f"{len(seats)} names for {ruleset.players} players")
        state = State(ruleset, seats, generator)
        turn = Turn(state)
        deal_round(turn, 0, ruleset.players - 1)
        state.log.extend(turn.events)
        return cls(state)

    @classmethod
    def from_position(
        cls, rules: BuracoRules, hands: Sequence[Sequence[str]], **kw: Any
    ) -> BuracoGame:
        """A game at a described position (see ``position.build_position``)."""
        return cls(build_position(rules, hands, **kw))

    @classmethod
    def from_dict(cls, data: Any) -> BuracoGame:
        """Load a serialised match; raises StateError (a ValueError) on a bad dict."""
        return cls(State.from_dict(data))

    def clone(self) -> BuracoGame:
        return BuracoGame(self._s.copy())

    def _event_log(self) -> list[Any]:
        return self._s.log

    def what_if_unseen(self, seat: int, seed: int) -> BuracoGame:
        """A copy that ``seat`` cannot tell from this game: every card it could not see (the
        stock, the mortos not taken, the other seats' unseen cards) dealt again by ``seed``;
        see ``unseen.consistent_position``. The coach's continuations."""
        from .unseen import consistent_position

        return consistent_position(self, seat, seed)

    # ------------------------------------------------------------------ queries
    @property
    def rules(self) -> BuracoRules:
        return self._s.rules

    @property
    def phase(self) -> Phase:
        return self._s.phase

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None when the round or the match is over."""
        return self._s.turn if self._s.phase in (Phase.DRAW, Phase.PLAY) else None

    @property
    def round_over(self) -> bool:
        return self._s.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)

    @property
    def event_count(self) -> int:
        """How many events the log holds (it only grows), as Carioca's ``event_count``."""
        return len(self._s.log)

    @property
    def round_index(self) -> int:
        """Which round is being played, from 0 (as Carioca's)."""
        return self._s.round_index

    @property
    def is_over(self) -> bool:
        return self._s.phase == Phase.MATCH_OVER

    @property
    def winner(self) -> int | None:
        return self._s.winner

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._s.scores)

    def seat_round_points(self, seat: int) -> list[int]:
        """The points of ``seat``'s side in each scored round (higher is better)."""
        side = check_seat(seat, self.players) % 2
        return [int(points[side]) for points in self._s.history]

    def hand(self, seat: int) -> list[str]:
        """The hand of ``seat``; RulesError("bad_seat") for anything but a seat (``-1`` is
        not the last seat)."""
        return [DECK[c].code for c in self._s.hands[check_seat(seat, self.players)]]

    def table_texts(self) -> list[tuple[int, tuple[str, ...]]]:
        """Each meld as (side, card texts with markers), in table order."""
        return [(m.side, meld_texts(self._s, m.layout)) for m in self._s.table]

    def observation(self, seat: int) -> BuracoObservation:
        """What ``seat`` may know; RulesError("bad_seat") for anything but a seat."""
        check_seat(seat, self.players)
        return observe(self._s, seat, self._views.setdefault(seat, []), self._memo)

    def validate_played(self) -> None:
        """Raise StateError unless this match could have been played from a deal (a saved
        match must; see ``validate_state``)."""
        validate_played(self._s)

    def validate(self) -> None:
        validate(self._s)

    # ------------------------------------------------------------------ actions
    def _trial(self, action: Action) -> tuple[State, Refusal | list[Event]]:
        bad = malformed(action)  # wrong types and unbounded values refused before any rule
        if bad is not None:
            return self._s, bad
        trial = self._s.copy(share_log=True)
        try:
            return trial, execute(trial, action)
        except (TypeError, ValueError, AttributeError) as err:  # a shape malformed() missed
            return trial, Refusal("bad_action", capped(f"malformed action: {err}"))

    def check(self, action: Action) -> Refusal | None:
        """None if ``action`` is legal now, else the refusal saying why not."""
        if isinstance(action, Undo):
            return self._undo_refusal(action)
        result = self._trial(action)[1]
        return result if isinstance(result, Refusal) else None

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return its events; raise IllegalAction otherwise."""
        if isinstance(action, Undo):
            return self._take_back(action)
        trial, result = self._trial(action)
        if isinstance(result, Refusal):
            raise IllegalAction.of(result)
        before, logged = self._s, len(self._s.log)  # the log is shared with the trial
        trial.log.extend(result)
        self._s = trial
        self._keep_for_undo(action, before, logged, result)
        return result

    # ------------------------------------------------------------------ undo
    # Within a turn, after the draw, a player may take back lay-downs, adds and swaps one by
    # one, as at Carioca's table: before each, the state is kept on a stack, and Undo puts
    # it back (hands, table, the event log). Anything else applied (a draw, a pile taken, a
    # discard, a new round), a morto taken (its cards were seen) and the round's end empty
    # the stack: what others have seen, and hidden cards, are never taken back. The stack
    # is not saved: a match loaded from disk starts with nothing to undo.
    def can_undo(self, seat: int) -> bool:
        return self._undo_refusal(Undo(seat)) is None

    def _undo_refusal(self, action: Undo) -> Refusal | None:
        s = self._s
        if not self._undo or s.phase != Phase.PLAY or action.seat != s.turn:
            return Refusal("nothing_to_undo", "there is nothing to undo since your draw")
        return None

    def _take_back(self, action: Undo) -> list[Event]:
        refusal = self._undo_refusal(action)
        if refusal is not None:
            raise IllegalAction.of(refusal)
        self._s = self._undo.pop()
        self._views = {}  # the cached per-seat views may show the undone events
        return []

    def _keep_for_undo(
        self, action: Action, before: State, logged: int, events: list[Event]
    ) -> None:
        meld = isinstance(action, (LayDown, Add, Swap))
        final = any(e.kind == "morto" for e in events) or self._s.phase != Phase.PLAY
        if meld and not final:
            kept = before.copy()
            del kept.log[logged:]  # the log as it was before this action's events
            self._undo.append(kept)
        else:
            self._undo.clear()

    def legal_discards(self, seat: int) -> list[Action]:
        """The discards ``seat`` may make now (one per distinct card), or [] when it is not
        that seat's play: what a seat that has drawn chooses from to end its turn."""
        s = self._s
        if s.phase != Phase.PLAY or s.turn != seat:
            return []
        codes = sorted({DECK[c].code for c in s.hands[seat]})
        discards: list[Action] = [Discard(seat, c) for c in codes]
        return [a for a in discards if self.check(a) is None]

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action of ``seat`` (default: the seat to act), lay-downs excepted
        (also ``take_pile`` with new melds): single-card adds, swaps, discards, draws."""
        s = self._s
        who = s.turn if seat is None else check_seat(seat, self.players)  # "0", -1: bad_seat
        if s.phase == Phase.ROUND_OVER:
            return [NextRound()]
        if s.phase == Phase.MATCH_OVER or who != s.turn:
            return []
        side = who % 2
        mine = [i for i, m in enumerate(s.table) if m.side == side]
        candidates: list[Action] = []
        if s.phase == Phase.DRAW:
            candidates.append(Draw(who))
            if s.rules.pile_take == "free":
                candidates.append(TakePile(who))
            elif s.pile:
                top = DECK[s.pile[-1]].code
                for i in mine:
                    candidates += [TakePile(who, add=i, card=t) for t in self._variants(top, i)]
        else:
            codes = sorted({DECK[c].code for c in s.hands[who]})
            for code in codes:
                for i in mine:
                    candidates += [Add(who, i, (t,)) for t in self._variants(code, i)]
                    # A 2 may be the natural card a wild stands for (§3.5); a joker never.
                    if s.rules.swap == "to_hand" and not DECK[_first(s, who, code)].is_joker:
                        candidates.append(Swap(who, i, code))
                candidates.append(Discard(who, code))
        return [a for a in candidates if self.check(a) is None]

    def _variants(self, code: str, index: int) -> list[str]:
        """A card as added to a meld: plain, and for a wild on a run each end it may mark."""
        card = next(DECK[c] for c in range(len(DECK)) if DECK[c].code == code)
        layout = self._s.table[index].layout
        if not is_wild(card) or layout.kind != ESCALA or layout.suit is None:
            return [code]
        out = [code]
        n, suit = len(layout.slots), layout.suit.value
        names = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
        if n < max_run(self._s.rules):
            if layout.start > 1:
                out.append(f"{code}={names[layout.start - 2]}{suit}")
            if layout.start + n <= 14:
                out.append(f"{code}={names[layout.start + n - 1]}{suit}")
        return out

    def __str__(self) -> str:
        s = self._s
        lines = [
            f"Buraco ({s.rules.preset}) round {s.round_index + 1}, dealer {s.dealer}, "
            f"phase {s.phase.value}, turn {s.turn}, scores {s.scores}",
            f"stock {len(s.stock)}, mortos left {len(s.mortos)}, took {s.took}, "
            f"pile {' '.join(DECK[c].code for c in s.pile) or '-'}",
        ]
        for seat, hand in enumerate(s.hands):
            lines.append(f"  seat {seat} (side {seat % 2}): {' '.join(DECK[c].code for c in hand)}")
        for i, m in enumerate(s.table):
            lines.append(f"  meld {i} side {m.side}: {' '.join(meld_texts(s, m.layout))}")
        return "\n".join(lines)


def _first(s: State, seat: int, code: str) -> int:
    return next(c for c in s.hands[seat] if DECK[c].code == code)


__all__ = ["Add", "BuracoGame", "Discard", "Draw", "Swap", "TakePile"]


Game = BuracoGame
"""The name every game's package exports its engine under (``rules.buraco.Game``)."""
