"""Card backs and table colours (issue 28, item 15): four backs and three felts drawn by the
game's own card art, chosen in Settings and kept there; a bad value in the file is refused
(the defaults stand)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from carioca_desktop.storage import Paths
from carioca_desktop.storage.settings import (
    CARD_BACKS,
    TABLE_COLOURS,
    Settings,
    load_settings,
    save_settings,
)
from carioca_desktop.ui.cardart import CardArt, felt, felt_colour, set_felt_colour


@pytest.fixture(autouse=True)
def green() -> object:
    yield
    set_felt_colour("green")


def test_four_backs_and_three_felts_look_different() -> None:
    pygame.init()
    art = CardArt(80)
    backs = {tuple(art.back(style).get_at((40, 56))) for style in range(CARD_BACKS)}
    assert CARD_BACKS >= 3 and len(backs) == CARD_BACKS
    centres = set()
    for name in TABLE_COLOURS:
        set_felt_colour(name)
        assert felt_colour() == name
        centres.add(tuple(felt((160, 100)).get_at((80, 50))))
    assert len(TABLE_COLOURS) >= 3 and len(centres) == len(TABLE_COLOURS)
    set_felt_colour("purple")  # not one of them: green
    assert felt_colour() == "green"


def test_the_choice_is_kept_in_settings_and_bad_values_are_refused(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    save_settings(Settings(card_back=3, table_colour="wine"), paths)
    again, _ = load_settings(paths)
    assert (again.card_back, again.table_colour) == (3, "wine")
    with pytest.raises(ValueError):
        Settings(table_colour="purple")
    with pytest.raises(ValueError):
        Settings(card_back=CARD_BACKS)


def test_settings_offer_them_and_the_app_lays_the_chosen_felt(tmp_path: Path) -> None:
    from carioca_desktop.ui.app import App
    from carioca_desktop.ui.scenes.settings import SettingsScene

    app = App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)
    scene = SettingsScene(app)
    app.push(scene)
    app.frame(0.016)
    scene.tab = "display"
    rows = {row.label: row for row in scene.rows()}
    assert [v for _, v in rows["Color de la mesa"].options] == list(TABLE_COLOURS)
    assert len(rows["Reverso de las cartas"].options) == CARD_BACKS
    app.update_settings(app.settings.replace(table_colour="blue", card_back=2))
    assert felt_colour() == "blue"
    app2 = App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)  # kept on disk
    assert (app2.settings.table_colour, app2.settings.card_back) == ("blue", 2)
    assert felt_colour() == "blue"
