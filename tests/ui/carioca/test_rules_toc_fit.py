"""The rules screen's table of contents at 1024x600: "Omgångarna och deras kontrakt" ran past
its button and was cut. A title wider than its button is drawn in a smaller size of the
button's font (not under 11 px), whole, in every language."""

from __future__ import annotations

from pathlib import Path

import pytest

from carioca_desktop import i18n
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.carioca.rules import RulesScene
from tests.ui.net.netscreens import buttons, frames


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_contents_title_is_whole_in_its_button(tmp_path: Path, lang: str) -> None:
    app = App(size=(1024, 600), paths=Paths.under(tmp_path), fast=True)
    try:
        app.update_settings(app.settings.replace(language=lang))
        scene = RulesScene(app)
        app.push(scene)
        frames(app)
        toc = scene._areas()[0]
        entries = [b for b in buttons(app) if toc.contains(b.rect)]
        assert len(entries) >= 10, [b.text for b in entries]
        for button in entries:
            width = button.font.size(button.text)[0]
            assert width <= button.rect.w - 12, f"{button.text!r}: {width} px in {button.rect.w}"
            assert button.font.get_point_size() >= 11, button.text
    finally:
        app.update_settings(app.settings.replace(language="es"))
