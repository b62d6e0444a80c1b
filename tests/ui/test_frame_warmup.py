"""Work moved out of the frames players wait on (issue 16): card faces drawn ahead in idle
frames draw the table they would have drawn, the card cache stays bounded, the buttons'
other looks are drawn when the table opens, the app's settling waits for a quiet frame, and
the autosave's writer is running before the first move."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.storage.autosaver import flush_pending, writer_for
from carioca_desktop.ui import app as app_module
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scene import Scene
from carioca_desktop.ui.scenes.carioca import TableScene
from carioca_desktop.ui.scenes.carioca.frame import card_faces
from carioca_desktop.ui.scenes.carioca.layout import meld_widths
from carioca_desktop.ui.sprites import CardImages
from tests.fixtures.waiting import PATIENCE, wait_until


def bots_session(seed: int, paths: Paths | None = None, human: bool = False) -> MatchSession:
    seats = [SeatConfig(f"Bot {i}", "bot", "normal") for i in range(4)]
    if human:
        seats[0] = SeatConfig("Tú", "human")
    rules = CariocaRules.from_dict({"preset": "dos_libres"})
    return MatchSession.new(rules, seats, seed, paths, autosave=paths is not None)


def layer_bytes(scene: TableScene) -> bytes:
    """The whole table's layer drawn from scratch with the scene's card images."""
    hidden = scene.frame.hidden()
    surf = scene.view._draw_layer(scene.model.text, hidden, None)
    return pygame.image.tobytes(surf, "RGBA")


def test_faces_drawn_ahead_draw_the_same_table(tmp_path: Path) -> None:
    session = bots_session(5)
    app = App(size=(1400, 860), paths=Paths.under(tmp_path), fast=True)
    scene = TableScene(app, session)
    app.push(scene)
    while not any(any(m.stands_for) for m in scene.obs.table):  # a marked wild on the table
        assert not scene.game_over_round, "no marked wild in this round: pick another seed"
        app.frame(1 / 60)
    app.frame(1 / 60)

    scene.images = scene.view.images = CardImages()  # drawn as each card is first needed
    as_needed = layer_bytes(scene)
    ahead = CardImages()
    ahead.prepare(card_faces(scene.layout, session.game.rules))
    assert ahead.preparing > 0
    while ahead.prepare_some(1.0):
        pass
    assert ahead.preparing == 0
    assert set(meld_widths(scene.layout.meld_w)) <= set(ahead.widths)
    scene.images = scene.view.images = ahead
    assert layer_bytes(scene) == as_needed
    # A wild's marked face drawn on a face prepared ahead is the face drawn in one go.
    width = meld_widths(scene.layout.meld_w)[-1]
    for code in ("JK", "2C"):
        fresh = CardImages().face(code, width, "7H")
        made = ahead.face(code, width, "7H")
        assert pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(fresh, "RGBA")
    pygame.quit()


def test_the_card_cache_keeps_its_most_recent_widths_only() -> None:
    pygame.init()
    pygame.display.set_mode((200, 200))
    images = CardImages(keep=3)
    for width in (40, 41, 42):
        images.face("QH", width)
        images.shadowed("QH", width)
    images.face("QH", 40)  # found: a lookup, which leaves the order alone
    images.face("KS", 41)  # drawn: its width is now the most recent
    images.face("QH", 43)  # one width too many: the one drawn at least recently goes
    assert images.widths == [42, 41, 43]
    assert images._images.keys().isdisjoint(
        {("face", 40, "QH"), ("shadowed", 40, "QH", None), ("shadow", 40)}
    )
    assert ("face", 41, "QH") in images._images
    with pytest.raises(ValueError):
        images.prepare([("face", "QH", w) for w in (50, 51, 52, 53)])
    pygame.quit()


def test_the_table_draws_ahead_in_idle_frames(tmp_path: Path) -> None:
    """Seat 0 is a person: the frames with nothing to do (the bots' pauses, the person's
    turn) draw every face the melds may need; the buttons' other looks were drawn when the
    table opened."""
    session = bots_session(3, human=True)
    app = App(size=(1400, 860), paths=Paths.under(tmp_path), fast=False)
    scene = TableScene(app, session)
    app.push(scene)
    for element in app.manager.get_sprite_group().sprites():
        shape = getattr(element, "drawable_shape", None)
        assert not getattr(shape, "states_to_redraw_queue", None), element
    # Each frame draws what its time budget allows: a loaded machine needs more frames.
    wait_until(lambda: scene.images.preparing == 0 and scene.frame._prepared is not None,
               PATIENCE * 2, "every face prepared", lambda: scene.images.preparing,
               lambda: app.frame(1 / 60))  # fmt: skip
    assert set(meld_widths(scene.layout.meld_w)) <= set(scene.images.widths)
    pygame.quit()


class Busy(Scene):
    """A scene that wants frames (it moves) for its first ``frames`` updates."""

    def __init__(self, app: App, frames: int) -> None:
        super().__init__(app)
        self.left = frames

    def update(self, dt: float) -> bool:
        self.left -= 1
        return self.left >= 0


@pytest.mark.parametrize("busy", [3, 1000])
def test_the_app_settles_in_a_quiet_frame_or_at_the_latest(tmp_path: Path, busy: int) -> None:
    app = App(size=(1000, 700), paths=Paths.under(tmp_path), fast=True)
    app.push(Busy(app, busy))
    frames = 0
    while not app._settled:
        app.frame(1 / 60)
        frames += 1
        assert frames <= app_module.SETTLE_LATEST + 2
    # not while the scene moves (every frame draws), soon after it stops, or at the latest
    if busy < app_module.SETTLE_LATEST:
        assert busy < frames <= busy + 3
    else:
        assert frames == app_module.SETTLE_LATEST + 2
    pygame.quit()


def test_the_autosave_writer_runs_before_the_first_move(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    session = bots_session(2, paths)
    session.decide_ahead()
    writer = writer_for(paths)
    assert writer._thread is not None and writer._thread.is_alive()
    # The warm-up writes nothing of its own: once the writer is idle, the one file written is
    # the new match's start (whether it was written yet at the line above is the writer's
    # timing: with a fast disk it may be, so that is not asserted).
    flush_pending(paths)
    assert writer.written == 1 and paths.autosave_file.exists()
