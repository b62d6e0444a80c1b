"""A save a newer program wrote is left in place (issue 29 item 7): when the newer program keeps
the file's outer schema and changes what is inside (a session or match version, a rule key
or a preset this version does not know, a game it does not have), Continue says a newer
version wrote it, the file keeps its name and bytes, and this version's next match is saved
beside it. A damaged save is still set aside."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.carioca.session import SeatConfig
from carioca_desktop.play.resume import load_resumable
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.storage import Paths, write_autosave
from carioca_desktop.storage.autosaver import flush_pending
from carioca_desktop.storage.saves import side_file
from carioca_desktop.ui.scenes.menu import notice_text
from tests.fixtures.hostile_base import base_session_dict

Change = Callable[[dict[str, Any]], None]


@cache
def _buraco_text() -> str:
    seats = [SeatConfig("Tu", "human"), SeatConfig("Ana", "bot", "easy")]
    session = BuracoSession.new(preset_rules("brasileiro", players=2), seats, 4, autosave=False)
    return json.dumps(session.to_dict())


BASES: dict[str, Callable[[], dict[str, Any]]] = {
    "carioca": base_session_dict,
    "buraco": lambda: json.loads(_buraco_text()),
}


def _set(*keys: str, value: Any) -> Change:
    def change(d: dict[str, Any]) -> None:
        for key in keys[:-1]:
            d = d[key]
        d[keys[-1]] = value

    return change


NEWER: dict[str, Change] = {
    "session version": _set("version", value=2),
    "match version": _set("game", "version", value=7),
    "unknown rule key": _set("game", "rules", "jokers_fly", value=True),
    "unknown preset": _set("game", "rules", "preset", value="torneo_2030"),
    "a game this version lacks": _set("format", value="tresillo-session"),
}


def _files(paths: Paths) -> list[str]:
    return sorted(p.name for p in paths.autosave_file.parent.iterdir())


@pytest.mark.parametrize("game", sorted(BASES))
@pytest.mark.parametrize("kind", sorted(NEWER))
def test_a_newer_programs_save_is_left_in_place(tmp_path: Path, game: str, kind: str) -> None:
    paths = Paths.under(tmp_path)
    d = BASES[game]()
    NEWER[kind](d)
    write_autosave(d, paths)
    before = paths.autosave_file.read_bytes()
    for _ in range(2):  # every visit of the menu's Continue
        session, notices = load_resumable(paths)
        assert session is None
        assert [n.problem for n in notices] == ["newer_version"]
        assert notices[0].moved_to is None
        assert notice_text(notices[0]) == tr("notice.save_newer")
    assert paths.autosave_file.read_bytes() == before
    assert _files(paths) == [paths.autosave_file.name]  # nothing renamed as damaged
    mine = BASES[game]()
    write_autosave(mine, paths)  # this version's new match: saved beside it
    flush_pending(paths)
    assert paths.autosave_file.read_bytes() == before
    assert side_file(paths).exists()


@pytest.mark.parametrize("game", sorted(BASES))
def test_a_damaged_save_is_still_set_aside(tmp_path: Path, game: str) -> None:
    paths = Paths.under(tmp_path)
    d = BASES[game]()
    d["version"] = "two"  # not a version at all: damaged, not newer
    write_autosave(d, paths)
    session, notices = load_resumable(paths)
    assert session is None and [n.problem for n in notices] == ["invalid_game"]
    assert notices[0].moved_to and not paths.autosave_file.exists()
