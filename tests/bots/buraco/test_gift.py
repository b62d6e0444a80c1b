"""The strongest Buraco bot (the Pista's adviser) minds what its discard hands the next
opponent with the open pile (issue 28, item 3): a pile that makes a meld with it, a card that
joins their melds, worse when their hand is nearly empty. From its own observation only."""

from __future__ import annotations

from typing import Any

import pytest

from carioca_desktop.bots.buraco.driver import make_buraco_bot
from carioca_desktop.rules.buraco.actions import Discard, Draw
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import preset_rules


def discard_of(level: str, hand: list[str], **position: Any) -> str:
    """What ``level`` on seat 0 discards after drawing the stock's 6H."""
    hands = position.pop("hands", [["QS", "9H", "4S"], ["QH", "8H", "5S"], ["8S", "JS", "6S"]])
    game = BuracoGame.from_position(
        preset_rules("brasileiro"),
        [hand, *hands],
        stock=["6H", "7S", "7D", "7H"],
        mortos=[["5D", "6D", "7C"], ["5H", "8D", "9C"]],
        **position,
    )
    game.apply(Draw(0))
    bot = make_buraco_bot(level, 0, 1)
    action = bot.choose(game.observation(0), game.legal_actions(0))
    assert isinstance(action, Discard), action
    return action.card


CASES = [
    # Two kings on the pile: a third would let the next player take it and lay the set.
    ({"pile": ["10C", "KS", "KS"]}, ["KH", "3D", "4S", "6C"], "KH"),
    # The next opponent holds one card and their side has a set of 9s.
    (
        {
            "pile": ["10C"],
            "hands": [["QS", "9H", "4S"], ["QH"], ["8S", "JS", "6S"]],
            "table": [{"side": 1, "meld": ["9S", "9H", "9C"]}],
        },
        ["9D", "4C", "JS", "QC"],
        "9D",
    ),
    # Their side's aces: an ace beside them, when a 3 was safe.
    (
        {"pile": ["10C"], "table": [{"side": 1, "meld": ["AS", "AC", "AD"]}]},
        ["AH", "3D", "8C", "QD"],
        "AH",
    ),
]


@pytest.mark.parametrize(("position", "hand", "gift"), CASES)
def test_hard_keeps_back_what_feeds_the_next_opponent(
    position: dict[str, Any], hand: list[str], gift: str
) -> None:
    assert discard_of("normal", hand, **dict(position)) == gift  # the card a plain bot drops
    assert discard_of("hard", hand, **dict(position)) != gift
