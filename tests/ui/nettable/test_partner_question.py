"""Buraco's partner question reaches the partner at another computer: the yes/no dialog in
words, answered by the keyboard (Tab, Enter) or the mouse; the answer goes back through the
host to the asker, and the table goes on."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from carioca_desktop.i18n import tr
from carioca_desktop.net.client import Asked
from carioca_desktop.net.partner import PartnerSaid
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.confirm import ConfirmScene
from tests.fixtures.netkit import HostThread, new_host
from tests.ui.net.netscreens import click
from tests.ui.nettable.kit import frames, join, link

pytestmark = pytest.mark.timeout(120)


def _key(app: App, key: int) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        app.process(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
    app.frame(0.016)


@pytest.mark.parametrize("by", ["keyboard", "mouse"])
def test_the_partner_elsewhere_is_asked_in_words_and_answers(tmp_path: Path, by: str) -> None:
    host = new_host("buraco", {"preset": "brasileiro", "ask_partner": True},
                    "remote,normal,remote,normal", 3, grace=600)  # fmt: skip
    thread = HostThread(host)
    try:
        ana, carla = join(host.port, "Ana"), join(host.port, "Carla")
        ana_link, carla_link = link(ana), link(carla)
        app = App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)
        app.reset(app.routes.net_table([carla_link]))  # this computer: Carla, seat 2
        table = app.stack.top
        got = list(ana_link.pending)
        while not any(isinstance(e, Asked) and e.seat == 0 for e in got):
            got += ana.poll(0.05)
            app.frame(0.016)
        ask = next(e for e in got if isinstance(e, Asked) and e.seat == 0)
        ana.send_partner_ask(ask.ask)
        assert frames(app, 10, lambda: isinstance(app.stack.top, ConfirmScene))
        dialog = app.stack.top
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
    finally:
        thread.stop()
