"""The Buraco network table's top bar at 1024x600: the title ("Buraco · Brasiliansk · Runda 1")
was drawn over the Reactions button, itself too narrow for "Reaktioner" (Swedish): the button
is as wide as its word in its own font, and the title starts right of it."""

from __future__ import annotations

from pathlib import Path

import pygame

from carioca_desktop.ui import hud
from carioca_desktop.ui.sprites import TextCache
from carioca_desktop.ui.theme import GOLD
from carioca_desktop.ui.widgets import font
from tests.ui.nettable.kit import frames, table


def _gold_columns(surface: pygame.Surface, bar: pygame.Rect) -> list[int]:
    """The x of every column of ``bar`` with a pixel of the title's gold."""
    found = []
    for x in range(bar.x, bar.right):
        for y in range(bar.y, bar.bottom):
            colour = surface.get_at((x, y))
            if all(abs(colour[i] - GOLD[i]) < 24 for i in range(3)):
                found.append(x)
                break
    return found


def test_the_title_keeps_clear_of_the_buttons_at_its_left() -> None:
    pygame.font.init()
    bar = pygame.Rect(0, 0, 1024, 40)
    title, status = "Buraco · Brasiliansk · Runda 1", "Anas tur"
    surface = pygame.Surface(bar.size)
    hud.draw_top_bar(surface, bar, title, status, TextCache(), 0.64)
    before = _gold_columns(surface, bar)
    assert before and min(before) < 390  # centred, it reaches under a button ending at 390
    surface.fill((0, 0, 0))
    hud.draw_top_bar(surface, bar, title, status, TextCache(), 0.64, clear_left=390)
    after = _gold_columns(surface, bar)
    assert after and min(after) >= 390


def test_the_network_buraco_table_tells_its_bar_where_reactions_end(tmp_path: Path) -> None:
    app, thread, _links = table(tmp_path, "buraco", "remote,normal,normal,normal",
                                size=(1024, 600), lang="sv")  # fmt: skip
    try:
        frames(app, 0.3)
        scene = app.stack.top
        toggle = scene.net.toggle
        assert toggle is not None and scene.layout.bar_clear == toggle.rect.right
        # and the button itself shows its whole word in the theme's button font
        said = font(round(16 * app.ui_scale)).size(toggle.text)[0]
        assert said + 8 <= toggle.rect.w, (toggle.text, said, toggle.rect.w)
    finally:
        thread.stop()


def test_at_4k_reactions_speaks_as_big_as_menu_and_keys_beside_it(tmp_path: Path) -> None:
    """Menu and Keys grow with the table's words (ui/tablekit/wordsize); Reactions, between
    them and the title, kept the theme's smaller font."""
    app, thread, _links = table(tmp_path, "carioca", "remote,normal,normal",
                                size=(3840, 2160), lang="sv")  # fmt: skip
    try:
        frames(app, 0.3)
        scene = app.stack.top
        toggle, keys = scene.net.toggle, scene.widgets.keys
        assert toggle is not None and scene.layout.grow > 1.2
        assert toggle.font.get_point_size() == keys.font.get_point_size()
        assert toggle.font.size(toggle.text)[0] + 8 <= toggle.rect.w, toggle.rect
        scene.net.open_row()
        for button in scene.net.buttons:
            assert button.font.get_point_size() > round(16 * app.ui_scale), button.text
            assert button.font.size(button.text)[0] + 8 <= button.rect.w, button.text
    finally:
        thread.stop()
