"""The first window on every desktop, the automatic UI scale, SDL's DPI hints and full screen
(F11 and the Settings row, remembered)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from pygame_gui.elements import UIButton

from carioca_desktop.storage import Paths, Settings, load_settings, save_settings
from carioca_desktop.ui import desktop as desktop_module
from carioca_desktop.ui.app import App
from carioca_desktop.ui.dpi import auto_ui_scale, set_dpi_hints
from carioca_desktop.ui.scenes.menu import MenuScene

# desktop -> (first window, automatic UI scale)
DESKTOPS = [
    ((3840, 2160), (2880, 1620), 1.5),
    ((2560, 1440), (1920, 1080), 1.0),
    ((1920, 1080), (1600, 900), 1.0),
    ((1366, 768), (1326, 658), 1.0),
    ((1280, 720), (1240, 610), 1.0),
    ((1024, 600), (984, 600), 1.0),
]


@pytest.mark.parametrize(("desktop", "window", "scale"), DESKTOPS)
def test_the_first_window_takes_a_comfortable_share_of_every_desktop(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    desktop: tuple[int, int],
    window: tuple[int, int],
    scale: float,
) -> None:
    monkeypatch.setattr(desktop_module, "desktop_size", lambda: desktop)
    app = App(paths=Paths.under(tmp_path), fast=True)
    assert app.size == window
    assert app.ui_scale == scale  # nobody chose one: the game's choice for this window
    if desktop[0] > 1920:  # a big desktop: a big window, its share of the screen
        assert window[0] / desktop[0] == pytest.approx(0.75)
    elif desktop[1] > 600:  # a small one: whole on screen, title bar and taskbar in view
        assert window[0] <= desktop[0] - 40 and window[1] <= desktop[1] - 110


def test_the_players_own_ui_scale_wins_over_the_automatic_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(desktop_module, "desktop_size", lambda: (3840, 2160))
    paths = Paths.under(tmp_path)
    save_settings(Settings(ui_scale=1.1), paths)
    app = App(paths=paths, fast=True)
    assert app.ui_scale == 1.1
    app.update_settings(app.settings.replace(ui_scale=None))  # back to automatic
    assert app.ui_scale == 1.5


def test_the_automatic_scale_follows_the_window_and_the_systems_scale() -> None:
    assert auto_ui_scale((1600, 900)) == 1.0
    assert auto_ui_scale((3840, 2160)) == 1.75  # 4K full screen
    # A Windows laptop at 150 %: its table's words as big as Windows' stretching showed them
    assert auto_ui_scale((1600, 900), system=1.5) == 1.25
    assert auto_ui_scale((2880, 1620), system=1.5) == 1.5  # 4K at 150 %
    assert auto_ui_scale((1600, 900), system=3.0) == 2.0  # never past the largest choice


def test_the_automatic_scale_knows_the_tables_own_limits() -> None:
    from carioca_desktop.ui.dpi import TABLE_TEXT_MAX, TABLE_TEXT_MIN
    from carioca_desktop.ui.scenes.carioca.layout import UI_MAX, UI_MIN

    assert (TABLE_TEXT_MIN, TABLE_TEXT_MAX) == (UI_MIN, UI_MAX)


def test_dpi_hints_are_set_but_never_over_the_players() -> None:
    env = {"SDL_WINDOWS_DPI_SCALING": "1"}
    set_dpi_hints(env)
    assert env == {"SDL_WINDOWS_DPI_AWARENESS": "permonitorv2", "SDL_WINDOWS_DPI_SCALING": "1"}


def test_a_bigger_window_relays_out_with_bigger_words(tmp_path: Path) -> None:
    app = App(paths=Paths.under(tmp_path), fast=True)
    app.push(MenuScene(app))
    app.frame(0.0)
    assert app.ui_scale == 1.0
    before = _button_heights(app)
    app.resize((2880, 1620))
    app.frame(0.0)
    assert app.ui_scale == 1.5
    # widgets re-placed, and a menu grows as the window did (1.8x), not only by the UI scale
    assert _button_heights(app) == [round(h * 1.8) for h in before]
    button = _buttons(app)[0]
    assert button.font.size("M")[1] >= 1.4 * _font_height(1.0)  # and their words bigger


def _button_heights(app: App) -> list[int]:
    return sorted(e.rect.h for e in _buttons(app))


def _buttons(app: App) -> list[UIButton]:
    return [e for e in app.manager.get_root_container().elements if isinstance(e, UIButton)]


def _font_height(scale: float) -> int:
    from carioca_desktop.ui.theme import make_manager

    manager = make_manager((800, 600), scale)
    return int(manager.get_theme().get_font_dictionary().get_default_font().size("M")[1])


def test_f11_toggles_desktop_full_screen_and_it_is_remembered(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    app = App(paths=paths, fast=True)
    app.push(MenuScene(app))
    window = app.size
    f11 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="")
    app.process(f11)
    assert app.settings.fullscreen and pygame.display.is_fullscreen()
    assert load_settings(paths)[0].fullscreen  # saved when chosen, not at exit
    assert app.size == pygame.display.get_desktop_sizes()[0]  # the desktop's own mode
    app.process(f11)
    assert not app.settings.fullscreen and not pygame.display.is_fullscreen()
    assert app.size == window and not load_settings(paths)[0].fullscreen


def test_a_screen_with_another_scale_relays_out_and_redraws(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from carioca_desktop.ui import appwindow

    app = App(paths=Paths.under(tmp_path), fast=True)
    app.push(MenuScene(app))
    app.frame(0.0)
    before = _button_heights(app)
    monkeypatch.setattr(appwindow, "system_scale", lambda handle=None: 2.0)  # a 200 % screen
    app.process(pygame.event.Event(pygame.WINDOWDISPLAYCHANGED, display_index=1))
    drawn: list[int] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: drawn.append(1))
    app.frame(0.0)
    assert app.ui_scale == 1.75 and drawn  # the next frame is drawn, at the new scale
    # Each button 1.75 times as high, or, when the menu's nine would not fit the window at
    # that height, as high as lets them fit (the menu's column never leaves the window).
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    fits = menu._rows()[0]
    assert fits <= round(50 * 1.75) and menu._column().bottom <= app.size[1]
    assert _button_heights(app) == [min(round(h * 1.75), fits) for h in before]
    assert all(h > b for h, b in zip(_button_heights(app), before, strict=True))


def test_a_game_left_in_full_screen_starts_in_it_at_the_desktops_size(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    save_settings(Settings(fullscreen=True, window_size=(1200, 700)), paths)
    app = App(paths=paths, fast=True)
    assert pygame.display.is_fullscreen()
    assert app.size == pygame.display.get_desktop_sizes()[0]  # no mode change to 1200×700
    app.set_fullscreen(False)
    assert app.size == (1200, 700)  # back to the window the player left


class _User32:
    """Windows' user32 as far as the display scale goes: 144 dpi is 150 %."""

    def __init__(self, window_dpi: int, system_dpi: int = 96) -> None:
        self.GetDpiForWindow = _Function(lambda handle: window_dpi)
        self.GetDpiForSystem = lambda: system_dpi


class _Function:
    def __init__(self, call: Callable[[int], int]) -> None:
        self.call = call

    def __call__(self, handle: int) -> int:
        return self.call(handle)


def test_windows_says_each_screens_scale(monkeypatch: pytest.MonkeyPatch) -> None:
    import ctypes

    from carioca_desktop.ui import dpi

    monkeypatch.setattr(dpi.sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(user32=_User32(144)), raising=False)
    assert dpi.system_scale(0x1234) == 1.5  # the window's screen
    assert dpi.system_scale(None) == 1.0  # no window yet: the system's 96 dpi
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(user32=object()), raising=False)
    assert dpi.system_scale(0x1234) == 1.0  # Windows 8: no per-monitor DPI, no crash
    monkeypatch.setattr(dpi.sys, "platform", "darwin")
    assert dpi.system_scale(0x1234) == 1.0  # macOS scales its points itself
