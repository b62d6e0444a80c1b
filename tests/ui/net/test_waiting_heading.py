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
        open_waiting_room(app, [ME, PERSON, "easy", "easy"])
        frames(app)
        heading = tr("net.wait.addresses")
        pieces = [t for t in drawn if len(t) > 3 and t.rstrip("…").strip() in heading]
        assert pieces and not any(t.endswith("…") for t in pieces), pieces
        assert set(heading.split()) <= set(" ".join(pieces).split()), pieces
    finally:
        app.stop_serving()
        set_language("es")
