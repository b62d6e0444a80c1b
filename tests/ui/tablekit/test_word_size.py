"""The tables' pygame_gui buttons speak as big as the table's own words (ui/tablekit/wordsize).
At 3840x2160 the theme's fonts follow the app's UI scale (1.75) while the table's words grow
with the window too (Carioca 1.3x more, Buraco to the window's 2.4): the bar's Menu and Keys,
the side buttons, the buy offer, the tutorial's leave button and Buraco's sheet read like a
1080p game's beside the title.
Now each grows by the same factor, its words still inside its button in every language, and
at 1600x900 nothing changes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from carioca_desktop import i18n
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.buraco import BuracoTableScene
from carioca_desktop.ui.scenes.buraco.layout import words_scale
from carioca_desktop.ui.scenes.carioca import TableScene
from carioca_desktop.ui.scenes.carioca import describe as table_describe
from carioca_desktop.ui.scenes.carioca.tutorial import TutorialScene
from carioca_desktop.ui.scenes.carioca.widgets import LABELS

BIG, DESIGN, SMALL = (3840, 2160), (1600, 900), (1024, 600)
THEME_BUTTON_PX = 16  # assets/theme.json: "button", "@flat" and "@primary" at UI scale 1


@pytest.fixture
def language() -> Iterator[None]:
    yield
    i18n.set_language("es")


def _app(tmp_path: Path, size: tuple[int, int]) -> App:
    return App(size=size, paths=Paths.under(tmp_path), fast=True)


def carioca_table(tmp_path: Path, size: tuple[int, int]) -> tuple[App, TableScene]:
    app = _app(tmp_path, size)
    seats = [SeatConfig("Ana", "human")] + [SeatConfig(f"Bot {i}", "bot", "easy") for i in (2, 3)]
    rules = CariocaRules.from_dict({"players": 3})
    session = MatchSession.new(rules, seats, 7, paths=app.paths, autosave=False)
    scene = TableScene(app, session)
    app.push(scene)
    app.frame(1 / 60)
    return app, scene


def buraco_table(tmp_path: Path, size: tuple[int, int]) -> tuple[App, BuracoTableScene]:
    app = _app(tmp_path, size)
    seats = [SeatConfig("Ana", "human")] + [SeatConfig(n, "bot", "easy") for n in "BCD"]
    session = BuracoSession.new(preset_rules("brasileiro"), seats, 3, autosave=False)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    app.frame(1 / 60)
    return app, scene


def _px(button: Any) -> int:
    return int(button.font.get_point_size())


def _fits(buttons: Any, where: str) -> None:
    for button in buttons:
        width = button.font.size(button.text)[0]
        assert width <= button.rect.w - 6, (
            f"{button.text!r} {width} px in {button.rect.w} ({where})"
        )


def _words_fit(buttons: dict[str, Any], words: Any, where: str) -> None:
    """Each button's words in every language (``words()`` says them in the one set) inside
    it, in the font it has now."""
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        said = words()
        for key, button in buttons.items():
            width = button.font.size(said[key])[0]
            assert width <= button.rect.w - 6, (
                f"{said[key]!r} {width} px in {button.rect.w} ({lang}, {where})"
            )


def _carioca_languages(app: App, scene: TableScene, size: tuple[int, int]) -> None:
    """Every language's words inside their grown buttons, the grown font kept on a switch."""
    widgets = scene.widgets
    assert widgets is not None
    _words_fit(
        widgets.buttons, lambda: {k: i18n.tr(v) for k, v in LABELS.items()}, f"Carioca {size}"
    )
    i18n.set_language("sv")
    app.manager.set_locale("sv")  # as a switch in Settings: the theme's font again
    widgets.relabel()
    menu = app.manager.get_theme().get_font_info(widgets.menu.combined_element_ids)["size"]
    assert _px(widgets.menu) == round(menu * scene.layout.grow), "the grown font not kept"


def _buraco_languages(app: App, scene: BuracoTableScene, size: tuple[int, int]) -> None:
    _words_fit(scene.buttons, scene._button_words, f"Buraco {size}")
    i18n.set_language("sv")
    app.manager.set_locale("sv")
    scene._retell_buttons()
    menu = scene.buttons["menu"]
    info = app.manager.get_theme().get_font_info(menu.combined_element_ids)
    assert _px(menu) == round(info["size"] * scene.layout.grow), "the grown font not kept"


@pytest.mark.usefixtures("language")
def test_carioca_bar_side_and_offer_buttons_grow_with_the_tables_words_at_4k(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    offer = SimpleNamespace(seat=0, card="QH", drawer=1)
    monkeypatch.setattr(table_describe, "current_offer", lambda obs: offer)
    app, scene = carioca_table(tmp_path, BIG)
    layout, widgets, prompt = scene.layout, scene.widgets, scene.offer
    assert widgets is not None and prompt is not None and prompt.buy is not None
    words = layout.ui  # the table's words' scale (its panels, its title)
    assert layout.grow > 1.2, "at 4K the table's words outgrow the theme's"
    for button in (widgets.menu, widgets.keys, widgets.lay_down, widgets.hint, prompt.buy):
        assert _px(button) == pytest.approx(THEME_BUTTON_PX * words, rel=0.06), button.text
    _fits(prompt.buttons, "the offer at 3840x2160")
    _carioca_languages(app, scene, BIG)
    i18n.set_language("es")
    tutorial = TutorialScene(app)  # its coach's "leave the tutorial" on the same table
    app.reset(tutorial)
    app.frame(1 / 60)
    (leave,) = tutorial.coach_buttons
    assert _px(leave) == pytest.approx(THEME_BUTTON_PX * tutorial.layout.ui, rel=0.06)
    _fits([leave], "the tutorial at 3840x2160")


@pytest.mark.usefixtures("language")
def test_buraco_bar_and_side_buttons_grow_with_the_tables_words_at_4k(tmp_path: Path) -> None:
    app, scene = buraco_table(tmp_path, BIG)
    words = words_scale(scene.layout)
    for key in ("menu", "keys", "lay_down", "hint"):
        button = scene.buttons[key]
        assert _px(button) == pytest.approx(THEME_BUTTON_PX * words, rel=0.06), key
    _buraco_languages(app, scene, BIG)


def test_carioca_buttons_keep_the_theme_font_at_the_design_size(tmp_path: Path) -> None:
    app, scene = carioca_table(tmp_path, DESIGN)
    assert scene.layout.grow == 1.0 and scene.widgets is not None
    theme = app.manager.get_theme()
    for button in scene.widgets.all:
        assert button.font is theme.get_font(button.combined_element_ids), button.text


@pytest.mark.usefixtures("language")
def test_every_languages_words_fit_the_buttons_in_the_small_window(tmp_path: Path) -> None:
    app, carioca = carioca_table(tmp_path / "c", SMALL)
    _carioca_languages(app, carioca, SMALL)
    i18n.set_language("es")
    app2, buraco = buraco_table(tmp_path / "b", SMALL)
    _buraco_languages(app2, buraco, SMALL)
