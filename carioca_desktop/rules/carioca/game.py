"""The Game: a state machine over a whole match. Every action is checked ("why not?") before
it is applied, and every applied action is recorded as an event."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import Card, full_deck, parse_card, parse_marked
from ..errors import CardError, IllegalAction, Refusal, refuse
from ..melds import extend, is_wild, slot_text, swap_slot, swapped
from .actions import (
    POZO,
    STOCK,
    Action,
    Add,
    Buy,
    Discard,
    Draw,
    LayDown,
    NextRound,
    Pass,
    Swap,
    Undo,
)
from .blocked import round_blocked
from .buying import Effect, open_offer, plan_buy, plan_pass
from .contracts import Contract
from .laydown import plan_laydown
from .observation import EventView, Observation, observe
from .ruleset import CariocaRules
from .scoring import Outcome, outcome, round_points
from .state import Event, EventKind, Phase, State, validate
from .validate_action import check_seat, malformed

SPECTATOR = -1
"""The seat number of an observer who holds no hand."""


class Game:
    """One match of Carioca. Mutable; everything else in the engine is a value.

    ``check(action)`` answers why an action is refused (or None), ``apply(action)`` applies a
    legal one and returns its event, and raises IllegalAction — changing nothing — otherwise.
    """

    def __init__(self, state: State) -> None:
        self._s = state
        self._views: dict[int, list[EventView]] = {}  # per-seat event views, see observe()
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

    def to_dict(self) -> dict[str, Any]:
        """The whole match (rules, RNG state, every zone, the log) as a JSON-safe dict."""
        return self._s.to_dict()

    def clone(self) -> Game:
        """A copy to look ahead with (bots, rollouts): it keeps nothing to undo, which spares
        a copy of the state at every lay-down, add and swap."""
        game = Game(self._s.copy())
        game._undo = None
        return game

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        """The table as text: round, whose move, hands' sizes, melds, pozo, stock, scores."""
        from .text import state_text

        return state_text(self._s)

    # ------------------------------------------------------------------ queries
    @property
    def state(self) -> State:
        """The raw state, for the engine's own modules and tests. Players use observations."""
        return self._s

    @property
    def rules(self) -> CariocaRules:
        return self._s.rules

    @property
    def players(self) -> int:
        return self._s.players

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

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know, and nothing else; ``SPECTATOR`` (-1) sees only what is
        public (no hand), as the round summary and the bot driver's bookkeeping need."""
        if seat != SPECTATOR:
            check_seat(seat, self.players)
        return observe(self._s, seat, self._views.setdefault(seat, []))

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
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return tuple(self._s.names)

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

    def can(self, action: Action) -> bool:
        return not isinstance(self._plan(action), Refusal)

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
            return self._plan_draw(seat, action.source)
        if s.phase == Phase.DRAW:
            return refuse("must_draw_first", "you must draw a card first")
        if isinstance(action, Discard):
            return self._plan_discard(seat, action.card)
        if isinstance(action, LayDown):
            return self._plan_laydown(seat, action)
        if isinstance(action, Add):
            return self._plan_add(seat, action)
        if isinstance(action, Swap):
            return self._plan_swap(seat, action)
        return refuse("bad_action", f"not an action: {action!r}")

    # ------------------------------------------------------------------ helpers
    def _find(self, seat: int, card: Card) -> int | None:
        for cid in self._s.hands[seat]:
            if self._s.cards[cid] == card:
                return cid
        return None

    def _event(self, seat: int, kind: EventKind, **fields: Any) -> Event:
        s = self._s
        event = Event(len(s.events), s.round_index, seat, kind, **fields)
        s.events.append(event)
        return event

    def _code(self, cid: int) -> str:
        return self._s.cards[cid].code

    def _may_add(self, seat: int) -> Refusal | None:
        """Adding (and swapping, by default) needs the contract down, from the next turn."""
        s = self._s
        at = s.laid_down_at[seat]
        if at is None:
            return refuse("must_lay_down_first", "you must lay down your contract first")
        if at >= s.turn_number and not s.rules.add_same_turn:
            return refuse("add_next_turn", "you can add to melds from your next turn")
        return None

    # ------------------------------------------------------------------ draw
    def _plan_draw(self, seat: int, source: str) -> Refusal | Effect:
        s = self._s
        if s.phase != Phase.DRAW:
            return refuse("already_drew", "you have already drawn this turn")
        if source not in (STOCK, POZO):
            return refuse("bad_source", f"draw from 'stock' or 'pozo', not {source!r}")
        if source == POZO and not s.pozo:
            return refuse("pozo_empty", "the pozo is empty")

        def effect() -> Event:
            s.phase = Phase.PLAY
            if source == POZO:
                cid = s.pozo.pop()
                s.last_discard = None
                s.hands[seat].append(cid)
                return self._event(seat, EventKind.DRAW, source=POZO, cards=(self._code(cid),))
            if not s.stock and round_blocked(s):  # nobody can ever go out: see blocked.py
                event = self._event(seat, EventKind.BLOCKED)
                self._end_round(None)
                return event
            if not s.stock:
                self._reshuffle()
            if not s.stock:  # the draw counts and the round ends with nobody out (§2)
                event = self._event(seat, EventKind.STOCK_OUT)
                self._end_round(None)
                return event
            cid = s.stock.pop()
            s.hands[seat].append(cid)
            event = self._event(seat, EventKind.DRAW, source=STOCK, secret=(self._code(cid),))
            open_offer(s, seat)
            return event

        return effect

    def _reshuffle(self) -> None:
        s = self._s
        if len(s.pozo) <= 1:
            return
        rest, top = s.pozo[:-1], s.pozo[-1]
        s.rng.shuffle(rest)
        s.stock, s.pozo = rest, [top]  # the top stays, so a pending discard stays buyable
        self._event(s.turn, EventKind.RESHUFFLE, points=(len(rest),))

    # ------------------------------------------------------------------ discard
    def _plan_discard(self, seat: int, code: str) -> Refusal | Effect:
        s = self._s
        try:
            card = parse_card(code)
        except CardError as err:
            return err.refusal
        cid = self._find(seat, card)
        if cid is None:
            return refuse("card_not_in_hand", f"{code} is not in your hand", card=code)
        hand_all_wild = all(is_wild(s.cards[c], s.rules) for c in s.hands[seat])
        if is_wild(card, s.rules) and not s.rules.discard_wild and not hand_all_wild:
            return refuse("cannot_discard_wild", "a wild may not be discarded", card=code)

        def effect() -> Event:
            s.hands[seat].remove(cid)
            s.pozo.append(cid)
            event = self._event(seat, EventKind.DISCARD, cards=(code,))
            if not s.hands[seat]:
                self._end_round(seat)
                return event
            s.last_discard = (seat, cid)
            s.buy_open = False
            s.turn = (seat + 1) % s.players
            s.turn_number += 1
            s.phase = Phase.DRAW
            return event

        return effect

    # ------------------------------------------------------------------ lay down
    def _plan_laydown(self, seat: int, action: LayDown) -> Refusal | Effect:
        s = self._s
        plan = plan_laydown(s, seat, action.melds)
        if isinstance(plan, Refusal):
            return plan
        if s.laid_down_at[seat] is not None:
            timing = self._may_add(seat)
            if timing is not None:
                return refuse(
                    "extra_melds_next_turn", "extra melds can be laid down from your next turn"
                )

        def effect() -> Event:
            used = {slot.ref for meld in plan.melds for slot in meld.layout.slots}
            s.hands[seat] = [c for c in s.hands[seat] if c not in used]
            s.table.extend(plan.melds)
            s.progress[seat] = plan.progress
            if plan.completes:
                s.laid_down_at[seat] = s.turn_number
            texts = tuple(
                tuple(slot_text(sl, s.cards[sl.ref]) for sl in m.layout.slots) for m in plan.melds
            )
            event = self._event(seat, EventKind.LAY_DOWN, melds=texts)
            if not s.hands[seat]:
                self._end_round(seat)
            return event

        return effect

    # ------------------------------------------------------------------ add
    def _plan_add(self, seat: int, action: Add) -> Refusal | Effect:
        s = self._s
        timing = self._may_add(seat)
        if timing is not None:
            return timing
        if not 0 <= action.meld < len(s.table):
            return refuse("no_such_meld", f"there is no meld {action.meld}", meld=action.meld)
        try:
            card, marker = parse_marked(action.card)
        except CardError as err:
            return err.refusal
        cid = self._find(seat, card)
        if cid is None:
            return refuse("card_not_in_hand", f"{card.code} is not in your hand", card=card.code)
        meld = s.table[action.meld]
        options = extend(meld.layout, card, marker, cid, s.rules)
        if isinstance(options, Refusal):
            return options
        if len(options) > 1:
            places = " or ".join(
                slot_text(next(sl for sl in o.slots if sl.ref == cid), card) for o in options
            )
            return refuse(
                "ambiguous_wild", f"say which card the wild stands for: {places}", options=places
            )
        layout = options[0]

        def effect() -> Event:
            s.hands[seat].remove(cid)
            meld.layout = layout
            slot = next(sl for sl in layout.slots if sl.ref == cid)
            event = self._event(
                seat, EventKind.ADD, meld=action.meld, cards=(slot_text(slot, card),)
            )
            if not s.hands[seat]:
                self._end_round(seat)
            return event

        return effect

    # ------------------------------------------------------------------ swap
    def _plan_swap(self, seat: int, action: Swap) -> Refusal | Effect:
        s = self._s
        if s.rules.swap_requires_laid_down:
            timing = self._may_add(seat)
            if timing is not None:
                return timing
        if not 0 <= action.meld < len(s.table):
            return refuse("no_such_meld", f"there is no meld {action.meld}", meld=action.meld)
        try:
            card = parse_card(action.card)
        except CardError as err:
            return err.refusal
        if card.is_joker:
            return refuse("swap_needs_natural", "swap a wild for the natural card it stands for")
        cid = self._find(seat, card)
        if cid is None:
            return refuse("card_not_in_hand", f"{card.code} is not in your hand", card=card.code)
        meld = s.table[action.meld]
        k = swap_slot(meld.layout, card)
        if k is None:
            return refuse(
                "no_wild_for_card", f"no wild in that meld stands for {card.code}", card=card.code
            )
        wild_id = meld.layout.slots[k].ref

        def effect() -> Event:
            hand = s.hands[seat]
            hand[hand.index(cid)] = wild_id
            meld.layout = swapped(meld.layout, k, cid, card)
            return self._event(
                seat, EventKind.SWAP, meld=action.meld, cards=(card.code, self._code(wild_id))
            )

        return effect

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
        s = self._s
        n = s.players
        s.round_index = index
        s.dealer = (s.dealer + 1) % n if index > 0 else s.dealer
        ids = list(range(len(s.cards)))
        s.deal_rng(index).shuffle(ids)
        s.hands = [[] for _ in range(n)]
        first = (s.dealer + 1) % n
        for _ in range(s.rules.hand_size):
            for k in range(n):
                s.hands[(first + k) % n].append(ids.pop())
        s.stock, s.pozo, s.table = ids, [], []
        s.laid_down_at, s.progress, s.buys = [None] * n, [(0, 0)] * n, [0] * n
        s.last_discard, s.buy_open, s.round_over, s.offers = None, False, False, []
        s.turn, s.turn_number, s.phase = first, 0, Phase.DRAW
        self._event(s.dealer, EventKind.DEAL, points=(index,))
        self._turn_first_pozo_card()

    def _turn_first_pozo_card(self) -> None:
        """The first pozo card; a wild is buried in the middle of the stock (§2)."""
        s = self._s
        for _ in range(len(s.stock)):
            cid = s.stock.pop()
            if not is_wild(s.cards[cid], s.rules):
                s.pozo.append(cid)
                self._event(s.dealer, EventKind.POZO_START, cards=(self._code(cid),))
                return
            s.stock.insert(len(s.stock) // 2, cid)
            self._event(s.dealer, EventKind.BURY, cards=(self._code(cid),))

    def _end_round(self, went_out: int | None) -> None:
        s = self._s
        hands = [[s.cards[c] for c in h] for h in s.hands]
        points = round_points(hands, went_out, s.rules)
        s.points.append(points)
        s.went_out.append(went_out)
        s.round_over, s.buy_open, s.last_discard, s.offers = True, False, None, []
        last = s.round_index == len(s.rules.rounds) - 1
        s.phase = Phase.MATCH_OVER if last else Phase.ROUND_OVER
        if went_out is not None:
            self._event(went_out, EventKind.GO_OUT)
        revealed = tuple(tuple(c.code for c in h) for h in hands)
        self._event(
            -1 if went_out is None else went_out,
            EventKind.ROUND_END,
            points=tuple(points),
            melds=revealed,
        )
