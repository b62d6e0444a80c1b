"""The join screen's hints look like hints: an empty box draws its hint dimmer than a typed
value (pygame_gui draws both in one colour unless the box takes the theme's ``@hint``)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from carioca_desktop.i18n import tr
from carioca_desktop.ui.scenes.menu import MenuScene
from carioca_desktop.ui.scenes.net.join import JoinScene
from tests.ui.net.netscreens import frames, new_app, type_into

pytestmark = [pytest.mark.usefixtures("spanish"), pytest.mark.timeout(120)]

TYPED = pygame.Color("#F6F0E2")  # theme.json: text_entry_line's normal_text
HINT = pygame.Color("#8DA696")  # theme.json: the @hint class's normal_text


def _near(surface: pygame.Surface, colour: pygame.Color, within: int = 10) -> int:
    """How many pixels of ``surface`` are ``colour`` give or take ``within`` per channel."""
    w, h = surface.get_size()
    count = 0
    for y in range(h):
        for x in range(w):
            c = surface.get_at((x, y))
            if max(abs(c.r - colour.r), abs(c.g - colour.g), abs(c.b - colour.b)) <= within:
                count += 1
    return count


def test_an_empty_box_draws_its_hint_dimmer_than_a_typed_value(tmp_path: Path) -> None:
    app = new_app(tmp_path, (1280, 720))
    app.push(MenuScene(app))
    scene = JoinScene(app)
    app.push(scene)
    frames(app)
    entries = {key: entry for entry, key in scene._entries.items()}
    code = entries["code"]
    assert code.text == "" and code.placeholder_text == tr("net.join.code_hint")
    assert _near(code.image, TYPED) == 0  # the hint is not in the typed values' colour
    assert _near(code.image, HINT) > 20  # it is there, dim
    type_into(app, code, "K7Q4XM")
    frames(app)
    assert _near(code.image, TYPED) > 20  # a typed value is bright
    type_into(app, code, "")
    frames(app)
    assert _near(code.image, TYPED) == 0 and _near(code.image, HINT) > 20  # the hint again
    name = entries["name"]
    type_into(app, name, "")
    frames(app)
    assert _near(name.image, TYPED) == 0 and _near(name.image, HINT) > 5  # "Tú": short
