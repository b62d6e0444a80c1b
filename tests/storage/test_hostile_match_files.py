"""Hostile match files: each kind is refused by ``carioca replay`` with a one-line reason and
exit 2, never a crash, and the file is left byte for byte as it was."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.replay_tool import main as replay_main
from carioca_desktop.replay_tool import record_bot_match
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage.carioca.records import MatchRecord, record_to_dict
from carioca_desktop.storage.match_file import FILE_CAP, MAX_ACTIONS, to_document
from carioca_desktop.storage.records import PlayerRecord

Doc = dict[str, Any]


@lru_cache(maxsize=2)
def _recorded(game: str) -> str:
    if game == "buraco":
        rules: Any = BuracoRules.from_dict({"game": "buraco", "players": 2})
    else:
        rules = CariocaRules.from_dict({"players": 2, "preset": "chico"})
    _result, match, _game = record_bot_match(game, rules, ["easy", "normal"], 21)
    assert match is not None
    return json.dumps(to_document(match))


def good(game: str = "carioca") -> Doc:
    return dict(json.loads(_recorded(game)))


def edit(change: Callable[[Doc], object]) -> bytes:
    doc = good()
    change(doc)
    return json.dumps(doc).encode()


def _set(key: str, value: object) -> Callable[[Doc], object]:
    return lambda d: d.__setitem__(key, value)


def _deep(levels: int) -> object:
    value: object = []
    for _ in range(levels):
        value = [value]
    return value


def _first_discard_wrong(d: Doc) -> None:
    for action in d["actions"]:
        if action["do"] == "discard":
            action["card"] = "ZZ"
            return


def _other_games_rules(d: Doc) -> None:
    d["rules"] = good("buraco")["rules"]


def _buraco_called_carioca(d: Doc) -> None:
    d.update(good("buraco"), game="carioca")


def _stats_record() -> bytes:
    record = MatchRecord(
        "2026-01-01T00:00:00+00:00",
        "clasico",
        {},
        [PlayerRecord("A", "human")] * 2,
        [[0, 5]],
        [0, 5],
        [0],
        "penalty",
        [0, 1],
    )
    return json.dumps(record_to_dict(record)).encode()


KINDS: dict[str, Callable[[], bytes]] = {
    "empty": lambda: b"",
    "truncated": lambda: _recorded("carioca").encode()[: len(_recorded("carioca")) // 2],
    "garbage": lambda: b"\x00\x01 not json at all",
    "not_utf8": lambda: b'{"format": "\xff\xfe"}',
    "top_level_list": lambda: b"[1, 2, 3]",
    "huge": lambda: b" " * (FILE_CAP + 1),
    "deep": lambda: (
        _recorded("carioca")
        .replace('"actions": [', '"actions": [' + "[" * 5000 + "]" * 5000 + ",", 1)
        .encode()
    ),
    "a_little_too_deep": lambda: edit(lambda d: d["actions"][0].__setitem__("x", _deep(6))),
    "nan": lambda: _recorded("carioca").replace('"seed": 21', '"seed": NaN').encode(),
    "huge_number": lambda: (
        _recorded("carioca").replace('"seed": 21', '"seed": 1' + "0" * 5000).encode()
    ),
    "no_format": lambda: edit(lambda d: d.pop("format")),
    "stats_file": lambda: b'{"schema": 1, "matches": []}',
    "stats_record": _stats_record,
    "autosave": lambda: b'{"format": "carioca-session", "version": 1, "seed": 1}',
    "newer_version": lambda: edit(_set("version", 2)),
    "version_as_text": lambda: edit(_set("version", "1")),
    "extra_key": lambda: edit(_set("cheat", True)),
    "missing_actions": lambda: edit(lambda d: d.pop("actions")),
    "unknown_game": lambda: edit(_set("game", "poker")),
    "seats_not_a_list": lambda: edit(_set("seats", "A,B")),
    "one_seat": lambda: edit(lambda d: d.__setitem__("seats", d["seats"][:1])),
    "alien_seat": lambda: edit(lambda d: d["seats"][0].__setitem__("kind", "alien")),
    "bot_without_level": lambda: edit(lambda d: d["seats"][0].__setitem__("level", None)),
    "control_characters": lambda: edit(lambda d: d["seats"][0].__setitem__("name", "A\x07")),
    "seed_float": lambda: edit(_set("seed", 1.5)),
    "seed_bool": lambda: edit(_set("seed", True)),
    "seed_huge": lambda: edit(_set("seed", 2**80)),
    "unknown_seeding": lambda: edit(_set("seeding", "magic")),
    "actions_not_a_list": lambda: edit(_set("actions", {"0": {}})),
    "action_not_an_object": lambda: edit(lambda d: d["actions"].insert(0, "draw")),
    "unknown_action": lambda: edit(lambda d: d["actions"].insert(0, {"do": "cheat", "seat": 0})),
    "action_seat_text": lambda: edit(lambda d: d["actions"][0].__setitem__("seat", "0")),
    "action_seat_huge": lambda: edit(lambda d: d["actions"][0].__setitem__("seat", 10**9)),
    "refused_action": lambda: edit(_first_discard_wrong),
    "out_of_turn": lambda: edit(
        lambda d: d["actions"].insert(0, {"do": "discard", "seat": 1, "card": "AS"})
    ),
    "not_over": lambda: edit(lambda d: d.__setitem__("actions", d["actions"][:-5])),
    "action_after_the_end": lambda: edit(lambda d: d["actions"].append(d["actions"][-1])),
    "scores_differ": lambda: edit(lambda d: d["final_scores"].__setitem__(0, 1)),
    "scores_short": lambda: edit(lambda d: d["final_scores"].pop()),
    "impossible_rules": lambda: edit(lambda d: d["rules"].__setitem__("players", 99)),
    "unknown_rule": lambda: edit(lambda d: d["rules"].__setitem__("gravity", 3)),
    "other_games_rules": lambda: edit(_other_games_rules),
    "other_games_record": lambda: edit(_buraco_called_carioca),
    "seats_differ_from_rules": lambda: edit(
        lambda d: d["seats"].append({"name": "C", "kind": "bot", "level": "easy"})
    ),
    "bad_match_id": lambda: edit(_set("match_id", "../../etc/passwd")),
    "bad_date": lambda: edit(_set("finished_at", "yesterday")),
    "too_many_actions": lambda: edit(_set("actions", [{}] * (MAX_ACTIONS + 1))),
    "rules_not_an_object": lambda: edit(_set("rules", ["clasico"])),
}


def _replay(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = replay_main([str(path)])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_hostile_match_file_is_refused_with_one_line_and_left_alone(
    tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "friend.json"
    path.write_bytes(KINDS[kind]())
    before, stat = path.read_bytes(), path.stat()
    code, out, err = _replay(path, capsys)
    assert code == 2, out
    assert out == "" and err.count("\n") == 1 and err.startswith("carioca replay: friend.json: ")
    assert len(err) < 400
    assert path.read_bytes() == before and path.stat().st_mtime_ns == stat.st_mtime_ns
    assert sorted(p.name for p in tmp_path.iterdir()) == ["friend.json"]


def test_there_are_at_least_thirty_kinds() -> None:
    assert len(KINDS) >= 30


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("newer_version", "newer program"),
        ("refused_action", "refused"),
        ("scores_differ", "final scores differ"),
        ("not_over", "not over"),
        ("action_after_the_end", "ends at action"),
        ("other_games_rules", "impossible rules"),
        ("huge", "larger than"),
        ("deep", "deep"),
    ],
)
def test_the_reason_says_what_is_wrong(
    tmp_path: Path, kind: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "friend.json"
    path.write_bytes(KINDS[kind]())
    assert words in _replay(path, capsys)[2]


def test_the_unharmed_file_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for game in ("carioca", "buraco"):
        path = tmp_path / f"{game}.json"
        path.write_bytes(json.dumps(copy.deepcopy(good(game))).encode())
        code, out, _err = _replay(path, capsys)
        assert code == 0 and out.splitlines()[-1].startswith("replayed ")


def test_no_file_a_folder_and_bad_arguments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _replay(tmp_path / "missing.json", capsys)[0] == 2
    assert _replay(tmp_path, capsys)[0] == 2
    assert replay_main([]) == 2 and replay_main(["a", "b"]) == 2
