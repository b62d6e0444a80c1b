"""Screenshots of the replay screens, to look at by eye (not a test).

    xvfb-run -a -s "-screen 0 3840x2160x24" python -m tools.shots.replay_shots OUTDIR
        [--langs es,pt,sv] [--sizes 1024x600,1600x900,3840x2160] [--only history|deals|viewer]

(or SDL_VIDEODRIVER=dummy without Xvfb). Per language and window size, for a long bot match
of each game (bench_replay's: a classic six-seat Carioca match, a four-seat Brasileiro
Buraco match): History listing both, its "how would hard have done" (computed once, then
reused), its open-file dialog and an open file's refusal; the viewer mid-match in my view,
with all hands face up (V), with the coach's panel (C: the viewed seat's round judged once,
then reused), a round's sheet at its end, and the viewer's final sheet; a typed code
refused, "Play a deal", the daily deal's table and Statistics (the rating). Each run of a
language writes into its own temporary home; nothing else is saved."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CARIOCA_DISCOVERY", "127.0.0.1")

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

import pygame

from carioca_desktop import i18n
from carioca_desktop.storage import Paths
from carioca_desktop.storage.replays import keep_match
from carioca_desktop.ui.app import App
from carioca_desktop.ui.replay_viewer import open_viewer
from carioca_desktop.ui.scenes.history import HistoryScene
from tools.bench.bench_replay import long_buraco_match, long_match

Judged = dict[tuple[str, int, int], Any]


def press(scene: Any, key: int) -> None:
    scene.handle_before_ui(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def frames(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.frame(0.05)


def viewer_shots(app: App, match: Any, shot: Any, judged: Judged) -> None:
    """My view, all hands, the coach, a round's sheet and the final sheet of one match."""
    game = match.game
    viewer: Any = open_viewer(app, match)
    app.reset(viewer)
    r = viewer.replay
    mid = r.rounds[min(3, len(r.rounds) - 1)]
    viewer.go(mid.start + 37)
    frames(app)
    shot(f"{game}_view")
    press(viewer, pygame.K_v)
    frames(app)
    shot(f"{game}_all")
    press(viewer, pygame.K_v)
    here = r.round_of(r.position)
    key = (game, r.seat, here)
    if key not in judged:
        viewer.coach.ask(r.match, r.seat, here)
        viewer.coach.wait()
        judged[key] = viewer.coach.judged
    viewer.coach.key, viewer.coach.judged = (r.seat, here), judged[key]
    viewer.show_coach(True)
    frames(app)
    shot(f"{game}_coach")
    viewer.show_coach(False)
    for name, end in ((f"{game}_sheet", mid.end), (f"{game}_final", r.rounds[-1].end)):
        while app.stack.top is not viewer:
            app.pop()  # the sheet before put away, as its button would
        viewer.go(end - 1)
        frames(app)
        press(viewer, pygame.K_RIGHT)
        for _ in range(30):  # the last action's flight and the sheet's beat
            app.frame(0.25)
        shot(name)


def history_shots(app: App, shot: Any, home: Path, versus: dict[str, Any]) -> None:
    """History with "how would hard have done" for the chosen match, the open-file dialog,
    and the refusal of a file that is not a match file."""
    history = HistoryScene(app)
    app.reset(history)
    frames(app)
    shot("history")
    row = history.rows[history.chosen]
    if row.match_id not in versus:
        history._ask_hard()
        history.versus.wait()
        versus[row.match_id] = history.versus.result
    history.versus.match_id, history.versus.result = row.match_id, versus[row.match_id]
    history.repaint()
    frames(app)
    shot("history_hard")
    history.files.ask_open()
    frames(app)
    shot("history_open")
    history.files.close()
    bad = home / "broken.json"
    bad.write_text('{"format": "carioca-match", "version": 1, "game": "carioca", "rules": ')
    history.files.open(bad)
    frames(app)
    shot("history_open_refused")
    deal_shots(app, shot)


def deal_shots(app: App, shot: Any) -> None:
    """A typed code refused, "Play a deal" with a kept match's code (the bench's matches are
    not dealt as the app deals, so the code the first kept match's deal would have), the daily
    deal's table, and Statistics with the person's rating in both games (from finished
    matches against bots, written here)."""
    from carioca_desktop.ui.scenes.stats.scene import StatsScene

    history = HistoryScene(app)
    app.reset(history)
    history.play_code("NOT-A-CODE")
    frames(app)
    shot("history_bad_code")
    history.play_code(kept_code(history.rows))
    frames(app, 6)
    shot("deal_table")
    daily = HistoryScene(app)
    app.reset(daily)
    daily._play_daily()
    frames(app, 6)
    shot("daily_table")
    from tests.fixtures.finished import finished_matches

    finished_matches(app.paths)
    stats = StatsScene(app, "carioca")
    app.reset(stats)
    frames(app)
    shot("stats_rating")
    stats.show("buraco")
    frames(app)
    shot("stats_rating_buraco")


def kept_code(rows: list[Any]) -> str:
    """A kept match's deal code, else the one its deal would have as the app deals it."""
    from carioca_desktop.storage.deal_codes import Deal, encode, fingerprint

    coded = [row.code for row in rows if row.code]
    if coded:
        return str(coded[0])
    header = next(row.header for row in rows if row.header.game == "carioca")
    preset = str(header.rules.get("preset", ""))
    deal = Deal(header.game, preset, len(header.seats), fingerprint(header.rules), header.seed)
    return encode(deal)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--langs", default="es,pt,sv")
    parser.add_argument("--sizes", default="1024x600,1600x900,3840x2160")
    only = "History's shots, only Play a deal's and Statistics', or only the viewer's"
    parser.add_argument("--only", choices=("history", "deals", "viewer"), help=only)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    matches = [long_match(), long_buraco_match()]
    judged: Judged = {}
    versus: dict[str, Any] = {}
    for lang in args.langs.split(","):
        for size_text in args.sizes.split(","):
            size = tuple(int(n) for n in size_text.split("x"))
            home = Path(tempfile.mkdtemp(prefix="carioca-replay-shots-"))
            os.environ["CARIOCA_HOME"] = str(home)
            os.environ["CARIOCA_LANG"] = lang
            app = App(size=(size[0], size[1]), paths=Paths.under(home), fast=True)
            assert i18n.language() == lang

            def shot(name: str, lang: str = lang, width: int = size[0], app: App = app) -> None:
                path = args.out / f"{lang}_{width}_{name}.png"
                app.screenshot(str(path))
                print(path)

            for match in matches:
                keep_match(match, app.paths)
            if args.only == "deals":
                deal_shots(app, shot)
            elif args.only in (None, "history"):
                history_shots(app, shot, home, versus)
            for match in matches if args.only in (None, "viewer") else ():
                viewer_shots(app, match, shot, judged)
            pygame.quit()


if __name__ == "__main__":
    main()
