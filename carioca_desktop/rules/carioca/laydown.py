"""Checking a lay-down (bajarse, RULES.md §5.2) against the round's contract."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, Marker, Suit, parse_marked
from ..errors import CardError, Refusal, refuse
from ..melds import ESCALA, TRIO, Layout, analyse
from .contracts import Contract, Form
from .ruleset import CariocaRules
from .state import State, TableMeld


@dataclass(frozen=True)
class LaydownPlan:
    """The melds a legal lay-down puts on the table and the owner's contract progress after."""

    melds: tuple[TableMeld, ...]
    progress: tuple[int, int]
    completes: bool


def plan_laydown(state: State, seat: int, melds: Sequence[Sequence[str]]) -> LaydownPlan | Refusal:
    """Check ``melds`` (card codes) as ``seat``'s lay-down now; the plan or the refusal."""
    if not melds or any(len(m) == 0 for m in melds):
        return refuse("no_melds", "lay down at least one meld")
    entries = _entries(melds)
    if isinstance(entries, Refusal):
        return entries
    refs = _take_from_hand(state, seat, [c for m in entries for c, _ in m])
    if isinstance(refs, Refusal):
        return refs
    contract = state.rules.contract(state.round_index)
    done = state.laid_down_at[seat] is not None
    if done and not state.rules.extra_melds:
        return refuse("already_laid_down", "you have already laid down this round")
    layouts = layouts_for(entries, contract, state.rules, extras_only=done)
    if isinstance(layouts, Refusal):
        return layouts
    prior_suits = {
        m.layout.suit
        for m in state.table
        if m.owner == seat and m.contract and m.layout.kind == ESCALA
    }
    verdict = fit_contract(layouts, contract, state.rules, state.progress[seat], done, prior_suits)
    if isinstance(verdict, Refusal):
        return verdict
    roles, progress, completes = verdict
    placed, k = [], 0
    for layout, is_contract in zip(layouts, roles):
        mapped = layout.with_refs(refs[k : k + len(layout.slots)])
        k += len(layout.slots)
        placed.append(TableMeld(seat, mapped, is_contract))
    return LaydownPlan(tuple(placed), progress, completes)


def _entries(melds: Sequence[Sequence[str]]) -> list[list[tuple[Card, Marker | None]]] | Refusal:
    try:
        return [[parse_marked(code) for code in meld] for meld in melds]
    except CardError as err:
        return err.refusal


def _take_from_hand(state: State, seat: int, cards: list[Card]) -> list[int] | Refusal:
    """Physical ids for these faces, taken from the hand (copies are interchangeable)."""
    pool = list(state.hands[seat])
    out = []
    for card in cards:
        cid = next((c for c in pool if state.cards[c] == card), None)
        if cid is None:
            return refuse(
                "card_not_in_hand",
                f"{card.code} is not in your hand (or not that many times)",
                card=card.code,
            )
        pool.remove(cid)
        out.append(cid)
    return out


def layouts_for(
    entries: Sequence[Sequence[tuple[Card, Marker | None]]],
    contract: Contract,
    rules: CariocaRules,
    extras_only: bool = False,
) -> list[Layout] | Refusal:
    """Read each proposed meld as a trío or an escala of this round (input order kept, so the
    layouts' refs index into the meld's own card list), or the first meld's refusal."""
    length = contract.escala_length(rules.escala_min)
    out: list[Layout] = []
    for i, meld in enumerate(entries):
        layout: Layout | Refusal
        if contract.special and not extras_only:
            layout = analyse(meld, rules, special=contract.special)
            if isinstance(layout, Refusal) and rules.extra_melds and out:
                layout = analyse(meld, rules, ESCALA, rules.escala_min)
        else:
            min_len = rules.escala_min if contract.special else length
            layout = analyse(meld, rules, None, min_len)
        if isinstance(layout, Refusal):
            return refuse(
                layout.code, f"meld {i + 1}: {layout.message}", meld=i + 1, **dict(layout.params)
            )
        out.append(layout)
    return out


def fit_contract(
    layouts: Sequence[Layout],
    contract: Contract,
    rules: CariocaRules,
    prior: tuple[int, int],
    done: bool,
    prior_suits: set[Suit | None] | None = None,
) -> tuple[list[bool], tuple[int, int], bool] | Refusal:
    """Which melds count towards the contract, the progress after, and whether it completes.

    Without ``partial_contract`` the contract goes down whole in one action; with
    ``extra_melds`` melds of the contract's kinds may come with it and in later turns.
    """
    kinds = [lay.kind for lay in layouts]
    if done:  # already down: only extra melds, of the kinds the contract names
        if any(k not in contract.kinds for k in kinds):
            return refuse("extra_kind", "extra melds must be of the kinds this round names")
        problem = _exact(layouts, contract, rules)
        return problem or ([False] * len(layouts), prior, False)
    problem = _exact(layouts, contract, rules)
    if problem:
        return problem
    best: Refusal | None = None
    for form in contract.forms:
        verdict = _fit_form(layouts, form, rules, prior, prior_suits or set())
        if not isinstance(verdict, Refusal):
            return verdict
        best = best or verdict
    assert best is not None
    return best


def _exact(layouts: Sequence[Layout], contract: Contract, rules: CariocaRules) -> Refusal | None:
    """``exact_laydown``: tríos of exactly 3, escalas of exactly the round's length."""
    if not rules.exact_laydown or contract.special:
        return None
    length = contract.escala_length(rules.escala_min)
    for i, lay in enumerate(layouts):
        want = 3 if lay.kind == TRIO else length
        if len(lay.slots) != want:
            what = "trío" if lay.kind == TRIO else "escala"
            return refuse(
                "exact_laydown",
                f"meld {i + 1}: lay a {what} down with exactly {want} "
                "cards; add the rest from your next turn",
                meld=i + 1,
                need=want,
            )
    return None


def _fit_form(
    layouts: Sequence[Layout],
    form: Form,
    rules: CariocaRules,
    prior: tuple[int, int],
    prior_suits: set[Suit | None],
) -> tuple[list[bool], tuple[int, int], bool] | Refusal:
    trios = sum(1 for lay in layouts if lay.kind == TRIO)
    escalas = len(layouts) - trios
    if prior[0] > form.trios or prior[1] > form.escalas:
        return refuse("contract_mismatch", "these melds do not match this round's contract")
    need_t, need_e = form.trios - prior[0], form.escalas - prior[1]
    partial = rules.partial_contract and trios <= need_t and escalas <= need_e
    whole = trios == need_t and escalas == need_e
    extra = (
        rules.extra_melds
        and trios >= need_t
        and escalas >= need_e
        and ((trios == need_t or form.trios > 0) and (escalas == need_e or form.escalas > 0))
    )
    if not (partial or whole or extra):
        if trios < need_t or escalas < need_e:
            return refuse(
                "contract_incomplete",
                "this is not the whole contract of the round",
                trios=need_t,
                escalas=need_e,
            )
        return refuse(
            "contract_mismatch",
            "these melds do not match this round's contract",
            trios=need_t,
            escalas=need_e,
        )
    roles = _assign_roles(layouts, need_t, need_e, rules, prior_suits)
    if isinstance(roles, Refusal):
        return roles
    if not rules.extra_melds and not all(roles):  # only a repeated suit leaves one out
        return refuse("escala_suits_repeat", "the escalas of a contract must be of different suits")
    used_t = sum(1 for lay, r in zip(layouts, roles) if r and lay.kind == TRIO)
    used_e = sum(1 for lay, r in zip(layouts, roles) if r and lay.kind == ESCALA)
    progress = (prior[0] + used_t, prior[1] + used_e)
    return roles, progress, progress == (form.trios, form.escalas)


def _assign_roles(
    layouts: Sequence[Layout],
    need_t: int,
    need_e: int,
    rules: CariocaRules,
    prior_suits: set[Suit | None],
) -> list[bool] | Refusal:
    """Mark the melds that count towards the contract (the rest are extras). With
    ``distinct_escala_suits`` the contract's escalas must be of different suits."""
    roles = [False] * len(layouts)
    left_t, left_e = need_t, need_e
    suits = set(prior_suits)
    for i, lay in enumerate(layouts):
        if lay.kind == TRIO and left_t:
            roles[i], left_t = True, left_t - 1
        elif lay.kind == ESCALA and left_e:
            if rules.distinct_escala_suits and lay.suit in suits:
                continue
            roles[i], left_e = True, left_e - 1
            suits.add(lay.suit)
    escalas_given = sum(1 for lay in layouts if lay.kind == ESCALA)
    if rules.distinct_escala_suits and left_e and escalas_given >= need_e:
        return refuse("escala_suits_repeat", "the escalas of a contract must be of different suits")
    return roles
