"""What changed since a person's last turn at Buraco's table (issue 28, item 14): the melds
laid down and the cards added since are marked until the person acts, and the hot-seat
privacy screen says in one line what happened."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from carioca_desktop import i18n
from carioca_desktop.play.buraco.news import news
from carioca_desktop.play.news import summary
from carioca_desktop.rules.buraco.actions import Add, Discard, Draw, LayDown
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import preset_rules

NAMES = ["Ana", "Beto", "Carla", "Diego"]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("es")


def played() -> BuracoGame:
    """Ana discards; Beto lays down queens; Carla adds the 8C to her side's run; Diego
    draws and discards. Ana is next."""
    g = BuracoGame.from_position(
        preset_rules("brasileiro"),
        [["3H", "4S", "9D"], ["QS", "QH", "QD", "4D"], ["8C", "5S", "6D"], ["JS", "JD", "4H"]],
        stock=["KD", "KH", "KS", "KC", "7H"],
        pile=["3S"],
        table=[{"side": 0, "meld": ["5C", "6C", "7C"]}],
        mortos=[["5D", "6H", "7D"], ["5H", "7H", "8D"]],
    )
    for action in (Draw(0), Discard(0, "9D"), Draw(1), LayDown(1, (("QS", "QH", "QD"),)),
                   Discard(1, "4D"), Draw(2), Add(2, 0, ("8C",)), Discard(2, "6D"), Draw(3),
                   Discard(3, "4H")):  # fmt: skip
        g.apply(action)
    return g


def test_the_melds_and_cards_since_the_last_turn_until_the_person_acts() -> None:
    g = played()
    seen = news(g.observation(0).events, 0)
    assert seen.marks(1) == (True, ()) and seen.marks(0) == (False, ("8C",))
    line = summary(g.observation(0).events, 0, NAMES)
    assert line == "Since your last turn: Beto laid down 1 meld · Carla added 1 card"
    partner = news(g.observation(2).events, 2)  # Carla acted after Beto's meld
    assert partner.marks(1) == (False, ()) and partner.marks(0) == (False, ())
    g.apply(Draw(0))
    assert news(g.observation(0).events, 0).marks(1) == (False, ())
    assert summary(g.observation(0).events, 0, NAMES) == ""


def test_a_new_round_starts_with_nothing_marked() -> None:
    g = BuracoGame.new(preset_rules("brasileiro"), 2)
    assert news(g.observation(1).events, 1).melds == frozenset()
    assert summary(g.observation(1).events, 1, NAMES) == ""


def test_the_table_picture_carries_the_marks(tmp_path: Path) -> None:
    from tests.ui.buraco.test_keys import table_at

    g = played()
    _app, scene = table_at(tmp_path, g)
    assert scene.picture().news.marks(1) == (True, ())
    scene.try_action(Draw(0), (0, 0))
    assert scene.picture().news.marks(1) == (False, ())


def test_the_carioca_hot_seat_line_tells_the_other_seats_moves() -> None:
    from carioca_desktop.bots.carioca.driver import bot_step, make_bot
    from carioca_desktop.rules.carioca.game import Game
    from carioca_desktop.rules.carioca.ruleset import CariocaRules

    game = Game.new(CariocaRules.from_dict({"preset": "clasico", "players": 4}), 11)
    bots = [make_bot("normal", seat, 11) for seat in range(4)]
    for _ in range(3000):
        events = game.observation(0).events
        mine = max((e.n for e in events if e.seat == 0), default=-1)
        later = [e for e in events if e.n > mine and e.seat != 0]
        if mine >= 0 and any(e.kind in ("lay_down", "buy") for e in later):
            break
        action = bot_step(game, bots)
        assert action is not None
        game.apply(action)
    else:
        raise AssertionError("no lay-down or buy by another seat in this match")
    names = ["Ana", "Beto", "Carla", "Diego"]
    line = summary(events, 0, names)
    assert line.startswith("Since your last turn: ")
    for event in later:
        if event.kind in ("lay_down", "buy"):
            assert names[event.seat] in line
    assert "Ana" not in line
