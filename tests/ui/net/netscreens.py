"""Helpers of the network screens' tests: an app in a temporary home, frames until a
condition holds, clicks and keys as a person gives them, and the recorded table route."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from carioca_desktop.net.link import SeatLink
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scene import Scene
from tests.fixtures.waiting import PATIENCE

WAIT = PATIENCE  # seconds a loopback exchange may take on a loaded machine


SMALL = (1024, 600)  # the smallest window the app supports


def new_app(home: Path, size: tuple[int, int] = (1280, 720)) -> App:
    app = App(size=size, paths=Paths.under(home), fast=True)
    app.update_settings(app.settings.replace(player_name="Host", bot_level="easy"))
    return app


def frames(app: App, n: int = 2) -> None:
    for _ in range(n):
        app.frame(0.016)


def until(app: App, ok: Callable[[], object], what: str, seconds: float = WAIT) -> None:
    """Run frames until ``ok()`` holds (the network answers in the background)."""
    end = time.monotonic() + seconds
    while not ok():
        assert time.monotonic() < end, f"not within {seconds} s: {what}"
        app.frame(0.016)
        time.sleep(0.01)


def buttons(app: App) -> list[Any]:
    return [w for w in app.manager.get_sprite_group().sprites()
            if isinstance(w, pygame_gui.elements.UIButton) and w.alive()]  # fmt: skip


def button(app: App, text: str) -> Any:
    found = [b for b in buttons(app) if b.text == text]
    assert found, f"no button {text!r} among {[b.text for b in buttons(app)]}"
    return found[-1]


def click(app: App, text: str) -> None:
    target = button(app, text)
    assert target.is_enabled, f"{text!r} is greyed"
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.process(pygame.event.Event(kind, button=1, pos=target.rect.center, touch=False))
    frames(app)


def key(app: App, code: int, mod: int = 0) -> None:
    app.process(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    app.process(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0))
    frames(app)


def type_into(app: App, entry: Any, text: str) -> None:
    """Text set as typed: the entry's change event reaches the scene."""
    entry.set_text(text)
    app.process(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, text=text,
                                   ui_element=entry, ui_object_id=""))  # fmt: skip
    frames(app, 1)


class TableRoute:
    """Stands in for the network table's screen: records the links the lobby hands it."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.links: list[SeatLink] = []

    def __call__(self, links: Any) -> Scene:
        self.links = list(links)
        return Scene(self.app)  # an empty screen: the test stops at the call


def record_table_route(app: App) -> TableRoute:
    route = TableRoute(app)
    app.routes.net_table = route  # type: ignore[method-assign]
    return route
