"""Buraco's New game at 1024x600: each seat's place ("· motståndare", "· adversário") ran
under the level's stepper. In every language it is now drawn whole, right of the name's
box and clear of every button, at the smallest window and the design size."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop import i18n
from carioca_desktop.i18n import tr
from carioca_desktop.storage import Paths
from carioca_desktop.ui import fitwords
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import newgame
from carioca_desktop.ui.scenes.buraco.newgame import BuracoNewGameScene
from tests.ui.net.netscreens import buttons, frames


@pytest.mark.parametrize("size", [(1024, 600), (1600, 900)], ids=["small", "design"])
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_each_seats_place_is_whole_and_clear_of_the_widgets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, size: tuple[int, int]
) -> None:
    drawn: list[tuple[str, pygame.Rect]] = []
    for module in (fitwords, newgame):
        draw = module.draw_text

        def logged(surface: pygame.Surface, text: str, *a: Any, _draw: Any = draw,
                   **kw: Any) -> pygame.Rect:  # fmt: skip
            rect = pygame.Rect(_draw(surface, text, *a, **kw))
            drawn.append((text, rect))
            return rect

        monkeypatch.setattr(module, "draw_text", logged)
    app = App(size=size, paths=Paths.under(tmp_path), fast=True)
    try:
        app.update_settings(app.settings.replace(language=lang))
        scene = BuracoNewGameScene(app)
        app.push(scene)
        frames(app)
        entries = list(scene._entries)
        widgets = [b.rect for b in buttons(app)] + [e.rect for e in entries]
        for place in (tr("buraco.partner"), tr("buraco.opponent"), tr("buraco.newgame.seat_you")):
            lines = [(t, r) for t, r in drawn if t.startswith("·") or t in place.split()]
            said = " ".join(t for t, _ in lines)
            assert f"· {place}" in said and "…" not in said, f"{place!r} not whole: {said!r}"
        seats = scene._areas()[0]
        for text, rect in drawn:
            if not seats.contains(rect) or rect.y < entries[0].rect.y - 4:
                continue  # the title, the panel's heading and the sides' headings
            hit = [w for w in widgets if w.colliderect(rect)]
            assert not hit, f"{text!r} at {rect} under a widget {hit} ({lang} {size})"
    finally:
        app.update_settings(app.settings.replace(language="es"))
