"""Building a Buraco game from a described position (conformance scenarios, tests)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import parse_card, parse_marked
from ..errors import RulesError, StateError
from ..melds import Layout
from .melds import analyse_meld
from .ruleset import BuracoRules
from .state import DECK, Phase, State, TableMeld, validate


def build_position(
    rules: BuracoRules,
    hands: Sequence[Sequence[str]],
    *,
    turn: int = 0,
    stock: Sequence[str] = (),
    pile: Sequence[str] = (),
    mortos: Sequence[Sequence[str]] = (),
    table: Sequence[Mapping[str, Any]] = (),
    took_morto: Sequence[int] = (0, 0),
    scores: Sequence[int] = (0, 0),
    names: Sequence[str] | None = None,
    seed: int = 0,
) -> State:
    """The state at the start of ``turn``'s turn, before drawing. ``stock`` and each morto are
    written top card first, ``pile`` top card last (the conformance format). The cards the
    position does not mention are set aside (``out``). Raises StateError saying what is wrong."""
    n = rules.players
    if len(hands) != n:
        raise StateError("bad_position", f"{len(hands)} hands for {n} players")
    if not 0 <= turn < n:
        raise StateError("bad_position", f"there is no seat {turn}")
    free: dict[str, list[int]] = {}
    for cid in reversed(range(len(DECK))):
        free.setdefault(DECK[cid].code, []).append(cid)

    def take(code: str) -> int:
        card = parse_card(code)
        ids = free.get(card.code)
        if not ids:
            raise StateError("bad_position", f"more copies of {card.code} than two decks hold")
        return ids.pop()

    def ids(codes: Sequence[str]) -> list[int]:
        return [take(c) for c in codes]

    try:
        state = State(
            rules, list(names or [f"Player {i + 1}" for i in range(n)]), random.Random(seed)
        )
        state.hands = [ids(h) for h in hands]
        state.stock = list(reversed(ids(stock)))
        state.pile = ids(pile)
        state.mortos = [list(reversed(ids(m))) for m in mortos]
        for index, spec in enumerate(table):
            state.table.append(_table_meld(index, spec, take, rules))
        if len(took_morto) != 2 or len(scores) != 2 or min(took_morto) < 0:
            raise StateError("bad_position", "took_morto and scores are per side (2 values)")
        if max(took_morto) > rules.morto_quota:  # checked before the lists are built
            raise StateError("bad_position", f"a side takes at most {rules.morto_quota} mortos")
        state.holders = [[side] * int(k) for side, k in enumerate(took_morto)]
        state.scores = [int(v) for v in scores]
    except (RulesError, TypeError, ValueError) as err:
        if isinstance(err, StateError):
            raise
        raise StateError("bad_position", f"bad position: {err}") from err
    state.out = sorted(c for pool in free.values() for c in pool)
    state.turn, state.dealer, state.phase = turn, (turn - 1) % n, Phase.DRAW
    validate(state)
    return state


def _table_meld(index: int, spec: Mapping[str, Any], take: Any, rules: BuracoRules) -> TableMeld:
    if not isinstance(spec, Mapping) or "meld" not in spec:
        raise StateError("bad_position", f'table meld {index}: write {{"side": k, "meld": [...]}}')
    side = spec.get("side", 0)
    if side not in (0, 1) or isinstance(side, bool):
        raise StateError("bad_position", f"table meld {index}: side is 0 or 1")
    codes = list(spec["meld"])
    entries = [parse_marked(c) for c in codes]
    layout = analyse_meld(entries, rules)
    if not isinstance(layout, Layout):
        raise StateError("bad_position", f"table meld {index} is not legal: {layout.message}")
    refs = [take(c.split("=")[0]) for c in codes]
    return TableMeld(int(side), layout.with_refs(refs))
