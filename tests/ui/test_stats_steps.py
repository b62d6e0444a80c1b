"""Stepping through the statistics list of 10,000 Carioca matches does no work per record
(issue 29 item 8): the by-rules breakdown is counted once, naming each distinct rule set
once, not at every repaint (that was 0.35 s a step on a quiet machine). Work is counted, not
timed: timings are never pass or fail on a shared machine."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop.storage import Paths
from carioca_desktop.storage.carioca.records import record_to_dict
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.carioca import stats as carioca_stats
from carioca_desktop.ui.scenes.stats.scene import StatsScene
from tests.storage.test_stats import record

PRESETS = ("clasico", "familiar", "chico")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    paths = Paths.under(tmp_path)
    many = [
        record_to_dict(record(totals=[i % 1000, 30, 52], preset=p, rules={"preset": p}))
        for i, p in ((i, PRESETS[i % 3]) for i in range(10_000))
    ]
    paths.stats_file.write_text(json.dumps({"schema": 2, "matches": many}))
    application = App(size=(1280, 800), paths=paths, fast=True)
    yield application
    pygame.quit()


def test_steps_through_10000_matches_name_no_rules(app: App, monkeypatch: Any) -> None:
    named: list[str] = []
    real = carioca_stats.record_rules_name

    def counting(preset: str, rules: Any) -> str:
        named.append(preset)
        return real(preset, rules)

    monkeypatch.setattr(carioca_stats, "record_rules_name", counting)
    scene = StatsScene(app, "carioca")
    app.push(scene)
    app.frame(1 / 60)
    view = scene.view
    assert len(view.matches) == 10_000
    fits = view._list_rows(view._list_box())[2]
    # The breakdown names each distinct rule set once; the list, the rows it shows.
    assert len(named) <= len(PRESETS) + fits and set(named) == set(PRESETS)
    rows = dict(view._by_rules())
    assert sum(c.played for c in rows.values()) == 10_000
    named.clear()
    for _ in range(5):
        app.process(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
        app.frame(1 / 60)
    assert view.selected == 5
    # A step names the rows it shows, never the 10,000 records' rules again.
    assert len(named) <= 5 * fits
