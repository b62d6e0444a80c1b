"""kill -9 over whole matches (issue 15; Buraco too since issue 29): a child plays bot matches
through the session with
autosave and statistics (Continue first, as the app does); the parent SIGKILLs it at random
moments, right after a match's last action, and (the child killing itself) between saving,
recording and clearing. No finished match may be lost or recorded twice, and no confirmed
action lost: the autosave always holds at least every action the child had seen applied and
written (the autosave is written off the frame, issue 16: an action is confirmed once its
write is flushed; the writer lags by at most the write in progress and one more). The
children are forked from one forkserver that imported the game once (tests/fixtures/kill_child.py).

Figures: ``pytest -s tests/play/test_hostile_kill.py -m slow`` prints them (``CARIOCA_KILLS=100``
for a shorter run)."""

from __future__ import annotations

import os
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from carioca_desktop.play.buraco.session import BuracoSession, is_buraco_document
from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.storage import Paths, load_autosave, load_stats
from tests.fixtures import kill_child

KILLS = int(os.environ.get("CARIOCA_KILLS", "200"))


class Child:
    """A child forked from the forkserver (tests/fixtures/kill_child.py), its lines read as
    they come."""

    def __init__(self, home: Path, point: str, seed: int, game: str = "carioca") -> None:
        self.lines: list[list[str]] = []
        self.over = threading.Event()
        self.proc, self._pipe = kill_child.start(home, point, seed, game)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        with open(self._pipe.fileno(), closefd=False) as lines:
            for line in lines:
                parts = line.split()
                if parts and line.endswith("\n"):  # a line cut by the kill was not confirmed
                    self.lines.append(parts)
                    if parts[0] == "over":
                        self.over.set()

    def wait(self, seconds: float) -> None:
        self.proc.join(seconds)

    def kill(self) -> None:
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join()
        self.reader.join(30)  # the pipe's last writer died: the reader sees its end
        assert not self.reader.is_alive(), "the child's pipe never ended"
        self._pipe.close()


def _session_of(data: object) -> object:
    if is_buraco_document(data):
        return BuracoSession.from_dict(data, autosave=False)
    return MatchSession.from_dict(data, autosave=False)


def check_home(paths: Paths, confirmed: dict[str, int], finished: set[str]) -> set[str]:
    """Nothing finished is lost, nothing recorded twice, no confirmed action lost."""
    records = [m.match_id for m in load_stats(paths)[0].records]
    assert len(records) == len(set(records)), "a match was recorded twice"
    loaded, _, notices = load_autosave(paths, match_validator=_session_of)
    assert not notices, notices  # the autosave is never torn nor invalid
    saved = loaded if isinstance(loaded, (MatchSession, BuracoSession)) else None
    for match_id in finished:  # in the statistics, or a save of it that Continue records
        assert match_id in records or (saved is not None and saved.match_id == match_id)
    for match_id, events in confirmed.items():
        if match_id in records:
            continue
        assert saved is not None and saved.match_id == match_id, f"match {match_id} lost"
        assert saved.game.event_count >= events, "a confirmed action was lost"
    return set(records)


@pytest.mark.slow
@pytest.mark.timeout(3600)
def test_kill_9_over_whole_matches_loses_nothing(tmp_path: Path) -> None:
    """Both games' loops side by side: each has its own home and its own children and mostly
    waits on them, so together they take about the wall clock of one on two cores."""
    with ThreadPoolExecutor(2) as pool:
        loops = [pool.submit(kill_loop, tmp_path / game, game) for game in ("carioca", "buraco")]
        for loop in loops:
            print(loop.result())


def kill_loop(tmp_path: Path, game: str) -> str:
    """``KILLS`` kills of ``game``'s children in one home, checked after each; the figures."""
    rng = random.Random(15)
    tmp_path.mkdir(parents=True, exist_ok=True)
    paths = Paths.under(tmp_path)
    confirmed: dict[str, int] = {}  # match id -> events the child saw applied
    finished: set[str] = set()
    modes = {"random": 0, "on_over": 0, "before_record": 0, "after_record": 0, "after_clear": 0}
    began, seed = time.perf_counter(), 1
    for kill in range(KILLS):
        roll = rng.random()
        point = "none"
        if roll < 0.21:
            point = ("before_record", "after_record", "after_clear")[kill % 3]
        child = Child(tmp_path, point, seed, game)
        seed += 50  # new matches of each child get fresh seeds
        if point != "none":
            child.wait(300)  # it kills itself at the end of its match
            modes[point] += 1
        elif roll < 0.38:
            child.over.wait(120)  # right after the last action of a match
            modes["on_over"] += 1
        else:
            # 0.25 s sooner than when each child started a fresh interpreter: the same
            # moments of play (and now, at times, its first load and save)
            time.sleep(rng.uniform(0.05, 1.75))
            modes["random"] += 1
        child.kill()
        for parts in child.lines:
            if parts[0] in ("start", "ok"):
                confirmed[parts[1]] = max(confirmed.get(parts[1], 0), int(parts[2]))
            elif parts[0] == "over":
                finished.add(parts[1])
        recorded = check_home(paths, confirmed, finished)
        for match_id in list(confirmed):
            if match_id in recorded:
                del confirmed[match_id]
    # A last child runs the match in progress (if any) to its end: then every match that
    # was ever confirmed is in the statistics, exactly once.
    child = Child(tmp_path, "none", seed, game)
    child.over.wait(300)
    child.kill()
    finished |= {p[1] for p in child.lines if p[0] == "over"}
    recorded = [m.match_id for m in load_stats(paths)[0].records]
    elapsed = time.perf_counter() - began
    assert len(recorded) == len(set(recorded))
    assert finished <= set(recorded)
    assert set(confirmed) <= set(recorded)  # the match in progress was played to its end
    assert len(recorded) >= modes["on_over"] > 0
    return (
        f"\n{game} kill -9 loop: {KILLS} kills ({modes}), {len(finished)} matches finished, "
        f"{len(recorded)} recorded, {len(recorded) - len(set(recorded))} twice, "
        f"{elapsed:.0f} s"
    )
