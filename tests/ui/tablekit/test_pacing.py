"""The tables' bot pacing (ui/tablekit/pacing.py): a seeded all-bot round at each table, frame
by frame, keeps the pace it had when the two loops were one per game.

Each run records, for every frame that applied something, the frame's number (1/60 s each)
and the actions applied in it, then the frame the scores came up in (Carioca's round summary,
Buraco's sheet). The bots decide at once (the worker's thread is waited for, as an idle
machine would), so the sequence is the tables' own, not the machine's. The files under
``pace/`` were written by the loops before they were folded (``python -m
tests.ui.tablekit.test_pacing`` writes them again: only for a change of pace meant as one).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import BuracoTableScene
from carioca_desktop.ui.scenes.carioca import TableScene

HERE = Path(__file__).parent / "pace"
MOST_FRAMES = 60_000  # a round ends in a few thousand frames at the normal pace
CASES = ("carioca-normal", "carioca-fast", "buraco-normal", "buraco-fast")


def _seats(players: int) -> list[SeatConfig]:
    return [SeatConfig(f"Bot {i}", "bot", "normal") for i in range(players)]


def _carioca(app: App) -> tuple[Any, Any, Callable[[], bool]]:
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 4, "buy": True})
    session = MatchSession.new(rules, _seats(4), 7, None, autosave=False)
    scene = TableScene(app, session)
    return scene, session, lambda: app.stack.top is not scene  # the round summary is up


def _buraco(app: App) -> tuple[Any, Any, Callable[[], bool]]:
    session = BuracoSession.new(preset_rules("brasileiro"), _seats(4), 5, autosave=False)
    scene = BuracoTableScene(app, session)
    return scene, session, lambda: scene.sheet is not None


def record(case: str, home: Path) -> list[str]:
    """The round's frames that applied actions (``frame action``), then ``frame scores``."""
    game, pace = case.split("-")
    app = App(size=(1600, 900), paths=Paths.under(home), fast=pace == "fast")
    scene, session, scores_up = (_carioca if game == "carioca" else _buraco)(app)
    session.bot_action_ready = lambda: True  # the worker's decision is waited for, not polled
    frame = [0]
    lines: list[str] = []
    real_apply = session.apply

    def apply(action: Any) -> Any:
        lines.append(f"{frame[0]} {action!r}")
        return real_apply(action)

    session.apply = apply
    app.push(scene)
    for frame[0] in range(MOST_FRAMES):
        app.frame(1 / 60)
        if scores_up():
            lines.append(f"{frame[0]} scores")
            break
    scene.exit()
    return lines


@pytest.mark.parametrize("case", CASES)
def test_a_bot_round_keeps_its_pace(case: str, tmp_path: Path) -> None:
    seen = record(case, tmp_path)
    kept = (HERE / f"{case}.txt").read_text(encoding="utf-8").splitlines()
    assert seen[-1].endswith(" scores"), f"the scores never came up: {seen[-3:]}"
    assert len(kept) > 20
    for n, (was, now) in enumerate(zip(kept, seen, strict=False)):
        assert now == was, f"line {n}: the pace changed (was {was!r}, now {now!r})"
    assert len(seen) == len(kept)


def main() -> None:
    """Write the kept sequences again (a change of pace meant as one)."""
    import tempfile

    HERE.mkdir(exist_ok=True)
    for case in sys.argv[1:] or CASES:
        with tempfile.TemporaryDirectory() as home:
            lines = record(case, Path(home))
        (HERE / f"{case}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(case, len(lines), "lines")


if __name__ == "__main__":
    main()
