"""Whole network matches played through the client table scene to the final sheet: the
person's moves chosen by a bot and made through the scene's own ``perform``, the other seats
the host's bots; the record lands in this computer's statistics. A short match of each game
in the default run, a full one of each under ``slow``."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.storage import Paths
from carioca_desktop.storage.stats import load_stats
from carioca_desktop.ui.app import App
from tests.ui.nettable.kit import Person, table

SHORT = {"carioca": {"rounds": ["2T", "1T1E"]}, "buraco": {"target": 600}}
SPECS = {"carioca": "remote,normal,normal", "buraco": "remote,normal,normal,normal"}


def play_through(app: App, game: str, seconds: float) -> tuple[Any, str]:
    """Frames until the final sheet; the round sheets answered as a person would."""
    scene = app.stack.top
    person = Person(game, [f.seat for f in scene.session.feeds])
    end = time.monotonic() + seconds
    privacy = 0
    while time.monotonic() < end:
        app.frame(0.02)
        top = app.stack.top
        if type(top).__name__ == "FinalScoreScene":
            return scene, "final privacy" if privacy else "final"
        if type(top).__name__ == "PrivacyScene":
            privacy += 1
            top.reveal()  # the hot-seat pair's next person takes the seat
            continue
        if top is not scene:
            top.next()  # the round summary's button: the next round, or the final sheet
            continue
        sheet = getattr(scene, "sheet", None)
        if sheet is not None:
            if scene.session.game.is_over:
                return scene, "final privacy" if privacy else "final"
            scene.next_round()  # Buraco's round sheet's button
        person.play(scene)
        time.sleep(0.001)
    return scene, "timeout"


def finished(tmp_path: Path, game: str, rules: dict[str, Any], seconds: float,
             specs: str = "") -> None:  # fmt: skip
    app, thread, links = table(tmp_path, game, specs or SPECS[game], seed=11, rules=rules)
    try:
        scene, end = play_through(app, game, seconds)
        assert end == ("final privacy" if len(links) > 1 else "final")
        assert scene.session.game.is_over
        assert thread.host.game.is_over
        assert scene.obs.hand == thread.host.game.observation(0).hand
        deadline = time.monotonic() + 5
        while not scene.session.recorded and time.monotonic() < deadline:
            app.frame(0.02)  # the match_over message follows the last state
        records = load_stats(Paths.under(tmp_path))[0].records
        assert [r.match_id for r in records] == [scene.session.match_id]
        assert list(records[0].human_seats) == [link.welcomed.seat for link in links]
    finally:
        thread.stop()


@pytest.mark.timeout(180)
@pytest.mark.parametrize("game", ["carioca", "buraco"])
def test_a_short_match_to_its_final_sheet(tmp_path: Path, game: str) -> None:
    finished(tmp_path, game, SHORT[game], 120)


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.parametrize("game", ["carioca", "buraco"])
def test_a_whole_match_to_its_final_sheet(tmp_path: Path, game: str) -> None:
    finished(tmp_path, game, {}, 800)


@pytest.mark.timeout(180)
def test_a_hot_seat_pair_at_one_computer_gets_its_privacy_screen(tmp_path: Path) -> None:
    """Two people at this computer (two links): each turn of theirs behind the privacy
    screen, as at a local hot seat; the people far away need none."""
    finished(tmp_path, "carioca", SHORT["carioca"], 120, "remote,normal,remote")
