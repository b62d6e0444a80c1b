"""Carioca's table marks the melds laid down and the cards added since the person last
acted, until they act (issue 28, item 14), the way Buraco's table does: a new meld framed in
gold, an added card with a gold dot."""

from __future__ import annotations

import os
from pathlib import Path

import pygame

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from carioca_desktop.bots.carioca.driver import bot_step, make_bot
from carioca_desktop.play.carioca.news import news
from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.news import News, since
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca.actions import Draw
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from carioca_desktop.ui.scenes.carioca import TableScene
from carioca_desktop.ui.scenes.carioca import paint as table_paint
from carioca_desktop.ui.tablekit.news import NEWS


def session() -> MatchSession:
    seats = [SeatConfig("Ana", "human")] + [SeatConfig(n, "bot", "normal") for n in "BCD"]
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 4})
    return MatchSession.new(rules, seats, 11, autosave=False)


def at_my_turn(game: Game) -> bool:
    """Seat 0 is to act and has not acted yet this turn."""
    events = game.observation(0).events
    mine = [e for e in events if e.seat == 0]
    return game.current_player == 0 and (not mine or mine[-1].kind == "discard")


def check(game: Game, seen: News) -> None:
    """Each mark is another seat's: its new melds and added cards are on the table."""
    obs = game.observation(0)
    later = since(obs.events, 0)
    laid = [m for e in later if e.kind == "lay_down" for m in e.melds]
    assert sorted(tuple(obs.table[i].text) for i in seen.melds) == sorted(map(tuple, laid))
    for index, cards in seen.added.items():
        assert index not in seen.melds
        for card in cards:
            assert card in obs.table[index].text


def gold(surface: pygame.Surface, box: pygame.Rect) -> int:
    """How many pixels of the marks' gold lie around ``box``."""
    area = box.inflate(20, 20).clip(surface.get_rect())
    return sum(
        1
        for x in range(area.left, area.right)
        for y in range(area.top, area.bottom)
        if tuple(surface.get_at((x, y)))[:3] == NEWS
    )


def test_the_melds_and_cards_since_the_last_turn_are_marked_until_the_person_acts(
    tmp_path: Path,
) -> None:
    s = session()
    stand_in = make_bot("normal", 0, 3)
    found: dict[str, News] = {}
    for _ in range(4000):
        game = s.game
        if game.is_over or len(found) == 2:
            break
        if at_my_turn(game):
            seen = news(game.observation(0).events, 0)
            check(game, seen)
            if seen.melds and "new" not in found:
                found["new"] = seen
                table_marks(tmp_path / "new", s, seen, new=True)
            elif seen.added and "added" not in found:
                found["added"] = seen
                table_marks(tmp_path / "added", s, seen, new=False)
        action = s.pending_bot_action() or bot_step(game, {0: stand_in})
        assert action is not None
        s.apply(action)
    assert set(found) == {"new", "added"}


def table_marks(tmp: Path, s: MatchSession, seen: News, new: bool) -> None:
    app = App(size=(1280, 720), paths=Paths.under(tmp), fast=True)
    scene = TableScene(app, s)
    app.push(scene)
    app.frame(0.016)
    picture = scene.frame.picture(scene.frame.hidden())
    assert picture.news == seen
    index = min(seen.melds) if new else min(seen.added)
    placed = scene.view.melds[index]
    surface = pygame.Surface(app.size)
    table_paint.paint_under(surface, picture)
    assert gold(surface, placed.box) > 20
    draw = next(a for a in s.game.legal_actions(0) if isinstance(a, Draw))
    scene.perform(draw)  # the person acts: the marks go
    app.frame(0.016)
    after = scene.frame.picture(scene.frame.hidden())
    assert after.news == News()
    surface.fill((0, 0, 0))
    table_paint.paint_under(surface, after)
    assert gold(surface, scene.view.melds[index].box) == 0
