"""The round sheet clears the hand's old toasts (a Pista hint, a refusal): they were drawn
under it and stood out below its edge, and came back when it closed. A toast said while
the sheet is up is not drawn under it either."""

from __future__ import annotations

from pathlib import Path

import pytest

from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.ui.scenes.buraco import BuracoTableScene
from carioca_desktop.ui.scenes.buraco.table_picture import table_picture
from tests.fixtures.buraco_position import seats
from tests.ui.buraco.test_look import make_app, play_out

pytestmark = pytest.mark.usefixtures("spanish")


def test_the_sheet_clears_and_hides_the_toasts(tmp_path: Path) -> None:
    app = make_app(tmp_path, (1280, 720))
    session = BuracoSession.new(preset_rules("brasileiro"), seats(people=()), 5, autosave=False)
    play_out(session)
    scene = BuracoTableScene(app, session)
    app.push(scene)
    scene.toast("Pista: roba del mazo", scene.layout.centre.center)
    assert [t.text for t in table_picture(scene, scene.obs).toasts] == ["Pista: roba del mazo"]
    scene.show_sheet()
    assert scene.toasts == [] and table_picture(scene, scene.obs).toasts == ()
    scene.toast("Ana: ¡Bien jugado!", scene.layout.centre.center)
    assert table_picture(scene, scene.obs).toasts == ()
