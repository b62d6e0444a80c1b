"""The replay viewer shows what a read-only viewer should: at Buraco's table none of a
player's side buttons (as Carioca's viewer), and with all hands face up (V) no seat keeps its
fan of card backs beside its face-up cards, at either table. And Buraco's → is rehearsed on
the frames after a step, so the step's frame lays parts drawn ahead."""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop.replay_tool import record_bot_match
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.storage.match_file import MatchFile
from carioca_desktop.ui import allhands, hud
from carioca_desktop.ui.app import App
from carioca_desktop.ui.replay_viewer import BuracoReplayViewerScene, open_viewer
from carioca_desktop.ui.scenes.buraco.layout import BUTTONS


@pytest.fixture
def small_app(tmp_path: Path) -> App:
    return App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)


@cache
def _match(game: str) -> MatchFile:
    """One short recorded match a game (kept for this process's tests)."""
    if game == "carioca":
        rules: Any = CariocaRules.from_dict({"players": 3, "preset": "chico"})
        levels, seed = ["easy"] * 3, 41
    else:
        rules = BuracoRules.from_dict({"game": "buraco", "players": 4, "preset": "brasileiro"})
        levels, seed = ["easy"] * 4, 43
    _r, match, _g = record_bot_match(game, rules, levels, seed)
    assert match is not None
    return match


def _press(scene: Any, key: int) -> None:
    scene.handle_before_ui(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def test_the_buraco_viewer_hides_the_players_side_buttons(small_app: App) -> None:
    scene = open_viewer(small_app, _match("buraco"))
    assert isinstance(scene, BuracoReplayViewerScene)
    small_app.reset(scene)
    for _ in range(4):
        _press(scene, pygame.K_RIGHT)
        small_app.frame(0.016)
    assert all(not scene.buttons[key].visible for key in BUTTONS)
    assert scene.buttons["menu"].visible and scene.buttons["keys"].visible
    shown = {id(image) for image, *_ in small_app.manager.get_sprite_group().visible}
    assert all(id(scene.buttons[key].image) not in shown for key in BUTTONS)


@pytest.mark.parametrize("game", ["carioca", "buraco"])
def test_all_hands_up_draws_no_fan_of_backs(
    small_app: App, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fans: list[int] = []
    real = hud.draw_fan

    def draw_fan(surface: pygame.Surface, area: pygame.Rect, count: int, back: Any) -> None:
        fans.append(count)
        real(surface, area, count, back)

    monkeypatch.setattr(hud, "draw_fan", draw_fan)
    scene: Any = open_viewer(small_app, _match(game))
    small_app.reset(scene)
    scene.go(12)
    small_app.frame(0.016)
    others = scene.replay.game.players - 1
    assert len([n for n in fans if n > 0]) >= others  # my view: each other seat's backs
    fans.clear()
    _press(scene, pygame.K_v)
    small_app.frame(0.016)
    _press(scene, pygame.K_RIGHT)  # and on the next position too
    small_app.frame(0.016)
    assert scene.all_hands and fans == []
    if game == "carioca":
        seats = scene.model.text.seats
        assert [s.faces_up for s in seats if s.seat != scene.model.viewer] == [True] * others
    else:
        assert scene.picture().hands_up
    _press(scene, pygame.K_v)
    assert not scene.all_hands
    if game == "carioca":
        assert not any(s.faces_up for s in scene.model.text.seats)
    else:
        assert not scene.picture().hands_up


def test_a_buraco_step_lays_the_parts_rehearsed_after_the_last(small_app: App) -> None:
    slow = App(size=(1280, 720), paths=small_app.paths, fast=False)  # fast skips rehearsals
    scene = open_viewer(slow, _match("buraco"))
    assert isinstance(scene, BuracoReplayViewerScene)
    slow.reset(scene)
    scene.go(40)
    slow.frame(0.016)
    used = 0
    for _ in range(6):
        slow.frame(0.016)  # a frame after the position was shown: its next action rehearsed
        before = scene.layer.used_ahead
        _press(scene, pygame.K_RIGHT)
        slow.frame(0.016)
        used += scene.layer.used_ahead - before
        scene.animator.finish()
    assert used >= 6  # each step laid at least one part drawn ahead


@pytest.mark.parametrize("game", ["carioca", "buraco"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_bar_leaves_the_viewed_seats_panel_readable(
    tmp_path: Path, game: str, size: tuple[int, int]
) -> None:
    app = App(size=size, paths=Paths.under(tmp_path), fast=True)
    scene: Any = open_viewer(app, _match(game))
    app.reset(scene)
    scene.go(12)
    for hands_up in (False, True):  # the bar is two rows with all hands up at 1280x720
        scene.all_hands = hands_up
        bar = scene.paint_bar(pygame.Surface(size))
        assert bar.bottom == size[1] and bar.right == size[0]
        assert not bar.colliderect(scene.layout.viewer_panel)


def test_a_side_seats_hand_stays_in_one_row_while_its_indexes_read() -> None:
    panel = pygame.Rect(10, 289, 208, 75)  # Buraco's left seat at 1280x720
    for count in (11, 13):
        rects = allhands.place("left", panel, count, (1280, 720))
        assert len({r.y for r in rects}) == 1  # one row: nothing reaches down over the log
        steps = {b.x - a.x for a, b in pairwise(rects)}
        assert min(steps) >= round(rects[0].width * allhands.MIN_STEP)
        assert rects[-1].right <= panel.right
    many = allhands.place("left", panel, 30, (1280, 720))  # a pile taken: rows again
    assert len({r.y for r in many}) > 1


def test_the_left_seats_cards_leave_the_buraco_log_below_readable(small_app: App) -> None:
    scene: Any = open_viewer(small_app, _match("buraco"))
    small_app.reset(scene)
    scene.go(12)
    scene.all_hands = True
    drawn = scene.paint_hands(pygame.Surface((1280, 720)))
    left = next(seat for seat, (side, _p) in scene.hand_spots().items() if side == "left")
    # At most over the log panel's border, never its title (drawn about 12 px down), and
    # under the seat's name (the panel's top 38%).
    assert max(r.bottom for r in drawn[left]) <= scene.layout.log.top + 8
    panel = scene.hand_spots()[left][1]
    assert min(r.top for r in drawn[left]) >= panel.top + round(panel.height * 0.38)


def test_the_buraco_final_sheet_writes_its_code_under_the_buttons(small_app: App) -> None:
    from carioca_desktop.ui.scenes.buraco import sheet

    scene: Any = open_viewer(small_app, _match("buraco"))
    small_app.reset(scene)
    scene.go(len(scene.replay.actions))
    assert scene.obs.phase == "match_over"
    pictures = []
    for code in (None, "8400-0003-C51T-81"):
        surface = pygame.Surface((1280, 720))
        sheet.paint(surface, scene.layout, scene.texts, scene.obs, scene.names, scene.images, code)
        pictures.append(surface)
    same = pygame.mask.from_threshold(pictures[1], (0, 0, 0), (1, 1, 1, 255), pictures[0])
    same.invert()  # the pixels the code changed
    written = same.get_bounding_rects()
    assert written  # the code is written somewhere
    buttons = sheet._rects(scene.layout, 2)
    assert all(r.collidelist(buttons) < 0 for r in written)
    assert min(r.top for r in written) >= max(b.bottom for b in buttons)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_buraco_coach_panel_leaves_the_score_panel_in_view(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    from types import SimpleNamespace

    app = App(size=size, paths=Paths.under(tmp_path), fast=True)
    scene: Any = open_viewer(app, _match("buraco"))
    app.reset(scene)
    scene.go(12)
    judged = SimpleNamespace(verdict="costly", cost=75, played="stock", hard="pile", kind="draw")
    coach = scene.coach
    coach.key, coach.judged, coach.open = (0, 0), [judged], True
    coach.words = str
    boxes: list[pygame.Rect] = []
    real = coach.paint
    coach.paint = lambda surface, top=None: boxes.append(real(surface, top))
    scene.draw(pygame.Surface(size))
    assert boxes and boxes[0] is not None
    assert not boxes[0].colliderect(scene.layout.score_panel)
