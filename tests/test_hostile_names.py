"""One rule for names (issue 15): zero-width and bidi characters, NULs, tabs and 10,000-char
names in settings, the New game boxes, saved seats and on screen never crash the game, and
fitting text to a width is not quadratic."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carioca_desktop.rules.names import NAME_MAX, clean_name, initial, invisible_chars, name_problem
from carioca_desktop.storage import Paths, load_settings
from carioca_desktop.ui import hud, textfit, widgets
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.carioca.newgame import NewGameScene
from carioca_desktop.ui.theme import ui_font
from tests.fixtures.examples import examples

INVISIBLE = ["\u200b", "\u202e", "\ufeff", "\u2060"]


def test_the_names_rule() -> None:
    assert clean_name("  Ana\tMaría \n") == "Ana María"
    for char in [*INVISIBLE, "\x00", "\x1b", "\u2028", "\ud800"]:
        assert clean_name(f"{char}Ana{char}") == "Ana"
        assert name_problem(f"{char}Ana") is not None
    assert clean_name("B" * 10_000) == "B" * NAME_MAX
    assert clean_name("\u200b\u202e") == "" and name_problem("") is not None
    assert name_problem("José Ñuñoa") is None and name_problem("B" * NAME_MAX) is None
    assert initial("\u0301\u200b ana") == "A" and initial("\u200b") == "?"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(size=(1280, 800), paths=Paths.under(tmp_path), fast=True)
    yield application
    pygame.quit()


def frames(app: App, n: int = 2) -> None:
    for _ in range(n):
        app.frame(0.016)


@pytest.mark.parametrize("char", INVISIBLE)
def test_typing_an_invisible_first_character_does_not_end_the_game(app: App, char: str) -> None:
    scene = NewGameScene(app)
    app.push(scene)
    frames(app)
    entry = next(e for e in scene._entries if scene._entries[e] == 0)
    entry.set_text("")
    entry.focus()
    for text in (char, char + "Ana", char * 3):  # typed (one event may carry several)
        app.process(pygame.event.Event(pygame.TEXTINPUT, text=text, window=None))
        frames(app)
    assert entry.get_text() == "Ana"
    with pytest.warns(UserWarning):  # pasted text holding one is refused whole
        entry.set_text(char + "Bo")
    frames(app)
    assert entry.get_text() == "Ana"
    entry.set_text("")
    app.process(pygame.event.Event(pygame.TEXTINPUT, text=char, window=None))
    app.process(pygame.event.Event(pygame.TEXTINPUT, text="x", window=None))
    frames(app)
    app.process(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="",
                                   scancode=0, window=None))  # fmt: skip
    frames(app)
    scene.seats[0].name = clean_name(char)  # a name that cleans to nothing
    assert scene.seats[0].name == ""  # nothing printable: the default name is used
    scene.start()  # the match starts with a valid name
    assert app.stack.top is not scene


@pytest.mark.parametrize("char", INVISIBLE)
def test_an_invisible_name_in_settings_json_cannot_break_new_game(
    tmp_path: Path, char: str
) -> None:
    paths = Paths.under(tmp_path)
    paths.settings_file.write_text(json.dumps({"schema": 1, "player_name": char + "Ana"}))
    settings, notices = load_settings(paths)
    assert settings.player_name == "" and [n.problem for n in notices] == ["bad_value"]
    app = App(size=(1280, 800), paths=paths, fast=True)
    try:
        for _ in range(2):  # every visit
            scene = NewGameScene(app)
            app.push(scene)
            frames(app)
            app.pop()
    finally:
        pygame.quit()


def test_drawing_invisible_text_draws_a_fallback_glyph() -> None:
    pygame.font.init()
    surf = pygame.Surface((200, 60))
    for char in INVISIBLE:
        rect = widgets.draw_text(surf, char, ui_font(18), (10, 10))
        assert rect.w > 0
        assert hud.avatar(0, char, 20).get_width() == 40
    assert textfit.render(ui_font(18), "\u200b", (0, 0, 0)).get_width() > 0


class CountingFont(pygame.font.Font):
    calls = 0

    def size(self, text: str) -> tuple[int, int]:  # type: ignore[override]
        CountingFont.calls += 1
        return super().size(text)


def test_fitting_a_10000_character_name_takes_few_measurements() -> None:
    from carioca_desktop.ui.theme import font_path

    pygame.font.init()
    fnt = CountingFont(font_path(), 16)
    CountingFont.calls = 0
    text = widgets.fit("W" * 10_000, fnt, 120)
    assert text.endswith("…") and fnt.size(text)[0] <= 120
    assert CountingFont.calls < 40, CountingFont.calls
    assert widgets.fit("short", fnt, 120) == "short"


@pytest.mark.properties
@settings(max_examples=examples(300), deadline=None)
@given(st.text(max_size=200))
def test_cleaning_any_text_gives_a_valid_name_or_nothing(text: str) -> None:
    name = clean_name(text)
    assert clean_name(name) == name  # the rule is stable
    assert name == "" or name_problem(name) is None
    assert not any(char in name for char in invisible_chars())
