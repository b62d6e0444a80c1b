"""The moves of a turn (RULES.md §2, §3, §6): draw, discard, lay down, add, swap. Each is
planned as buying.py plans Buy and Pass: the refusal saying why not, or the effect that
applies it and returns its event (the Game runs it, keeping what Undo needs)."""

from __future__ import annotations

from ..cards import Card, parse_card, parse_marked
from ..errors import CardError, Refusal, refuse
from ..melds import extend, is_wild, slot_text, swap_slot, swapped
from .actions import POZO, STOCK, Add, LayDown, Swap
from .blocked import round_blocked
from .buying import Effect, Log, open_offer
from .laydown import plan_laydown
from .rounds import end_round, reshuffle
from .state import Event, EventKind, Phase, State


def find(s: State, seat: int, card: Card) -> int | None:
    """The id of a card equal to ``card`` in ``seat``'s hand, or None."""
    for cid in s.hands[seat]:
        if s.cards[cid] == card:
            return cid
    return None


def may_add(s: State, seat: int) -> Refusal | None:
    """Adding (and swapping, by default) needs the contract down, from the next turn."""
    at = s.laid_down_at[seat]
    if at is None:
        return refuse("must_lay_down_first", "you must lay down your contract first")
    if at >= s.turn_number and not s.rules.add_same_turn:
        return refuse("add_next_turn", "you can add to melds from your next turn")
    return None


# ------------------------------------------------------------------ draw
def plan_draw(s: State, seat: int, source: str, log: Log) -> Refusal | Effect:
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
            return log(seat, EventKind.DRAW, source=POZO, cards=(s.cards[cid].code,))
        if not s.stock and round_blocked(s):  # nobody can ever go out: see blocked.py
            event = log(seat, EventKind.BLOCKED)
            end_round(s, None, log)
            return event
        if not s.stock:
            reshuffle(s, log)
        if not s.stock:  # the draw counts and the round ends with nobody out (§2)
            event = log(seat, EventKind.STOCK_OUT)
            end_round(s, None, log)
            return event
        cid = s.stock.pop()
        s.hands[seat].append(cid)
        event = log(seat, EventKind.DRAW, source=STOCK, secret=(s.cards[cid].code,))
        open_offer(s, seat)
        return event

    return effect


# ------------------------------------------------------------------ discard
def plan_discard(s: State, seat: int, code: str, log: Log) -> Refusal | Effect:
    try:
        card = parse_card(code)
    except CardError as err:
        return err.refusal
    cid = find(s, seat, card)
    if cid is None:
        return refuse("card_not_in_hand", f"{code} is not in your hand", card=code)
    hand_all_wild = all(is_wild(s.cards[c], s.rules) for c in s.hands[seat])
    if is_wild(card, s.rules) and not s.rules.discard_wild and not hand_all_wild:
        return refuse("cannot_discard_wild", "a wild may not be discarded", card=code)

    def effect() -> Event:
        s.hands[seat].remove(cid)
        s.pozo.append(cid)
        event = log(seat, EventKind.DISCARD, cards=(code,))
        if not s.hands[seat]:
            end_round(s, seat, log)
            return event
        s.last_discard = (seat, cid)
        s.buy_open = False
        s.turn = (seat + 1) % s.players
        s.turn_number += 1
        s.phase = Phase.DRAW
        return event

    return effect


# ------------------------------------------------------------------ lay down
def plan_lay_down(s: State, seat: int, action: LayDown, log: Log) -> Refusal | Effect:
    """The melds checked by laydown.py, then when a seat already down may lay down more."""
    plan = plan_laydown(s, seat, action.melds)
    if isinstance(plan, Refusal):
        return plan
    if s.laid_down_at[seat] is not None:
        timing = may_add(s, seat)
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
        event = log(seat, EventKind.LAY_DOWN, melds=texts)
        if not s.hands[seat]:
            end_round(s, seat, log)
        return event

    return effect


# ------------------------------------------------------------------ add
def plan_add(s: State, seat: int, action: Add, log: Log) -> Refusal | Effect:
    timing = may_add(s, seat)
    if timing is not None:
        return timing
    if not 0 <= action.meld < len(s.table):
        return refuse("no_such_meld", f"there is no meld {action.meld}", meld=action.meld)
    try:
        card, marker = parse_marked(action.card)
    except CardError as err:
        return err.refusal
    cid = find(s, seat, card)
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
        event = log(seat, EventKind.ADD, meld=action.meld, cards=(slot_text(slot, card),))
        if not s.hands[seat]:
            end_round(s, seat, log)
        return event

    return effect


# ------------------------------------------------------------------ swap
def plan_swap(s: State, seat: int, action: Swap, log: Log) -> Refusal | Effect:
    if s.rules.swap_requires_laid_down:
        timing = may_add(s, seat)
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
    cid = find(s, seat, card)
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
        return log(seat, EventKind.SWAP, meld=action.meld, cards=(card.code, s.cards[wild_id].code))

    return effect
