"""Random simulation in the manner of OpenSpiel's games_sim_test: invariants after every action.

Bound: a round of random play may stall (nobody can lay down and the stock is reshuffled
from the pozo forever, which the rules allow), so each round is capped at ROUND_CAP actions;
a capped round ends its case and is counted apart. Finished rounds end by someone going out
or by the stock running dry.
"""

from __future__ import annotations

import json
import random
import traceback
from collections import Counter

import pytest

from carioca_desktop.rules.carioca.actions import NextRound
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import PRESETS, CariocaRules
from carioca_desktop.rules.carioca.state import Phase
from tests.fixtures.simplay import random_action

ROUND_CAP = 300
PLAYERS = [2, 3, 4, 5, 6, 7, 8]
STATS: Counter[str] = Counter()


def check_invariants(game: Game, seen: int) -> None:
    """Conservation and consistency, and that no observation shows another seat's hidden
    card (events before ``seen`` were checked already: the log only grows)."""
    game.validate()  # card conservation, copy limits, meld legality, phase consistency
    s = game.state
    for seat in range(s.players):
        obs = game.observation(seat)
        assert list(obs.hand) == game.hand(seat)
        assert obs.hand_sizes == tuple(len(h) for h in s.hands)
        assert len(obs.events) == len(s.events)
        if not s.rules.open_hands:
            assert obs.open_hands is None
            for view, event in zip(obs.events[seen:], s.events[seen:]):
                assert view.secret == (event.secret if event.seat == seat else ())
                assert view.hidden == (0 if event.seat == seat else len(event.secret))


def play_round(game: Game, rng: random.Random, deep_checks: bool) -> int:
    start = game.round_index
    steps = 0
    while game.round_index == start and game.phase in (Phase.DRAW, Phase.PLAY, Phase.OFFER):
        seen = len(game.state.events)
        action = random_action(game, rng)
        if deep_checks:
            twin = game.clone()
            twin.apply(action)
        game.apply(action)
        steps += 1
        if deep_checks:
            data = game.to_dict()
            assert twin.to_dict() == data  # Game's equality, with the dict reused below
            text = json.dumps(data)
            assert json.dumps(Game.from_dict(json.loads(text)).to_dict()) == text
        check_invariants(game, seen)
        STATS["actions"] += 1
        STATS[type(action).__name__] += 1
        if steps >= ROUND_CAP:
            STATS["capped"] += 1
            return steps
    STATS["rounds"] += 1
    return steps


# Every preset with 2 to 8 players; small tables more often, since a round of 8 costs about
# four rounds of 2. Even seeds play whole matches, odd ones three rounds.
TABLE_SIZES = [2, 3, 4, 2, 3, 4, 5, 6, 7, 8, 2, 3, 4, 5, 3, 4, 2, 4] * 4
SEEDS = [
    (preset, players, seed)
    for seed, players in enumerate(TABLE_SIZES)
    for preset in sorted(PRESETS)
]


def run_case(case: tuple[str, int, int]) -> tuple[Counter[str], str | None]:
    """Play one seeded case; its counts, and the failure (with the case named) if any."""
    preset, players, seed = case
    STATS.clear()
    try:
        extra = {"buy": True} if seed % 2 else {}
        rules = CariocaRules.from_dict({"preset": preset, "players": players, **extra})
        game = Game.new(rules, seed)
        rng = random.Random(seed * 1000 + players)
        whole_match = seed % 2 == 0
        rounds = len(rules.rounds) if whole_match else 3
        for k in range(rounds):
            play_round(game, rng, deep_checks=(k == 0))
            if game.phase == Phase.ROUND_OVER:
                game.apply(NextRound())
            elif game.phase != Phase.MATCH_OVER:
                break  # capped round
        if whole_match and game.is_over:
            STATS["matches"] += 1
            assert len(game.outcome().winners) >= 1
    except Exception:
        return Counter(STATS), f"{case}: {traceback.format_exc()}"
    return Counter(STATS), None


SAMPLE_SEEDS = {0: 2, 1: 1, 6: 2, 8: 0, 9: 3}  # seed: which quarter of the presets it plays
SAMPLE = [
    (preset, players, seed)
    for preset, players, seed in SEEDS
    if seed in SAMPLE_SEEDS and sorted(PRESETS).index(preset) % 4 == SAMPLE_SEEDS[seed]
]
"""Ten of the 576 cases (every preset; 2, 3, 5, 7 and 8 players; whole matches and buying),
so the default test run stays within its few minutes; the whole set runs under the ``slow``
marker (``.ci/run`` runs both). Seed 13 (five players buying) left the sample: its rounds all
hit the cap, so it added a quarter of the time and no finished round. The sample was twenty
cases until issue 23's last cut (30 s of CPU, the default run's most after the hostile
corpus): each seed now plays two presets instead of four, the other ten under ``slow``."""


def run_cases(cases: list[tuple[str, int, int]]) -> Counter[str]:
    """Play the cases one after another; their summed counts. The cores are pytest-xdist's:
    the full set is split into parts that the workers share (a pool inside one test ran on
    the same cores as the other worker's tests, and its last case decided the run's end)."""
    total: Counter[str] = Counter()
    for case in cases:
        stats, failure = run_case(case)
        assert failure is None, failure
        total += stats
    print(dict(total))
    for kind in ("Draw", "Discard", "LayDown", "Add", "Swap", "Buy", "Pass"):
        assert total[kind] > 0, kind
    return total


FULL = [case for case in SEEDS if case not in SAMPLE]
PARTS = 11
"""The full set's parts: case i goes to part i % PARTS, a count prime to the eight presets,
so that every part plays every preset, a mix of table sizes and about the same cost."""


@pytest.mark.slow
@pytest.mark.timeout(1200)
@pytest.mark.parametrize("part", range(PARTS))
def test_random_matches_keep_every_invariant(part: int) -> None:
    """All cases but the sample, which the default run plays (below), in PARTS parts."""
    cases = FULL[part::PARTS]
    total = run_cases(cases)
    assert {preset for preset, _, _ in cases} == set(PRESETS)
    assert total["rounds"] >= 80 and total["matches"] >= 1  # 114-140 rounds, 2-5 matches a part


SAMPLE_PARTS = ([SAMPLE[i] for i in (0, 2, 5, 6, 8)], [SAMPLE[i] for i in (1, 3, 4, 7, 9)])
"""The sample in two parts of about the same cost, one per worker, each with a whole match,
buying and every kind of action (15 and 9 finished rounds)."""


@pytest.mark.parametrize("part", SAMPLE_PARTS, ids=("a", "b"))
def test_a_sample_of_random_matches_keeps_every_invariant(part: list[tuple[str, int, int]]) -> None:
    """The same checks on a sample, so the default run keeps a random simulation."""
    assert sorted(SAMPLE_PARTS[0] + SAMPLE_PARTS[1]) == sorted(SAMPLE)
    assert {preset for preset, _, _ in SAMPLE} == set(PRESETS)
    assert {players for _, players, _ in SAMPLE} == {2, 3, 5, 7, 8}
    total = run_cases(part)
    assert total["rounds"] >= 8 and total["matches"] >= 1
