"""The replay viewer keeps, in its idle frames, the positions it showed: their games
(``Recorded.remember``) and, in Buraco, the pictures of their table's parts
(``Layer.keep_shown``). Stepping back through them, even one ← straight after another with no
frame between to prepare it, then replays no action and tells and draws no log, and shows
exactly what a viewer that jumped there and drew its whole table shows. Checked by calls and
pixels, never by time."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop.play import replay_session
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.storage import Paths
from carioca_desktop.ui import hud
from carioca_desktop.ui.app import App
from carioca_desktop.ui.replay_viewer import open_viewer
from carioca_desktop.ui.scenes.buraco import scene as buraco_scene
from carioca_desktop.ui.scenes.carioca import seatcache
from tests.ui.test_replay_viewer_looks import _match

START, STEPS = 40, 8


def _press(scene: Any, key: int) -> None:
    scene.handle_before_ui(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def _viewer(tmp_path: Path, name: str, game: str, all_hands: bool) -> tuple[App, Any]:
    app = App(size=(1600, 900), paths=Paths.under(tmp_path / name), fast=False)
    scene: Any = open_viewer(app, _match(game))
    app.reset(scene)
    scene.all_hands = all_hands
    return app, scene


def _shot(scene: Any, toasts: bool = True) -> bytes:
    """What ``scene`` draws now, on a surface of its own: two apps in one process share
    pygame's one display surface, so comparing their screens compared it with itself.
    Without ``toasts``: a viewer that jumped has not said the moves it did not show."""
    surface = pygame.Surface(scene.app.size)
    said = scene.toasts
    scene.toasts = said if toasts else []
    try:
        scene.draw(surface)
    finally:
        scene.toasts = said
    return pygame.image.tobytes(surface, "RGB")


def _idle_until_kept(app: App, scene: Any) -> None:
    """Frames until the viewer has nothing left to do ahead: the position kept where its
    game copies exactly (a Buraco position; a Carioca turn's start), Buraco's rehearsal
    and step-back preparation done."""
    r = scene.replay

    def done() -> bool:
        exact = not hasattr(r.game, "fork") or r.game.phase.value == "draw"
        if exact and r.position not in r._trail:
            return False
        if hasattr(scene, "_back_stages"):  # Buraco's viewer
            return scene._back is not None and scene._back_stages is None and not scene._stages
        return True

    for _ in range(400):  # frames, not time: each runs the idle work it has, in turn
        app.frame(0.016)
        if done():
            return
    raise AssertionError(f"position {r.position} not kept in 400 frames: {sorted(r._trail)}")


def _step_through(app: App, scene: Any) -> None:
    scene.go(START)
    _idle_until_kept(app, scene)
    for _ in range(STEPS):
        _press(scene, pygame.K_RIGHT)
        app.frame(0.016)
        scene.animator.finish()
        _idle_until_kept(app, scene)


def back_prepared(scene: Any, *apps: App) -> None:
    """Frames (not time: the rehearsal, then the step back's preparation) until ``scene``
    holds the position one step back, prepared; each of ``apps`` draws a frame each time."""
    frames = 0
    while not (scene._back is not None and scene._back_for == scene._view_key()):
        assert frames < 400, f"no step back prepared at {scene.replay.position}"
        for app in apps:
            app.frame(0.016)
        frames += 1


@pytest.mark.parametrize("all_hands", [False, True])
def test_buraco_steps_back_straight_through_shown_positions_replaying_and_telling_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, all_hands: bool
) -> None:
    app, scene = _viewer(tmp_path, "stepped", "buraco", all_hands)
    _step_through(app, scene)
    other_app, other = _viewer(tmp_path, "jumped", "buraco", all_hands)
    applied: list[object] = []
    logs: list[int] = []
    real_apply, real_log, real_line = BuracoGame.apply, hud.draw_log, buraco_scene.log_line
    told: list[int] = []

    def apply(self: BuracoGame, action: Any) -> Any:
        applied.append(action)
        return real_apply(self, action)

    def draw_log(*args: Any) -> None:
        logs.append(1)
        real_log(*args)

    def log_line(*args: Any) -> str | None:
        told.append(1)
        return real_line(*args)

    for step in range(STEPS):  # one ← after another, a drawn frame each, none idle
        monkeypatch.setattr(BuracoGame, "apply", apply)
        monkeypatch.setattr(hud, "draw_log", draw_log)
        monkeypatch.setattr(buraco_scene, "log_line", log_line)
        _press(scene, pygame.K_LEFT)
        app.frame(0.016)
        monkeypatch.undo()
        position = START + STEPS - 1 - step
        assert scene.replay.position == position
        assert applied == [], f"← to {position} replayed {len(applied)} actions"
        assert logs == [], f"← to {position} drew its log again"
        assert told == [], f"← to {position} told {len(told)} events again"
        other.go(position)
        other.forget()  # the whole table drawn afresh: nothing kept, nothing ahead
        other_app.frame(0.016)
        assert scene.obs == other.obs
        assert _shot(scene, False) == _shot(other, False), f"differs at {position}"


def test_carioca_steps_back_to_a_shown_turns_start_replaying_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = _viewer(tmp_path, "stepped", "carioca", False)
    _step_through(app, scene)
    other_app, other = _viewer(tmp_path, "jumped", "carioca", False)
    r = scene.replay
    starts = 0
    applied: list[object] = []
    real_apply = Game.apply

    def apply(self: Game, action: Any) -> Any:
        applied.append(action)
        return real_apply(self, action)

    for _ in range(STEPS):
        applied.clear()
        monkeypatch.setattr(Game, "apply", apply)
        _press(scene, pygame.K_LEFT)
        app.frame(0.016)
        monkeypatch.undo()
        if r.game.phase.value == "draw":  # a turn's start, shown on the way: copied
            starts += 1
            assert applied == [], f"← to {r.position} replayed {len(applied)} actions"
        other.go(r.position)
        other_app.frame(0.016)
        assert scene.model.obs == other.model.obs
        assert _shot(scene, False) == _shot(other, False), f"at {r.position}"
    assert starts > 0, "no turn's start among the positions stepped back to"


def test_a_carioca_step_back_after_idle_frames_is_prepared_and_shows_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Idle frames build the position one step back (and draw its words, piles and seats
    ahead): the ← frame builds nothing, and shows what a viewer that prepares nothing shows
    after the same keys and frames (a Carioca log follows the path taken)."""
    app, scene = _viewer(tmp_path, "prepared", "carioca", False)
    other_app, other = _viewer(tmp_path, "unprepared", "carioca", False)
    other.prepare_back = lambda: False
    built: list[int] = []
    real_at = replay_session.Recorded.game_at

    def game_at(self: Any, position: int) -> Any:
        built.append(position)
        return real_at(self, position)

    for viewer in (scene, other):
        viewer.go(START + STEPS)
    for _ in range(STEPS):
        back_prepared(scene, app, other_app)
        monkeypatch.setattr(replay_session.Recorded, "game_at", game_at)
        _press(scene, pygame.K_LEFT)
        app.frame(0.016)
        monkeypatch.undo()
        assert built == [], f"positions built in the ← frame: {built}"
        _press(other, pygame.K_LEFT)
        other_app.frame(0.016)
        assert scene.replay.position == other.replay.position
        assert scene.model.obs == other.model.obs
        assert list(scene.model.log_lines) == list(other.model.log_lines)
        assert _shot(scene) == _shot(other), scene.replay.position
    assert scene.replay.position == START


WALK = (pygame.K_RIGHT,) * 5 + (pygame.K_LEFT,) * 6 + (pygame.K_TAB, pygame.K_v, pygame.K_HOME,
        pygame.K_END, pygame.K_PAGEUP)  # fmt: skip


def _plain(scene: Any) -> None:
    """A viewer that keeps and prepares nothing ahead: the path the frames took before."""
    scene.replay.remember = lambda: False
    scene.prepare_back = lambda *budget: False
    if hasattr(scene, "keep_shown"):
        scene.keep_shown = lambda: False


@pytest.mark.parametrize("game", ["carioca", "buraco"])
def test_a_walk_of_keys_shows_the_same_pictures_with_and_without_what_is_kept(
    tmp_path: Path, game: str
) -> None:
    """Random keys (a seeded walk: steps on and back, the viewed seat, the view, the round's
    ends) with a random number of frames between them: every frame of the viewer that keeps
    positions and prepares steps back shows what a viewer that does neither shows."""
    rng = random.Random(26)
    app, scene = _viewer(tmp_path, "kept", game, False)
    other_app, other = _viewer(tmp_path, "plain", game, False)
    _plain(other)
    for viewer in (scene, other):
        viewer.go(START)
    for step in range(40):
        key = rng.choice(WALK)
        for viewer, its_app in ((scene, app), (other, other_app)):
            _press(viewer, key)
            its_app.frame(0.016)
            viewer.animator.finish()
        for _frame in range(rng.choice((0, 0, 1, 3, 12))):
            app.frame(0.016)
            other_app.frame(0.016)
        app.frame(0.016)
        other_app.frame(0.016)
        where = f"step {step} ({pygame.key.name(key)}) at {scene.replay.position}"
        assert scene.replay.position == other.replay.position, where
        assert _shot(scene) == _shot(other), where


def test_a_carioca_step_after_idle_frames_draws_no_words_or_piles_in_its_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The step back's preparation draws its words and piles ahead after the next move's
    rehearsal: the → frame still finds the next move's top bar, log and piles drawn (the
    kept pictures are bounded: the step back's must not push them out)."""
    app, scene = _viewer(tmp_path, "prepared", "carioca", False)
    scene.go(START)
    drawn: list[object] = []
    real = seatcache.SeatPictures.words

    def words(self: Any, base: Any, box: Any, key: Any, draw: Any) -> Any:
        def counted(picture: Any, offset: Any) -> None:
            drawn.append(key)
            draw(picture, offset)

        return real(self, base, box, key, counted)

    for _ in range(STEPS):
        back_prepared(scene, app)
        monkeypatch.setattr(seatcache.SeatPictures, "words", words)
        _press(scene, pygame.K_RIGHT)
        app.frame(0.016)
        monkeypatch.undo()
        assert drawn == [], f"drawn in the → frame to {scene.replay.position}: {drawn}"
        scene.animator.finish()
