"""No character that draws nothing can start a name (issue 29 item 1): every such character
of the Unicode database, typed first into each of the three name boxes of the real window
(Carioca's and Buraco's New game, Settings), or left first when the letter before it is
deleted, is dropped and the game goes on; a stored name starting with one is refused."""

from __future__ import annotations

import json
import sys
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop.rules.names import clean_name, name_problem
from carioca_desktop.storage import Paths, load_settings
from carioca_desktop.ui.app import App
from carioca_desktop.ui.nameentry import NameEntry, draws_nothing
from carioca_desktop.ui.scenes.buraco.newgame import BuracoNewGameScene
from carioca_desktop.ui.scenes.carioca.newgame import NewGameScene
from carioca_desktop.ui.scenes.settings.scene import SettingsScene
from carioca_desktop.ui.theme import ui_font

# The categories that draw nothing where a name starts (assigned characters only: "Cn" would
# be 800,000 codepoints); what the font measures as nothing is added below.
BY_CATEGORY = ("Mn", "Me", "Cf", "Cc", "Zl", "Zp")


def _by_category() -> list[str]:
    chars = (chr(code) for code in range(sys.maxunicode + 1) if not 0xD800 <= code < 0xE000)
    return [c for c in chars if unicodedata.category(c) in BY_CATEGORY]


NOTHING = [*_by_category(), "\ufffc"]  # U+FFFC is "So", and the shipped font draws it empty
SCENES: dict[str, Callable[[App], Any]] = {
    "carioca_new_game": NewGameScene,
    "buraco_new_game": BuracoNewGameScene,
    "settings": SettingsScene,
}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(size=(1280, 800), paths=Paths.under(tmp_path), fast=True)
    yield application
    pygame.quit()


def _frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.frame(0.016)


def _name_box(app: App, scene_name: str) -> NameEntry:
    app.push(SCENES[scene_name](app))
    _frames(app, 2)
    boxes = [e for e in app.manager.get_sprite_group().sprites() if isinstance(e, NameEntry)]
    assert boxes, f"no name box in {scene_name}"
    box = boxes[0]
    box.focus()
    return box


def _type(app: App, text: str) -> None:
    app.process(pygame.event.Event(pygame.TEXTINPUT, text=text, window=None))


def _key(app: App, key: int) -> None:
    app.process(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def test_the_class_is_the_unicode_database_not_a_list() -> None:
    assert len(NOTHING) > 2000  # every mark, format and control character, not a handful
    assert {"\u034f", "\ufe0f", "\u200b", "\u20dd"} <= set(NOTHING)
    pygame.font.init()
    assert all(draws_nothing(char) for char in NOTHING)
    assert not any(draws_nothing(char) for char in "Aé❤ñ漢")


@pytest.mark.parametrize("scene_name", sorted(SCENES))
def test_no_character_that_draws_nothing_starts_a_typed_name(app: App, scene_name: str) -> None:
    box = _name_box(app, scene_name)
    box.set_text("")
    for count, char in enumerate(NOTHING):
        _type(app, char)  # typed into the empty box: dropped, the game goes on
        if count % 250 == 0:
            _frames(app)
        assert box.get_text() == "", hex(ord(char))
    _type(app, "\u034f\ufe0fAna")  # one event carrying several: the leading marks go
    _frames(app)
    assert box.get_text() == "Ana"


@pytest.mark.parametrize("scene_name", sorted(SCENES))
def test_deleting_the_letter_before_a_mark_leaves_no_mark_first(app: App, scene_name: str) -> None:
    box = _name_box(app, scene_name)
    allowed = [c for c in NOTHING if box.validate_text_string("A" + c)]
    assert len(allowed) > 1000  # the marks, which may follow a letter ("❤️" is two)
    if scene_name != "carioca_new_game":
        allowed = allowed[::7]  # the same code in every box: one box takes them all
    for count, char in enumerate(allowed):
        box.set_text("A" + char)  # the cursor at the end
        key = (pygame.K_LEFT, pygame.K_BACKSPACE) if count % 2 else (pygame.K_HOME, pygame.K_DELETE)
        for pressed in key:
            _key(app, pressed)
        if count % 250 == 0:
            _frames(app)
        assert box.get_text() == "", hex(ord(char))
    box.set_text("A\ufe0fBo")
    _key(app, pygame.K_HOME)
    _key(app, pygame.K_DELETE)
    _frames(app)
    assert box.get_text() == "Bo"


def test_a_name_set_or_pasted_whole_cannot_start_with_one(app: App) -> None:
    box = _name_box(app, "carioca_new_game")
    box.set_text("Ana")
    with pytest.warns(UserWarning):
        box.set_text("\u034fBo")
    assert box.get_text() == "Ana"


@pytest.mark.parametrize("char", ["\u034f", "\ufe0f", "\u20dd", " \u0301"])
def test_a_stored_name_starting_with_a_mark_is_refused(tmp_path: Path, char: str) -> None:
    assert clean_name(char + "Ana") == "Ana" and name_problem(char + "Ana") is not None
    after = unicodedata.normalize("NFC", "A" + char.strip())
    assert clean_name(after) == after  # after a letter, a mark stays
    paths = Paths.under(tmp_path)
    paths.settings_file.write_text(json.dumps({"schema": 1, "player_name": char + "Ana"}))
    settings, notices = load_settings(paths)
    assert settings.player_name == "" and [n.problem for n in notices] == ["bad_value"]


@pytest.mark.slow
def test_every_character_the_shipped_font_draws_empty_is_refused_first(app: App) -> None:
    """The font's side of the rule, over the whole database (about 7 s of measuring)."""
    font = ui_font(18)
    empty = []
    for code in range(sys.maxunicode + 1):
        if 0xD800 <= code < 0xE000:
            continue
        try:
            width = font.size(chr(code))[0]
        except pygame.error:
            width = 0
        if width <= 0:
            empty.append(chr(code))
    box = _name_box(app, "carioca_new_game")
    box.set_text("")
    for count, char in enumerate(empty):
        _type(app, char)
        if count % 500 == 0:
            _frames(app)
        assert box.get_text() == "", hex(ord(char))
