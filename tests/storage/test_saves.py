"""The autosave: round trip, validation through the game's validator, clear, protection."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import carioca_desktop
from carioca_desktop.storage import (
    Paths,
    clear_autosave,
    has_autosave,
    load_autosave,
    write_autosave,
)

MATCH: dict[str, object] = {
    "game": {"round": 3, "hands": [["AS", "JK"], ["10H"]], "pozo": ["2C"]},
    "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "hard", "seed": 7}],
}


class Game:
    def __init__(self, data: dict[str, object]) -> None:
        self.data = data


def game_validator(match: dict[str, object]) -> object:
    if "game" not in match:
        raise ValueError("no game in the match")
    return Game(match)


@pytest.fixture
def paths(tmp_path: Path) -> Paths:
    return Paths.under(tmp_path)


def test_round_trip(paths: Paths) -> None:
    assert has_autosave(paths) is False
    write_autosave(MATCH, paths)
    assert has_autosave(paths) is True
    game, raw, notices = load_autosave(paths, game_validator)
    assert notices == [] and raw == MATCH
    assert isinstance(game, Game) and game.data == MATCH
    doc = json.loads(paths.autosave_file.read_text())
    assert doc["schema"] == 1 and doc["app_version"] == carioca_desktop.__version__
    assert doc["saved_at"].endswith("+00:00")


def test_without_a_validator_the_object_is_the_raw_match(paths: Paths) -> None:
    write_autosave(MATCH, paths)
    game, raw, _ = load_autosave(paths)
    assert game == raw == MATCH


def test_no_save_is_not_a_problem(paths: Paths) -> None:
    assert load_autosave(paths, game_validator) == (None, None, [])


def test_clear(paths: Paths) -> None:
    write_autosave(MATCH, paths)
    clear_autosave(paths)
    assert not has_autosave(paths)
    clear_autosave(paths)  # clearing twice is fine


def test_invalid_game_is_set_aside(paths: Paths) -> None:
    write_autosave({"seats": []}, paths)
    raw = paths.autosave_file.read_bytes()
    game, match, notices = load_autosave(paths, game_validator)
    assert (game, match) == (None, None)
    [notice] = notices
    assert (notice.file, notice.problem) == ("save", "invalid_game")
    assert "no game" in notice.detail
    assert notice.moved_to is not None and Path(notice.moved_to).read_bytes() == raw
    assert not has_autosave(paths)


def test_a_crashing_match_validator_is_an_invalid_game(paths: Paths) -> None:
    def broken(match: dict[str, object]) -> object:
        raise AttributeError("bug")

    write_autosave(MATCH, paths)
    assert [n.problem for n in load_autosave(paths, broken)[2]] == ["invalid_game"]


@pytest.mark.parametrize(
    ("doc", "problem"),
    [
        ({"schema": 1, "saved_at": "2024-01-01T00:00:00+00:00", "app_version": "1"}, "corrupt"),
        ({"schema": 1, "saved_at": "yesterday", "app_version": "1", "match": {}}, "bad_value"),
        ({"schema": 1, "saved_at": "2024-01-01T00:00:00Z", "app_version": 1, "match": {}},
         "wrong_type"),
        ({"schema": 1, "saved_at": "2024-01-01T00:00:00", "app_version": "1", "match": []},
         "wrong_type"),
        ({"saved_at": "2024-01-01T00:00:00", "app_version": "1", "match": {}}, "unknown_version"),
    ],
)  # fmt: skip
def test_malformed_save_documents(paths: Paths, doc: dict[str, object], problem: str) -> None:
    paths.autosave_file.parent.mkdir(parents=True)
    paths.autosave_file.write_text(json.dumps(doc))
    assert [n.problem for n in load_autosave(paths, game_validator)[2]] == [problem]
    assert not has_autosave(paths)


def test_newer_save_is_neither_overwritten_nor_cleared(paths: Paths) -> None:
    paths.autosave_file.parent.mkdir(parents=True)
    paths.autosave_file.write_text('{"schema": 2, "match": {"future": true}}')
    raw = paths.autosave_file.read_bytes()
    game, match, notices = load_autosave(paths, game_validator)
    assert (game, match) == (None, None)
    assert [(n.problem, n.moved_to) for n in notices] == [("newer_version", None)]
    write_autosave(MATCH, paths)
    clear_autosave(paths)
    assert paths.autosave_file.read_bytes() == raw


def test_first_write_without_a_load_protects_a_newer_save(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    paths.autosave_file.parent.mkdir(parents=True)
    paths.autosave_file.write_text('{"schema": 5}')
    write_autosave(MATCH, paths)
    assert paths.autosave_file.read_text() == '{"schema": 5}'


def test_first_write_without_a_load_keeps_a_broken_save_aside(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    paths.autosave_file.parent.mkdir(parents=True)
    paths.autosave_file.write_bytes(b"\x00garbage")
    write_autosave(MATCH, paths)
    [aside] = paths.autosave_file.parent.glob("autosave.json.corrupt-*")
    assert aside.read_bytes() == b"\x00garbage"
    assert load_autosave(paths)[1] == MATCH


def test_a_match_too_large_to_read_back_is_refused(paths: Paths) -> None:
    with pytest.raises(ValueError, match="exceeds"):
        write_autosave({"blob": "x" * (9 * 1024 * 1024)}, paths)
    assert not has_autosave(paths)
