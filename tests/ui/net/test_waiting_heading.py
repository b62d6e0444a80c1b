"""The waiting room's addresses heading beside the big code at 1280x720: whole words on two
lines, never cut with "…" (the Xvfb session's shot showed "Dirección de esta co…")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop.i18n import set_language, tr
from carioca_desktop.ui.scenes.net import waiting
from carioca_desktop.ui.scenes.net.hosting import ME, PERSON
from tests.ui.net.netscreens import frames, new_app
from tests.ui.net.test_host_screens import open_waiting_room

pytestmark = pytest.mark.timeout(120)  # a hung socket or process fails in minutes, with its stack


@pytest.mark.parametrize("lang", ["es", "pt", "it"])
def test_the_addresses_heading_is_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    drawn: list[str] = []
    draw = waiting.draw_text

    def logged(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> Any:
        drawn.append(text)
        return draw(surface, text, *args, **kw)

    monkeypatch.setattr(waiting, "draw_text", logged)
    set_language(lang)
    try:
        app = new_app(tmp_path)
        room = open_waiting_room(app, [ME, PERSON, "easy", "easy"])
        frames(app)
        heading = waiting.address_heading(len(room.addresses))
        pieces = [t for t in drawn if len(t) > 3 and t.rstrip("…").strip() in heading]
        assert pieces and not any(t.endswith("…") for t in pieces), pieces
        assert set(heading.split()) <= set(" ".join(pieces).split()), pieces
    finally:
        app.stop_serving()
        set_language("es")


@pytest.mark.parametrize(
    ("lang", "count"), [(lang, 2) for lang in ("es", "en", "fr", "it", "pt", "sv")] + [("es", 1)]
)
def test_the_heading_is_plural_above_two_addresses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, count: int
) -> None:
    drawn: list[str] = []
    draw = waiting.draw_text

    def logged(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> Any:
        drawn.append(text)
        return draw(surface, text, *args, **kw)

    monkeypatch.setattr(waiting, "draw_text", logged)
    monkeypatch.setattr(waiting, "own_addresses", lambda: ["10.0.0.7", "192.168.1.20"][:count])
    app = new_app(tmp_path, (1280, 720))  # the addresses whole in the narrow column
    set_language(lang)
    try:
        room = open_waiting_room(app, [ME, PERSON, "easy", "easy"])
        frames(app)
        one, many = tr("net.wait.addresses"), tr("net.wait.addresses_many")
        said = " ".join(drawn)  # the heading may take two lines
        assert lang == "es" or "Dirección" not in said  # the language is the one asked
        assert one != many and (many in said if count > 1 else one in said and many not in said)
        port = f":{room.host.port}"
        assert all(a + port in drawn for a in ("10.0.0.7", "192.168.1.20")[:count]), drawn
    finally:
        app.stop_serving()
        set_language("es")
