"""Collect the strings the UI draws (a ``TextCache``'s, and by hand: ``widgets.draw_text``,
``widgets.gold_title``), for the tests that look for raw i18n keys, without a hook in the
product code."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable
from typing import Any

import pytest

import carioca_desktop.ui
from carioca_desktop.ui import widgets


def record_rendered_text(monkeypatch: pytest.MonkeyPatch, log: list[str]) -> None:
    """Append every string a ``TextCache`` renders (the tables' and most screens' words)
    to ``log`` (undone with ``monkeypatch``)."""
    from carioca_desktop.ui.sprites import TextCache

    original = TextCache.render

    def render(self: TextCache, text: str, *args: Any, **kwargs: Any) -> Any:
        log.append(text)
        return original(self, text, *args, **kwargs)

    monkeypatch.setattr(TextCache, "render", render)


def record_drawn_text(monkeypatch: pytest.MonkeyPatch, log: list[str]) -> None:
    """Append every hand-drawn string to ``log`` (undone with ``monkeypatch``). Every ui
    module is imported first, so the ones a scene loads late are covered too."""
    for info in pkgutil.walk_packages(carioca_desktop.ui.__path__, "carioca_desktop.ui."):
        importlib.import_module(info.name)

    def logged(fn: Callable[..., Any], at: int) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            log.append(str(args[at]))
            return fn(*args, **kwargs)

        return call

    wrappers = {
        "draw_text": (widgets.draw_text, logged(widgets.draw_text, 1)),  # (surface, text, ...)
        "gold_title": (widgets.gold_title, logged(widgets.gold_title, 0)),  # (text, ...)
    }
    for name, module in list(sys.modules.items()):
        if not name.startswith("carioca_desktop.ui"):
            continue
        for attr, (original, wrapper) in wrappers.items():
            if getattr(module, attr, None) is original:
                monkeypatch.setattr(module, attr, wrapper)


def record_card_faces(monkeypatch: pytest.MonkeyPatch, log: list[str]) -> None:
    """Append the code of every card face the UI asks for (a face, or one with its shadow
    baked in), undone with ``monkeypatch``: what may be drawn face up on the next frame."""
    from carioca_desktop.ui.sprites import CardImages

    for attr in ("face", "shadowed"):
        original = getattr(CardImages, attr)

        def asked(images: CardImages, code: str, *args: Any, _fn: Any = original, **kw: Any) -> Any:
            log.append(code)
            return _fn(images, code, *args, **kw)

        monkeypatch.setattr(CardImages, attr, asked)
