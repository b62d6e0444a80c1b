"""Hint and refusal toasts go where they cover no meld, name or hand, at both tables and at
960x600, 1280x720 and 1920x1080 (issue 28, item 16): they move out of the way, they do not
fade. The boxes checked are the ones the real frame drew."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from carioca_desktop.bots.buraco.driver import buraco_step, make_buraco_bot
from carioca_desktop.bots.carioca.driver import bot_step, make_bot
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco.actions import NextRound as BuracoNextRound
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.rules.carioca.actions import NextRound
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.ui import hud
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import BuracoTableScene
from carioca_desktop.ui.scenes.buraco import panels as buraco_panels
from carioca_desktop.ui.scenes.carioca import TableScene
from carioca_desktop.ui.scenes.carioca import paint as carioca_paint
from carioca_desktop.ui.tablekit.toast_spot import spot

SIZES = [(960, 600), (1280, 720), (1920, 1080)]
WORDS = "No puedes bajarte todavía: te falta una escala de cuatro cartas del mismo palo"
BOTS = ("Beto", "Carla", "Diego")
SEATS = [SeatConfig("Ana", "human")] + [SeatConfig(n, "bot", "normal") for n in BOTS]


def carioca_midgame() -> MatchSession:
    """Ana to draw, with melds of two seats or more on the table."""
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 4})
    s = MatchSession.new(rules, SEATS, 5, autosave=False)
    stand_in = make_bot("normal", 0, 3)
    for _ in range(5000):
        obs = s.game.observation(0)
        owners = {m.owner for m in obs.table}
        mine = [e for e in obs.events if e.seat == 0]
        ready = s.game.current_player == 0 and (not mine or mine[-1].kind == "discard")
        if ready and len(owners) >= 2 and len(obs.table) >= 4:
            return s
        if s.game.round_over:
            s.apply(NextRound())
            continue
        action = s.pending_bot_action() or bot_step(s.game, {0: stand_in})
        assert action is not None
        s.apply(action)
    raise AssertionError("no table with three seats' melds")


def buraco_midgame() -> BuracoSession:
    """Ana to draw, with melds of both sides on the table."""
    s = BuracoSession.new(preset_rules("brasileiro"), SEATS, 8, autosave=False)
    stand_in = {0: make_buraco_bot("normal", 0, 3)}
    for _ in range(5000):
        obs = s.game.observation(0)
        sides = {m.side for m in obs.table}
        ready = s.game.current_player == 0 and obs.phase == "draw"
        if ready and len(obs.table) >= 4 and sides == {0, 1}:
            return s
        if s.game.round_over:
            s.apply(BuracoNextRound())
            continue
        action = s.pending_bot_action() or buraco_step(s.game, stand_in)
        assert action is not None
        s.apply(action)
    raise AssertionError("no table with both sides' melds")


def carioca_rects(scene: TableScene) -> tuple[list[pygame.Rect], list[tuple[str, pygame.Rect]]]:
    """The places a toast could land on (a meld's middle, a name, the hand), and every drawn
    meld card, name and hand card, measured from what the table shows."""
    view, layout = scene.view, scene.layout
    cards = [("meld", r) for mb in view.melds.values() for r in mb.cards]
    names = [
        ("name", scene.texts.render(n, layout.upx(14), (0, 0, 0), bold=True).get_rect(topleft=p))
        for n, p, _ in view.labels
    ]
    panels = [("name", spot_.panel) for spot_ in layout.seats.values()]
    hand = [("hand", r) for _, r in scene.moves.hand_rows(None)]
    shown = [*cards, *names, *panels, ("name", layout.viewer_panel), *hand]
    aims = [mb.box for mb in view.melds.values()] + [r for _, r in names + panels + hand[:1]]
    return aims, shown


def buraco_rects(
    scene: BuracoTableScene,
) -> tuple[list[pygame.Rect], list[tuple[str, pygame.Rect]]]:
    layout, picture = scene.layout, scene.picture()
    places = scene.places.melds
    cards = [("meld", r) for r in places.values()]
    mine = scene.obs.seat % 2
    zones = {mine: layout.our_zone, 1 - mine: layout.their_zone}
    labels = [("name", buraco_panels.zone_label_rect(picture, s, z)) for s, z in zones.items()]
    panels = [("name", r) for r in [*layout.seats.values(), layout.viewer_panel]]
    hand = [("hand", r) for _, r, _ in picture.hand]
    shown = [*cards, *labels, *panels, *hand]
    aims = list(places.values()) + [r for _, r in labels + panels + hand[:1]]
    return aims, shown


def drawn_boxes(monkeypatch: pytest.MonkeyPatch) -> list[pygame.Rect]:
    boxes: list[pygame.Rect] = []
    real = hud.draw_toasts

    def recording(*args: object, **kwargs: object) -> list[pygame.Rect]:
        got = real(*args, **kwargs)  # type: ignore[arg-type]
        boxes[:] = got
        return got

    monkeypatch.setattr(hud, "draw_toasts", recording)
    return boxes


def check(
    app: App,
    scene: TableScene | BuracoTableScene,
    rects: Callable[[], tuple[list[pygame.Rect], list[tuple[str, pygame.Rect]]]],
    boxes: list[pygame.Rect],
) -> int:
    app.dirty()
    app.frame(0.016)
    aims, shown = rects()
    assert len(aims) >= 6
    for aim in aims:
        scene.toasts = []
        scene.toast(WORDS, aim.center)
        scene.toast("Robaste el 7♥", aim.midtop)  # two at once: they keep off each other too
        app.dirty()
        app.frame(0.016)
        assert len(boxes) == 2 and not boxes[0].colliderect(boxes[1])
        for box in boxes:
            assert pygame.Rect((0, 0), app.size).contains(box)
            hit = [(what, r) for what, r in shown if box.colliderect(r)]
            assert not hit, (app.size, aim, box, hit)
    return len(aims)


@pytest.mark.parametrize("size", SIZES)
def test_carioca_toasts_cover_no_meld_name_or_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    boxes = drawn_boxes(monkeypatch)
    app = App(size=size, paths=Paths.under(tmp_path), fast=True)
    scene = TableScene(app, carioca_midgame())
    app.push(scene)
    check(app, scene, lambda: carioca_rects(scene), boxes)


@pytest.mark.parametrize("size", SIZES)
def test_buraco_toasts_cover_no_meld_name_or_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    boxes = drawn_boxes(monkeypatch)
    app = App(size=size, paths=Paths.under(tmp_path), fast=True)
    scene = BuracoTableScene(app, buraco_midgame())
    app.push(scene)
    check(app, scene, lambda: buraco_rects(scene), boxes)


def test_a_spot_is_the_nearest_free_one() -> None:
    bounds = pygame.Rect(0, 0, 400, 300)
    assert spot((100, 20), (200, 100), [], bounds, 4) == pygame.Rect(150, 80, 100, 20)
    wall = [pygame.Rect(0, 60, 400, 60)]  # the first place is under it: up, just clear
    moved = spot((100, 20), (200, 100), wall, bounds, 4)
    assert not moved.colliderect(wall[0]) and moved.bottom <= 60 and moved.bottom >= 52
    full = [bounds]  # nowhere free: the first place stays
    assert spot((100, 20), (200, 100), full, bounds, 4) == pygame.Rect(150, 80, 100, 20)


def test_the_piles_are_kept_clear_where_there_is_room() -> None:
    bounds = pygame.Rect(0, 0, 400, 300)
    pile = [pygame.Rect(120, 60, 160, 40)]
    kept = spot((100, 20), (200, 100), [], bounds, 4, soft=pile)
    assert not kept.colliderect(pile[0])
    meld = [pygame.Rect(0, 0, 400, 60), pygame.Rect(0, 100, 400, 200)]  # room only on the pile
    forced = spot((100, 20), (200, 100), meld, bounds, 4, soft=[pygame.Rect(0, 60, 400, 40)])
    assert forced.collidelist(meld) < 0


@pytest.mark.parametrize("size", SIZES)
def test_carioca_lay_down_hint_covers_no_meld_name_hand_or_slot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """The "why Bajarse is off" line (paint._hint) is placed as the toasts are, and the
    toasts keep off it."""
    boxes = drawn_boxes(monkeypatch)
    hints: list[pygame.Rect | None] = []
    real = carioca_paint._hint

    def recording(surface: pygame.Surface, p: carioca_paint.Picture) -> pygame.Rect | None:
        hints.append(real(surface, p))
        return hints[-1]

    monkeypatch.setattr(carioca_paint, "_hint", recording)
    app = App(size=size, paths=Paths.under(tmp_path), fast=True)
    scene = TableScene(app, carioca_midgame())
    app.push(scene)
    app.frame(0.016)
    scene.model.hint = WORDS
    scene.toast("Robaste el 7♥", scene.layout.slots_area.midtop)
    app.dirty()
    app.frame(0.016)
    hint = hints[-1]
    assert hint is not None and pygame.Rect((0, 0), app.size).contains(hint)
    _, shown = carioca_rects(scene)
    shown.append(("slots", scene.layout.slots_area))
    assert [(what, r) for what, r in shown if hint.colliderect(r)] == [], (size, hint)
    assert len(boxes) == 1 and not boxes[0].colliderect(hint)
