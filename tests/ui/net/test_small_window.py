"""The network screens at 1024x600 (the smallest window), in es, pt and sv, as the Xvfb shots
showed them: the host's name box covered the players' label and the seat kinds were cut
("Yo, en esta computad…"); the waiting room's "free seats" was drawn under the Start with
bots button and the host's "anfitrión · conectado" was cut; the lobby's "the host starts
when everyone is here" ended in "…". Each is read whole now, clear of every button."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from carioca_desktop.i18n import tr
from carioca_desktop.ui import fitwords
from carioca_desktop.ui.scenes.menu import MenuScene
from carioca_desktop.ui.scenes.net import hostsetup, seatlist, waiting
from carioca_desktop.ui.scenes.net.hosting import ME, PERSON
from carioca_desktop.ui.scenes.net.hostsetup import HostSetupScene, kind_options
from carioca_desktop.ui.widgets import font
from tests.ui.net.netscreens import buttons, click, frames
from tests.ui.net.test_host_screens import open_waiting_room
from tests.ui.net.test_join_screens import joined_lobby

LANGS = ["es", "pt", "sv"]


@pytest.fixture
def painted(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, pygame.Rect]]:
    """Every line the network screens draw by hand, with where it went."""
    log: list[tuple[str, pygame.Rect]] = []
    for module in (fitwords, hostsetup, seatlist, waiting):
        draw = module.draw_text

        def logged(surface: pygame.Surface, text: str, *args: Any, _draw: Any = draw,
                   **kw: Any) -> pygame.Rect:  # fmt: skip
            rect = _draw(surface, text, *args, **kw)
            log.append((text, pygame.Rect(rect)))
            return rect  # type: ignore[no-any-return]

        monkeypatch.setattr(module, "draw_text", logged)
    return log


def _whole(text: str, painted: list[tuple[str, pygame.Rect]]) -> list[pygame.Rect]:
    """Where ``text`` was drawn, whole (on one line or several consecutive ones)."""
    texts = [t for t, _ in painted]
    for start in range(len(texts)):
        for end in range(start + 1, min(len(texts), start + 4) + 1):
            if " ".join(texts[start:end]) == text:
                return [r for _, r in painted[start:end]]
    raise AssertionError(f"{text!r} not drawn whole; drawn: {texts[-30:]}")


def _clear_of_buttons(app: Any, rects: list[pygame.Rect], what: str) -> None:
    for button in buttons(app):
        for rect in rects:
            assert not rect.colliderect(button.rect), f"{what} under the button {button.text!r}"


@pytest.mark.parametrize("small_app", LANGS, indirect=True)
def test_host_setup_name_box_and_seat_kinds_fit(small_app: Any) -> None:
    app = small_app
    app.push(MenuScene(app))
    setup = HostSetupScene(app)
    app.push(setup)
    frames(app)
    seats = setup._areas()[0]
    assert setup._name_entry.rect.right <= setup._players_label_x(seats)
    button_font = font(round(16 * setup.u))
    labels = {label for label, _ in kind_options()}
    values = [b for b in buttons(app) if b.text in labels]
    assert len(values) == setup.players()
    for value in values:
        for label in labels:  # every choice fits the value's button, not only the one shown
            assert button_font.size(label)[0] <= value.rect.w - 8, (label, value.rect.w)


@pytest.mark.parametrize("small_app", LANGS, indirect=True)
def test_waiting_room_says_its_state_whole_and_clear_of_the_buttons(
    small_app: Any, painted: list[tuple[str, pygame.Rect]]
) -> None:
    app = small_app
    room = open_waiting_room(app, [ME, PERSON, PERSON, "easy"])
    painted.clear()
    room.repaint()
    frames(app)
    free = _whole(tr("net.wait.free", n=room.free()), painted)
    _clear_of_buttons(app, free, "the free seats' words")
    host_row = _whole(f"{tr('net.seat.local')} · {tr('net.seat.here')}", painted)
    assert all(r.right <= room._areas()[1].right for r in host_row)


@pytest.mark.parametrize("small_app", LANGS, indirect=True)
def test_lobby_says_the_host_starts_whole_and_clear_of_the_buttons(
    small_app: Any, painted: list[tuple[str, pygame.Rect]]
) -> None:
    app = small_app
    _host, scene = joined_lobby(app)
    painted.clear()
    scene.repaint()
    frames(app)
    _clear_of_buttons(app, _whole(tr("net.lobby.wait_host"), painted), "the lobby's words")


def test_words_shrink_then_wrap_and_are_cut_only_when_nothing_fits() -> None:
    pygame.font.init()
    text = "El anfitrión empieza la partida cuando todos estén"
    wide = font(16).size(text)[0]
    fnt, lines = fitwords.lines_for(text, pygame.Rect(0, 0, wide + 2, 40), 16)
    assert lines == [text] and fnt.get_height() == font(16).get_height()
    fnt, lines = fitwords.lines_for(text, pygame.Rect(0, 0, round(wide * 0.8), 40), 16)
    assert lines == [text] and fnt.size(text)[0] <= round(wide * 0.8)  # a smaller font
    fnt, lines = fitwords.lines_for(text, pygame.Rect(0, 0, wide // 2, 60), 16)
    assert len(lines) >= 2 and " ".join(lines) == text  # two lines, nothing cut
    _fnt, lines = fitwords.lines_for(text, pygame.Rect(0, 0, 60, 14), 16)
    assert len(lines) == 1 and lines[0].endswith("…")  # no room at all: cut, never overflowing


@pytest.mark.parametrize("small_app", LANGS, indirect=True)
def test_the_lobby_says_when_this_person_is_ready(
    small_app: Any, painted: list[tuple[str, pygame.Rect]]
) -> None:
    app = small_app
    _host, scene = joined_lobby(app)
    click(app, tr("net.lobby.ready"))
    painted.clear()
    scene.repaint()
    frames(app)
    _clear_of_buttons(app, _whole(tr("net.lobby.ready_wait"), painted), "the ready words")
    assert tr("net.lobby.wait_host") not in [t for t, _ in painted]


@pytest.mark.parametrize("small_app", LANGS, indirect=True)
def test_buracos_sides_stay_inside_the_seats_panel(
    small_app: Any, painted: list[tuple[str, pygame.Rect]]
) -> None:
    app = small_app
    room = open_waiting_room(app, [ME, PERSON, PERSON, "easy"], "buraco")
    painted.clear()
    room.repaint()
    frames(app)
    seats = room._areas()[1]
    notes = room._notes()
    assert len(notes) == 2
    for note in notes:
        for rect in _whole(note, painted):
            assert seats.contains(rect), (note, rect, seats)  # it ran out under the panel
