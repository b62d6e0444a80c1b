"""The rules panels of Host a table, the waiting room and the lobby at 1024x600, in es, pt
and sv: they ended in "…" (half of Carioca's rules could not be read before the match). Now
the rules that do not fit scroll by whole rows: PgDn and the wheel bring every rule into view,
each drawn inside the panel, and no "…" is ever drawn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pytest

from carioca_desktop.ui import drawing
from carioca_desktop.ui.scenes.menu import MenuScene
from carioca_desktop.ui.scenes.net import seatlist
from carioca_desktop.ui.scenes.net.hosting import ME, PERSON
from carioca_desktop.ui.scenes.net.hostsetup import HostSetupScene
from carioca_desktop.ui.scenes.net.rulescroll import RuleScroll
from carioca_desktop.ui.scenes.net.words import rules_of
from tests.ui.net.netscreens import frames, key
from tests.ui.net.test_host_screens import open_waiting_room
from tests.ui.net.test_join_screens import joined_lobby

Row = tuple[str, str]


class Seen:
    """The rule rows each paint put on screen, where their words went, and every text."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.rows: list[Row] = []
        self.row_rects: list[pygame.Rect] = []
        self.texts: list[str] = []
        self.in_pairs = False
        pairs, draw = seatlist.pairs, drawing.draw_text

        def kept_pairs(surf: Any, rows: Sequence[Row], rect: pygame.Rect, *a: Any) -> int:
            if surf is None:
                return pairs(surf, rows, rect, *a)
            y, tall = rect.y, pygame.Rect(rect.x, 0, rect.w, 1 << 20)
            for row in rows:  # the rows that fit, as pairs paints them
                y += pairs(None, [row], tall, *a)
                if y > rect.bottom:
                    break
                self.rows.append(row)
            self.in_pairs = True
            try:
                return pairs(surf, rows, rect, *a)
            finally:
                self.in_pairs = False

        def kept_draw(surface: Any, text: str, *a: Any, **kw: Any) -> pygame.Rect:
            rect = pygame.Rect(draw(surface, text, *a, **kw))
            self.texts.append(text)
            if self.in_pairs:
                self.row_rects.append(rect)
            return rect

        monkeypatch.setattr(seatlist, "pairs", kept_pairs)
        monkeypatch.setattr(drawing, "draw_text", kept_draw)
        monkeypatch.setattr(seatlist, "draw_text", kept_draw)


def _painted_rows(seen: Seen, scene: Any, box: pygame.Rect) -> list[Row]:
    """The rule rows the scene's next paint shows; each word inside ``box``, no "…"."""
    seen.rows.clear()
    seen.texts.clear()
    seen.row_rects.clear()
    scene.repaint()
    frames(scene.app)
    assert "…" not in seen.texts, "the rules end in '…'"
    outside = [r for r in seen.row_rects if not box.contains(r)]
    assert not outside, f"rule words outside the panel {box}: {outside}"
    return list(seen.rows)


def _read_all(scene: Any, box: pygame.Rect, rows: Sequence[Row], seen: Seen, by: str) -> None:
    """Scroll down (PgDn or the wheel) until nothing moves; every row must have been shown."""
    shown: list[Row] = []
    for _ in range(len(rows) + 1):
        shown += _painted_rows(seen, scene, box)
        before = scene.rule_scroll.first
        if by == "keys":
            key(scene.app, pygame.K_PAGEDOWN)
        else:
            wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                       precise_x=0.0, precise_y=-1.0, touch=False)  # fmt: skip
            scene.app.process(wheel)
            frames(scene.app)
        if scene.rule_scroll.first == before:
            break
    missing = [label for label, value in rows if (label, value) not in shown]
    assert not missing, f"never shown by {by}: {missing}"
    assert scene.rule_scroll.first > 0, "the rules did not need to scroll: the test saw nothing"


@pytest.mark.parametrize("by", ["keys", "wheel"])
@pytest.mark.parametrize("small_app", ["es", "pt", "sv"], indirect=True)
def test_host_a_table_shows_every_rule_by_scrolling(
    small_app: Any, monkeypatch: pytest.MonkeyPatch, by: str
) -> None:
    app = small_app
    app.push(MenuScene(app))
    setup = HostSetupScene(app)
    app.push(setup)
    frames(app)
    seen = Seen(monkeypatch)
    rows = app.routes.game(setup.game).rules_words(setup.rules())
    _read_all(setup, setup._areas()[1], rows, seen, by)


@pytest.mark.parametrize("small_app", ["es", "pt", "sv"], indirect=True)
def test_the_waiting_room_and_the_lobby_show_every_rule_by_scrolling(
    small_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = small_app
    room = open_waiting_room(app, [ME, PERSON, PERSON, "easy"])
    seen = Seen(monkeypatch)
    rows = app.routes.game(room.host.kind.name).rules_words(room.host.rules)
    _read_all(room, room._areas()[2], rows, seen, "keys")
    app.stop_serving()
    _host, lobby = joined_lobby(app)
    rules = rules_of("carioca", lobby.joining.lobby.rules)
    lobby_rows = app.routes.game("carioca").rules_words(rules)
    _read_all(lobby, lobby._areas()[1], lobby_rows, seen, "wheel")


def test_the_scroll_stays_in_range_and_moves_by_whole_rows() -> None:
    scroll = RuleScroll(last_first=5, shown=3, rows=8, view=pygame.Rect(0, 0, 200, 100))
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN)
    assert scroll.key(down) and scroll.first == 2  # a view's rows less the one kept
    assert scroll.key(down) and scroll.first == 4
    assert scroll.key(down) and scroll.first == 5  # not past the last row's view
    assert not scroll.key(down)
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=10)
    assert scroll.pointer(wheel) and scroll.first == 0
    track, _thumb = scroll.bar()
    below = pygame.event.Event(
        pygame.MOUSEBUTTONDOWN, button=1, pos=(track.centerx, track.bottom - 1)
    )
    assert scroll.pointer(below) and scroll.first == 2
