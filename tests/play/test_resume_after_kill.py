"""A match killed at a random moment resumes exactly where its autosave left it."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths, load_autosave
from tests.fixtures.waiting import wait_until

pytestmark = pytest.mark.timeout(120)  # a hung socket or process fails in minutes, with its stack

SEED = 21
SEATS = [
    SeatConfig(f"Bot {i}", "bot", level)
    for i, level in enumerate(("hard", "normal", "easy", "random"))
]

CHILD = f"""
import sys
import time
from pathlib import Path
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.storage import Paths
from tests.play.test_resume_after_kill import SEATS, step
session = MatchSession.new(CariocaRules(), SEATS, {SEED}, paths=Paths.under(Path(sys.argv[1])))
print("started", flush=True)
while session.game.round_index < 3 and step(session):
    pass
time.sleep(60)  # parked before the match ends (an all-bot match clears its save at its end)
"""


def step(session: MatchSession) -> bool:
    """One bot action (or the next round); False when the match is over."""
    if session.game.is_over:
        return False
    action = session.pending_bot_action()
    if action is None:
        session.next_round()
    else:
        session.apply(action)
    return True


def replay_to(events: int) -> MatchSession:
    session = MatchSession.new(CariocaRules(), SEATS, SEED, autosave=False)
    while len(session.game.state.events) < events:
        assert step(session)
    return session


def test_killed_match_resumes_exactly(tmp_path: Path) -> None:
    rng = random.Random(5)
    root = Path(__file__).resolve().parents[2]
    for attempt in range(3):
        home = tmp_path / f"home{attempt}"
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(home)],
            cwd=root,
            stdout=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(root)},
        )
        assert child.stdout is not None and child.stdout.readline().strip() == b"started"
        # Its first save is written by a thread: on a loaded machine it may not be there
        # 0.2 s after "started" (then nothing would be left to resume, rightly).
        saved = Paths.under(home).autosave_file
        wait_until(saved.exists, what="the child's first save")
        time.sleep(rng.uniform(0.2, 1.0))  # then killed anywhere in the play that follows
        child.send_signal(signal.SIGKILL)
        child.wait()
        loaded, _, notices = load_autosave(
            Paths.under(home), match_validator=lambda d: MatchSession.from_dict(d, autosave=False)
        )
        assert notices == [] and isinstance(loaded, MatchSession)
        events = len(loaded.game.state.events)
        twin = replay_to(events)
        twin.match_id = loaded.match_id  # each match has its own id; all else is the same
        assert loaded.to_dict() == twin.to_dict()  # hands, pozo, stock order, bots, RNG
        for _ in range(60):  # and play goes on as if never interrupted
            step(loaded), step(twin)
        assert loaded.to_dict() == twin.to_dict()
