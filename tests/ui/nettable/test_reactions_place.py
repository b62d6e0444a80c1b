"""Both games' network tables place the Reactions button the same way (one mixin): right of
the bar's Keys button on entering, after a resize, and again in the language chosen while
another screen was on top."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from carioca_desktop.i18n import set_language, tr
from tests.ui.nettable.kit import table

pytestmark = pytest.mark.timeout(120)


@pytest.mark.parametrize(
    ("game", "specs"),
    [("carioca", "remote,normal,normal"), ("buraco", "remote,normal,normal,normal")],
)
def test_the_reactions_button_follows_resize_and_language(
    tmp_path: Path, game: str, specs: str
) -> None:
    app, thread, _links = table(tmp_path, game, specs)
    try:
        scene = app.stack.top
        assert scene.net.toggle is not None
        assert scene.net.toggle.text == tr("net.table.reactions", "es")
        app.process(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900)))
        app.frame(0.02)
        toggle, beside = scene.net.toggle, scene.reactions_beside()
        assert toggle is not None and toggle.rect.x > beside.right and toggle.rect.y == beside.y
        set_language("it")  # chosen in Settings, over the table
        scene.resume()
        assert scene.net.toggle is not None
        assert scene.net.toggle.text == tr("net.table.reactions", "it")
        assert tr("net.table.reactions", "it") != tr("net.table.reactions", "es")
    finally:
        thread.stop()
