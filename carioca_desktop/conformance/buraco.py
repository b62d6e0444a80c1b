"""The Buraco cases of the conformance vectors (shared/conformance/README.md, "Buraco cases").

``conformance.py`` sends every case whose rules say ``"game": "buraco"`` here; the output is
the same (``FAIL <file>:<id>: ...``, ``N passed, M failed``). A malformed case raises
``BuracoMalformed`` (a ValueError), which the runner reports as an error naming file and id.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from carioca_desktop.rules.buraco.actions import (
    Action,
    Add,
    Discard,
    Draw,
    LayDown,
    NextRound,
    Swap,
    TakePile,
)
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.melds import ESCALA, TRIO, Layout, analyse_meld, buraco_kind
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.rules.buraco.scoring import card_points, meld_points, side_points
from carioca_desktop.rules.buraco.state import DECK, Phase
from carioca_desktop.rules.cards import parse_card, parse_marked
from carioca_desktop.rules.errors import Refusal, RulesError


class BuracoMalformed(ValueError):
    """A Buraco case that does not follow the vector format."""


def _field(case: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in case:
        raise BuracoMalformed(f"missing {key!r}")
    value = case[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise BuracoMalformed(f"{key!r} has the wrong type")
    return value


def _codes(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise BuracoMalformed(f"{what} must be a list of card codes")
    for code in value:
        try:
            parse_marked(code)
        except RulesError as err:
            raise BuracoMalformed(f"{what}: {err.message}") from err
    return list(value)


def _rules(case: dict[str, Any], players: int | None = None) -> BuracoRules:
    raw = case.get("rules")
    if not isinstance(raw, dict):
        raise BuracoMalformed("'rules' must be an object")
    data = dict(raw)
    if players is not None and "players" not in data:
        data["players"] = players
    try:
        return BuracoRules.from_dict(data)
    except RulesError as err:
        raise BuracoMalformed(f"bad rules: {err.message}") from err


def _entries(codes: list[str]) -> list[Any]:
    return [parse_marked(c) for c in codes]


# ---------------------------------------------------------------------------- case types
def run_meld(case: dict[str, Any]) -> str | None:
    rules = _rules(case)
    cards = _codes(_field(case, "meld", list), "meld")
    expect = case.get("expect")
    if expect not in ("valid", "invalid"):
        raise BuracoMalformed("'expect' must be 'valid' or 'invalid'")
    kind = case.get("kind")
    if kind not in (None, TRIO, ESCALA):
        raise BuracoMalformed("'kind' must be 'trio' or 'escala'")
    want_buraco = case.get("buraco")
    if want_buraco not in (None, "limpo", "sujo", "none"):
        raise BuracoMalformed("'buraco' must be 'limpo', 'sujo' or 'none'")
    result = analyse_meld(_entries(cards), rules, kind)
    if isinstance(result, Refusal):
        return f"expected valid, engine refused: {result.message}" if expect == "valid" else None
    if expect == "invalid":
        return "expected invalid, engine accepted it"
    got = buraco_kind(result) or "none"
    if want_buraco is not None and got != want_buraco:
        return f"buraco: expected {want_buraco!r}, got {got!r}"
    return None


def run_penalty(case: dict[str, Any]) -> str | None:
    rules = _rules(case)
    hand = [parse_card(c) for c in _codes(_field(case, "hand", list), "hand")]
    expect = _field(case, "expect", int)
    got = card_points(hand, rules)
    return None if got == expect else f"expected {expect} points, got {got}"


def run_score(case: dict[str, Any]) -> str | None:
    rules = _rules(case)
    melds = []
    for raw in _field(case, "melds", list):
        entries = _entries(_codes(raw, "melds"))
        layout = analyse_meld(entries, rules)
        if not isinstance(layout, Layout):
            raise BuracoMalformed(f"meld {raw} is not legal: {layout.message}")
        melds.append(meld_points(layout, [entries[s.ref][0] for s in layout.slots], rules))
    hands = _field(case, "hands", list)
    if len(hands) != rules.players // 2:
        raise BuracoMalformed(f"'hands' needs {rules.players // 2} lists (one per side player)")
    cards = [[parse_card(c) for c in _codes(h, "hands")] for h in hands]
    took = _field(case, "took_morto", bool)
    went = _field(case, "went_out", bool)
    expect = _field(case, "expect", int)
    got = side_points(melds, cards, took, went, rules)
    return None if got == expect else f"expected {expect} points, got {got}"


# ---------------------------------------------------------------------------- scenarios
def run_scenario(case: dict[str, Any]) -> str | None:
    hands = [_codes(h, "hands") for h in _field(case, "hands", list)]
    rules = _rules(case, players=len(hands))
    mortos = case.get("mortos", [])
    if not isinstance(mortos, list):
        raise BuracoMalformed("'mortos' must be a list of piles")
    table = case.get("table", [])
    if not isinstance(table, list) or not all(isinstance(m, dict) for m in table):
        raise BuracoMalformed('\'table\' is a list of {"side": k, "meld": [cards]}')
    for meld in table:
        _codes(meld.get("meld"), "table meld")
    try:
        game = BuracoGame.from_position(
            rules,
            hands,
            turn=_opt_int(case, "turn", 0),
            stock=_codes(case.get("stock", []), "stock"),
            pile=_codes(case.get("pile", []), "pile"),
            mortos=[_codes(m, "mortos") for m in mortos],
            table=table,
            took_morto=_ints(case.get("took_morto", [0, 0]), "took_morto"),
            scores=_ints(case.get("scores", [0, 0]), "scores"),
        )
    except RulesError as err:
        raise BuracoMalformed(f"impossible position: {err.message}") from err
    steps = _field(case, "steps", list) if "steps" in case else []
    for number, step in enumerate(steps, 1):
        problem = _run_step(game, step, number)
        if problem:
            return problem
    final = case.get("final", {})
    if not isinstance(final, dict):
        raise BuracoMalformed("'final' must be an object")
    return _compare_final(game, final)


def _opt_int(case: dict[str, Any], key: str, default: int) -> int:
    return int(_field(case, key, int)) if key in case else default


def _ints(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise BuracoMalformed(f"'{what}' must be a list of whole numbers")
    return list(value)


def _melds(step: dict[str, Any]) -> tuple[tuple[str, ...], ...]:
    melds = _field(step, "melds", list)
    return tuple(tuple(_codes(m, "melds")) for m in melds)


def _action(step: dict[str, Any]) -> Action:
    player = _field(step, "player", int)
    do = step.get("do")
    if do == "draw":
        return Draw(player)
    if do == "take_pile":
        melds = _melds(step) if "melds" in step else ()
        add = _field(step, "add", int) if "add" in step else None
        card = _codes([_field(step, "card", str)], "card")[0] if "card" in step else None
        return TakePile(player, melds, add, card)
    if do == "lay_down":
        return LayDown(player, _melds(step))
    if do == "add":
        cards = tuple(_codes(_field(step, "cards", list), "cards"))
        return Add(player, _field(step, "meld", int), cards)
    if do == "swap":
        return Swap(player, _field(step, "meld", int), _field(step, "card", str))
    if do == "discard":
        return Discard(player, _field(step, "card", str))
    if do == "next_round":
        return NextRound(player)
    raise BuracoMalformed(f"unknown step {do!r}")


def _run_step(game: BuracoGame, step: Any, number: int) -> str | None:
    if not isinstance(step, dict):
        raise BuracoMalformed(f"step {number} must be an object")
    action = _action(step)
    expect = step.get("expect", "ok")
    if expect not in ("ok", "illegal"):
        raise BuracoMalformed(f"step {number}: 'expect' must be 'ok' or 'illegal'")
    what = step.get("do")
    before = json.dumps(game.to_dict(), sort_keys=True)
    try:
        game.apply(action)
        refusal: Refusal | None = None
    except RulesError as err:
        refusal = err.refusal
    if refusal is not None and json.dumps(game.to_dict(), sort_keys=True) != before:
        return f"step {number} ({what}): a refused action changed the game state"
    if expect == "illegal" and refusal is None:
        return f"step {number} ({what}): expected illegal, engine accepted it"
    if expect == "ok" and refusal is not None:
        return f"step {number} ({what}): engine refused: {refusal.message}"
    return None


def _final_values(game: BuracoGame) -> dict[str, Callable[[], Any]]:
    s = game.state
    over = game.round_over

    def buracos() -> list[list[int]]:
        out = [[0, 0], [0, 0]]
        for m in s.table:
            kind = buraco_kind(m.layout)
            if kind:
                out[m.side][0 if kind == "limpo" else 1] += 1
        return out

    return {
        "hands": lambda: [sorted(DECK[c].code for c in h) for h in s.hands],
        "hand_sizes": lambda: [len(h) for h in s.hands],
        "pile": lambda: [DECK[c].code for c in s.pile],
        "pile_top": lambda: DECK[s.pile[-1]].code if s.pile else None,
        "pile_size": lambda: len(s.pile),
        "stock_size": lambda: len(s.stock),
        "turn": lambda: game.current_player,
        "table": lambda: [_meld_text(t) for t in game.table_texts()],
        "mortos_left": lambda: len(s.mortos),
        "took_morto": lambda: list(s.took),
        "buracos": buracos,
        "round_over": lambda: over,
        "went_out": lambda: s.went_out_seat if over else None,
        "round_points": lambda: list(s.history[-1]) if over and s.history else None,
        "scores": lambda: list(s.scores),
        "match_over": lambda: s.phase == Phase.MATCH_OVER,
        "winner": lambda: s.winner,
    }


def _meld_text(meld: tuple[int, tuple[str, ...]]) -> list[str]:
    return list(meld[1])


def _compare_final(game: BuracoGame, final: dict[str, Any]) -> str | None:
    values = _final_values(game)
    kinds = [m.layout.kind for m in game.state.table]
    problems = []
    for key, expected in final.items():
        if key not in values:
            raise BuracoMalformed(f"unknown final key {key!r}")
        got = values[key]()
        want = expected
        if key == "hands":
            if not isinstance(expected, list):
                raise BuracoMalformed("final 'hands' must be a list of lists")
            want = [
                sorted(parse_card(c.split("=")[0]).code for c in _codes(h, "hands"))
                for h in expected
            ]
        elif key == "table":
            if not isinstance(expected, list):
                raise BuracoMalformed("final 'table' must be a list of melds")
            want = [_codes(m, "final table") for m in expected]
            want = [
                sorted(m) if k < len(kinds) and kinds[k] == TRIO else m for k, m in enumerate(want)
            ]
            got = [sorted(m) if kinds[k] == TRIO else m for k, m in enumerate(got)]
        if want != got:
            problems.append(f"{key}: expected {expected!r}, got {got!r}")
    return "; ".join(problems) or None


RUNNERS: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "meld": run_meld,
    "penalty": run_penalty,
    "score": run_score,
    "scenario": run_scenario,
}


def run_buraco(case: dict[str, Any]) -> str | None:
    """Run one Buraco case: None if it passed, else what differed."""
    runner = RUNNERS.get(case.get("type"))  # type: ignore[arg-type]
    if runner is None:
        raise BuracoMalformed(f"unknown Buraco case type {case.get('type')!r}")
    return runner(case)


run = run_buraco
"""The registry's entry point (`games.BURACO.conformance`)."""
