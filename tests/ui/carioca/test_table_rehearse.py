"""A bot's move rehearsed in an idle frame (rehearse.py): the frame that applies it finds its
new words and seat panels drawn, and what it shows is what the table draws without any
rehearsal, pixel for pixel."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from carioca_desktop.storage import Paths
from carioca_desktop.ui import textfit
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.carioca import TableScene
from carioca_desktop.ui.scenes.carioca.rehearse import Rehearsal
from tests.ui.carioca.test_table_zones import bots_session  # clasico, no autosave


def play_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rehearse: bool
) -> tuple[list[tuple[int, bytes]], list[tuple[str, int, int]], TableScene]:
    """A round of six bots at real pacing (frames step the clock): the screen after each
    move's flights have landed (by the number of events), and per move frame the event
    kinds it applied, the seat panels it drew anew and the words it rendered anew."""
    if not rehearse:
        monkeypatch.setattr(Rehearsal, "run", lambda self: False)
    renders = [0]
    real_render = textfit.render

    def counted(*args: object, **kw: object) -> pygame.Surface:
        renders[0] += 1
        return real_render(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(textfit, "render", counted)
    session = bots_session(11, 6)
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=False)
    scene = TableScene(app, session)
    app.push(scene)
    app.frame(1 / 60)
    pictures = scene.view.seat_pictures
    shots: list[tuple[int, bytes]] = []
    moves: list[tuple[str, int, int]] = []
    landed = -1
    for _ in range(200_000):  # the round ends long before; a loaded machine waits on bots
        if scene.game_over_round:
            break
        events = session.game.event_count
        misses, words = pictures.misses, renders[0]
        app.frame(1 / 60)
        if session.game.event_count != events:
            kinds = ",".join(e.kind.value for e in session.game.state.events[events:])
            moves.append((kinds, pictures.misses - misses, renders[0] - words))
        elif not scene.animator.busy and session.game.event_count != landed:
            landed = session.game.event_count
            # A digest of the screen, not its megabytes of pixels (held for the whole round).
            shots.append(
                (landed, hashlib.blake2b(pygame.image.tobytes(app.screen, "RGB")).digest())
            )
    assert scene.game_over_round, "the round did not end"
    return shots, moves, scene


def test_a_rehearsed_move_shows_what_an_unrehearsed_one_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as patch:
        plain, _, _ = play_round(tmp_path / "plain", patch, rehearse=False)
    rehearsed, moves, scene = play_round(tmp_path / "rehearsed", monkeypatch, rehearse=True)
    after = dict(rehearsed)
    assert len(plain) > 20 and all(n in after for n, _ in plain)
    for n, before in plain:
        assert before == after[n], f"the screen after event {n} differs"
    assert scene.frame.rehearsal.rehearsed == len(moves)
    # The move frames draw no seat panel anew and render no words: the rehearsal drew them
    # (a decision that came late is rehearsed in its own frame, applied in the next).
    assert [m for m in moves if m[1] or m[2]] == []
