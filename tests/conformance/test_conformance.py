"""The conformance runner over the public vectors, the project's own, and malformed input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from carioca_desktop.conformance import main

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = ROOT.parent / "shared" / "conformance" / "public"
OWN = ROOT / "tests" / "vectors"
BURACO_PUBLIC = ROOT.parent / "shared" / "conformance" / "buraco"
BURACO_OWN = ROOT / "tests" / "vectors_buraco"


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


@pytest.mark.skipif(not BURACO_PUBLIC.exists(), reason="shared/ is not beside the repository")
def test_buraco_public_vectors_all_pass() -> None:
    result = run(str(BURACO_PUBLIC))
    assert result.returncode == 0, result.stdout
    assert result.stdout.strip().splitlines()[-1] == "38 passed, 0 failed"


def test_buraco_own_vectors_all_pass() -> None:
    result = run(str(BURACO_OWN))
    assert result.returncode == 0, result.stdout
    last = result.stdout.strip().splitlines()[-1]
    assert last.endswith(" passed, 0 failed") and int(last.split()[0]) >= 70


def test_buraco_own_vectors_cover_every_preset_key_and_type() -> None:
    from carioca_desktop.rules.buraco.ruleset import KEYS, PRESETS

    presets: set[str] = set()
    keys: set[str] = set()
    types: set[str] = set()
    for path in BURACO_OWN.glob("*.json"):
        for case in json.loads(path.read_text())["cases"]:
            rules = case["rules"]
            assert rules["game"] == "buraco"
            presets.add(rules.get("preset", "brasileiro"))
            keys.update(k for k in rules if k not in ("preset", "game"))
            types.add(case["type"])
    assert presets == set(PRESETS), set(PRESETS) - presets
    assert set(KEYS) <= keys, set(KEYS) - keys
    assert types == {"meld", "penalty", "score", "scenario"}


@pytest.mark.parametrize(
    "case",
    [
        {"type": "meld", "rules": {"game": "buraco", "rounds": ["2T"]}, "meld": ["5H"]},
        {"type": "contract", "rules": {"game": "buraco"}, "round": 1, "melds": []},
        {
            "type": "score",
            "rules": {"game": "buraco"},
            "melds": [["5H", "6S", "7H"]],
            "hands": [[], []],
            "took_morto": True,
            "went_out": False,
            "expect": 0,
        },
        {
            "type": "score",
            "rules": {"game": "buraco"},
            "melds": [],
            "hands": [[]],
            "took_morto": True,
            "went_out": False,
            "expect": 0,
        },
        {
            "type": "scenario",
            "rules": {"game": "buraco"},
            "hands": [["JK"]] * 4,
            "stock": ["JK", "JK"],
        },
        {
            "type": "scenario",
            "rules": {"game": "buraco"},
            "hands": [[]] * 4,
            "final": {"pozo_top": None},
        },
        {"type": "scenario", "rules": {"game": "buraco", "buy": True}, "hands": [[]] * 4},
        {
            "type": "meld",
            "rules": {"game": "buraco", "preset": "clasico"},
            "meld": ["5H"],
            "expect": "valid",
        },
    ],
)
def test_malformed_buraco_cases_exit_2(tmp_path: Path, case: dict[str, object]) -> None:
    path = write(tmp_path, "bad.json", json.dumps({"cases": [{"id": "bad-case", **case}]}))
    result = run(path)
    assert result.returncode == 2, result.stdout
    assert "bad.json:bad-case" in result.stdout and "Traceback" not in result.stderr


def test_a_carioca_case_with_a_buraco_key_is_malformed(tmp_path: Path) -> None:
    case = {"id": "c", "type": "meld", "rules": {"mortos": 2}, "meld": ["5H"], "expect": "valid"}
    result = run(write(tmp_path, "c.json", json.dumps({"cases": [case]})))
    assert result.returncode == 2 and "c.json:c" in result.stdout


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
