"""The partner's question dialog closes by itself when the host settles the question
without this computer's answer (its time limit passed): it stayed open over a table that had
moved on, and an answer given then was refused as stale."""

from __future__ import annotations

from pathlib import Path

import pytest

from carioca_desktop.net.client import Asked
from carioca_desktop.net.partner import PartnerSaid
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.confirm import ConfirmScene
from tests.fixtures.netkit import HostThread, new_host
from tests.ui.nettable.kit import frames, join, link

pytestmark = pytest.mark.timeout(120)


def test_the_question_closes_when_the_host_answers_it_by_default(tmp_path: Path) -> None:
    host = new_host("buraco", {"preset": "brasileiro", "ask_partner": True},
                    "remote,normal,remote,normal", 3, grace=600, buy_seconds=0.5)  # fmt: skip
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
        assert isinstance(dialog, ConfirmScene)
        said: list[PartnerSaid] = []
        assert frames(app, 10, lambda: said.extend(
            e for e in ana.poll(0.02) if isinstance(e, PartnerSaid)) or bool(said))  # fmt: skip
        assert (said[0].seat, said[0].by) == (0, "default")
        assert frames(app, 5, lambda: app.stack.top is table), "the dialog stayed open"
        assert dialog.answered is False
        assert frames(app, 5, lambda: table.question is None), "the table forgot it"
    finally:
        thread.stop()
