"""History's buttons for the chosen match hold their words, in every language, in the
smallest window (1280x720): none is cut (they were three a row, and "Ver repetición" and
"Jugar este reparto" were cut in Spanish)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton

from carioca_desktop import i18n
from carioca_desktop.storage import Paths
from carioca_desktop.storage.replays import keep_match
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.history import HistoryScene
from tests.storage.test_replay_store import _fake


@pytest.mark.parametrize("lang", sorted(i18n.LANGUAGES))
def test_the_chosen_matchs_buttons_hold_their_words(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARIOCA_LANG", lang)
    monkeypatch.setattr(i18n, "_current", i18n.language())  # put back after the test
    app = App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)
    assert i18n.language() == lang
    buraco = {"game": "buraco", "preset": "dois_jogadores"}
    keep_match(replace(_fake(2), game="buraco", rules=buraco, final_scores=(10, 3000)), app.paths)
    scene = HistoryScene(app)
    app.reset(scene)
    app.frame(0.016)
    _listing, chosen, _deal = scene._areas()
    buttons: list[Any] = [
        e for e in scene.elements if isinstance(e, UIButton) and chosen.contains(e.rect)
    ]
    assert len(buttons) == 6
    for button in buttons:
        width = button.font.size(button.text)[0]
        assert width <= button.rect.width - 8, (lang, button.text)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_chosen_matchs_lines_end_above_its_buttons(
    tmp_path: Path, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its five lines and the two of "how would hard have done" (they reached the buttons)."""
    from carioca_desktop.ui.scenes import history

    app = App(size=size, paths=Paths.under(tmp_path), fast=True)
    keep_match(_fake(1), app.paths)
    scene = HistoryScene(app)
    app.reset(scene)
    app.frame(0.016)
    monkeypatch.setattr(scene.versus, "lines", lambda match_id: ["Tú 120 · difícil 80", "1/2"])
    drawn: list[tuple[str, int, int]] = []
    real = history.draw_text

    def draw_text(surface: Any, text: str, fnt: Any, at: Any, *rest: Any) -> Any:
        drawn.append((text, at[1], fnt.get_linesize()))
        return real(surface, text, fnt, at, *rest)

    monkeypatch.setattr(history, "draw_text", draw_text)
    _listing, chosen, _deal = scene._areas()
    scene._paint_chosen(pygame.Surface(size), chosen)
    assert len(drawn) == 7
    buttons = [e.rect for e in scene.elements if isinstance(e, UIButton)]
    top = min(r.top for r in buttons if chosen.contains(r))
    assert max(y + line for _t, y, line in drawn) <= top


def test_a_long_row_keeps_its_result_and_shortens_the_names(tmp_path: Path) -> None:
    from carioca_desktop.storage.history import rows
    from carioca_desktop.storage.match_file import PlayerRecord
    from carioca_desktop.ui.scenes.history import fitted_row, row_text
    from carioca_desktop.ui.widgets import font

    app = App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)
    seats = tuple(PlayerRecord(f"Jugadora número {n}", "bot", "easy") for n in range(6))
    six = replace(
        _fake(3),
        seats=(PlayerRecord("Ana", "human"), *seats[1:]),
        rules={"preset": "clasico", "players": 6},
        final_scores=(678, 1, 2, 3, 4, 5),
    )
    keep_match(six, app.paths)
    row = rows(app.paths)[0]
    words = font(15)
    room = 700
    assert words.size(row_text(row))[0] > room  # the case: too long for the list
    shown = fitted_row(row, words, room)
    assert words.size(shown)[0] <= room
    full = row_text(row).split(" · ")  # date, game, variant, names, then result and place
    assert shown.endswith(" · ".join(full[4:]))  # the result and the place stay whole
    assert shown.startswith(" · ".join(full[:3])) and "…" in shown  # the names shortened
