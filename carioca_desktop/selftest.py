"""``carioca --selftest``: a headless check of a build (source, wheel or PyInstaller bundle).

Loads every asset, font, theme and translation, draws each scene once, and plays one round
bot against bot without a window. It touches no user files: everything it writes goes to a
temporary CARIOCA_HOME that is removed afterwards. Exit 0 when all is well, 1 naming the
failing part.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import time
import traceback
import wave
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from carioca_desktop.games import BURACO
from carioca_desktop.rules.carioca.ruleset import CariocaRules

if TYPE_CHECKING:
    from carioca_desktop.play.carioca.session import MatchSession
    from carioca_desktop.ui.app import App
    from carioca_desktop.ui.scene import Scene

CHECKS: list[tuple[str, Callable[[], str]]] = []


def check(name: str) -> Callable[[Callable[[], str]], Callable[[], str]]:
    def register(fn: Callable[[], str]) -> Callable[[], str]:
        CHECKS.append((name, fn))
        return fn

    return register


@check("assets")
def _assets() -> str:
    from carioca_desktop.resources import assets_dir

    root = assets_dir()
    fonts = sorted(root.glob("fonts/*.ttf"))
    sounds = sorted(root.glob("sounds/*.wav"))
    icons = [root / "icons" / n for n in ("carioca.png", "carioca.ico", "carioca.icns")]
    assert fonts and sounds and all(p.exists() for p in icons), f"missing assets in {root}"
    for path in sounds:
        with wave.open(str(path)) as w:
            assert w.getnframes() > 0, path.name
    json.loads((root / "theme.json").read_text(encoding="utf-8"))
    return f"{len(fonts)} fonts, {len(sounds)} sounds, 3 icons, theme in {root}"


@check("translations")
def _translations() -> str:
    from carioca_desktop import i18n

    base = set(i18n.catalogue(i18n.FALLBACK))
    assert base, "no Spanish catalogue"
    counts = []
    for lang in i18n.LANGUAGES:
        keys = set(i18n.catalogue(lang))
        if keys:
            missing = base - keys
            assert not missing, f"{lang} lacks {sorted(missing)[:5]}"
            counts.append(f"{lang} {len(keys)}")
    return ", ".join(counts) + " keys"


@check("fonts and cards")
def _cards() -> str:
    import pygame

    from carioca_desktop.ui.cardart import ALL_CODES, CardArt

    pygame.init()
    art = CardArt(110)
    for code in ALL_CODES:
        assert art.face(code).get_width() == 110
    art.back(0), art.back(1), art.marked("JK", "7H")
    return f"{len(ALL_CODES)} card faces drawn"


@check("scenes")
def _scenes() -> str:
    from carioca_desktop.play.carioca.session import MatchSession
    from carioca_desktop.play.seated import SeatConfig
    from carioca_desktop.storage import Paths
    from carioca_desktop.ui.app import App

    app = App(size=(1280, 720), paths=Paths.under(Path(os.environ["CARIOCA_HOME"])), fast=True)
    seats = [SeatConfig("Ana", "human")] + [SeatConfig(f"Bot {i}", "bot", "easy") for i in (1, 2)]
    session = MatchSession.new(
        CariocaRules.from_dict({"players": 3}), seats, 1, paths=app.paths, autosave=False
    )
    drawn = []
    for name, make in _scene_factories(app, session):
        app.reset(make())
        app.frame(0.016)
        app.screenshot(os.path.join(os.environ["CARIOCA_HOME"], f"{name}.png"))
        drawn.append(name)
    return "drew " + ", ".join(drawn)


def _scene_factories(app: App, session: MatchSession) -> list[tuple[str, Callable[[], Scene]]]:
    from carioca_desktop.ui.scenes.carioca import TableScene
    from carioca_desktop.ui.scenes.carioca.final import FinalScoreScene
    from carioca_desktop.ui.scenes.carioca.newgame import NewGameScene
    from carioca_desktop.ui.scenes.carioca.rules import RulesScene
    from carioca_desktop.ui.scenes.carioca.summary import RoundSummaryScene
    from carioca_desktop.ui.scenes.carioca.tutorial import TutorialScene
    from carioca_desktop.ui.scenes.history import HistoryScene
    from carioca_desktop.ui.scenes.keyhelp import KeysScene
    from carioca_desktop.ui.scenes.menu import MenuScene
    from carioca_desktop.ui.scenes.pause import PauseScene
    from carioca_desktop.ui.scenes.privacy import PrivacyScene
    from carioca_desktop.ui.scenes.settings import SettingsScene
    from carioca_desktop.ui.scenes.stats import StatsScene

    return [
        ("menu", lambda: MenuScene(app)),
        ("new game", lambda: NewGameScene(app)),
        ("table", lambda: TableScene(app, session)),
        ("pause", lambda: PauseScene(app)),
        ("round summary", lambda: RoundSummaryScene(app, session)),
        ("score sheet", lambda: FinalScoreScene(app, session)),
        ("settings", lambda: SettingsScene(app)),
        ("statistics", lambda: StatsScene(app)),
        ("history", lambda: HistoryScene(app)),
        ("replay viewer", lambda: _replay_viewer(app)),
        ("rules", lambda: RulesScene(app)),
        ("tutorial", lambda: TutorialScene(app)),
        ("keys", lambda: KeysScene(app)),
        ("privacy", lambda: PrivacyScene(app, 0, "Ana", "", lambda seat: None)),
    ]


def _replay_viewer(app: App) -> Scene:
    """The replay viewer of a short bot match (Carioca's "chico": four rounds), some moves in."""
    from carioca_desktop.play.replay_session import ReplaySession
    from carioca_desktop.replay_tool import record_bot_match
    from carioca_desktop.ui.scenes.carioca.replay import ReplayViewerScene

    rules = CariocaRules.from_dict({"players": 3, "preset": "chico"})
    _result, match, _game = record_bot_match("carioca", rules, ["easy", "easy", "easy"], 2)
    assert match is not None, "a bot match of the chico rules always ends"
    session = ReplaySession(match)
    session.seek(12)
    return ReplayViewerScene(app, session)


@check("buraco scenes")
def _buraco_scenes() -> str:
    """The Buraco new game, its house rules, its table mid-round (melds on it) and its round
    sheet."""
    from carioca_desktop.play.buraco.session import BuracoSession
    from carioca_desktop.play.seated import SeatConfig
    from carioca_desktop.rules.buraco.ruleset import preset_rules
    from carioca_desktop.storage import Paths
    from carioca_desktop.ui.app import App
    from carioca_desktop.ui.scenes.buraco import BuracoTableScene
    from carioca_desktop.ui.scenes.buraco.newgame import BuracoNewGameScene

    home = os.environ["CARIOCA_HOME"]
    app = App(size=(1280, 720), paths=Paths.under(Path(home)), fast=True)
    app.reset(BuracoNewGameScene(app))
    app.frame(0.016)
    app.screenshot(os.path.join(home, "buraco new game.png"))
    from carioca_desktop.ui.scenes.settings import SettingsScene

    app.reset(SettingsScene(app, "rules", "buraco"))
    app.frame(0.016)
    app.screenshot(os.path.join(home, "buraco house rules.png"))
    seats = [SeatConfig(n, "bot", "normal") for n in ("Ana", "Beto", "Carla", "Diego")]
    session = BuracoSession.new(preset_rules("brasileiro"), seats, 3, autosave=False)
    session.seats = (SeatConfig("Ana", "human"), *session.seats[1:])
    table = BuracoTableScene(app, session)
    app.reset(table)
    actions = 0
    while not session.game.round_over:
        action = session.pending_bot_action()
        assert action is not None, "a Buraco bot did not act"
        table.perform(action)
        actions += 1
        assert actions < 5000, "the Buraco round did not end"
        if actions == 60:
            app.frame(0.016)
            app.screenshot(os.path.join(home, "buraco table.png"))
    app.frame(0.016)
    assert table.sheet is not None, "no round sheet"
    app.screenshot(os.path.join(home, "buraco round sheet.png"))
    from carioca_desktop.ui.scenes.buraco.rules import BuracoRulesScene
    from carioca_desktop.ui.scenes.buraco.tutorial import BuracoTutorialScene

    app.reset(BuracoTutorialScene(app))
    app.frame(0.016)
    app.screenshot(os.path.join(home, "buraco tutorial.png"))
    app.push(BuracoRulesScene(app, session.game.rules))
    app.frame(0.016)
    app.screenshot(os.path.join(home, "buraco rules.png"))
    hands = _buraco_statistics(app)
    return (
        f"drew buraco new game, house rules, table, round sheet ({actions} actions), "
        f"tutorial, rules, statistics (a match to 50 points, hands: {hands})"
    )


def _buraco_statistics(app: App) -> int:
    """A short match (to 50 points) among bots, recorded as if Ana had played seat 0, then
    the statistics scene's Buraco tab drawing it; returns the match's hands."""
    from carioca_desktop.play.buraco.session import BuracoSession
    from carioca_desktop.play.seated import SeatConfig
    from carioca_desktop.rules.buraco.actions import NextRound
    from carioca_desktop.rules.buraco.ruleset import preset_rules
    from carioca_desktop.storage import append_match
    from carioca_desktop.ui.scenes.stats import StatsScene

    seats = [SeatConfig(n, "bot", "easy") for n in ("Ana", "Beto", "Carla", "Diego")]
    session = BuracoSession.new(preset_rules("brasileiro", target=50), seats, 4, autosave=False)
    while not session.game.is_over:
        over = NextRound() if session.game.round_over else None  # no person to deal on
        action = session.pending_bot_action() or over
        assert action is not None, "a Buraco bot did not act"
        session.apply(action)
    session.seats = (SeatConfig("Ana", "human"), *session.seats[1:])
    record = session.record()
    append_match(record, app.paths)
    scene = StatsScene(app)
    app.reset(scene)
    app.frame(0.016)
    shown = scene.views[BURACO.name].matches
    assert scene.game == BURACO.name and shown == [record], "no Buraco statistics"
    app.screenshot(os.path.join(os.environ["CARIOCA_HOME"], "buraco statistics.png"))
    return len(record.hand_points)


@check("network screens")
def _network_screens() -> str:
    """Play on the network, Host a table, the waiting room of a table open on loopback (its
    code and addresses), Join a table, and the lobby a loopback joiner sees."""
    from carioca_desktop.storage import Paths
    from carioca_desktop.ui.app import App
    from carioca_desktop.ui.joining import Joining
    from carioca_desktop.ui.scenes.net.choice import NetChoiceScene
    from carioca_desktop.ui.scenes.net.hosting import ME, PERSON, open_table
    from carioca_desktop.ui.scenes.net.join import JoinScene
    from carioca_desktop.ui.scenes.net.lobby import LobbyScene
    from carioca_desktop.ui.scenes.net.waiting import WaitingRoomScene

    home = os.environ["CARIOCA_HOME"]
    app = App(size=(1280, 720), paths=Paths.under(Path(home)), fast=True)
    rules = CariocaRules.from_dict({"players": 3})
    served, people = open_table(app, "carioca", rules, [ME, PERSON, "easy"], "Ana", 0, "127.0.0.1")
    joiner = Joining.open(f"127.0.0.1:{served.host.port}", served.host.code, "Beto", None)
    try:
        end = time.monotonic() + 10
        while joiner.lobby is None or people.people[0].welcomed is None:
            assert time.monotonic() < end, "nobody was seated at the loopback table"
            served.tick()
            people.poll()
            joiner.poll()
            time.sleep(0.01)
        scenes = [("network choice", NetChoiceScene(app)), ("host a table", app.routes.net_host()),
                  ("waiting room", WaitingRoomScene(app, served, people)),
                  ("join a table", JoinScene(app)), ("lobby", LobbyScene(app, joiner))]  # fmt: skip
        for name, scene in scenes:
            app.reset(scene)
            app.frame(0.016)
            app.screenshot(os.path.join(home, f"{name}.png"))
    finally:
        joiner.close()
        people.close()
        app.stop_serving()
    return "drew " + ", ".join(name for name, _ in scenes)


@check("network table")
def _network_tables() -> str:
    """The network table of both games: a loopback table with this computer's seat and bots,
    a few frames of play through the client, then everything closed, no thread left over."""
    import threading

    from carioca_desktop.storage.autosaver import flush_autosaves

    def left() -> list[str]:
        # The autosave's writer is one idle thread per save file for the app's whole life,
        # as after a local match; everything else the tables started must be gone.
        new = set(threading.enumerate()) - before
        return sorted(t.name for t in new if t.name != "autosave")

    before = set(threading.enumerate())
    from carioca_desktop.rules.buraco.ruleset import preset_rules

    drawn = [
        _network_table("carioca", CariocaRules.from_dict({"players": 3}), 3),
        _network_table("buraco", preset_rules("brasileiro"), 4),
    ]
    assert flush_autosaves(5), "the network table's autosave was not written"
    end = time.monotonic() + 5
    while left() and time.monotonic() < end:
        time.sleep(0.05)  # the closed clients' and host's threads finish their last step
    assert not left(), f"threads left running: {left()}"
    return "drew " + ", ".join(drawn)


def _network_table(game: str, rules: Any, players: int) -> str:
    """One game's network table as the host's person sees it (``rules`` for ``players``, the
    others easy bots), started (as the waiting room's Start is) once that person is seated."""
    from carioca_desktop.storage import Paths
    from carioca_desktop.ui.app import App
    from carioca_desktop.ui.nettable.scenes import NetPart
    from carioca_desktop.ui.scenes.net.hosting import ME, open_table

    home = os.environ["CARIOCA_HOME"]
    app = App(size=(1280, 720), paths=Paths.under(Path(home) / game), fast=True)
    kinds = [ME] + ["easy"] * (players - 1)
    served, people = open_table(app, game, rules, kinds, "Ana", 0, "127.0.0.1")
    try:
        end = time.monotonic() + 10
        while (links := people.links()) is None:
            assert time.monotonic() < end, f"the {game} network table did not start"
            app.frame(0.016)
            people.poll()
            if people.people[0].welcomed is not None and served.host.session is None:
                served.host.start_now()  # Start, once this computer's person is seated
            time.sleep(0.01)
        table = app.routes.net_table(links)
        app.reset(table)
        for _ in range(5):
            app.frame(0.016)
            time.sleep(0.01)
        assert app.stack.top is table, f"the {game} network table closed by itself"
        assert isinstance(table, NetPart), f"the {game} network table is {table!r}"
        seat = table.session.seats[0]
        assert seat.name == "Ana", f"this computer's seat is called {seat.name!r}"
        app.screenshot(os.path.join(home, f"{game} network table.png"))
    finally:
        people.close()
        app.stop_serving()
    return f"{game} network table"


@check("bot round")
def _bot_round() -> str:
    from carioca_desktop.play.carioca.session import MatchSession
    from carioca_desktop.play.seated import SeatConfig
    from carioca_desktop.rules.carioca.actions import NextRound

    seats = [
        SeatConfig(f"Bot {i}", "bot", level)
        for i, level in enumerate(("easy", "normal", "hard", "random"))
    ]
    session = MatchSession.new(CariocaRules(), seats, 7, autosave=False)
    start, actions = session.game.round_index, 0
    while session.game.round_index == start and not session.game.round_over:
        action = session.pending_bot_action()
        assert action is not None and not isinstance(action, NextRound), "a bot did not act"
        session.apply(action)
        actions += 1
        assert actions < 5000, "the round did not end"
    points = session.game.round_points[-1]
    return f"round 1 ended after {actions} actions, points {points}"


@check("replay screens")
def _replay_screens() -> str:
    """History with kept matches, both replay viewers with all hands, the coach's panel."""
    from carioca_desktop.selftest_replay import draw_replay_screens

    return draw_replay_screens()


@check("network")
def _network() -> str:
    from carioca_desktop.net.greet import greet

    return greet()


def main() -> int:
    if sys.stdout is None:  # a windowed executable on Windows has no console to print to
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the process
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    home = tempfile.mkdtemp(prefix="carioca-selftest-")
    os.environ["CARIOCA_HOME"] = home  # never the player's own files
    failed = None
    try:
        for name, fn in CHECKS:
            start = time.perf_counter()
            try:
                detail = fn()
            except Exception as exc:  # report which part failed, then stop
                print(f"FAIL {name}: {exc!r}")
                traceback.print_exc(file=sys.stdout)
                failed = name
                break
            print(f"ok   {name}: {detail} ({time.perf_counter() - start:.2f} s)")
    finally:
        shutil.rmtree(home, ignore_errors=True)
    if failed:
        print(f"selftest failed: {failed}")
        return 1
    print("selftest passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
