"""The partner's question dialog closes by itself when the host settles the question
without this computer's answer (its time limit passed): it stayed open over a table that had
moved on, and an answer given then was refused as stale."""

from __future__ import annotations

from pathlib import Path

import pytest

from carioca_desktop.net.partner import PartnerSaid
from carioca_desktop.ui.scenes.confirm import ConfirmScene
from tests.ui.nettable.kit import frames, partner_asked

pytestmark = pytest.mark.timeout(120)


def test_the_question_closes_when_the_host_answers_it_by_default(tmp_path: Path) -> None:
    with partner_asked(tmp_path, buy_seconds=0.5) as (ana, app, table, dialog):
        assert isinstance(dialog, ConfirmScene)
        said: list[PartnerSaid] = []
        assert frames(app, 10, lambda: said.extend(
            e for e in ana.poll(0.02) if isinstance(e, PartnerSaid)) or bool(said))  # fmt: skip
        assert (said[0].seat, said[0].by) == (0, "default")
        assert frames(app, 5, lambda: app.stack.top is table), "the dialog stayed open"
        assert dialog.answered is False
        assert frames(app, 5, lambda: table.question is None), "the table forgot it"
