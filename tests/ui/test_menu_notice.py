"""The menu's notice (e.g. the host left a network table) is never under the buttons'
column, in a tall window or a short one; nor is the version in the corner."""

from __future__ import annotations

from pathlib import Path

import pytest

from carioca_desktop.i18n import set_language, tr
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.menu import MenuScene
from carioca_desktop.ui.widgets import font


@pytest.mark.parametrize("size", [(1240, 610), (1280, 720), (1900, 970)])
def test_the_host_left_notice_is_clear_of_the_buttons(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    set_language("it")
    try:
        app = App(size=size, paths=Paths.under(tmp_path), fast=True)
        menu = MenuScene(app)
        menu.messages.append(tr("net.table.host_gone"))
        app.reset(menu)
        app.frame(0.016)
        box = menu._message_rect()
        column = menu._column().inflate(round(56 * menu.u), 0)
        assert not box.colliderect(column), (box, column)
        assert box.left >= 0 and box.w > 200
    finally:
        set_language("es")


@pytest.mark.parametrize("size", [(1240, 610), (1280, 720), (1900, 970)])
def test_the_version_is_clear_of_the_buttons_panel(tmp_path: Path, size: tuple[int, int]) -> None:
    app = App(size=size, paths=Paths.under(tmp_path), fast=True)
    menu = MenuScene(app)
    app.reset(menu)
    app.frame(0.016)
    spot = menu._version_rect(font(max(12, round(14 * menu.k))))
    assert not spot.colliderect(menu._column().inflate(round(56 * menu.u), 0))
    assert app.screen.get_rect().contains(spot)
