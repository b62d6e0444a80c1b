"""The selftest's replay screens (``carioca --selftest``, check "replay screens"): History
with a kept match of each game, both games' replay viewers with every hand face up, and the
coach's panel with a round judged, each drawn once and saved as a PNG in CARIOCA_HOME."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

COACH_WAIT_S = 120.0  # judging a short round takes about a second on a quiet machine


def _matches() -> dict[str, Any]:
    """A short bot match of each game (Carioca's "chico", Buraco to 300)."""
    from carioca_desktop.replay_tool import record_bot_match
    from carioca_desktop.rules.buraco.ruleset import BuracoRules
    from carioca_desktop.rules.carioca.ruleset import CariocaRules

    carioca = CariocaRules.from_dict({"players": 3, "preset": "chico"})
    buraco = BuracoRules.from_dict(
        {"game": "buraco", "players": 2, "preset": "dois_jogadores", "target": 300}
    )
    out = {}
    for game, rules, seats in (("carioca", carioca, 3), ("buraco", buraco, 2)):
        _result, match, _game = record_bot_match(game, rules, ["easy"] * seats, 2)
        assert match is not None, f"a {game} bot match did not end"
        out[game] = match
    return out


def draw_replay_screens() -> str:
    from carioca_desktop.storage import Paths
    from carioca_desktop.storage.replays import keep_match
    from carioca_desktop.ui.app import App
    from carioca_desktop.ui.replay_viewer import open_viewer
    from carioca_desktop.ui.scenes.history import HistoryScene

    home = os.environ["CARIOCA_HOME"]
    app = App(size=(1280, 720), paths=Paths.under(Path(home)), fast=True)
    matches = _matches()
    for match in matches.values():
        keep_match(match, app.paths)
    history = HistoryScene(app)
    app.reset(history)
    app.frame(0.016)
    assert len(history.rows) == 2, f"History lists {len(history.rows)} of 2 kept matches"
    app.screenshot(os.path.join(home, "history with matches.png"))
    judged = 0
    for n, (game, match) in enumerate(matches.items()):
        viewer: Any = open_viewer(app, match)
        app.reset(viewer)
        viewer.go(12)
        viewer.all_hands = True
        app.frame(0.016)
        hands = viewer.paint_hands(app.screen)
        assert hands and all(hands.values()), f"the {game} viewer shows no other hand"
        app.screenshot(os.path.join(home, f"{game} replay all hands.png"))
        if n == 0:  # Carioca's: a short round judged in about a second (Buraco's, 20 s)
            judged = _coach(app, viewer, home)
    return f"drew history, both replay viewers with all hands, the coach ({judged} decisions)"


def _coach(app: Any, viewer: Any, home: str) -> int:
    """The coach's panel over the viewer, the viewed seat's first round judged."""
    r = viewer.replay
    viewer.coach.ask(r.match, r.seat, 0)
    viewer.show_coach(True)  # its strip at the right, the table laid out beside it
    viewer.coach.wait(COACH_WAIT_S)
    assert viewer.coach.judged is not None, "the coach did not judge the round"
    assert len(viewer.coach.lines()) >= 2, "the coach's panel is empty"
    app.frame(0.016)
    app.screenshot(os.path.join(home, "replay coach.png"))
    return len(viewer.coach.judged)
