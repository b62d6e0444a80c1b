"""Broken files of every kind: reported, set aside or left alone, and nothing else touched."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carioca_desktop.storage import (
    MatchRecord,
    Notice,
    Paths,
    PlayerRecord,
    Settings,
    Stats,
    append_match,
    load_autosave,
    load_settings,
    load_stats,
    save_settings,
    write_autosave,
)
from carioca_desktop.storage.carioca.records import record_to_dict
from carioca_desktop.storage.migrations import CURRENT
from tests.fixtures.examples import examples

MATCH: dict[str, object] = {"round": 2, "hands": [["AS"], ["JK"]]}
RECORD = MatchRecord(
    finished_at="2024-05-01T20:00:00+00:00",
    preset="clasico",
    rules={"preset": "clasico"},
    players=[PlayerRecord("Ana", "human"), PlayerRecord("Bot", "bot", "easy")],
    round_points=[[0, 30]],
    totals=[0, 30],
    winners=[0],
    scoring="penalty",
    human_seats=[0],
)
GOOD: dict[str, dict[str, object]] = {
    "settings": {"schema": 1, "volume": 0.4, "player_name": "Ana"},
    "save": {"schema": 1, "saved_at": "2024-05-01T20:00:00", "app_version": "1", "match": MATCH},
    "stats": {"schema": 1, "matches": [record_to_dict(RECORD)]},
}


def match_validator(match: dict[str, object]) -> object:
    round_ = match.get("round")
    if not isinstance(round_, int) or not 0 <= round_ < 20:
        raise ValueError(f"round {round_!r} is not a round")
    return match


def rules_validator(rules: object) -> None:
    """Stands in for the engine's check so the corpus does not depend on it."""


def load(kind: str, paths: Paths) -> tuple[object, list[Notice]]:
    if kind == "settings":
        return load_settings(paths, rules_validator)
    if kind == "save":
        game, match, notices = load_autosave(paths, match_validator)
        return (game, match), notices
    return load_stats(paths)


DEFAULTS: dict[str, object] = {"settings": Settings(), "save": (None, None), "stats": Stats()}


def save(kind: str, paths: Paths) -> None:
    if kind == "settings":
        save_settings(Settings(muted=True), paths)
    elif kind == "save":
        write_autosave(MATCH, paths)
    else:
        append_match(RECORD, paths)


def target(kind: str, paths: Paths) -> Path:
    return {
        "settings": paths.settings_file,
        "save": paths.autosave_file,
        "stats": paths.stats_file,
    }[kind]


def good_bytes(kind: str) -> bytes:
    return json.dumps(GOOD[kind]).encode()


def with_value(kind: str, **changes: object) -> bytes:
    return json.dumps({**GOOD[kind], **changes}).encode()


@dataclass(frozen=True)
class Case:
    name: str
    make: Callable[[str], bytes]
    problem: str
    # "aside": renamed away whole; "repaired": a copy kept aside and the file rewritten
    # (settings keys, stats records); "untouched": newer version, left where it is.
    outcome: str = "aside"
    kinds: tuple[str, ...] = ("settings", "save", "stats")


CASES = [
    Case("truncated", lambda k: good_bytes(k)[: len(good_bytes(k)) // 2], "bad_json"),
    Case("empty", lambda k: b"", "bad_json"),
    Case("whitespace", lambda k: b" \n\t ", "bad_json"),
    Case("binary", lambda k: bytes(range(256)) * 4, "not_utf8"),
    Case("zip", lambda k: b"PK\x03\x04\x14\x00\x00\x00\x08\x00" * 50, "bad_json"),
    Case("latin1", lambda k: '{"schema": 1, "player_name": "Nuñez"}'.encode("latin-1"),
         "not_utf8"),
    Case("list_top", lambda k: b'[{"schema": 1}]', "corrupt"),
    Case("string_top", lambda k: b'"settings"', "corrupt"),
    Case("null_top", lambda k: b"null", "corrupt"),
    Case("nan", lambda k: with_value(k).replace(b'"schema": 1', b'"schema": NaN'), "bad_json"),
    Case("huge_float", lambda k: with_value(k).replace(b'"schema": 1', b'"schema": 1e999'),
         "bad_json"),
    Case("huge_int", lambda k: b'{"schema": 1, "x": ' + b"9" * 5000 + b"}", "bad_json"),
    Case("schema_string", lambda k: with_value(k, schema="1"), "unknown_version"),
    Case("schema_negative", lambda k: with_value(k, schema=-1), "unknown_version"),
    Case("schema_bool", lambda k: with_value(k, schema=True), "unknown_version"),
    Case("no_schema", lambda k: json.dumps({"match": {}, "matches": []}).encode(),
         "unknown_version", kinds=("save", "stats")),
    Case("newer", lambda k: with_value(k, schema=CURRENT[k] + 1), "newer_version", "untouched"),
    Case("absurd_schema", lambda k: with_value(k, schema=10**30), "newer_version", "untouched"),
    Case("deep_open", lambda k: b"[" * 100_000, "too_deep"),
    Case("deep_closed", lambda k: b'{"schema": 1, "x": ' + b"[" * 5000 + b"]" * 5000 + b"}",
         "too_deep"),
    Case("deep_65", lambda k: with_value(k, x=json.loads("[" * 65 + "]" * 65)), "too_deep"),
    # Per kind, a known key of the wrong type and an absurd number.
    Case("volume_text", lambda k: with_value(k, volume="loud"), "wrong_type", "repaired",
         ("settings",)),
    Case("volume_negative", lambda k: with_value(k, volume=-5), "bad_value", "repaired",
         ("settings",)),
    Case("scale_absurd", lambda k: with_value(k, ui_scale=1e300), "bad_value", "repaired",
         ("settings",)),
    Case("match_list", lambda k: with_value(k, match=[1]), "wrong_type", kinds=("save",)),
    Case("no_match", lambda k: b'{"schema": 1, "saved_at": "2024-01-01T00:00:00", '
         b'"app_version": "1"}', "corrupt", kinds=("save",)),
    Case("round_negative", lambda k: with_value(k, match={"round": -5}), "invalid_game",
         kinds=("save",)),
    Case("matches_object", lambda k: with_value(k, matches={}), "wrong_type", kinds=("stats",)),
    Case("totals_absurd",
         lambda k: with_value(k, matches=[{**record_to_dict(RECORD), "totals": [-10**9, 0]}]),
         "bad_value", "repaired", ("stats",)),
    Case("record_text", lambda k: with_value(k, matches=["match"]), "wrong_type", "repaired",
         ("stats",)),
]  # fmt: skip
PARAMS = [
    pytest.param(kind, case, id=f"{kind}-{case.name}") for case in CASES for kind in case.kinds
]


def fill_folder(paths: Paths) -> None:
    for kind in GOOD:
        path = target(kind, paths)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(good_bytes(kind))
    paths.logs_dir.mkdir()
    (paths.logs_dir / "carioca.log").write_text("old log\n")


def snapshot(root: Path, skip: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.name.startswith(skip.name)
    }


def check_broken(kind: str, case: Case, data: bytes, root: Path) -> None:
    paths = Paths.under(root)
    fill_folder(paths)
    path = target(kind, paths)
    path.write_bytes(data)
    others = snapshot(root, path)

    value, notices = load(kind, paths)

    assert {n.problem for n in notices} == {case.problem}, notices
    assert all(n.file == kind for n in notices)
    aside = sorted(path.parent.glob(path.name + ".corrupt-*"))
    if case.outcome == "untouched":
        assert value == DEFAULTS[kind]
        assert path.read_bytes() == data and aside == []
        assert all(n.moved_to is None for n in notices)
    else:
        [moved] = aside
        assert moved.read_bytes() == data, "the original bytes must be kept"
        assert {n.moved_to for n in notices} == {str(moved)}
        if case.outcome == "aside":
            assert value == DEFAULTS[kind] and not path.exists()
    assert snapshot(root, path) == others, "other files must be untouched"

    save(kind, paths)
    if case.outcome == "untouched":
        assert path.read_bytes() == data
    else:
        value, notices = load(kind, paths)
        assert notices == [] and value != DEFAULTS[kind]


@pytest.mark.parametrize(("kind", "case"), PARAMS)
def test_broken_file(kind: str, case: Case, tmp_path: Path) -> None:
    check_broken(kind, case, case.make(kind), tmp_path)


@pytest.mark.parametrize("kind", ["settings", "save", "stats"])
def test_very_large_file_is_refused_unread(kind: str, tmp_path: Path) -> None:
    big = b'{"schema": 1, "pad": "' + b"x" * (20 * 1024 * 1024) + b'"}'
    check_broken(kind, Case("large", lambda k: big, "too_large"), big, tmp_path)


def test_a_bom_is_accepted(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    paths.settings_file.write_bytes(b"\xef\xbb\xbf" + good_bytes("settings"))
    loaded, notices = load_settings(paths, rules_validator)
    assert notices == [] and loaded.player_name == "Ana"


def test_a_folder_in_place_of_a_file_is_reported_and_kept(tmp_path: Path) -> None:
    """Only regular files are read; anything else is set aside whole (issue 15)."""
    paths = Paths.under(tmp_path)
    paths.settings_file.mkdir(parents=True)
    (paths.settings_file / "inside").write_text("kept")
    loaded, notices = load_settings(paths, rules_validator)
    assert loaded == Settings()
    [notice] = notices
    assert notice.problem == "not_a_file" and notice.moved_to is not None
    assert (Path(notice.moved_to) / "inside").read_text() == "kept"
    save_settings(Settings(), paths)  # a fresh file where the folder was
    assert paths.settings_file.is_file()


def test_corrupt_names_get_a_counter(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    moved = set()
    for _ in range(3):
        paths.stats_file.write_bytes(b"{")
        [notice] = load_stats(paths)[1]
        assert notice.moved_to is not None
        moved.add(Path(notice.moved_to).name)
    assert len(moved) == 3


@pytest.mark.properties
@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(["settings", "save", "stats"]), data=st.binary(max_size=300))
def test_random_bytes_never_crash_a_loader(
    kind: str, data: bytes, tmp_path_factory: pytest.TempPathFactory
) -> None:
    paths = Paths.under(tmp_path_factory.mktemp("random"))
    target(kind, paths).parent.mkdir(parents=True, exist_ok=True)
    target(kind, paths).write_bytes(data)
    value, notices = load(kind, paths)
    assert all(isinstance(n, Notice) for n in notices)
    expected_type = {"settings": Settings, "save": tuple, "stats": Stats}[kind]
    assert isinstance(value, expected_type)


def test_nesting_up_to_the_limit_is_accepted(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    deep = json.loads("[" * 63 + "]" * 63)  # with the top-level object: 64 levels
    paths.settings_file.write_bytes(with_value("settings", deep=deep))
    loaded, notices = load_settings(paths, rules_validator)
    assert notices == [] and loaded.extra == {"deep": deep}
