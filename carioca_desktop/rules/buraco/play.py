"""The Buraco turn, as functions over a trial State: ``execute`` either refuses an action (and
the caller throws the trial away) or mutates the trial and returns the events to log."""

from __future__ import annotations

from ..cards import Card, Marker, parse_marked
from ..errors import CardError, Refusal, refuse
from ..melds import Layout
from .actions import Action, Add, Discard, Draw, LayDown, Melds, NextRound, Swap, TakePile
from .melds import LIMPO, add_card, analyse_meld, buraco_kind, is_wild, slot_text, swap_card
from .rounds import Turn, deal_round, end_round
from .scoring import card_points
from .state import DECK, Event, Phase, State, TableMeld

ACTIONS = (Draw, TakePile, LayDown, Add, Swap, Discard, NextRound)


def execute(s: State, action: Action) -> Refusal | list[Event]:
    turn = Turn(s)
    result = _dispatch(turn, action)
    return result if result is not None else turn.events


def _dispatch(t: Turn, a: Action) -> Refusal | None:
    s = t.s
    if not isinstance(a, ACTIONS):
        return refuse("bad_action", f"not a Buraco action: {a!r}")
    if s.phase == Phase.MATCH_OVER:
        return refuse("match_over", "the match is over")
    if isinstance(a, NextRound):
        if s.phase != Phase.ROUND_OVER:
            return refuse("round_not_over", "the round is still being played")
        deal_round(t, s.round_index + 1, (s.dealer + 1) % s.players)
        return None
    if s.phase == Phase.ROUND_OVER:
        return refuse("round_over", "the round is over")
    seat = a.seat
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < s.players:
        return refuse("bad_seat", f"there is no seat {seat!r}")
    if seat != s.turn:
        return refuse("not_your_turn", "it is not your turn", seat=s.turn)
    if seat in s.pending:
        s.pending.remove(seat)  # the morto's holder acts: it is played
    if isinstance(a, (Draw, TakePile)):
        if s.phase != Phase.DRAW:
            return refuse("already_drew", "you have already drawn this turn")
        return _draw(t, seat) if isinstance(a, Draw) else _take_pile(t, a)
    if s.phase == Phase.DRAW:
        return refuse("must_draw_first", "draw from the stock or take the pile first")
    if isinstance(a, LayDown):
        problem = _lay(t, seat, a.melds, list(s.hands[seat]), None)
        return problem or _after_meld(t, seat)
    if isinstance(a, Add):
        problem = _add(t, seat, a.meld, a.cards, None)
        return problem or _after_meld(t, seat)
    if isinstance(a, Swap):
        return _swap(t, a)
    return _discard(t, a)


# --------------------------------------------------------------------------- helpers
def side_of(seat: int) -> int:
    return seat % 2


def morto_available(s: State, side: int) -> bool:
    return bool(s.mortos) and s.took[side] < s.rules.morto_quota


def effective_took(s: State, side: int) -> int:
    """Mortos the side took, less those still unplayed under ``unplayed_morto: "not_taken"``."""
    unplayed = sum(1 for p in s.pending if p % 2 == side)
    return s.took[side] - unplayed


def opened(s: State, side: int) -> bool:
    return any(m.side == side for m in s.table)


def _card(text: str) -> tuple[Card, Marker | None] | Refusal:
    try:
        return parse_marked(text)
    except CardError as err:
        return err.refusal


def _pick(pool: list[int], code: str, prefer: int | None) -> int | None:
    """A card id with this code from ``pool``, ``prefer`` first: a card taken alone from the
    pile goes to the table before another copy, which then stays free to be discarded."""
    ids = [c for c in pool if DECK[c].code == code]
    if not ids:
        return None
    return prefer if prefer in ids else ids[0]


def meld_texts(s: State, layout: Layout) -> tuple[str, ...]:
    return tuple(slot_text(sl, DECK[sl.ref]) for sl in layout.slots)


def go_out_problem(s: State, seat: int, discard: int | None) -> Refusal | None:
    """Why the side may not go out now (``discard``: the card that would empty the hand)."""
    rules, side = s.rules, side_of(seat)
    if effective_took(s, side) < 1:
        return refuse("cannot_go_out", "your side must take a morto before going out")
    kinds = [buraco_kind(m.layout) for m in s.table if m.side == side]
    if rules.go_out_requires == "clean_buraco" and LIMPO not in kinds:
        return refuse("go_out_needs_clean_buraco", "going out needs a clean buraco (limpo)")
    if not any(kinds):
        return refuse("go_out_needs_buraco", "going out needs a buraco (7 or more cards)")
    if discard is None and rules.go_out_needs_discard:
        return refuse("go_out_needs_discard", "you go out by discarding your last card")
    if discard is not None and not rules.go_out_discard_wild and is_wild(DECK[discard]):
        return refuse("go_out_wild_discard", "the discard that goes out may not be a wild")
    return None


def can_discard_last(s: State, seat: int, cid: int) -> bool:
    """Whether discarding ``cid`` as the last card would be accepted now (§5.3)."""
    if not s.rules.rediscard_single_pile and cid == s.single_taken:
        return False
    if morto_available(s, side_of(seat)):
        return True
    return go_out_problem(s, seat, cid) is None


# --------------------------------------------------------------------------- drawing
def _draw(t: Turn, seat: int) -> Refusal | None:
    s = t.s
    if not s.stock:
        if not s.mortos:
            return refuse("stock_empty", "the stock is empty and no morto is left")
        s.stock = s.mortos.pop(0)
        t.emit(seat, "morto_to_stock", points=(len(s.stock),))
    cid = s.stock.pop()
    s.hands[seat].append(cid)
    s.phase = Phase.PLAY
    t.emit(seat, "draw", secret=(DECK[cid].code,))
    return None


def _take_pile(t: Turn, a: TakePile) -> Refusal | None:
    s, seat = t.s, a.seat
    if not s.pile:
        return refuse("pile_empty", "the pile is empty")
    use = bool(a.melds) or a.add is not None or a.card is not None
    if s.rules.pile_take == "free" and use:
        return refuse("pile_use_not_allowed", "take the pile, then meld with ordinary actions")
    if s.rules.pile_take == "must_use_top" and not use:
        return refuse("pile_top_unused", "the pile's top card must go to the table at once")
    if a.melds and (a.add is not None or a.card is not None):
        return refuse("bad_action", "use the top card in new melds or in an add, not both")
    if a.card is not None and a.add is None:
        return refuse("bad_action", "a marked top card needs the meld to add it to")
    top, taken, before = s.pile[-1], list(s.pile), list(s.hands[seat])
    s.pile = []
    s.hands[seat].extend(taken)
    s.single_taken = top if len(taken) == 1 else None
    s.phase = Phase.PLAY
    t.emit(seat, "take_pile", cards=tuple(DECK[c].code for c in taken))
    if a.melds:
        problem = _lay(t, seat, a.melds, before, top)
    elif a.add is not None:
        text = a.card if a.card is not None else DECK[top].code
        parsed = _card(text)
        if isinstance(parsed, Refusal):
            return parsed
        if parsed[0] != DECK[top]:
            return refuse("pile_top_unused", f"the top card is {DECK[top].code}, not {text}")
        problem = _add(t, seat, a.add, (text,), top)
    else:
        return None
    return problem or _after_meld(t, seat)


# --------------------------------------------------------------------------- melding
def _lay(t: Turn, seat: int, melds: Melds, pool: list[int], top: int | None) -> Refusal | None:
    s = t.s
    if not isinstance(melds, tuple) or not melds:
        return refuse("no_melds", "lay down at least one meld")
    placed: list[Layout] = []
    used: list[int] = []
    top_used = False
    for number, meld in enumerate(melds):
        if not isinstance(meld, tuple) or not meld:
            return refuse("too_short", f"meld {number + 1} is empty", missing=3)
        entries, ids = [], []
        for text in meld:
            parsed = _card(text) if isinstance(text, str) else refuse("bad_card", "bad card")
            if isinstance(parsed, Refusal):
                return parsed
            card = parsed[0]
            if top is not None and not top_used and card == DECK[top]:
                cid: int | None = top
                top_used = True
            else:
                cid = _pick([c for c in pool if c not in used], card.code, s.single_taken)
            if cid is None:
                return refuse("not_in_hand", f"{card.code} is not in your hand", card=card.code)
            used.append(cid)
            entries.append(parsed)
            ids.append(cid)
        layout = analyse_meld(entries, s.rules)
        if isinstance(layout, Refusal):
            return layout
        placed.append(layout.with_refs(ids))
    if top is not None and not top_used:
        return refuse("pile_top_unused", "one of the new melds must hold the pile's top card")
    side = side_of(seat)
    need = s.rules.first_meld_min
    if need > 0 and not opened(s, side):
        got = card_points((DECK[c] for c in used), s.rules)
        if got < need:
            return refuse(
                "first_meld_minimum",
                f"your side's first melds must be worth {need} points (these are {got})",
                need=need,
                got=got,
            )
    hand = s.hands[seat]
    for cid in used:
        hand.remove(cid)
    start = len(s.table)
    s.table.extend(TableMeld(side, layout) for layout in placed)
    t.emit(seat, "lay_down", melds=tuple(meld_texts(s, m) for m in placed), meld=start)
    return None


def _own_meld(s: State, seat: int, index: object) -> TableMeld | Refusal:
    """The meld ``index`` of the table, if there is one and it is ``seat``'s side's."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(s.table):
        return refuse("no_such_meld", f"there is no meld {index!r}", meld=str(index))
    meld = s.table[index]
    if meld.side != side_of(seat):
        return refuse("not_your_side", "you may only change your own side's melds")
    return meld


def _add(t: Turn, seat: int, index: int, cards: tuple[str, ...], top: int | None) -> Refusal | None:
    s = t.s
    meld = _own_meld(s, seat, index)
    if isinstance(meld, Refusal):
        return meld
    if not isinstance(cards, tuple) or not cards:
        return refuse("no_cards", "say which cards to add")
    layout, used = meld.layout, []
    hand = s.hands[seat]
    for text in cards:
        parsed = _card(text) if isinstance(text, str) else refuse("bad_card", "bad card")
        if isinstance(parsed, Refusal):
            return parsed
        card, marker = parsed
        cid = (
            top
            if top is not None
            else _pick([c for c in hand if c not in used], card.code, s.single_taken)
        )
        if cid is None:
            return refuse("not_in_hand", f"{card.code} is not in your hand", card=card.code)
        result = add_card(layout, card, marker, cid, s.card, s.rules)
        if isinstance(result, Refusal):
            return result
        layout = result
        used.append(cid)
    for cid in used:
        hand.remove(cid)
    s.table[index] = TableMeld(meld.side, layout)
    # Each card as it now lies (a wild with the card it stands for, as a lay-down's melds).
    placed = {sl.ref: slot_text(sl, DECK[sl.ref]) for sl in layout.slots}
    t.emit(seat, "add", cards=tuple(placed[c] for c in used), meld=index)
    return None


def _after_meld(t: Turn, seat: int) -> Refusal | None:
    """Emptying the hand by melding (§5.2) and the one-card rule (§5.3)."""
    s = t.s
    hand = s.hands[seat]
    if not hand:
        if morto_available(s, side_of(seat)):
            _take_morto(t, seat)
            return None
        problem = go_out_problem(s, seat, None)
        if problem:
            return problem
        end_round(t, seat)
        return None
    if len(hand) == 1 and not can_discard_last(s, seat, hand[0]):
        return refuse(
            "must_keep_a_card",
            "you must keep a card you could discard: this play would leave you stuck",
        )
    return None


def _swap(t: Turn, a: Swap) -> Refusal | None:
    s, seat = t.s, a.seat
    if s.rules.swap != "to_hand":
        return refuse("swap_not_allowed", "a wild never goes back to a hand with these rules")
    index = a.meld
    meld = _own_meld(s, seat, index)
    if isinstance(meld, Refusal):
        return meld
    parsed = _card(a.card) if isinstance(a.card, str) else refuse("bad_card", "bad card")
    if isinstance(parsed, Refusal):
        return parsed
    card, marker = parsed
    if marker is not None or card.is_joker:
        return refuse("swap_needs_natural", "swap a wild for the natural card it stands for")
    hand = s.hands[seat]
    cid = _pick(hand, card.code, s.single_taken)
    if cid is None:
        return refuse("not_in_hand", f"{card.code} is not in your hand", card=card.code)
    result = swap_card(meld.layout, card, cid)
    if isinstance(result, Refusal):
        return result
    layout, wild = result
    hand.remove(cid)
    hand.append(wild)
    s.table[index] = TableMeld(meld.side, layout)
    if len(hand) == 1 and not can_discard_last(s, seat, wild):
        return refuse("must_keep_a_card", "this swap would leave you a card you cannot discard")
    t.emit(seat, "swap", cards=(card.code, DECK[wild].code), meld=index)
    return None


# --------------------------------------------------------------------------- discarding
def _discard(t: Turn, a: Discard) -> Refusal | None:
    s, seat = t.s, a.seat
    parsed = _card(a.card) if isinstance(a.card, str) else refuse("bad_card", "bad card")
    if isinstance(parsed, Refusal):
        return parsed
    card, marker = parsed
    if marker is not None:
        return refuse("marker_on_discard", "a discard is a plain card code")
    hand = s.hands[seat]
    ids = [c for c in hand if DECK[c] == card]
    if not ids:
        return refuse("not_in_hand", f"{card.code} is not in your hand", card=card.code)
    others = [c for c in ids if c != s.single_taken]
    if not others and not s.rules.rediscard_single_pile:
        return refuse(
            "rediscard_taken_card",
            f"you took {card.code} alone from the pile: you may not discard it this turn",
            card=card.code,
        )
    cid = others[0] if others else ids[0]
    hand.remove(cid)
    s.pile.append(cid)
    t.emit(seat, "discard", cards=(card.code,))
    if not hand:
        if morto_available(s, side_of(seat)):
            _take_morto(t, seat)
            if s.rules.indirect_morto == "continue":
                return None
            if s.rules.unplayed_morto == "not_taken":
                s.pending.append(seat)
            _end_turn(t)
            return None
        problem = go_out_problem(s, seat, cid)
        if problem:
            return problem
        end_round(t, seat)
        return None
    _end_turn(t)
    return None


def _take_morto(t: Turn, seat: int) -> None:
    s = t.s
    pile = s.mortos.pop(0)
    s.hands[seat].extend(reversed(pile))
    s.holders[side_of(seat)].append(seat)
    t.emit(seat, "morto", secret=tuple(DECK[c].code for c in reversed(pile)))


def _end_turn(t: Turn) -> None:
    s = t.s
    s.turn = (s.turn + 1) % s.players
    s.phase = Phase.DRAW
    s.single_taken = None
    if len(s.stock) <= s.rules.stock_end_at and not s.mortos:
        end_round(t, None)
