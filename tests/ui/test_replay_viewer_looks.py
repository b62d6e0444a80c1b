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
from carioca_desktop.ui.replay_viewer import open_viewer
from carioca_desktop.ui.scenes.buraco.layout import BUTTONS
from carioca_desktop.ui.scenes.buraco.replay import BuracoReplayViewerScene


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
        for _ in range(40):  # the frames after the position was shown: its next action
            slow.frame(0.016)  # rehearsed, in stages
            done = scene._rehearsed is not None and scene._rehearsed[1] == scene.replay.position
            if done and scene._stages is None:
                break
        assert scene._stages is None and done, "the rehearsal did not end in 40 frames"
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
    # under the seat's line of words (hud.HEADER_H of the panel, at its top).
    assert max(r.bottom for r in drawn[left]) <= scene.layout.log.top + 8
    panel = scene.hand_spots()[left][1]
    assert min(r.top for r in drawn[left]) >= hud.header_bottom(panel, scene.layout.ui)


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


def _table_parts(scene: Any) -> dict[str, pygame.Rect]:
    """Every part of either table the coach's panel must leave in view: each seat's meld
    zone and panel, the piles, the viewed hand, the log, the score and rules panels."""
    lay = scene.layout
    if isinstance(scene, BuracoReplayViewerScene):
        parts = {"their melds": lay.their_zone, "our melds": lay.our_zone, "piles": lay.pile_area,
                 "score": lay.score_panel, "rules": lay.info_panel}  # fmt: skip
        parts |= {f"seat {s}": r for s, r in lay.seats.items()}
    else:
        parts = {f"melds {s}": r for s, r in lay.zones.items()}
        parts |= {f"seat {s}": spot.panel for s, spot in lay.seats.items()}
        parts |= {"my melds": lay.viewer_zone, "stock": lay.stock, "pozo": lay.pozo}
    return parts | {"hand": lay.hand_area, "log": lay.log, "me": lay.viewer_panel}


@pytest.mark.parametrize("game", ["carioca", "buraco"])
@pytest.mark.parametrize("size", [(1024, 600), (1600, 900), (3840, 2160)])
def test_the_coach_panel_covers_no_meld_seat_or_hand(
    tmp_path: Path, game: str, size: tuple[int, int]
) -> None:
    from types import SimpleNamespace

    app = App(size=size, paths=Paths.under(tmp_path), fast=True)
    scene: Any = open_viewer(app, _match(game))
    app.reset(scene)
    scene.go(160)  # melds on the table
    judged = SimpleNamespace(verdict="costly", cost=75, played="stock", hard="pile", kind="draw")
    coach = scene.coach
    coach.key, coach.judged = (0, 0), [judged] * 8
    coach.words = str
    scene.show_coach(True)
    boxes: list[pygame.Rect] = []
    real = coach.paint
    coach.paint = lambda surface, area=None, columns=1: boxes.append(real(surface, area, columns))
    app.frame(0.016)
    assert boxes and boxes[0] is not None
    box = boxes[0]
    covered = {k: r for k, r in _table_parts(scene).items() if r.w and box.colliderect(r)}
    bar = scene.paint_bar(app.screen)
    if size[0] > 1024:  # a strip beside the table, the table laid out in the rest
        assert covered == {}, f"the coach's panel {box} covers {covered}"
        assert bar.right <= box.left and scene.layout.size[0] == box.left
    else:  # too narrow for a strip: a band over the viewed hand only, above the bar
        assert set(covered) <= {"hand"}, f"the coach's panel {box} covers {covered}"
        assert box.bottom <= bar.top and box.h >= 60
    scene.show_coach(False)
    assert scene.layout.size == (size[0], size[1] - bar.h)  # closed: the window above the bar


@pytest.mark.parametrize("game", ["carioca", "buraco"])
@pytest.mark.parametrize("size", [(1024, 600), (1600, 900), (3840, 2160)])
def test_face_up_hands_leave_each_seats_words_readable(
    tmp_path: Path, game: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With all hands up every other seat's name, level and points show in one line above
    its cards (the cards covered the level and the points of the top seats)."""
    lines: list[tuple[pygame.Rect, int]] = []
    real = hud._face_up_header

    def header(surface: pygame.Surface, rect: pygame.Rect, info: Any, *rest: Any) -> None:
        lines.append((rect, info.seat))
        real(surface, rect, info, *rest)
        words = info.subtitle.split(" · ")[0]
        assert words, "the seat's level is not written"

    monkeypatch.setattr(hud, "_face_up_header", header)
    app = App(size=size, paths=Paths.under(tmp_path), fast=True)
    scene: Any = open_viewer(app, _match(game))
    app.reset(scene)
    scene.go(30)
    scene.all_hands = True
    app.frame(0.016)
    drawn = scene.paint_hands(app.screen)
    spots = scene.hand_spots()
    assert {seat for _r, seat in lines} == set(spots)  # every other seat's words, in one line
    for seat, rects in drawn.items():
        panel = spots[seat][1]
        under = hud.header_bottom(panel, scene.layout.ui)
        assert min(r.top for r in rects) >= under, (seat, spots[seat][0], panel, rects[0])


def test_a_paused_carioca_viewer_rehearses_the_next_action_in_an_idle_frame(
    small_app: App,
) -> None:
    """As the table rehearses a bot's move: the → frame then finds the words and panels of
    the next position drawn (it was 2.3x the floor, drawing them)."""
    slow = App(size=(1280, 720), paths=small_app.paths, fast=False)  # fast skips rehearsals
    scene: Any = open_viewer(slow, _match("carioca"))
    slow.reset(scene)
    scene.go(40)
    rehearsal = scene.frame.rehearsal
    for n in range(1, 6):
        for _ in range(40):  # the step's flight, then idle frames
            slow.frame(0.05)
            if rehearsal.rehearsed >= n:
                break
        assert rehearsal.rehearsed == n, f"step {n}: rehearsed {rehearsal.rehearsed}"
        _press(scene, pygame.K_RIGHT)
    assert not scene.replay.playing and scene.replay.position == 45
