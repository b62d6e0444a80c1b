"""What keeps the replay viewer's step frames near the table's floor, checked by what they
draw (never by time): the bar renders only the words a step changed, and a paused Buraco
viewer paints the card faces of the next step ahead, in frames with nothing to draw, so the
step's frame paints none."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop.storage import Paths
from carioca_desktop.ui import replay_bar, sprites, textfit
from carioca_desktop.ui.app import App
from carioca_desktop.ui.replay_viewer import open_viewer
from tests.ui.test_replay_viewer_looks import _match


def _press(scene: Any, key: int) -> None:
    scene.handle_before_ui(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


def _opened(tmp_path: Path, game: str, fast: bool, at: int | None = None) -> tuple[App, Any]:
    """A 1600x900 app showing the long match's viewer (at action ``at``)."""
    app = App(size=(1600, 900), paths=Paths.under(tmp_path), fast=fast)
    scene: Any = open_viewer(app, _match(game))
    app.reset(scene)
    if at is not None:
        scene.go(at)
    return app, scene


@pytest.mark.parametrize("game", ["carioca", "buraco"])
def test_a_step_renders_only_the_bars_new_words(
    tmp_path: Path, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _app, scene = _opened(tmp_path, game, fast=True, at=30)
    scene.paint_bar(pygame.Surface((1600, 900)))  # the bar's words as they are now
    rendered: list[str] = []
    real = textfit.render

    def render(fnt: pygame.font.Font, text: str, colour: object, bg: object = None) -> Any:
        rendered.append(text)
        return real(fnt, text, colour, bg)

    monkeypatch.setattr(textfit, "render", render)
    scene.go(31)
    scene.paint_bar(pygame.Surface((1600, 900)))
    # Only the new position's number (with its shadow): before, both lines, twice each.
    assert rendered == ["31", "31"], rendered
    rendered.clear()
    scene.paint_bar(pygame.Surface((1600, 900)))
    assert rendered == [], rendered


def test_the_bars_words_are_laid_as_one_line_would_be() -> None:
    pygame.font.init()
    runs = replay_bar.Runs()
    fnt = pygame.font.Font(None, 18)
    text = "Acción 31 de 624 · ronda 2"
    surface = pygame.Surface((400, 40), pygame.SRCALPHA)
    right = runs.draw(surface, text, fnt, (390, 20), (255, 255, 255), "midright")
    assert right.right == 390 and abs(right.w - fnt.size(text)[0]) <= 4
    assert surface.get_bounding_rect().colliderect(right)


def test_a_paused_buraco_step_paints_no_card_face_in_its_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = _opened(tmp_path, "buraco", fast=False, at=40)  # fast: no rehearsal
    painted: list[str] = []
    real = sprites.CardImages.shadowed
    stepping = False

    def shadowed(self: Any, code: str, width: int, stands_for: str | None = None) -> Any:
        if stepping and ("shadowed", width, code, stands_for) not in self._images:
            painted.append(f"{code}@{width}")
        return real(self, code, width, stands_for)

    monkeypatch.setattr(sprites.CardImages, "shadowed", shadowed)
    for step in range(12):
        for _ in range(300):  # the frames after the position was shown: the next rehearsed
            app.frame(0.016)
            key = scene._rehearsed
            if key is not None and key[1] == scene.replay.position and scene._stages is None:
                break
        assert scene._stages is None, f"step {step}: the rehearsal did not end in 300 frames"
        stepping = True
        _press(scene, pygame.K_RIGHT)
        app.frame(0.016)
        stepping = False
        scene.animator.finish()
    assert painted == [], f"faces painted in a step's frame: {painted}"


@pytest.mark.parametrize("game", ["carioca", "buraco"])
@pytest.mark.parametrize("size", [(1024, 600), (1600, 900), (3840, 2160)])
def test_the_bar_leaves_the_viewed_hand_and_panel_clear(
    tmp_path: Path, game: str, size: tuple[int, int]
) -> None:
    """The table is laid out above the bar (over it, the bar's words covered the bottom
    of the viewed hand at every size, two rows of them at 3840x2160)."""
    app = App(size=size, paths=Paths.under(tmp_path), fast=True)
    scene: Any = open_viewer(app, _match(game))
    app.reset(scene)
    scene.go(30)
    for hands_up in (False, True):
        scene.all_hands = hands_up
        app.frame(0.016)
        bar = scene.paint_bar(app.screen)
        assert bar.bottom == size[1] and bar.w == size[0]
        lay = scene.layout
        cards = [r for _c, r, _m in scene.moves.hand_rows()] if game == "buraco" else []
        for name, rect in {"hand": lay.hand_area, "me": lay.viewer_panel}.items():
            assert rect.bottom <= bar.top, f"{name} {rect} reaches under the bar {bar}"
        assert all(r.bottom <= bar.top for r in cards), (bar, cards)
        drawn = scene.paint_hands(app.screen)
        assert all(r.bottom <= bar.top for rects in drawn.values() for r in rects)


@pytest.mark.parametrize("game", ["carioca", "buraco"])
def test_the_coach_band_keeps_each_line_in_one_column_and_the_columns_even(
    tmp_path: Path, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 1024x600 the coach is a band of two columns over the hand: the title goes across
    its top and each judged line stays whole in one column, the columns of even height
    (the rows flowed down the first column into the second, a line cut in two, the title
    alone at the top of the first)."""
    from types import SimpleNamespace

    from carioca_desktop.ui import coach_panel

    app = App(size=(1024, 600), paths=Paths.under(tmp_path), fast=True)
    scene: Any = open_viewer(app, _match(game))
    app.reset(scene)
    scene.go(40)
    played = "descartar el siete de picas que el siguiente jugador necesitaba para bajarse"
    judged = [
        SimpleNamespace(verdict="costly", cost=cost, played=played, hard="robar", kind="draw")
        for cost in (75, 60)
    ]
    coach = scene.coach
    coach.key, coach.judged, coach.words = (0, 0), judged, str
    scene.show_coach(True)
    drawn: list[tuple[str, tuple[float, float]]] = []
    real = coach_panel.draw_text

    def draw_text(surface: Any, text: str, fnt: Any, pos: Any, *rest: Any) -> Any:
        drawn.append((text, pos))
        return real(surface, text, fnt, pos, *rest)

    monkeypatch.setattr(coach_panel, "draw_text", draw_text)
    app.frame(0.016)
    lines = coach.lines()
    assert len(lines) == 5 and drawn and drawn[0][0] == lines[0]
    title_y = drawn[0][1][1]
    assert all(y > title_y for _t, (_x, y) in drawn[1:])  # the title alone on its row
    wrapped = _wrapped(lines, scene)
    assert [t for t, _p in drawn[1:]] == [row for rows in wrapped for row in rows]
    homes, at = [], 1
    for rows in wrapped:  # each line's rows in one column, one under the other
        spots = [pos for _t, pos in drawn[at : at + len(rows)]]
        assert len({x for x, _y in spots}) == 1, (rows, spots)
        homes.append(spots[0][0])
        at += len(rows)
    columns = sorted(set(homes))
    assert len(columns) == 2, drawn
    heights = [sum(len(r) for r, x in zip(wrapped, homes, strict=True) if x == c) for c in columns]
    assert max(heights) - min(heights) <= max(len(r) for r in wrapped), heights


def _wrapped(lines: list[str], scene: Any) -> list[list[str]]:
    """The rows each of ``lines`` (but the title) wraps into in the band, as it wraps them."""
    from carioca_desktop.ui import theme
    from carioca_desktop.ui.coach_panel import GAP
    from carioca_desktop.ui.widgets import font

    body = font(max(12, round(15 * 0.8)))
    area, columns = scene.coach_area(scene.paint_bar(pygame.Surface(scene.app.size)))
    col_w = (area.w - 2 * GAP - 24 - (columns - 1) * 16) // columns
    return [theme.wrap(line, body, col_w) for line in lines[1:]]


def _lines_built(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The bar's lines laid anew from now on (a line found kept is not counted)."""
    built: list[str] = []
    real = replay_bar.Runs.line

    def line(self: replay_bar.Runs, text: str, fnt: pygame.font.Font, colour: Any) -> Any:
        if (text, fnt, colour) not in self._lines:
            built.append(text)
        return real(self, text, fnt, colour)

    monkeypatch.setattr(replay_bar.Runs, "line", line)
    return built


@pytest.mark.parametrize("game", ["carioca", "buraco"])
def test_the_bars_next_and_previous_lines_are_laid_in_idle_frames(
    tmp_path: Path, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, scene = _opened(tmp_path, game, fast=False, at=30)
    for key in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_LEFT):
        for _ in range(400):  # frames, not time: the rehearsal, then the step back's
            app.frame(0.016)
            if scene._back is not None and scene._back_for == scene._view_key():
                break
        else:
            raise AssertionError(f"no step back prepared at {scene.replay.position}")
        built = _lines_built(monkeypatch)
        _press(scene, key)
        app.frame(0.016)
        monkeypatch.undo()
        assert built == [], f"the bar laid in the step's frame: {built}"


@pytest.mark.parametrize("game", ["carioca", "buraco"])
def test_the_bars_keys_line_is_laid_once_however_many_steps(
    tmp_path: Path, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _app, scene = _opened(tmp_path, game, fast=True)
    surface = pygame.Surface((1600, 900))
    scene.paint_bar(surface)
    built = _lines_built(monkeypatch)
    for position in range(1, 60):
        scene.go(position)
        scene.paint_bar(surface)
    assert len(built) == 59, built  # each position's line, never the keys' again
