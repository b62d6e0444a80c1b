"""One level table for both games' bots (bots/levels.py): each level gives its own class, in
the order of games.LEVELS, and any other level is refused with the levels named."""

from __future__ import annotations

import pytest

from carioca_desktop import games
from carioca_desktop.bots.levels import bot_class


@pytest.mark.parametrize("name", games.GAMES)
def test_each_level_makes_its_own_bot_in_both_games(name: str) -> None:
    entry = games.entry(name)
    made = [entry.make_bot(level, 2, 9) for level in games.LEVELS]
    assert [b.level for b in made] == list(games.LEVELS)
    assert len({type(b) for b in made}) == len(games.LEVELS)
    with pytest.raises(ValueError, match="levels are: random, beginner"):
        entry.make_bot("grandmaster", 0, 1)


def test_a_ladder_must_name_every_level() -> None:
    with pytest.raises(ValueError):
        bot_class((int, str), "random")  # two classes for five levels
