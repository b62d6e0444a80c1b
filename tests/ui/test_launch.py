"""What the start-up keeps and defers (issue 16): the menu's picture read back from disk is
the picture painted, a change to what it shows paints it anew, notices are drawn over it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from carioca_desktop import i18n
from carioca_desktop.storage import Notice, Paths
from carioca_desktop.ui import picturecache
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.menu import MenuScene
from tests.fixtures.waiting import wait_until


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Paths]:
    monkeypatch.delenv("CARIOCA_LANG", raising=False)
    old_lang, old_folder = i18n.language(), picturecache.folder()
    yield Paths.under(tmp_path)
    i18n.set_language(old_lang)
    picturecache.set_folder(old_folder)
    # The pictures and shapes are written on threads of their own: let them end here rather
    # than run on into (and slow) the next test.
    for thread in threading.enumerate():
        if thread.name in ("picture-cache", "shape-cache"):
            thread.join(10)


def menu_frame(paths: Paths, size: tuple[int, int] = (1280, 720)) -> tuple[App, bytes]:
    """A fresh App on ``paths`` showing the menu's first frame, and that frame's pixels."""
    app = App(size=size, paths=paths, fast=True)
    app.push(MenuScene(app))
    app.frame(1 / 60)
    return app, pygame.image.tobytes(app.screen, "RGB")


def kept_pictures(paths: Paths) -> list[Path]:
    folder = picturecache.folder()
    assert folder is not None and folder.is_relative_to(paths.settings_file.parent)
    return wait_until(  # written in the background
        lambda: sorted(folder.glob("scene-MenuScene-*.px")), what="the kept menu picture"
    )


def test_the_kept_menu_picture_is_the_painted_one(
    home: Paths, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, painted = menu_frame(home)
    [kept] = kept_pictures(home)

    def must_not_paint(self: MenuScene, surface: pygame.Surface) -> None:
        raise AssertionError("the kept picture was painted again")

    with monkeypatch.context() as m:
        m.setattr(MenuScene, "paint", must_not_paint)
        _, read_back = menu_frame(home)
    assert read_back == painted
    # A torn file is painted again, and shows the same.
    torn = kept.with_name("torn")  # replaced whole, as the game writes its files
    torn.write_bytes(kept.read_bytes()[:-7])
    torn.replace(kept)
    _, again = menu_frame(home)
    assert again == painted


def test_what_the_menu_shows_is_in_the_kept_pictures_key(home: Paths) -> None:
    app, spanish = menu_frame(home)
    app.update_settings(app.settings.replace(language="en"))
    kept_pictures(home)
    _, english = menu_frame(home)  # a new start in English: not the Spanish picture
    assert english != spanish
    app, _ = menu_frame(home)
    app.update_settings(app.settings.replace(four_colour=not app.settings.four_colour))
    _, four = menu_frame(home)
    assert four != english


def picture(menu: MenuScene) -> bytes:
    """The menu's picture under its widgets, as last painted."""
    return pygame.image.tobytes(menu._backdrop.image, "RGBA")


def test_a_notice_is_drawn_over_the_kept_picture(home: Paths) -> None:
    app, _ = menu_frame(home, (1600, 900))
    plain = picture(app.stack.top)  # type: ignore[arg-type]
    kept_pictures(home)
    app = App(size=(1600, 900), paths=home, fast=True)
    app.notices = [Notice("settings", "bad_json", "not JSON", None)]
    menu = MenuScene(app)
    app.push(menu)
    app.frame(1 / 60)
    assert menu.messages and picture(menu) != plain
    menu.back()  # closed: the kept picture again, without the notice
    app.frame(1 / 60)
    assert picture(menu) == plain


def test_kept_shapes_come_back_in_the_format_pygame_gui_draws(tmp_path: Path) -> None:
    """Shapes read back in another pixel format than pygame_gui's own are converted at
    every blit; and a newer file replaces the older ones instead of piling up."""
    from carioca_desktop.ui import shapecache
    from carioca_desktop.ui.theme import make_manager

    pygame.init()
    pygame.display.set_mode((400, 120))
    old_folder = picturecache.folder()
    picturecache.set_folder(tmp_path)
    shapecache._kept.clear()
    try:
        (tmp_path / "shapes-0123456789abcdef0123.bin").write_bytes(b"an older layout")
        first = make_manager((400, 120))
        pygame_gui_button(first)
        shapecache.keep(first, background=False)
        assert len(list(tmp_path.glob("shapes-*.bin"))) == 1
        second = make_manager((400, 120))
        assert shapecache.preload(second) > 0
        own = pygame.Surface((4, 4), pygame.SRCALPHA).get_masks()
        lookup = second.get_theme().shape_cache.cache_short_term_lookup
        assert lookup and all(item["surface"].get_masks() == own for item in lookup.values())
    finally:
        picturecache.set_folder(old_folder)
        shapecache._kept.clear()


def pygame_gui_button(manager: object) -> None:
    import pygame_gui

    button = pygame_gui.elements.UIButton(pygame.Rect(20, 20, 300, 50), "Jugar", manager)
    manager.update(1 / 60)  # type: ignore[attr-defined]
    button.kill()  # type: ignore[no-untyped-call]


def test_tr_reading_one_namespace_says_what_the_whole_catalogue_says() -> None:
    for lang in i18n.LANGUAGES:
        whole = i18n.catalogue(lang)
        assert whole
        for key, text in whole.items():
            assert i18n.has(key, lang) and i18n.tr(key, lang) == text, (lang, key)
    assert not i18n.has("menu.no_such_key", "en") and i18n.tr("menu.no_such_key") == (
        "menu.no_such_key"
    )
    assert i18n.tr("../theme") == "../theme"  # never a file outside the catalogues


def test_the_first_frame_is_not_paced(home: Paths) -> None:
    """Clock.tick(FPS) first waits out 1/60 s from the clock's making: the first frame
    must not, the ones after it are paced."""
    app = App(size=(1280, 720), paths=home)
    app.push(MenuScene(app))
    asked: list[int] = []

    class Clock:
        def tick(self, framerate: int = 0) -> int:
            asked.append(framerate)
            if len(asked) == 3:
                app.quit()
            return 16

    app.clock = Clock()  # type: ignore[assignment]
    app.run()
    assert asked == [0, 60, 60]


def test_the_menu_picture_is_opaque_and_a_repaint_shows_the_same(home: Paths) -> None:
    """A translucent pixel in the picture shows whatever the window held before: the gold
    rule under the tagline grew brighter at every repaint (a notice closed, a resize)."""
    app, first = menu_frame(home)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert set(picture(menu)[3::4]) == {255}
    for _ in range(3):
        menu.rebuild()
        app.frame(1 / 60)
        assert pygame.image.tobytes(app.screen, "RGB") == first


def test_damaged_statistics_are_set_aside_and_shown_after_the_first_frame(home: Paths) -> None:
    home.stats_file.parent.mkdir(parents=True, exist_ok=True)
    home.stats_file.write_bytes(b"[1, 2, 3]")
    app = App(size=(1280, 720), paths=home, fast=True)
    menu = MenuScene(app)
    app.push(menu)
    app.frame(1 / 60)  # the first frame: the statistics are not read yet
    assert menu.messages == [] and home.stats_file.exists()
    for _ in range(3):  # the first frame that draws nothing settles the app
        app.frame(1 / 60)
    aside = list(home.stats_file.parent.glob("stats.json.corrupt-*"))
    assert len(aside) == 1 and not home.stats_file.exists()
    assert any(aside[0].name in m for m in menu.messages)


def test_a_run_too_short_to_settle_still_sets_damaged_statistics_aside(home: Paths) -> None:
    home.stats_file.parent.mkdir(parents=True, exist_ok=True)
    home.stats_file.write_bytes(b"[1, 2, 3]")
    app = App(size=(1280, 720), paths=home, fast=True)
    app.push(MenuScene(app))
    app.quit()
    app.run()
    assert list(home.stats_file.parent.glob("stats.json.corrupt-*"))
