"""Placing a card on a meld at a network Buraco table: the host's engine cannot be asked
here which placing fits, so a one-card add the host's ask does not list, while it lists the
swap (or a wild's end) for that card on that meld, is refused locally and the table sends
the listed move, as a local table does; the Pista's several-card add goes as advised; and an
ambiguous wild's refusal names its places (it showed "%{options}" over the network). Found
by the two-process runs (test_two_processes.py): both were refused by the host, twice."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from carioca_desktop.net.games import KINDS
from carioca_desktop.play.netgame import NetBuracoGame
from carioca_desktop.play.text import refusal_text
from carioca_desktop.rules.buraco.actions import Add, Draw, Swap
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.ui.scenes.buraco.targets import placing

pytestmark = pytest.mark.timeout(120)  # a hung socket or process fails in minutes, with its stack

KIND = KINDS["buraco"]


def net_game(legal: list[Any]) -> NetBuracoGame:
    """The facade over seat 0's ask listing ``legal`` (no other part of a session)."""
    ask = SimpleNamespace(legal=[KIND.action_to_dict(a) for a in legal])
    feed = SimpleNamespace(seat=0, ask=ask)
    session = SimpleNamespace(kind=KIND, feeds=[feed], feed=lambda seat: feed,
                              is_human=lambda seat: seat == 0)  # fmt: skip
    return NetBuracoGame(session)  # type: ignore[arg-type]


def test_a_card_a_wild_stands_for_is_swapped_as_the_host_lists_it() -> None:
    game = net_game([Swap(0, 1, "6C"), Add(0, 0, ("9H",))])
    assert placing(game, 0, ("5C", "JK=6C", "7C"), 1, ("6C",)) == Swap(0, 1, "6C")
    assert placing(game, 0, ("6H", "7H", "8H"), 0, ("9H",)) == Add(0, 0, ("9H",))


def test_a_move_the_ask_does_not_name_at_all_is_still_the_hosts_to_judge() -> None:
    game = net_game([Draw(0)])
    assert game.check(Add(0, 0, ("KS",))) is None  # the host says why not, in words
    assert game.check(Add(0, 0, ("KS", "QS"))) is None  # several cards: never listed


def test_an_ambiguous_wild_names_its_places() -> None:
    game = BuracoGame.from_position(
        preset_rules("brasileiro"), [["JK", "KC", "QD"], ["3S"], ["4S"], ["5S"]],
        stock=["9S", "10S"], pile=["2C"], table=[{"side": 0, "meld": ["5D", "6D", "7D"]}],
    )  # fmt: skip
    game.apply(Draw(0))
    refusal = game.check(Add(0, 0, ("JK",)))
    assert refusal is not None and refusal.code == "ambiguous_wild"
    words = refusal_text(refusal)
    assert "%{" not in words and "4" in words and "8" in words, words
