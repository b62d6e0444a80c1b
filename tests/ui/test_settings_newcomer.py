"""Settings as a newcomer reads them: Carioca's house rules explain each rule in one line,
as Buraco's do, in every language, under Carioca's own title."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from carioca_desktop import i18n
from carioca_desktop.i18n import LANGUAGES, tr
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.carioca.houserule_words import CHOICES
from carioca_desktop.ui.scenes.settings import SettingsScene

pytestmark = pytest.mark.usefixtures("spanish")


def test_every_carioca_house_rule_row_explains_itself(app: App) -> None:
    scene = SettingsScene(app, "rules")
    app.push(scene)
    rows = {row.label: row for row in scene.rows()}
    for key in CHOICES:
        row = rows[tr(f"houserules.key.{key}")]
        assert row.about == tr(f"houserules.about.{key}") and row.about, key
        for language in LANGUAGES:
            if language is not None:
                assert i18n.has(f"houserules.about.{key}", language), (key, language)


def test_carioca_rules_page_has_carioca_title(app: App, drawn: list[str]) -> None:
    scene = SettingsScene(app, "rules")
    app.push(scene)
    drawn.clear()
    scene.draw(app.screen)
    assert tr("settings.tab_rules") in drawn
    assert tr("buraco_houserules.title") not in drawn
