"""The Carioca cases of the conformance vectors (shared/conformance/README.md): a meld, a
contract, a penalty count, and a scenario of steps played on a described position.

``conformance.py`` (the runner) reads the files and sends every case here but the Buraco
ones (``conformance/buraco.py``). A case function returns None when the engine agrees with
the vector, else what differed; a case that does not follow the format raises ``Malformed``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from carioca_desktop.rules.cards import base_code, parse_card, parse_marked
from carioca_desktop.rules.carioca.actions import (
    Action,
    Add,
    Buy,
    Discard,
    Draw,
    LayDown,
    NextRound,
    Pass,
    Swap,
)
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.laydown import fit_contract, layouts_for
from carioca_desktop.rules.carioca.position import from_position
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.carioca.scoring import hand_points
from carioca_desktop.rules.carioca.state import Phase
from carioca_desktop.rules.errors import Refusal, RulesError
from carioca_desktop.rules.melds import ESCALA, TRIO, analyse, slot_text


class Malformed(Exception):
    """A file or case that does not follow the vector format."""


# ---------------------------------------------------------------------------- field readers
def _field(case: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in case:
        raise Malformed(f"missing {key!r}")
    value = case[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise Malformed(f"{key!r} has the wrong type")
    return value


def _codes(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise Malformed(f"{what} must be a list of card codes")
    for code in value:
        try:
            parse_marked(code)
        except RulesError as err:
            raise Malformed(f"{what}: {err.message}") from err
    return list(value)


def _rules(case: dict[str, Any], players: int | None = None) -> CariocaRules:
    raw = case.get("rules", {"preset": "clasico"})
    if not isinstance(raw, dict):
        raise Malformed("'rules' must be an object")
    data = dict(raw)
    if players is not None and "players" not in data:
        data["players"] = players
    try:
        return CariocaRules.from_dict(data)
    except RulesError as err:
        raise Malformed(f"bad rules: {err.message}") from err


# ---------------------------------------------------------------------------- case types
def run_meld(case: dict[str, Any]) -> str | None:
    rules = _rules(case)
    cards = _codes(_field(case, "meld", list), "meld")
    expect = _expect_valid(case)
    kind = case.get("kind")
    if kind not in (None, TRIO, ESCALA):
        raise Malformed("'kind' must be 'trio' or 'escala'")
    result = analyse([parse_marked(c) for c in cards], rules, kind, rules.escala_min)
    return _verdict(expect, result)


def run_contract(case: dict[str, Any]) -> str | None:
    rules = _rules(case)
    number = _field(case, "round", int)
    if not 1 <= number <= len(rules.rounds):
        raise Malformed(f"there is no round {number}")
    melds = _field(case, "melds", list)
    entries = [[parse_marked(c) for c in _codes(m, "melds")] for m in melds]
    expect = _expect_valid(case)
    contract = rules.contract(number - 1)
    result: Any = (
        layouts_for(entries, contract, rules) if entries else Refusal("no_melds", "no melds")
    )
    if isinstance(result, list):
        result = fit_contract(result, contract, rules, (0, 0), False)
    return _verdict(expect, result)


def run_penalty(case: dict[str, Any]) -> str | None:
    rules = _rules(case)
    hand = [parse_card(c) for c in _codes(_field(case, "hand", list), "hand")]
    expect = _field(case, "expect", int)
    got = hand_points(hand, rules)
    return None if got == expect else f"expected {expect} points, got {got}"


def _expect_valid(case: dict[str, Any]) -> bool:
    expect = case.get("expect")
    if expect not in ("valid", "invalid"):
        raise Malformed("'expect' must be 'valid' or 'invalid'")
    return bool(expect == "valid")


def _verdict(expect_valid: bool, result: object) -> str | None:
    if isinstance(result, Refusal):
        return f"expected valid, engine refused: {result.message}" if expect_valid else None
    return None if expect_valid else "expected invalid, engine accepted it"


# ---------------------------------------------------------------------------- scenarios
def run_scenario(case: dict[str, Any]) -> str | None:
    hands = _field(case, "hands", list)
    hands = [_codes(h, "hands") for h in hands]
    rules = _rules(case, players=len(hands))
    try:
        game = from_position(
            rules,
            hands,
            round_number=_opt_int(case, "round", 1),
            turn=_opt_int(case, "turn", 0),
            stock=_codes(case.get("stock", []), "stock"),
            pozo=_codes(case.get("pozo", []), "pozo"),
            table=_table_spec(case.get("table", [])),
            laid_down=_seats(case.get("laid_down", [])),
        )
    except RulesError as err:
        raise Malformed(f"impossible position: {err.message}") from err
    steps = _field(case, "steps", list) if "steps" in case else []
    claimed: set[int] = set()
    for k, step in enumerate(steps):
        if k in claimed:
            continue  # a claim already made when the discard was offered
        claim = _settle_offer(game, step, steps, k)
        if claim is not None:
            claimed.add(claim)
            game, problem = _run_step(game, steps[claim], claim + 1)
            if problem:
                return problem
        game, problem = _run_step(game, step, k + 1)
        if problem:
            return problem
    _pass_all(game)
    final = case.get("final", {})
    if not isinstance(final, dict):
        raise Malformed("'final' must be an object")
    return _compare_final(game, final)


def _opt_int(case: dict[str, Any], key: str, default: int) -> int:
    return int(_field(case, key, int)) if key in case else default


def _seats(value: Any) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(s, int) for s in value):
        raise Malformed("'laid_down' must be a list of seats")
    return list(value)


def _table_spec(value: Any) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise Malformed("'table' must be a list")
    for meld in value:
        if not isinstance(meld, dict) or not isinstance(meld.get("owner", 0), int):
            raise Malformed('a table entry is {"owner": seat, "meld": [cards]}')
        _codes(meld.get("meld"), "table meld")
    return list(value)


def _actions(step: dict[str, Any]) -> list[Action]:
    player = _field(step, "player", int)
    do = step.get("do")
    if do == "draw":
        return [Draw(player, str(_field(step, "from", str)))]
    if do == "lay_down":
        melds = _field(step, "melds", list)
        return [LayDown(player, tuple(tuple(_codes(m, "melds")) for m in melds))]
    if do == "add":
        meld = _field(step, "meld", int)
        return [Add(player, meld, c) for c in _codes(_field(step, "cards", list), "cards")]
    if do == "swap":
        return [Swap(player, _field(step, "meld", int), _field(step, "card", str))]
    if do == "discard":
        return [Discard(player, _field(step, "card", str))]
    if do == "buy":
        return [Buy(player)]
    if do == "next_round":
        return [NextRound(player)]
    raise Malformed(f"unknown step {do!r}")


def _settle_offer(game: Game, step: Any, steps: list[Any], k: int) -> int | None:
    """Answer a pending buy offer (the engine asks one seat at a time) before step ``k``.

    The vectors write a buy as a claim by one seat, not as the engine's questions: a ``buy``
    by a seat later in the queue passes for the seats asked before it (a refused buy leaves
    the queue alone, so a refusal changes nothing). Before any other step the offer is
    settled: RULES.md §5 lets the card be bought until the drawer's turn ends, so a later
    ``buy`` expected ok in that turn is taken as the claim now (its index is returned, to be
    run now and skipped later); with no such claim every seat left passes.
    """
    if game.phase != Phase.OFFER or not isinstance(step, dict):
        return None
    queue = game.pending_offers
    if step.get("do") == "buy":
        seat = step.get("player")
        if seat in queue and step.get("expect", "ok") == "ok":
            _pass_until(game, seat)
        return None
    drawer = game.observation(-1).turn
    if _ends_turn(step, drawer):
        _pass_all(game)
        return None
    for j in range(k + 1, len(steps)):
        later = steps[j]
        if not isinstance(later, dict):
            break
        if later.get("do") == "buy":
            if later.get("expect", "ok") == "ok" and later.get("player") in queue:
                _pass_until(game, later["player"])
                return j
            continue
        if _ends_turn(later, drawer):
            break
    _pass_all(game)
    return None


def _ends_turn(step: dict[str, Any], drawer: int | None) -> bool:
    """Whether ``step`` is past the drawer's turn: its discard, or another seat's move (a
    step expected to be refused changes nothing, so it ends nothing)."""
    if step.get("expect", "ok") != "ok":
        return False
    return step.get("player") != drawer or step.get("do") in ("discard", "next_round")


def _pass_until(game: Game, seat: int) -> None:
    while game.phase == Phase.OFFER and game.current_player != seat:
        asked = game.current_player
        assert asked is not None
        game.apply(Pass(asked))


def _pass_all(game: Game) -> None:
    _pass_until(game, -1)


def _run_step(game: Game, step: Any, number: int) -> tuple[Game, str | None]:
    """Apply one step; a multi-card add is all or nothing, so it runs on a clone."""
    if not isinstance(step, dict):
        raise Malformed(f"step {number} must be an object")
    actions = _actions(step)
    expect = step.get("expect", "ok")
    if expect not in ("ok", "illegal"):
        raise Malformed(f"step {number}: 'expect' must be 'ok' or 'illegal'")
    before = json.dumps(game.to_dict(), sort_keys=True)
    trial = game.clone() if len(actions) > 1 else game
    refusal: Refusal | None = None
    for action in actions:
        try:
            trial.apply(action)
        except RulesError as err:
            refusal = err.refusal
            break
    what = step.get("do")
    if refusal is not None and json.dumps(game.to_dict(), sort_keys=True) != before:
        return game, f"step {number} ({what}): a refused action changed the game state"
    if expect == "illegal":
        if refusal is None:
            return trial, f"step {number} ({what}): expected illegal, engine accepted it"
        return game, None
    if refusal is not None:
        return game, f"step {number} ({what}): engine refused: {refusal.message}"
    return trial, None


def _compare_final(game: Game, final: dict[str, Any]) -> str | None:
    s = game.state
    codes = [[s.cards[c].code for c in h] for h in s.hands]
    checks: dict[str, Callable[[], Any]] = {
        "hands": lambda: [sorted(h) for h in codes],
        "hand_sizes": lambda: [len(h) for h in codes],
        "pozo_top": lambda: s.cards[s.pozo[-1]].code if s.pozo else None,
        "stock_size": lambda: len(s.stock),
        "turn": lambda: game.current_player,
        "laid_down": lambda: sorted(i for i in range(s.players) if game.has_laid_down(i)),
        "table": lambda: [_meld_text(game, i) for i in range(len(s.table))],
        "round_over": lambda: s.round_over,
        "went_out": lambda: s.went_out[-1] if s.round_over else None,
        "round_points": lambda: s.points[-1] if s.round_over else None,
    }
    problems = []
    for key, expected in final.items():
        if key not in checks:
            raise Malformed(f"unknown final key {key!r}")
        got = checks[key]()
        want = _normalise(key, expected, game)
        if want != got:
            problems.append(f"{key}: expected {expected!r}, got {got!r}")
    return "; ".join(problems) or None


def _meld_text(game: Game, index: int) -> list[str]:
    """A table meld as the vectors write it: an escala in rank order, a trío sorted."""
    meld = game.state.table[index]
    texts = [slot_text(sl, game.state.cards[sl.ref]) for sl in meld.layout.slots]
    return sorted(texts) if meld.layout.kind == TRIO else texts


def _normalise(key: str, expected: Any, game: Game) -> Any:
    """Bring an expected value to the form the engine's value is compared in."""
    if key == "hands":
        if not isinstance(expected, list):
            raise Malformed("final 'hands' must be a list of lists")
        return [sorted(parse_card(base_code(c)).code for c in _codes(h, "hands")) for h in expected]
    if key == "table":
        if not isinstance(expected, list):
            raise Malformed("final 'table' must be a list of melds")
        table = game.state.table
        return [
            sorted(texts) if k < len(table) and table[k].layout.kind == TRIO else texts
            for k, texts in enumerate(_codes(m, "final table") for m in expected)
        ]
    if key == "laid_down" and isinstance(expected, list):
        return sorted(expected)
    return expected


RUNNERS: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "meld": run_meld,
    "contract": run_contract,
    "penalty": run_penalty,
    "scenario": run_scenario,
}


def run(case: dict[str, Any]) -> str | None:
    """Run one Carioca case: None if it passed, else what differed."""
    runner = RUNNERS.get(case.get("type"))  # type: ignore[arg-type]
    if runner is None:
        raise Malformed(f"unknown type {case.get('type')!r}")
    return runner(case)
