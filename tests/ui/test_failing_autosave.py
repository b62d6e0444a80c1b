"""When the autosave cannot be written the table says so once, with the reason, and the pause
screen does not claim the match is saved (issue 29 item 2); a file where the saves folder
should be is a failing save, not "a newer version's save". Both games, each cause: a full
disk, a read-only folder, a file in the folder's place."""

from __future__ import annotations

import errno
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.carioca.session import MatchSession, SeatConfig
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths, atomic
from carioca_desktop.storage.autosaver import autosave_failure, flush_pending
from carioca_desktop.storage.saves import autosave_protected
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes import pause
from carioca_desktop.ui.scenes.buraco import BuracoTableScene
from carioca_desktop.ui.scenes.carioca import TableScene
from carioca_desktop.ui.tablekit import save_watch as side_save
from tests.fixtures.buraco_play import random_action
from tests.fixtures.hostile_base import play_step, stand_ins

SEATS = [SeatConfig("Tu", "human"), SeatConfig("Ana", "bot", "random")]


def _disk_says(number: int) -> Callable[[Path, pytest.MonkeyPatch], None]:
    def cause(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        def refuse(*_: Any, **__: Any) -> None:
            cls = PermissionError if number == errno.EACCES else OSError
            raise cls(number, "refused by the test")

        monkeypatch.setattr(atomic, "atomic_write_bytes", refuse)
        from carioca_desktop.storage import documents

        monkeypatch.setattr(documents, "atomic_write_bytes", refuse)

    return cause


def _file_for_folder(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (root / "saves").write_text("not a folder")


CAUSES: dict[str, Callable[[Path, pytest.MonkeyPatch], None]] = {
    "full": _disk_says(errno.ENOSPC),
    "read_only": _disk_says(errno.EACCES),
    "not_a_folder": _file_for_folder,
}


def _carioca(paths: Paths) -> MatchSession:
    rules = CariocaRules.from_dict({"preset": "chico", "players": 2})
    return MatchSession.new(rules, SEATS, 3, paths=paths)


def _buraco(paths: Paths) -> BuracoSession:
    return BuracoSession.new(preset_rules("brasileiro", players=2), SEATS, 3, paths=paths)


def _step(session: Any) -> None:
    if isinstance(session, BuracoSession):
        session.apply(random_action(session.game, random.Random(session.game.event_count)))
    else:
        play_step(session, stand_ins(session))


GAMES = {"carioca": (_carioca, TableScene), "buraco": (_buraco, BuracoTableScene)}


@pytest.fixture
def home(tmp_path: Path) -> Iterator[Paths]:
    yield Paths.under(tmp_path)
    pygame.quit()


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("cause", sorted(CAUSES))
def test_the_failing_save_is_known_with_its_reason(
    home: Paths, monkeypatch: pytest.MonkeyPatch, game: str, cause: str
) -> None:
    CAUSES[cause](home.autosave_file.parents[1], monkeypatch)
    session = GAMES[game][0](home)
    for _ in range(3):
        _step(session)
    flush_pending(home)
    assert autosave_failure(home) == cause
    assert not autosave_protected(home) or cause != "not_a_folder"  # not a "newer" save
    monkeypatch.undo()
    if cause == "not_a_folder":
        (home.autosave_file.parent).unlink()
    _step(session)
    flush_pending(home)
    assert autosave_failure(home) is None  # saving works again: nothing more is said
    assert home.autosave_file.exists()


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("cause", sorted(CAUSES))
def test_the_table_says_it_once_and_pause_does_not_claim_saved(
    home: Paths, monkeypatch: pytest.MonkeyPatch, game: str, cause: str
) -> None:
    CAUSES[cause](home.autosave_file.parents[1], monkeypatch)
    make, table = GAMES[game]
    session = make(home)
    said: list[str] = []
    real_toast = table.toast

    def toast(self: Any, text: str, anchor: tuple[int, int], seconds: float = 2.8) -> None:
        said.append(text)
        real_toast(self, text, anchor, seconds)

    monkeypatch.setattr(table, "toast", toast)
    app = App(size=(1280, 800), paths=home, fast=True)
    app.push(table(app, session))
    for _ in range(4):
        _step(session)
        flush_pending(home)
        for _ in range(3):
            app.frame(1 / 60)
    why = tr(f"notice.autosave_why_{cause}")
    failed = tr("notice.autosave_failed", why=why)
    assert said.count(failed) == 1  # once, with the reason
    assert tr("notice.save_side") not in said  # not "a newer version's save"
    shown: list[str] = []
    real_wrap = pause.wrap
    monkeypatch.setattr(pause, "wrap", lambda text, *a: shown.append(text) or real_wrap(text, *a))
    app.push(pause.PauseScene(app))
    app.frame(1 / 60)
    assert failed in shown and tr("pause.saved") not in shown
    assert side_save.failure_text(home) == failed
