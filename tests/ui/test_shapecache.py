"""Widget shapes and pictures kept on disk draw exactly what drawing them afresh draws."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pygame_gui

from carioca_desktop.ui import picturecache, shapecache
from carioca_desktop.ui.theme import make_manager

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def button_picture(manager: pygame_gui.UIManager) -> bytes:
    screen = pygame.Surface((400, 120), pygame.SRCALPHA)
    button = pygame_gui.elements.UIButton(pygame.Rect(20, 20, 300, 50), "Jugar", manager)
    manager.update(1 / 60)
    manager.draw_ui(screen)
    button.kill()  # type: ignore[no-untyped-call]
    return pygame.image.tobytes(screen, "RGBA")


def test_kept_shapes_come_back_and_draw_the_same(tmp_path: Path) -> None:
    pygame.init()
    pygame.display.set_mode((400, 120))
    picturecache.set_folder(tmp_path)
    shapecache._kept.clear()
    try:
        first = make_manager((400, 120))
        assert shapecache.preload(first) == 0  # nothing kept yet
        drawn = button_picture(first)
        shapecache.keep(first, background=False)
        [kept] = tmp_path.glob("shapes-*.bin")
        second = make_manager((400, 120))
        assert shapecache.preload(second) > 0
        assert button_picture(second) == drawn
        kept.write_bytes(kept.read_bytes()[:-3])  # a torn file changes nothing
        assert shapecache.preload(make_manager((400, 120))) == 0
    finally:
        picturecache.set_folder(None)
        shapecache._kept.clear()
        pygame.quit()
