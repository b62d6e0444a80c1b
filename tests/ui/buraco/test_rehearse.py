"""A bot's move rehearsed in an idle frame at the Buraco table (ui/scenes/buraco/rehearse.py):
the frame that applies it finds the parts it changes (the bar, the seats, the panels, the
stock, the log) drawn, and what it shows is what the table draws without any rehearsal,
pixel for pixel."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.storage import Paths
from carioca_desktop.ui import hud, textfit
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import BuracoTableScene, cards
from carioca_desktop.ui.scenes.buraco.rehearse import Rehearsal

PAINTERS = ("draw_top_bar", "draw_seat", "draw_viewer_panel", "draw_log")


def play_round(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rehearse: bool
) -> tuple[list[tuple[int, bytes]], list[tuple[bool, int, int]], BuracoTableScene]:
    """A round of four bots at real pacing (frames step the clock): the screen after each
    move's flights have landed and its toast is gone (by the number of events), and per
    move frame whether its move was rehearsed, the panels (bar, seats, the viewer's, the
    log) and melds it drew anew and the words it rendered anew."""
    if not rehearse:
        monkeypatch.setattr(Rehearsal, "run", lambda self: False)
    panels, renders = [0], [0]
    real_render = textfit.render

    def counted(*args: object, **kw: object) -> pygame.Surface:
        renders[0] += 1
        return real_render(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(textfit, "render", counted)
    for name in PAINTERS:
        real = getattr(hud, name)

        def painter(*args: object, real: object = real, **kw: object) -> object:
            panels[0] += 1
            return real(*args, **kw)  # type: ignore[operator]

        monkeypatch.setattr(hud, name, painter)
    real_meld = cards.meld

    def meld(surface: object, *args: object) -> None:
        panels[0] += isinstance(surface, pygame.Surface)  # not the probe that measures it
        real_meld(surface, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(cards, "meld", meld)
    rules = preset_rules("brasileiro")
    seats = [SeatConfig(n, "bot", "normal") for n in ("Ana", "Beto", "Carla", "Diego")]
    session = BuracoSession.new(rules, seats, 5, autosave=False)
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=False)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(1 / 60)
    shots: list[tuple[int, bytes]] = []
    moves: list[tuple[bool, int, int]] = []
    landed = -1
    # A quiet machine ends the round in ~16,700 frames (82 moves at real pacing); a loaded
    # one adds the frames spent waiting for the bots' thread, so the cap is generous.
    for _ in range(200_000):
        if session.game.round_over:
            break
        events = len(session.game.observation(0).events)
        drawn, words = panels[0], renders[0]
        ready = scene.rehearsal.ready()
        app.frame(1 / 60)
        now = len(session.game.observation(0).events)
        if now != events:
            moves.append((ready, panels[0] - drawn, renders[0] - words))
        elif not scene.animator.busy and not scene.toasts and now != landed:
            # (a toast fades by the frame: the bot's thread decides when the move comes)
            landed = now
            # A digest of the screen, not its 4 MB of pixels: two rounds of ~80 shots each
            # held ~700 MB of the test run's one process.
            shots.append(
                (landed, hashlib.blake2b(pygame.image.tobytes(app.screen, "RGB")).digest())
            )
    assert session.game.round_over, "the round did not end"
    return shots, moves, scene


def test_a_rehearsed_move_shows_what_an_unrehearsed_one_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as patch:
        plain, plain_moves, plain_scene = play_round(tmp_path / "plain", patch, rehearse=False)
    rehearsed, moves, scene = play_round(tmp_path / "rehearsed", monkeypatch, rehearse=True)
    after = dict(rehearsed)
    both = [(n, shot) for n, shot in plain if n in after]
    assert len(both) > 20 and len(both) >= 0.9 * len(plain)
    for n, before in both:
        assert before == after[n], f"the screen after event {n} differs"
    # Without the rehearsal the move frames draw the panels and words anew (the check bites).
    assert plain_scene.layer.used_ahead == 0
    assert sum(1 for m in plain_moves if m[1]) > len(plain_moves) // 2
    # With it, every move was rehearsed (on a frame of the flights or the pause before it,
    # or, when its decision came later, in its own frame, applied in the next), and a
    # rehearsed move's frame draws no panel nor meld and renders no words.
    ahead = [m for m in moves if m[0]]
    assert len(moves) > 20 and len(ahead) == len(moves)
    assert scene.layer.used_ahead >= len(ahead)
    assert [m for m in ahead if m[1] or m[2]] == []
