"""What the table says about the current observation: slot verdicts, words, button states,
returned as a value (``Description``) for the scene to keep in its model."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.play.carioca.offer import current_offer
from carioca_desktop.play.text import (
    contract_text,
    event_line,
    level_text,
    refusal_text,
)
from carioca_desktop.rules.carioca.observation import (
    Observation,
    OwedMeld,
    escala_suits,
    owed_melds,
)
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.errors import Refusal
from carioca_desktop.rules.melds import TRIO, Layout
from carioca_desktop.ui.hud import SeatInfo, initials
from carioca_desktop.ui.scenes.carioca.model import Buttons, Description, TableModel
from carioca_desktop.ui.scenes.carioca.slots import laydown_action, ordered, slot_title, verdict
from carioca_desktop.ui.scenes.carioca.view import SlotView, TableText

if TYPE_CHECKING:
    from carioca_desktop.play.carioca.session import MatchSession

log = logging.getLogger(__name__)


def fit_slots(model: TableModel) -> None:
    """One slot per meld the viewer still owes (none while their hand may not be played),
    holding only cards still in the hand: a local arrangement, so the model's own."""
    specs = list(owed_melds(model.obs)) if model.playable else []
    model.slots.reset(specs)
    model.slots.keep_only({c.uid for c in model.hand.cards})


def describe(
    model: TableModel, session: MatchSession, advice_on: bool, title: str | None = None
) -> Description:
    """The slots' verdicts, the words and the buttons' states for the model's observation
    (``fit_slots`` first; ``title`` replaces the round's header). The only legality asked is
    the lay-down's, once."""
    obs, human = model.obs, model.playable
    slots = model.slots.slots
    groups = [[model.hand.code(u) for u in slot.uids] for slot in slots]
    slot_views = [_slot_view(codes, slot.spec, slot.uids, obs.rules) for codes, slot in
                  zip(groups, slots)]  # fmt: skip
    action = laydown_action(obs.seat, groups)
    check = model.legal.verdict(action) if action is not None else None
    can_lay_down = human and action is not None and check is None
    all_ok = bool(slot_views) and all(v.ok is not False for v in slot_views)
    hint = refusal_text(check) if (check and all_ok and action) else ""
    must_draw = human and obs.my_turn and obs.phase == "draw"
    text = table_text(
        obs, session, model.hand_hidden, model.log_lines, title, must_draw, model.hands_up
    )
    offer = _offer_card(model, session) if human else None
    undo = human and obs.my_turn and model.legal.undoable(obs.seat)
    pista = (obs.my_turn and obs.phase in ("draw", "play")) if advice_on else None
    buttons = Buttons(can_lay_down, _can_auto(obs, bool(slots)) if human else False,
                      human and bool(slots), human, undo, pista if human else None,
                      offer)  # fmt: skip
    return Description(slot_views, can_lay_down, hint, text, buttons)


def told(lines: deque[str], old: Observation, obs: Observation, session: MatchSession,
         seen: int) -> int:  # fmt: skip
    """Bring the log's ``lines`` (told up to ``seen`` events) from ``old`` to ``obs``: the
    new moves' lines in; after an undo or a step back, the undone moves' lines out. The
    number of events now told."""
    if len(obs.events) < seen:
        for _ in log_lines(old, session, len(obs.events)):
            if lines:
                lines.pop()
    lines.extend(log_lines(obs, session, seen))
    return len(obs.events)


def log_lines(obs: Observation, session: MatchSession, since: int) -> list[str]:
    """The move log's new lines, for the events from ``since`` on. "Botaste el 8♣" only when
    one person plays; at a hot seat every line names its player and tells only what everyone
    saw (the log stays on screen for the next person)."""
    names, you = obs.names, session.human_seats == [obs.seat]
    reader = -1 if session.hot_seat else obs.seat
    lines = (event_line(event, names, reader, you) for event in obs.events[since:])
    return [line for line in lines if line]


def _slot_view(codes: list[str], spec: OwedMeld, uids: list[int], rules: CariocaRules) -> SlotView:
    result = verdict(codes, spec, rules)
    cards = [(uid, code, marker) for uid, (code, marker) in zip(_order(uids, codes, result),
             ordered(codes, result))]  # fmt: skip
    if result is None:
        words, ok = "", None
    elif isinstance(result, Refusal):
        words, ok = refusal_text(result), False
    else:
        words = tr("table.slot.ok_trio" if result.kind == TRIO else "table.slot.ok_escala")
        ok = True
    want = 13 if spec.special else (4 if spec.kind == TRIO else spec.min_len + 1)
    need = 13 if spec.special else (3 if spec.kind == TRIO else spec.min_len)
    title, hint = slot_title(spec), tr("table.slot.empty")
    return SlotView(pygame.Rect(0, 0, 0, 0), title, words, ok, cards, want, need, hint)


def _order(uids: list[int], codes: list[str], result: Layout | Refusal | None) -> list[int]:
    """The uids in the order ``ordered`` puts their cards (escala order for a valid slot)."""
    if not isinstance(result, Layout):
        return list(uids)
    return [uids[slot.ref] for slot in result.slots]


def _title(obs: Observation) -> str:
    total = len(obs.rules.rounds)
    return tr(
        "table.round_title",
        n=obs.round_index + 1,
        total=total,
        contract=contract_text(obs.contract),
    )


def _status(session: MatchSession, obs: Observation) -> str:
    if obs.phase == "match_over":
        return tr("table.status.match_over")
    if obs.phase == "round_over":
        return tr("table.status.round_over")
    if obs.turn is None:
        return ""
    if obs.turn == obs.seat and session.is_human(obs.seat):
        if obs.phase == "draw":
            return tr("table.status.draw")
        if not obs.laid_down[obs.seat]:
            return tr("table.status.play")  # lay down or discard: adding comes after
        return tr("table.status.play_down" if obs.may_add else "table.status.play_just_down")
    return tr("table.status.wait", name=obs.names[obs.turn])


def table_text(
    obs: Observation,
    session: MatchSession,
    hand_hidden: bool,
    log: Iterable[str],
    title: str | None = None,
    attention: bool = False,
    hands_up: bool = False,
) -> TableText:
    """The words the layer shows for ``obs`` (the frame draws them; the rehearsal of a
    bot's move, rehearse.py, draws them ahead)."""
    seats = _seats(obs, hand_hidden, session, hands_up)
    return TableText(title or _title(obs), _status(session, obs), list(log), seats, attention)


def _seats(
    obs: Observation, hand_hidden: bool, session: MatchSession, hands_up: bool = False
) -> list[SeatInfo]:
    seats = session.seats
    tallies = obs.rules.scoring == "tallies"
    wins = [sum(1 for w in obs.went_out if w == s) for s in range(obs.players)]
    labels, out = initials(obs.names), []
    totals = obs.totals  # a sum over every round for every seat: once, not once a seat
    for s in range(obs.players):
        cfg = seats[s]
        if cfg.kind == "bot":
            sub = tr("table.bot_level", level=level_text(cfg.level))
        else:
            mine = s == obs.seat and not hand_hidden
            sub = tr("table.you") if mine else tr("table.human")
        score = tr("table.tallies", n=wins[s]) if tallies else tr("table.points", n=totals[s])
        out.append(SeatInfo(s, obs.names[s], sub, score, obs.laid_down[s], obs.hand_sizes[s],
                            obs.turn == s, labels[s], hands_up))  # fmt: skip
    return out


def _offer_card(model: TableModel, session: MatchSession) -> str | None:
    """The card the engine is offering the viewer now, to answer on the table (at a hot
    seat the session passes for people instead: play/carioca/offer.py)."""
    offer = current_offer(model.obs)
    if offer is None or offer.seat != model.obs.seat or session.hot_seat:
        return None
    card: str = offer.card
    return card


def _can_auto(obs: Observation, has_slots: bool) -> bool:
    return has_slots and auto_melds(obs) is not None


def auto_melds(obs: Observation) -> tuple[tuple[str, ...], ...] | None:
    """What the Auto button would put in the slots: the solver's lay-down of the hand."""
    suits = escala_suits(obs)
    hand = tuple(sorted(obs.hand))
    return _solve(hand, obs.rules, obs.round_index, obs.progress[obs.seat], suits)


@lru_cache(maxsize=64)
def _solve(
    hand: tuple[str, ...],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int],
    prior_suits: frozenset[str],
) -> tuple[tuple[str, ...], ...] | None:
    """The solver's lay-down (cached: the hand changes about once a turn); None when it finds
    none, or fails (a helper's bug must not stop the game)."""
    from carioca_desktop import solver  # imported late: it is big, start-up counts

    try:
        melds = solver.find_laydown(hand, rules, round_index, progress, prior_suits)
        if melds is None and rules.partial_contract:
            melds = solver.find_partial_laydown(hand, rules, round_index, progress, prior_suits)
    except Exception:
        log.exception("the lay-down solver failed")
        return None
    return None if not melds else tuple(tuple(m) for m in melds)
