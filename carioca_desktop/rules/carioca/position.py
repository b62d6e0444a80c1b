"""Building a game from a described position (conformance scenarios, the tutorial, tests)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import Card, parse_card, parse_marked
from ..errors import RulesError, StateError
from ..melds import ESCALA, TRIO, Layout, analyse
from .game import Game
from .ruleset import CariocaRules
from .state import Phase, State, TableMeld, check_copies


def from_position(
    rules: CariocaRules,
    hands: Sequence[Sequence[str]],
    *,
    round_number: int = 1,
    turn: int = 0,
    stock: Sequence[str] = (),
    pozo: Sequence[str] = (),
    table: Sequence[Mapping[str, Any]] = (),
    laid_down: Sequence[int] = (),
    names: Sequence[str] | None = None,
    seed: int = 0,
) -> Game:
    """A game at the start of ``turn``'s turn (before drawing) in round ``round_number``
    (1-based). ``stock`` is written top card first and ``pozo`` top card last, as in the
    conformance vectors. Raises StateError with a readable reason for an impossible position.
    """
    n = rules.players
    if len(hands) != n:
        raise StateError("bad_position", f"{len(hands)} hands for {n} players")
    if not 1 <= round_number <= len(rules.rounds):
        raise StateError("bad_position", f"there is no round {round_number}")
    if not 0 <= turn < n:
        raise StateError("bad_position", f"there is no seat {turn}")
    cards: list[Card] = []

    def ids(codes: Sequence[str]) -> list[int]:
        out = []
        for code in codes:
            cards.append(parse_card(code))
            out.append(len(cards) - 1)
        return out

    hand_ids = [ids(h) for h in hands]
    stock_ids = list(reversed(ids(stock)))  # internal stock: top card last
    pozo_ids = ids(pozo)
    seat_names = list(names) if names else [f"Player {i + 1}" for i in range(n)]
    state = State(rules, seat_names, cards, random.Random(seed))
    state.position = True
    state.round_index, state.turn, state.dealer = round_number - 1, turn, (turn - 1) % n
    state.hands, state.stock, state.pozo = hand_ids, stock_ids, pozo_ids
    state.table = [_table_meld(state, i, m, n) for i, m in enumerate(table)]
    state.laid_down_at = [-1 if s in laid_down else None for s in range(n)]
    state.progress = [_progress(state, s) for s in range(n)]
    state.buys = [0] * n
    state.points = [[0] * n for _ in range(round_number - 1)]
    state.went_out = [None] * (round_number - 1)
    state.phase = Phase.DRAW
    check_copies(state.cards, rules)
    game = Game(state)
    game.validate()
    return game


def _table_meld(state: State, index: int, spec: Mapping[str, Any], players: int) -> TableMeld:
    try:
        owner = int(spec.get("owner", 0))
        codes = list(spec["meld"])
    except (KeyError, TypeError, ValueError) as err:
        raise StateError("bad_position", f"table meld {index}: needs an owner and a meld") from err
    if not 0 <= owner < players:
        raise StateError("bad_position", f"table meld {index}: no seat {owner}")
    entries = [parse_marked(c) for c in codes]
    contract = state.rules.contract(state.round_index)
    layout: Layout | Any = None
    if contract.special and len(entries) == 13:
        layout = analyse(entries, state.rules, special=contract.special)
    if not isinstance(layout, Layout):
        layout = analyse(entries, state.rules, None, 3)
    if not isinstance(layout, Layout):
        raise StateError("bad_position", f"table meld {index} is not a legal meld: {layout}")
    first = len(state.cards)
    state.cards.extend(card for card, _ in entries)
    return TableMeld(owner, layout.with_refs(range(first, first + len(entries))))


def _progress(state: State, seat: int) -> tuple[int, int]:
    contract = state.rules.contract(state.round_index)
    if state.laid_down_at[seat] is not None:
        form = contract.forms[0]
        mine = [m for m in state.table if m.owner == seat]
        if contract.is_choice and mine and all(m.layout.kind == ESCALA for m in mine):
            form = contract.forms[1]
        return form.trios, form.escalas
    kinds = [m.layout.kind for m in state.table if m.owner == seat]
    return kinds.count(TRIO), kinds.count(ESCALA)


__all__ = ["RulesError", "from_position"]
