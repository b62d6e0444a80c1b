"""Settings: round trips, unknown keys kept, v0 migration, per-key reset, house rules."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Mapping
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carioca_desktop.storage import (
    DEFAULT_HOUSE_RULES,
    Paths,
    Settings,
    load_settings,
    save_settings,
)
from carioca_desktop.storage.migrations import settings_v0_to_v1
from tests.fixtures.examples import examples


def no_rules_check(rules: Mapping[str, object]) -> None:
    """Tests must not depend on the engine's rule-set module, which evolves on its own."""


def strict_rules(rules: Mapping[str, object]) -> None:
    if rules.get("preset") not in ("clasico", "familiar"):
        raise ValueError(f"unknown preset {rules.get('preset')!r}")


def write_json(path: Path, value: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(value), encoding="utf-8")


def corrupt_copies(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".corrupt-*"))


@pytest.fixture
def paths(tmp_path: Path) -> Paths:
    return Paths.under(tmp_path)


def test_missing_file_gives_defaults_and_no_notice(paths: Paths) -> None:
    assert load_settings(paths, no_rules_check) == (Settings(), [])


def test_round_trip_of_every_field(paths: Paths) -> None:
    chosen = Settings(
        language="sv",
        card_size="xlarge",
        four_colour=True,
        animation_speed="off",
        volume=0.25,
        muted=True,
        confirm_discard=True,
        fullscreen=True,
        player_name="Ñandú",
        ui_scale=1.5,
        high_contrast=True,
        reduce_motion=True,
        hints=False,
        card_back=1,
        window_size=(1280, 800),
        house_rules={"preset": "familiar", "points": {"A": 15}},
        extra={"future_key": [1, {"x": None}]},
    )
    save_settings(chosen, paths)
    assert load_settings(paths, no_rules_check) == (chosen, [])
    assert json.loads(paths.settings_file.read_text())["schema"] == 1


def test_unknown_keys_survive_a_load_and_save(paths: Paths) -> None:
    write_json(paths.settings_file, {"schema": 1, "volume": 0.5, "theme": {"felt": "green"}})
    loaded, notices = load_settings(paths, no_rules_check)
    assert notices == []
    assert loaded.extra == {"theme": {"felt": "green"}}
    save_settings(loaded.replace(muted=True), paths)
    on_disk = json.loads(paths.settings_file.read_text())
    assert on_disk["theme"] == {"felt": "green"} and on_disk["muted"] is True


def test_version_0_file_is_migrated(paths: Paths) -> None:
    # The prototype's file: no "schema", "lang" and "four_color" instead of today's names.
    write_json(paths.settings_file, {"lang": "es", "four_color": True, "volume": 0.3})
    loaded, notices = load_settings(paths, no_rules_check)
    assert notices == []
    assert (loaded.language, loaded.four_colour, loaded.volume) == ("es", True, 0.3)
    assert loaded.extra == {}
    save_settings(loaded, paths)
    on_disk = json.loads(paths.settings_file.read_text())
    assert on_disk["schema"] == 1 and "lang" not in on_disk and on_disk["language"] == "es"


def test_migration_prefers_the_new_name_when_both_exist() -> None:
    assert settings_v0_to_v1({"lang": "fr", "language": "pt"}) == {"language": "pt"}


def test_bad_keys_are_reset_one_by_one_and_the_original_kept(paths: Paths) -> None:
    original = {
        "schema": 1,
        "volume": "loud",  # wrong type
        "ui_scale": 9,  # out of range
        "card_back": True,  # a bool is not 0 or 1
        "language": "de",  # not offered
        "player_name": "x" * 25,  # too long
        "window_size": [10, 10],  # too small
        "muted": True,  # good: must survive
        "custom": 1,  # unknown: must survive
    }
    write_json(paths.settings_file, original)
    raw = paths.settings_file.read_bytes()
    loaded, notices = load_settings(paths, no_rules_check)
    assert loaded == Settings(muted=True, extra={"custom": 1})
    problems = {n.detail.split(":")[0]: n.problem for n in notices}
    assert problems == {
        "volume": "wrong_type",
        "ui_scale": "bad_value",
        "card_back": "wrong_type",
        "language": "bad_value",
        "player_name": "bad_value",
        "window_size": "bad_value",
    }
    [copy] = corrupt_copies(paths.settings_file)
    assert copy.read_bytes() == raw
    assert {n.moved_to for n in notices} == {str(copy)}
    # The repaired file is written, so the next start is quiet.
    assert load_settings(paths, no_rules_check) == (loaded, [])


def test_invalid_house_rules_are_reset_with_a_notice(paths: Paths) -> None:
    write_json(
        paths.settings_file, {"schema": 1, "house_rules": {"preset": "nope"}, "hints": False}
    )
    loaded, notices = load_settings(paths, strict_rules)
    assert loaded.house_rules == DEFAULT_HOUSE_RULES and loaded.hints is False
    assert [(n.problem, n.file) for n in notices] == [("bad_value", "settings")]
    assert "nope" in notices[0].detail


def test_a_crashing_rules_validator_does_not_stop_the_game(paths: Paths) -> None:
    def broken(rules: Mapping[str, object]) -> None:
        raise KeyError("bug in the validator")

    write_json(paths.settings_file, {"schema": 1, "house_rules": {"preset": "clasico"}})
    loaded, notices = load_settings(paths, broken)
    assert loaded.house_rules == DEFAULT_HOUSE_RULES
    assert [n.problem for n in notices] == ["bad_value"]


def test_valid_house_rules_are_kept(paths: Paths) -> None:
    rules = {"preset": "familiar", "escala_min": 3}
    write_json(paths.settings_file, {"schema": 1, "house_rules": rules})
    assert load_settings(paths, strict_rules)[0].house_rules == rules


def test_default_validator_is_the_engines_when_present(paths: Paths) -> None:
    pytest.importorskip("carioca_desktop.rules.carioca.ruleset")
    write_json(paths.settings_file, {"schema": 1, "house_rules": {"preset": "no-such-preset"}})
    loaded, notices = load_settings(paths)
    assert loaded.house_rules == DEFAULT_HOUSE_RULES
    assert [n.problem for n in notices] == ["bad_value"]


@pytest.mark.parametrize(
    "changes",
    [
        {"volume": 1.5},
        {"volume": float("nan")},
        {"card_size": "huge"},
        {"language": "xx"},
        {"player_name": "a" * 25},
        {"player_name": "tab\there"},
        {"ui_scale": 0.5},
        {"card_back": 4},  # four backs: 0 to 3
        {"table_colour": "purple"},
        {"window_size": (100, 100)},
        {"muted": 1},
        {"house_rules": ["preset"]},
        {"extra": {"volume": 1}},
        {"extra": {"schema": 2}},
    ],
)
def test_settings_refuse_invalid_values(changes: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Settings().replace(**changes)


def test_settings_normalise_what_they_accept() -> None:
    s = Settings().replace(player_name="  Ana  ", window_size=[800, 600], volume=1)
    assert (s.player_name, s.window_size, s.volume) == ("Ana", (800, 600), 1.0)
    assert isinstance(s.volume, float)


def test_newer_settings_are_left_alone_and_never_overwritten(paths: Paths) -> None:
    write_json(paths.settings_file, {"schema": 99, "volume": 0.1, "new": True})
    raw = paths.settings_file.read_bytes()
    loaded, notices = load_settings(paths, no_rules_check)
    assert loaded == Settings()
    assert [(n.problem, n.moved_to) for n in notices] == [("newer_version", None)]
    save_settings(Settings(muted=True), paths)
    assert paths.settings_file.read_bytes() == raw
    assert corrupt_copies(paths.settings_file) == []


def test_saving_before_loading_still_protects_a_newer_file(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    write_json(paths.settings_file, {"schema": 2})
    raw = paths.settings_file.read_bytes()
    save_settings(Settings(), paths)
    assert paths.settings_file.read_bytes() == raw


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)
known_keys = st.sampled_from(
    ["schema", "language", "card_size", "volume", "player_name", "ui_scale", "card_back",
     "window_size", "house_rules", "muted", "lang", "four_color"]
)  # fmt: skip


@pytest.mark.properties
@settings(max_examples=examples(150), deadline=None)
@given(st.dictionaries(known_keys | st.text(max_size=8), json_values, max_size=10))
def test_any_settings_object_loads_without_crashing(doc: dict[str, object]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        paths = Paths.under(Path(tmp))
        write_json(paths.settings_file, doc)
        loaded, notices = load_settings(paths, strict_rules)
        assert isinstance(loaded, Settings)
        save_settings(loaded.replace(hints=not loaded.hints), paths)
        again, _ = load_settings(paths, strict_rules)
        if not any(n.problem == "newer_version" for n in notices):
            assert again == loaded.replace(hints=not loaded.hints)
