"""Whole network matches played through the client table scene to the final sheet: the
person's moves chosen by a bot and made through the scene's own ``perform``, the other seats
the host's bots; the record lands in this computer's statistics. A short match of each game
in the default run, a full one of each under ``slow``."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.storage import Paths
from carioca_desktop.storage.stats import load_stats
from carioca_desktop.ui.app import App
from tests.fixtures.waiting import wait_until
from tests.ui.nettable.kit import Person, table, until_recorded

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
        host = thread.host.game
        if len(links) == 1:  # the table shows the last move before its final sheet
            assert scene.obs.hand == host.observation(scene.session.viewer()).hand
        # Every person here comes to hold the host's last hand. A hot-seat pair's two links
        # are two connections: the final sheet may be up (one link's last state read) while
        # the other link's last state is still on its way, so the session is read until then.
        wait_until(lambda: all(f.obs.hand == host.observation(f.seat).hand
                               for f in scene.session.feeds),
                   what="every link here holding the host's last hand",
                   seen=lambda: [(f.seat, len(f.obs.hand)) for f in scene.session.feeds],
                   step=lambda: (scene.session.pump(), app.frame(0.02)))  # fmt: skip
        until_recorded(app, scene)
        records = load_stats(Paths.under(tmp_path))[0].records
        assert [r.match_id for r in records] == [scene.session.match_id]
        assert list(records[0].human_seats) == [link.welcomed.seat for link in links]
        _kept_in_history(tmp_path, scene.session, [link.welcomed.seat for link in links])
    finally:
        thread.stop()


def _kept_in_history(tmp_path: Path, session: Any, seats: list[int]) -> None:
    """The host's replay is in this computer's History, its people's seats as "my view",
    and it opens (replayed through the engine to the same final scores)."""
    from carioca_desktop.storage.autosaver import flush_pending
    from carioca_desktop.storage.replays import list_kept, open_kept

    paths = Paths.under(tmp_path)
    flush_pending(paths)  # kept on the writer thread, as a local match's file
    assert session.replay_problem is None
    kept = list_kept(paths)
    assert [k.match_id for k in kept] == [session.match_id]
    match = open_kept(kept[0], paths).match
    assert match.people_here == seats and match.game == session.GAME


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


def _other_computer(link: Any, game: str) -> threading.Thread:
    """A person at another computer, played by a bot through its own client."""
    from carioca_desktop.net.client import Asked, MatchOver, StateChanged
    from carioca_desktop.net.games import KINDS

    kind, seat = KINDS[game], link.welcomed.seat
    bot = kind.make_bot("normal", seat, 3)

    def run() -> None:
        obs = None
        events = list(link.pending)
        end = time.monotonic() + 120
        while time.monotonic() < end:
            for event in events:
                if isinstance(event, StateChanged):
                    obs = event.obs
                elif isinstance(event, Asked) and obs is not None:
                    legal = tuple(kind.action_from_dict(a) for a in event.legal)
                    action = kind.driver_choice(bot, obs, legal)
                    link.client.send_action(event.ask, kind.action_to_dict(action))
                elif isinstance(event, MatchOver):
                    return
            events = link.client.poll(0.05)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


@pytest.mark.timeout(180)
def test_a_match_with_a_person_elsewhere_is_marked_as_a_network_match(tmp_path: Path) -> None:
    from carioca_desktop.storage.network_mark import played_on_network

    app, thread, links = table(tmp_path, "carioca", "remote,remote,normal", seed=11,
                               rules=SHORT["carioca"], here=1)  # fmt: skip
    try:
        _other_computer(links[1], "carioca")
        scene, end = play_through(app, "carioca", 120)
        assert end == "final"
        until_recorded(app, scene)
        (record,) = load_stats(Paths.under(tmp_path))[0].records
        assert played_on_network(record) and list(record.human_seats) == [0]
    finally:
        thread.stop()
