"""The hot-seat privacy screen keeps its words above its button (issue 28, item 16's tail):
Buraco's round text has three lines (the round, the score, what happened since the
person's last turn) and its last one ran into the button at 1280x720."""

from __future__ import annotations

from pathlib import Path

import pytest

from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.privacy import PrivacyScene

SIZES = [(960, 600), (1280, 720), (1920, 1080)]
LINES = [
    "Burraco · Due giocatori · Mano 1",
    "Beto: 0 — Ana: 0 · Obiettivo: 3000 punti",
    "Dal tuo ultimo turno: Ana ha calato 1 combinazione",
    "Una riga in più",
]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_the_round_text_ends_above_the_button(
    tmp_path: Path, size: tuple[int, int], count: int
) -> None:
    app = App(size=size, paths=Paths.under(tmp_path), fast=True)
    screen = PrivacyScene(app, 1, "Beto", "\n".join(LINES[:count]), lambda seat: None, "B")
    app.push(screen)
    app.dirty()
    app.frame(0.016)
    buttons = [e for e in app.manager.get_root_container().elements if hasattr(e, "text")]
    assert len(buttons) == 1 and "Beto" in buttons[0].text
    assert screen.words_bottom > 0
    assert screen.words_bottom + 6 <= buttons[0].rect.top, (size, count)  # not touching


def test_the_one_other_person_is_named_in_italian(tmp_path: Path) -> None:
    from carioca_desktop import i18n
    from carioca_desktop.ui import hud

    app = App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)
    i18n.set_language("it")
    try:
        other = hud.other_person(["Ana", "Beto"], 1)
        screen = PrivacyScene(app, 1, "Beto", LINES[0], lambda seat: None, "B", other)
        assert screen.prompt() == "Beto, fai clic per vedere la tua mano. Ana, non guardare."
        many = PrivacyScene(app, 1, "Beto", LINES[0], lambda seat: None, "B")
        assert many.prompt().endswith("Gli altri, non guardate.")
        assert hud.other_person(["Ana", "Beto", "Carla"], 1) is None
    finally:
        i18n.set_language(i18n.FALLBACK)
