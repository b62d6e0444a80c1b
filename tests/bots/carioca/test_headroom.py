"""The headroom benchmark's own arithmetic and its search bot (the figures it prints are
only as good as these)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from carioca_desktop.bots.carioca.driver import bot_step
from carioca_desktop.bots.carioca.normal import NormalBot
from carioca_desktop.rules.carioca.actions import Discard, Draw
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from tests.fixtures.headroom import RolloutBot, win_share


def test_win_share_counts_a_lower_total_as_a_win_and_shares_ties() -> None:
    table = [[100, 200, 300, 400]]
    assert win_share(table, 0) == 0.25  # one winner among four seats
    # 150 saved: seat 0 (-50) and seat 1 (50 < 100) would win, seats 2 and 3 would not
    assert win_share(table, 150) == 0.5
    # 100 saved: seat 1 ties seat 0 (100 = 100) and counts half
    assert win_share(table, 100) == 0.25 + 0.125
    assert win_share([[50, 50, 60, 70]], 0) == 0.25  # a shared win, half to each


def test_rollout_bot_picks_a_legal_move_and_leaves_the_real_game_alone() -> None:
    game = Game.new(CariocaRules(), 3)
    bots = [NormalBot(s, 3) for s in range(4)]
    for _ in range(8):  # a few moves in, to a seat about to draw beside a discard
        action = bot_step(game, bots, None)
        assert action is not None
        game.apply(action)
    while game.observation(game.current_player or 0).has_drawn:
        action = bot_step(game, bots, None)
        assert action is not None
        game.apply(action)
    seat = game.current_player
    assert seat is not None
    before = json.dumps(game.to_dict(), sort_keys=True)
    searched: list[int] = []

    class Counted(RolloutBot):
        def search(self, seat: int, options: Sequence[Draw | Discard]) -> Draw | Discard:
            searched.append(len(options))
            return super().search(seat, options)

    bot = Counted(seat, 3, game, samples=1)
    obs = game.observation(seat)
    assert not obs.has_drawn and not obs.laid_down[seat] and obs.pozo_top is not None
    legal = game.legal_actions(seat)
    choice = bot.choose(obs, legal)
    assert searched == [2]  # stock or pozo, each played out
    assert choice in legal
    assert json.dumps(game.to_dict(), sort_keys=True) == before
