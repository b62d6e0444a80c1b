"""The ``hard`` bot: seeded, legal, and the choices it makes differently from ``normal``."""

from __future__ import annotations

from collections import Counter

from carioca_desktop.bots.carioca.base import fits_table, make_bot, table_layouts
from carioca_desktop.bots.carioca.driver import bot_step, play_match
from carioca_desktop.bots.carioca.hard import HardBot
from carioca_desktop.bots.carioca.judge import deck_counts
from carioca_desktop.bots.carioca.normal import pozo_card_taken
from carioca_desktop.rules.carioca.actions import Action, Discard
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules

LEVELS = ["hard", "normal", "hard", "normal"]


def actions_of(rules: CariocaRules, seed: int) -> list[Action]:
    played: list[Action] = []

    def judge(game: Game, action: Action) -> None:
        assert game.check(action) is None, (action, game.check(action))
        played.append(action)

    result = play_match(rules, LEVELS, seed, on_action=judge)
    assert result.finished
    return played


def test_hard_is_legal_and_the_same_for_the_same_seed() -> None:
    rules = CariocaRules.from_dict({"preset": "chico"})
    first = actions_of(rules, 31)
    assert actions_of(rules, 31) == first
    assert actions_of(rules, 32) != first


def test_on_the_lay_down_turn_hard_keeps_a_card_that_fits_the_table() -> None:
    """A card that fits a meld on the table goes out free next turn (adding waits a turn),
    so of the cards left after laying down hard throws one that fits nowhere, where normal
    throws the dearest."""
    rules = CariocaRules.from_dict({"preset": "clasico"})
    kept = 0
    for seed in range(3):
        game = Game.new(rules, seed)
        bots = [make_bot("normal", s, seed) for s in range(4)]
        while not game.is_over and game.round_index < 3:
            seat = game.current_player
            action = bot_step(game, bots)
            assert action is not None
            if isinstance(action, Discard) and seat is not None and game.has_laid_down(seat):
                obs = game.observation(seat)
                legal = game.legal_actions(seat)
                hard = HardBot(seat, seed).choose(obs, legal)
                assert isinstance(hard, Discard)
                layouts = table_layouts(obs)
                taken = pozo_card_taken(obs)
                choices = {d.card for d in legal if isinstance(d, Discard)} - {taken}
                loose = {c for c in choices if not fits_table(c, layouts, rules)}
                if loose and fits_table(action.card, layouts, rules):
                    assert hard.card in loose, (obs.hand, action.card, hard.card)
                    kept += 1
            game.apply(action)
    assert kept > 0, "no lay-down turn where normal threw a card that fits: pick other seeds"


def test_the_round_that_hit_the_turn_cap_was_blocked_and_now_ends() -> None:
    """Match seed 142, round 1, four ``normal`` bots: the round used to reach the turn cap.
    Not a bot loop: every seat is down holding one card (a natural 2; clasico's 2s are not
    wild), every copy of the ranks on the table is already in its trío, and without
    ``extra_melds`` no new meld may be made, so no card in play off the table fits anywhere
    and nobody can ever go out. The engine ends such a round (rules/carioca/blocked.py, and
    tests/rules/carioca/test_blocked.py), seen here from the bots' side: what they see is
    blocked."""
    rules = CariocaRules.from_dict({"preset": "clasico"})
    game = Game.new(rules, 142)
    bots = [make_bot("normal", s, 142) for s in range(4)]
    while not game.round_over and game.turn_number < 300:
        action = bot_step(game, bots)
        assert action is not None
        game.apply(action)
    assert game.round_over and game.turn_number < 300
    obs = game.observation(0)
    assert obs.events[-2].kind == "blocked"
    assert all(obs.laid_down) and not rules.extra_melds and max(obs.hand_sizes) <= 2
    on_table = Counter(c for meld in obs.table for c in meld.cards)
    off_table = deck_counts(rules) - on_table
    layouts = table_layouts(obs)
    assert not [c for c in off_table if fits_table(c, layouts, rules)]


def test_sound_players_who_all_keep_what_the_others_wait_for_still_finish() -> None:
    """Match seed 1139, round 7 (3E), four ``hard`` bots with ``fear`` (the ``normal`` of
    before weighed the odds and feared being caught as these do): nobody goes down, each
    hand is twelve low cards
    and jokers that the four seats all keep, each waiting for a card another keeps (a stalled
    race, not a blocked round: any seat could finish if another let go). Without ``unstick``
    it reaches the turn cap of 1,500 turns; long into a round a seat not down now throws a
    random natural card now and then (``NormalBot.unstick``, which ``hard`` inherits), which
    breaks the ring, and an ordinary round never waits that long (the longest of 800 was 126
    turns)."""
    rules = CariocaRules.from_dict({"preset": "clasico"})
    game = Game.new(rules, 1139)
    game.skip_to_round(6)
    bots = [HardBot(s, 1139) for s in range(4)]
    for bot in bots:
        bot.fear = True
    while not game.round_over and game.turn_number < 1500:
        action = bot_step(game, bots)
        assert action is not None
        game.apply(action)
    assert game.round_over
    patience = bots[0].patience * rules.players  # type: ignore[attr-defined]
    assert game.turn_number > patience, "this round no longer stalls: the test checks nothing"


def test_normal_plays_its_plan_and_hard_weighs_the_odds() -> None:
    """The step between the two levels: before laying down, of the discards that keep its
    plan's distance ``normal`` throws the dearest (it never weighs the next draw), where
    ``hard`` gives up points for a hand more cards would improve (live outs, by what it has
    seen). Checked on every discard of two matches of four ``easy`` bots in which both keep
    the distance, nobody is down (so no card feeds a meld) and ``normal`` feels safe."""
    from carioca_desktop.bots.carioca.base import points, without
    from carioca_desktop.bots.carioca.judge import danger, discard_steps, live_outs
    from carioca_desktop.bots.carioca.normal import NormalBot, discard_codes
    from tests.fixtures.mistakes import positions

    rules = CariocaRules()
    checked = differ = 0
    for pos in positions(rules, 2, 41):
        obs = pos.obs
        if not obs.has_drawn or any(obs.laid_down) or danger(obs) >= 0.7:
            continue
        normal = NormalBot(obs.seat, 0)
        hard = HardBot(obs.seat, 0)
        mine, theirs = normal.choose(obs, pos.legal), hard.choose(obs, pos.legal)
        if not (isinstance(mine, Discard) and isinstance(theirs, Discard)):
            continue
        codes = discard_codes(obs, [a for a in pos.legal if isinstance(a, Discard)])
        steps = discard_steps(obs, codes)
        least = min(steps.values())
        if steps[mine.card] != least or steps[theirs.card] != least:
            continue  # normal fears being caught and gives up a step: not this test's case
        checked += 1
        dearest = max(points(c, rules) for c in codes if steps[c] == least)
        assert points(mine.card, rules) == dearest, (obs.hand, mine)
        if theirs.card != mine.card:
            differ += 1
            view = hard.view(obs)
            kept = live_outs(obs, without(obs.hand, theirs.card), view, least)
            dropped = live_outs(obs, without(obs.hand, mine.card), view, least)
            assert kept >= dropped, (obs.hand, mine, theirs)
    assert checked >= 100
    assert differ >= checked // 10, (differ, checked)
