"""Buraco's running points and the hands left (issue 28, item 7): during a hand the score box
shows each side's points on the table so far (melds and buracos), which are the engine's own
meld points; once the round is over every hand is shown on the round sheet."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop import i18n
from carioca_desktop.bots.buraco.driver import buraco_step, make_buraco_bot
from carioca_desktop.play.buraco.points import table_points
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.rules.buraco.scoring import meld_points
from carioca_desktop.rules.buraco.state import DECK
from carioca_desktop.ui.scenes.buraco import panels, sheet


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("es")


def engine_points(game: BuracoGame) -> tuple[int, int]:
    s = game.state
    out = [0, 0]
    for m in s.table:
        out[m.side] += meld_points(m.layout, [DECK[sl.ref] for sl in m.layout.slots], s.rules)
    return out[0], out[1]


@pytest.mark.parametrize("preset", ["brasileiro", "italiano"])
def test_table_points_are_the_engines_meld_points_all_through_a_round(preset: str) -> None:
    game = BuracoGame.new(preset_rules(preset), 5)
    bots = [make_buraco_bot("hard", seat, 5) for seat in range(4)]
    seen = set()
    while not game.round_over:
        for seat in range(4):
            assert table_points(game.observation(seat)) == engine_points(game)
        seen.add(engine_points(game))
        action = buraco_step(game, bots)
        assert action is not None
        game.apply(action)
    assert len(seen) > 3  # the points moved during the round
    assert any(m.buraco for m in game.observation(0).table) or preset == "italiano"


def test_hands_are_shown_only_once_the_round_is_over() -> None:
    game = BuracoGame.new(preset_rules("brasileiro"), 3)
    bots = [make_buraco_bot("normal", seat, 3) for seat in range(4)]
    while not game.round_over:
        assert game.observation(1).hands_left is None
        action = buraco_step(game, bots)
        assert action is not None
        game.apply(action)
    left = game.observation(1).hands_left
    assert left == tuple(tuple(game.hand(seat)) for seat in range(4))
    assert any(left)


class Spy:
    """A TextCache / CardImages stand-in that remembers what was asked of it."""

    def __init__(self, real: Any) -> None:
        self.real, self.words, self.faces = real, [], []

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.real, name)

        def call(*args: Any, **kw: Any) -> Any:
            if name in ("render", "fit"):
                self.words.append(args[0])
            if name == "face":
                self.faces.append(args[0])
            return method(*args, **kw)

        return call


def test_the_score_box_and_the_sheet_show_them(tmp_path: Path) -> None:
    from tests.ui.buraco.test_keys import table_at

    game = BuracoGame.new(preset_rules("brasileiro"), 3)
    bots = [make_buraco_bot("normal", seat, 3) for seat in range(4)]
    while not any(m.side == 0 for m in game.observation(0).table):
        action = buraco_step(game, bots)
        assert action is not None
        game.apply(action)
    _app, scene = table_at(tmp_path, game)
    i18n.set_language("en")  # the app took the saved settings' language
    surface = pygame.Surface(scene.layout.size)
    picture = scene.picture(game.observation(0))
    spy = Spy(picture.texts)
    picture = dataclasses.replace(picture, texts=spy)
    panels.score_panel(surface, picture)
    ours, theirs = table_points(game.observation(0))
    assert ours > 0
    assert f"{ours} on the table" in spy.words and f"{theirs} on the table" in spy.words

    while not game.round_over:
        action = buraco_step(game, bots)
        assert action is not None
        game.apply(action)
    obs = game.observation(0)
    texts, images = Spy(scene.texts), Spy(scene.images)
    sheet.paint(surface, scene.layout, texts, obs, scene.names, images)  # type: ignore[arg-type]
    assert "Cards left in hand" in texts.words
    assert obs.hands_left is not None
    assert sorted(images.faces) == sorted(c for h in obs.hands_left for c in h)
    panels.score_panel(surface, scene.picture(obs))  # no running points once it is over
