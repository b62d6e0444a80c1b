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

from carioca_desktop import games
from carioca_desktop.conformance.carioca import Malformed, run_scenario
from carioca_desktop.rules.errors import RulesError

__all__ = ["Malformed", "Report", "main", "run_case", "run_file", "run_scenario", "vector_files"]

USAGE = "usage: python -m carioca_desktop.conformance PATH [PATH ...]  (files or folders of *.json)"


@dataclass
class Report:
    passed: int = 0
    failed: int = 0
    errors: int = 0

    def line(self) -> str:
        return f"{self.passed} passed, {self.failed} failed"


# ---------------------------------------------------------------------------- driver
def _game_runner(case: dict[str, Any]) -> Callable[[dict[str, Any]], str | None]:
    """The `run(case)` of the game the case's rules name (a game no entry knows, or no rules,
    is read as the default game, whose rule set then says what is wrong)."""
    rules = case.get("rules")
    game = games.of_rules(rules) if isinstance(rules, dict) else None
    runner: Callable[[dict[str, Any]], str | None] = (
        (game or games.entry(games.DEFAULT)).module("conformance").run
    )
    return runner


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
        problem = _game_runner(case)(case)
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
