"""Buraco's partner question reaches the partner at another computer: the yes/no dialog in
words, answered by the keyboard (Tab, Enter) or the mouse; the answer goes back through the
host to the asker, and the table goes on."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from carioca_desktop.i18n import tr
from carioca_desktop.net.partner import PartnerSaid
from carioca_desktop.ui.app import App
from tests.ui.net.netscreens import click
from tests.ui.nettable.kit import frames, partner_asked

pytestmark = pytest.mark.timeout(120)


def _key(app: App, key: int) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        app.process(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
    app.frame(0.016)


@pytest.mark.parametrize("by", ["keyboard", "mouse"])
def test_the_partner_elsewhere_is_asked_in_words_and_answers(tmp_path: Path, by: str) -> None:
    with partner_asked(tmp_path) as (ana, app, table, dialog):
        assert dialog.question == tr("partner.question", name="Ana")
        assert dialog.details == [tr("partner.details", partner="Carla")]
        if by == "keyboard":
            _key(app, pygame.K_TAB)  # from "not yet" (the safe default) to "yes"
            _key(app, pygame.K_RETURN)
        else:
            click(app, tr("partner.yes"))
        assert app.stack.top is table  # answered: back at the table
        said: list[PartnerSaid] = []
        assert frames(app, 10, lambda: said.extend(
            e for e in ana.poll(0.02) if isinstance(e, PartnerSaid)) or bool(said))  # fmt: skip
        assert (said[0].seat, said[0].yes, said[0].by) == (0, True, "partner")
        words = tr("partner.said_yes", partner="Carla")
        assert frames(app, 5, lambda: words in [t.text for t in table.toasts])
