"""The Game: a state machine over a whole match. Every action is checked ("why not?") before
it is applied, and every applied action is recorded as an event."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import full_deck
from ..errors import IllegalAction, Refusal, refuse
from ..gamebase import GameBase
from ..viewmemo import ViewMemo
from .actions import Action, Add, Buy, Discard, Draw, LayDown, NextRound, Pass, Swap, Undo
from .buying import Effect, plan_buy, plan_pass
from .contracts import Contract
from .moves import plan_add, plan_discard, plan_draw, plan_lay_down, plan_swap
from .observation import Observation, observe
from .rounds import start_round
from .ruleset import CariocaRules
from .scoring import Outcome, outcome
from .state import Event, EventKind, Phase, State, validate
from .validate_action import check_seat, malformed

SPECTATOR = -1
"""The seat number of an observer who holds no hand."""


class Game(GameBase[State]):
    """One match of Carioca. Mutable; everything else in the engine is a value.

    ``check(action)`` answers why an action is refused (or None), ``apply(action)`` applies a
    legal one and returns its event, and raises IllegalAction — changing nothing — otherwise.
    """

    def __init__(self, state: State) -> None:
        super().__init__(state)
        self._memo = ViewMemo()  # the table's meld views, the same for every seat
        self._undo: list[State] | None = []  # see "undo" below; None: kept off

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(
        cls,
        rules: CariocaRules | Mapping[str, Any],
        rng: random.Random | int,
        names: Sequence[str] | None = None,
    ) -> Game:
        """A new match, round 1 dealt. ``rng`` (or a seed) makes the whole match reproducible.

        The deals come from streams of their own (see ``State.deal_rng``), one a round,
        derived from the seed; ``rng`` then only shuffles the pozo back into the stock. So a
        match seed fixes every round's deal however the rounds are played."""
        ruleset = rules if isinstance(rules, CariocaRules) else CariocaRules.from_dict(rules)
        if isinstance(rng, random.Random):
            generator, deal_seed = rng, rng.getrandbits(64)
        else:
            generator, deal_seed = random.Random(f"carioca-play:{rng}"), int(rng)
        seats = list(names) if names else [f"Player {i + 1}" for i in range(ruleset.players)]
        if len(seats) != ruleset.players:
            raise ValueError(f"{len(seats)} names for {ruleset.players} players")
        cards = full_deck(ruleset.deck_count, ruleset.jokers_per_deck)
        state = State(ruleset, seats, cards, generator, dealer=ruleset.players - 1)
        state.deal_seed = deal_seed
        game = cls(state)
        game._start_round(0)
        return game

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Load a serialised match; raises StateError (a ValueError) on a bad dict."""
        return cls(State.from_dict(data))

    def clone(self) -> Game:
        """A copy to look ahead with (bots, rollouts): it keeps nothing to undo, which spares
        a copy of the state at every lay-down, add and swap."""
        game = Game(self._s.copy())
        game._undo = None
        return game

    def what_if_unseen(self, seat: int, seed: int) -> Game:
        """A look-ahead copy that ``seat`` cannot tell from this game: every card it could
        not see (the stock, the other seats' unseen cards) dealt again by ``seed``; see
        ``unseen.consistent_position``. The coach's continuations."""
        from .unseen import consistent_position

        return consistent_position(self, seat, seed)

    def fork(self) -> Game:
        """An independent copy that plays on exactly as this game would from the start of a
        turn (undo kept on, with nothing to undo yet): the replay viewer's copies and its
        practice table. ``clone`` is cheaper still but keeps no undo."""
        return Game(self._s.copy())

    def __str__(self) -> str:
        """The table as text: round, whose move, hands' sizes, melds, pozo, stock, scores."""
        from .text import state_text

        return state_text(self._s)

    # ------------------------------------------------------------------ queries
    @property
    def rules(self) -> CariocaRules:
        return self._s.rules

    @property
    def phase(self) -> Phase:
        return self._s.phase

    @property
    def round_index(self) -> int:
        return self._s.round_index

    @property
    def contract(self) -> Contract:
        return self._s.rules.contract(self._s.round_index)

    @property
    def current_player(self) -> int | None:
        """The seat to act (during an offer, the seat being asked), or None when the round or
        match is over."""
        s = self._s
        if s.round_over:
            return None
        return s.offers[0] if s.phase == Phase.OFFER else s.turn

    @property
    def pending_offers(self) -> tuple[int, ...]:
        """The seats the discard is still to be offered to, in order (the first is asked)."""
        return tuple(self._s.offers)

    @property
    def turn_number(self) -> int:
        return self._s.turn_number

    @property
    def is_position(self) -> bool:
        """Built from a described position (vectors, tests, the tutorial), not dealt: such a
        game need not hold the whole deck nor a history that explains it."""
        return self._s.position

    @property
    def event_count(self) -> int:
        """How many events the log holds (it only grows)."""
        return len(self._s.events)

    @property
    def is_over(self) -> bool:
        return self._s.phase == Phase.MATCH_OVER

    def hand(self, seat: int) -> list[str]:
        return [self._s.cards[c].code for c in self._s.hands[check_seat(seat, self.players)]]

    def has_laid_down(self, seat: int) -> bool:
        return self._s.laid_down_at[check_seat(seat, self.players)] is not None

    def outcome(self) -> Outcome:
        s = self._s
        return outcome(s.players, s.points, s.went_out, s.rules)

    def _event_log(self) -> list[Any]:
        return self._s.events

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know, and nothing else; ``SPECTATOR`` (-1) sees only what is
        public (no hand), as the round summary and the bot driver's bookkeeping need."""
        if seat != SPECTATOR:
            check_seat(seat, self.players)
        return observe(self._s, seat, self._views.setdefault(seat, []), self._memo)

    def validate(self) -> None:
        """Raise StateError if the state is inconsistent (tests call this after every action;
        the copy limits were checked when the game was built or loaded)."""
        validate(self._s, copies=False)

    def skip_to_round(self, index: int) -> None:
        """Deal round ``index`` at once, with the dealer it has in a whole match (each round
        is dealt from its own stream, so the cards are the whole match's); the earlier
        rounds' scores are dropped. For benchmarks that read a few rounds of many deals."""
        s = self._s
        if not 0 <= index < len(s.rules.rounds):
            raise IllegalAction("bad_round", f"there is no round {index}")
        s.dealer = (s.players - 1 + index - 1) % s.players
        s.points, s.went_out = [], []
        self._undo = [] if self._undo is not None else None
        self._views = {}
        self._start_round(index)

    # ------------------------------------------------------------------ public queries
    # (issue 11) What the session, the table, the round summary and the score sheet read
    # instead of ``state``, which stays the engine's own. All public information.
    @property
    def round_over(self) -> bool:
        """The round (or the match) has been scored; only NextRound (or nothing) follows."""
        return self._s.round_over

    @property
    def rounds_scored(self) -> int:
        """How many rounds have been played and scored."""
        return len(self._s.points)

    @property
    def round_points(self) -> tuple[tuple[int, ...], ...]:
        """Each scored round's points, by seat."""
        return tuple(tuple(p) for p in self._s.points)

    def seat_round_points(self, seat: int) -> list[int]:
        """``seat``'s penalty points in each scored round (lower is better)."""
        return [int(points[seat]) for points in self._s.points]

    @property
    def went_out(self) -> tuple[int | None, ...]:
        """Each scored round's seat that went out (None: nobody did)."""
        return tuple(self._s.went_out)

    # ------------------------------------------------------------------ end of issue-11 queries

    # ------------------------------------------------------------------ the action API
    def check(self, action: Action) -> Refusal | None:
        """None if ``action`` is legal now, else the refusal saying why not."""
        plan = self._plan(action)
        return plan if isinstance(plan, Refusal) else None

    def apply(self, action: Action) -> Event:
        """Apply a legal action and return its event; an illegal one raises IllegalAction."""
        plan = self._plan(action)
        if isinstance(plan, Refusal):
            raise IllegalAction.of(plan)
        return self._undoable(action, plan)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action of ``seat`` (default: the seat to act, or the seat asked during
        an offer), lay-downs excepted:
        those are combinatorial, and ``carioca_desktop.solver`` proposes them."""
        from .legal import legal_actions

        if seat is not None:
            check_seat(seat, self.players)  # "0" or -1 is refused by type, not a TypeError
        asked = self.current_player
        who = seat if seat is not None else self._s.turn if asked is None else asked
        return legal_actions(self, who)

    def _plan(self, action: Action) -> Refusal | Effect:
        s = self._s
        bad = malformed(action)  # wrong types refused here, so no rule below can raise
        if bad is not None:
            return bad
        seat = action.seat
        if s.phase == Phase.MATCH_OVER:
            return refuse("match_over", "the match is over")
        if isinstance(action, NextRound):
            if s.phase != Phase.ROUND_OVER:
                return refuse("round_not_over", "the round is still being played")
            return self._effect_next_round
        if s.phase == Phase.ROUND_OVER:
            return refuse("round_over", "the round is over")
        if not 0 <= seat < s.players:
            return refuse("bad_seat", f"there is no seat {seat}", seat=seat)
        if isinstance(action, Buy):
            return plan_buy(s, seat, self._event)
        if isinstance(action, Pass):
            return plan_pass(s, seat, self._event)
        if s.phase == Phase.OFFER and seat == s.turn:
            asked = s.names[s.offers[0]]
            return refuse(
                "offer_pending", f"the discard is being offered to {asked} first", player=asked
            )
        if seat != s.turn:
            return refuse(
                "not_your_turn", f"it is {s.names[s.turn]}'s turn", player=s.names[s.turn]
            )
        if isinstance(action, Undo):
            return self._plan_undo(seat)
        if isinstance(action, Draw):
            return plan_draw(s, seat, action.source, self._event)
        if s.phase == Phase.DRAW:
            return refuse("must_draw_first", "you must draw a card first")
        if isinstance(action, Discard):
            return plan_discard(s, seat, action.card, self._event)
        if isinstance(action, LayDown):
            return plan_lay_down(s, seat, action, self._event)
        if isinstance(action, Add):
            return plan_add(s, seat, action, self._event)
        if isinstance(action, Swap):
            return plan_swap(s, seat, action, self._event)
        return refuse("bad_action", f"not an action: {action!r}")

    # ------------------------------------------------------------------ the event log
    def _event(self, seat: int, kind: EventKind, **fields: Any) -> Event:
        s = self._s
        event = Event(len(s.events), s.round_index, seat, kind, **fields)
        s.events.append(event)
        return event

    # ------------------------------------------------------------------ undo
    # Within a turn, after the draw, a player may take back lay-downs, adds and swaps one by
    # one: before each, the whole state is copied onto a stack; Undo puts the copy back, so
    # hands (in their order), table, progress and the event log are exactly as they were.
    # Anything else applied (a draw, a discard, a buy by anyone, a new round) and the end of a
    # round empty the stack: what others have seen, and hidden cards, are never taken back.
    # The stack is not saved: a match loaded from disk starts with nothing to undo.
    def can_undo(self, seat: int) -> bool:
        return self.check(Undo(seat)) is None

    def _undoable(self, action: Action, plan: Effect) -> Event:
        if isinstance(action, Undo) or self._undo is None:
            return plan()
        keep = isinstance(action, (LayDown, Add, Swap))
        snapshot = self._s.copy() if keep else None
        event = plan()
        if snapshot is not None and not self._s.round_over:
            self._undo.append(snapshot)
        else:
            self._undo.clear()
        return event

    def _plan_undo(self, seat: int) -> Refusal | Effect:
        stack = self._undo
        if not stack or self._s.phase != Phase.PLAY:
            return refuse("nothing_to_undo", "there is nothing to undo since your draw")

        def effect() -> Event:
            s, before = self._s, stack.pop()
            undone = s.events[len(before.events)]
            for name in State.__dataclass_fields__:  # in place: game.state stays the same object
                setattr(s, name, getattr(before, name))
            self._views = {}  # the cached per-seat views may show the undone events
            return undone

        return effect

    # ------------------------------------------------------------------ rounds
    def _effect_next_round(self) -> Event:
        self._start_round(self._s.round_index + 1)
        return self._s.events[-1]

    def _start_round(self, index: int) -> None:
        start_round(self._s, index, self._event)
