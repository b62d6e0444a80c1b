"""Runs rule test vectors (shared/conformance/README.md): ``python -m carioca_desktop.conformance``.

Prints ``FAIL <file>:<id>: <what differed>`` per failing case, ``ERROR <file>:<id>: ...`` per
malformed file or case, then ``N passed, M failed``. Exit 0 all passed, 1 some failed,
2 malformed input.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from carioca_desktop.rules.actions import Action, Add, Buy, Discard, Draw, LayDown, NextRound, Swap
from carioca_desktop.rules.cards import parse_card, parse_marked
from carioca_desktop.rules.errors import Refusal, RulesError
from carioca_desktop.rules.game import Game
from carioca_desktop.rules.laydown import fit_contract, layouts_for
from carioca_desktop.rules.melds import ESCALA, TRIO, analyse, slot_text
from carioca_desktop.rules.position import from_position
from carioca_desktop.rules.ruleset import RuleSet
from carioca_desktop.rules.scoring import hand_points

USAGE = "usage: python -m carioca_desktop.conformance PATH [PATH ...]  (files or folders of *.json)"


class Malformed(Exception):
    """A file or case that does not follow the vector format."""


@dataclass
class Report:
    passed: int = 0
    failed: int = 0
    errors: int = 0

    def line(self) -> str:
        return f"{self.passed} passed, {self.failed} failed"


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


def _rules(case: dict[str, Any], players: int | None = None) -> RuleSet:
    raw = case.get("rules", {"preset": "clasico"})
    if not isinstance(raw, dict):
        raise Malformed("'rules' must be an object")
    data = dict(raw)
    if players is not None and "players" not in data:
        data["players"] = players
    try:
        return RuleSet.from_dict(data)
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
    for k, step in enumerate(steps):
        game, problem = _run_step(game, step, k + 1)
        if problem:
            return problem
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
        return [
            sorted(parse_card(c.split("=")[0]).code for c in _codes(h, "hands")) for h in expected
        ]
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


# ---------------------------------------------------------------------------- driver
RUNNERS: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "meld": run_meld,
    "contract": run_contract,
    "penalty": run_penalty,
    "scenario": run_scenario,
}


def vector_files(paths: Iterable[str]) -> list[Path]:
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out += sorted(path.rglob("*.json"))
        else:
            out.append(path)
    return out


def run_file(path: Path, report: Report, emit: Callable[[str], None]) -> None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as err:
        report.errors += 1
        emit(f"ERROR {path}: cannot read the file: {err}")
        return
    cases = data.get("cases") if isinstance(data, dict) else None
    if not isinstance(cases, list):
        report.errors += 1
        emit(f'ERROR {path}: a vector file is {{"cases": [...]}}')
        return
    seen: set[str] = set()
    for number, case in enumerate(cases):
        run_case(path, number, case, seen, report, emit)


def run_case(
    path: Path,
    number: int,
    case: Any,
    seen: set[str],
    report: Report,
    emit: Callable[[str], None],
) -> None:
    cid = case.get("id") if isinstance(case, dict) else None
    label = f"{path}:{cid if isinstance(cid, str) else f'#{number}'}"
    try:
        if not isinstance(case, dict) or not isinstance(cid, str):
            raise Malformed("every case is an object with a string 'id'")
        if cid in seen:
            raise Malformed("duplicate case id")
        seen.add(cid)
        runner = RUNNERS.get(case.get("type"))  # type: ignore[arg-type]
        if isinstance(case.get("rules"), dict) and case["rules"].get("game") == "buraco":
            from carioca_desktop.conformance_buraco import run_buraco

            runner = run_buraco
        if runner is None:
            raise Malformed(f"unknown type {case.get('type')!r}")
        problem = runner(case)
    except Malformed as err:
        report.errors += 1
        emit(f"ERROR {label}: {err}")
        return
    except (RulesError, RecursionError, TypeError, ValueError, KeyError) as err:
        report.errors += 1
        emit(f"ERROR {label}: malformed case: {err}")
        return
    if problem is None:
        report.passed += 1
    else:
        report.failed += 1
        emit(f"FAIL {label}: {problem}")


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or any(a in ("-h", "--help") for a in args):
        print(USAGE, file=sys.stderr if not args else sys.stdout)
        return 2 if not args else 0
    report = Report()
    files = vector_files(args)
    for path in files:
        if not path.exists():
            report.errors += 1
            print(f"ERROR {path}: no such file or folder")
            continue
        run_file(path, report, print)
    if not files:
        report.errors += 1
        print(f"ERROR {' '.join(args)}: no *.json vector files found")
    print(report.line())
    if report.errors:
        return 2
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
