"""The conformance runner over the public vectors, the project's own, and malformed input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from carioca_desktop.conformance import main

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = ROOT.parent / "shared" / "conformance" / "public"
OWN = ROOT / "tests" / "vectors"


def run(*paths: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "carioca_desktop.conformance", *paths],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


@pytest.mark.skipif(not PUBLIC.exists(), reason="shared/ is not beside the repository")
def test_public_vectors_all_pass() -> None:
    result = run(str(PUBLIC))
    assert result.returncode == 0, result.stdout
    assert result.stdout.strip().splitlines()[-1] == "35 passed, 0 failed"


def test_own_vectors_all_pass() -> None:
    result = run(str(OWN))
    assert result.returncode == 0, result.stdout
    last = result.stdout.strip().splitlines()[-1]
    assert last.endswith(" passed, 0 failed") and int(last.split()[0]) > 100


def test_own_vectors_cover_every_preset_and_option() -> None:
    from carioca_desktop.rules.carioca.ruleset import PRESETS, CariocaRules

    presets: set[str] = set()
    keys: set[str] = set()
    for path in OWN.glob("*.json"):
        for case in json.loads(path.read_text())["cases"]:
            rules = case.get("rules", {})
            presets.add(rules.get("preset", "clasico"))
            keys.update(k for k in rules if k != "preset")
    assert presets == set(PRESETS)
    untestable: set[str] = set()
    all_keys = {f for f in CariocaRules().as_dict() if f != "preset"}
    assert all_keys - keys <= untestable, all_keys - keys


def write(tmp: Path, name: str, text: str) -> str:
    path = tmp / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        "[]",
        '{"cases": 3}',
        '{"cases": [{"type": "meld"}]}',
        '{"cases": [{"id": "a", "type": "nope"}]}',
        '{"cases": [{"id": "a", "type": "meld", "meld": "7S", "expect": "valid"}]}',
        '{"cases": [{"id": "a", "type": "meld", "meld": ["7Z"], "expect": "valid"}]}',
        '{"cases": [{"id": "a", "type": "penalty", "hand": [], "expect": "x"}]}',
        '{"cases": [{"id": "a", "type": "contract", "round": 99, "melds": [], "expect": "valid"}]}',
        '{"cases": [{"id": "a", "type": "scenario", "hands": [["7S"]], "rules": {"foo": 1}}]}',
        '{"cases": [{"id": "a", "type": "scenario", "hands": [["JK"]], "steps": [{"do": "fly"}]}]}',
        '{"cases": [{"id": "a", "type": "scenario", "hands": [["KD"],["KD"]], "final": {"x": 1}}]}',
        '{"cases": [{"id": "a", "type": "penalty", "hand": [], "expect": 0},'
        ' {"id": "a", "type": "penalty", "hand": [], "expect": 0}]}',
    ],
)
def test_malformed_input_exits_2_with_file_and_case(tmp_path: Path, content: str) -> None:
    result = run(write(tmp_path, "bad.json", content))
    assert result.returncode == 2, result.stdout
    assert "Traceback" not in result.stdout + result.stderr
    assert "bad.json" in result.stdout
    assert result.stdout.strip().splitlines()[-1].endswith(" failed")


def test_a_failing_case_exits_1(tmp_path: Path) -> None:
    case = {"id": "wrong", "type": "penalty", "hand": ["AH"], "expect": 21}
    path = write(tmp_path, "f.json", json.dumps({"cases": [case]}))
    assert main([path]) == 1


def test_an_illegal_step_that_is_accepted_fails(tmp_path: Path) -> None:
    case = {
        "id": "x",
        "type": "scenario",
        "rules": {"preset": "clasico", "players": 2},
        "hands": [["KD"], ["KH"]],
        "stock": ["5S"],
        "pozo": ["4S"],
        "steps": [{"player": 0, "do": "draw", "from": "stock", "expect": "illegal"}],
    }
    result = run(write(tmp_path, "s.json", json.dumps({"cases": [case]})))
    assert result.returncode == 1
    assert "FAIL" in result.stdout and "s.json:x" in result.stdout


def test_no_arguments_is_a_usage_error() -> None:
    result = run()
    assert result.returncode == 2 and "usage" in result.stderr
