"""Random legal Buraco play over every preset, 2 and 4 players, checking after every action:
the state validates (108 cards conserved, every meld legal), observations keep secrets,
serialise → load → serialise is the identity, a clone is equal; every round ends."""

from __future__ import annotations

import dataclasses
import json
import random
import time
import traceback

import pytest

from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.observation import observe
from carioca_desktop.rules.buraco.ruleset import PRESETS, BuracoRules, preset_rules
from carioca_desktop.rules.buraco.state import State
from tests.fixtures.buraco_play import random_action

ROUND_LIMIT = 4000  # actions; a round of random play takes a few hundred


def hidden_permuted(state: State, seat: int, rng: random.Random) -> State:
    """The same state with every card ``seat`` cannot see (other hands unless hands are open,
    mortos, stock) shuffled among those places: ``seat``'s observation must not change."""
    copy = state.copy()
    hands = [] if state.rules.open_hands else [h for p, h in enumerate(copy.hands) if p != seat]
    zones = [*hands, *copy.mortos, copy.stock]
    pool = [c for z in zones for c in z]
    rng.shuffle(pool)
    for zone in zones:
        size = len(zone)
        zone[:] = pool[:size]
        del pool[:size]
    return copy


def check_secrecy(game: BuracoGame, rng: random.Random, deep: bool) -> None:
    rules = game.rules
    for seat in range(game.players):
        obs = game.observation(seat)
        assert obs.hand == tuple(game.hand(seat))
        assert (obs.open_hands is None) != rules.open_hands
        if rules.pile_visible == "top":
            assert obs.pile == ()
        for event in obs.events:
            if event.seat != seat and not rules.open_hands:
                assert event.secret == (), event
        if obs.hands_left is not None:  # the round is over: the hands left are counted openly
            assert obs.hands_left == tuple(tuple(game.hand(s)) for s in range(game.players))
        if deep:
            other = observe(hidden_permuted(game.state, seat, rng), seat, [])
            # Nothing else may depend on what this seat cannot see.
            assert dataclasses.replace(other, hands_left=obs.hands_left) == obs


def play_round(
    game: BuracoGame, rng: random.Random, stats: dict[str, int], deep_every: int
) -> None:
    """Play until the round (or the match) ends, checking everything after each action."""
    for n in range(ROUND_LIMIT):
        action = random_action(game, rng)
        game.apply(action)
        stats["actions"] += 1
        game.validate()
        text = json.dumps(game.to_dict(), sort_keys=True)
        assert json.dumps(BuracoGame.from_dict(json.loads(text)).to_dict(), sort_keys=True) == text
        assert game.clone() == game
        check_secrecy(game, rng, deep=n % deep_every == 0)
        if game.round_over:
            stats["rounds"] += 1
            stats["went_out"] += game.state.went_out_seat is not None
            return
    raise AssertionError(f"a round did not end in {ROUND_LIMIT} actions:\n{game}")


def simulate(rules: BuracoRules, seed: int, rounds: int, stats: dict[str, int], deep: int) -> None:
    rng = random.Random(seed)
    game = BuracoGame.new(rules, rng.randrange(1 << 30))
    for _ in range(rounds):
        play_round(game, rng, stats, deep)
        if game.is_over:
            stats["matches"] += 1
            return
        game.apply(random_action(game, rng))  # next_round


CONFIGS = [(p, n) for p in sorted(PRESETS) for n in (2, 4)]


@pytest.mark.parametrize(("preset", "players"), CONFIGS)
def test_random_play_one_round(preset: str, players: int) -> None:
    stats = dict.fromkeys(("actions", "rounds", "went_out", "matches"), 0)
    seed = sorted(PRESETS).index(preset) * 10 + players
    simulate(preset_rules(preset, players=players), seed, 1, stats, 25)
    assert stats["rounds"] == 1


@pytest.mark.parametrize("players", [2, 4])
def test_random_play_to_the_end_of_a_match(players: int) -> None:
    stats = dict.fromkeys(("actions", "rounds", "went_out", "matches"), 0)
    rules = preset_rules("brasileiro", players=players, target=400, indirect_morto="continue")
    simulate(rules, players, 30, stats, 50)
    assert stats["matches"] == 1


VARIANTS: list[dict[str, object]] = [
    {},
    {"unplayed_morto": "not_taken"},
    {"ace": "both_ends", "run_wilds": "long_runs"},
    {"rediscard_single_pile": True, "first_upcard": "keep_wild", "open_hands": True},
]


def _many_rounds_case(case: tuple[int, str, int, int]) -> tuple[dict[str, int], str | None]:
    """One seeded case of the big run: its counts, and what failed (the case named)."""
    seed, preset, players, variant = case
    stats = dict.fromkeys(("actions", "rounds", "went_out", "matches"), 0)
    try:
        rules = preset_rules(preset, players=players, target=600, **VARIANTS[variant])
        simulate(rules, seed, 3, stats, 10)
    except Exception:
        return stats, f"{case}: {traceback.format_exc()}"
    return stats, None


MANY_ROUNDS = [
    (seed, preset, players, variant)
    for seed in range(2)
    for preset, players in CONFIGS
    for variant in range(len(VARIANTS))
]
MANY_PARTS = 5  # the big run's parts for the xdist workers (case i in part i % 5: every variant)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(MANY_PARTS))
def test_random_play_many_rounds(part: int) -> None:
    """The big run: ``pytest -m slow tests/rules/buraco/test_simulation.py -s`` prints the
    figures. Its cases are seeded and independent: in parts that the workers share."""
    stats = dict.fromkeys(("actions", "rounds", "went_out", "matches"), 0)
    start = time.perf_counter()
    cases = MANY_ROUNDS[part::MANY_PARTS]
    for case in cases:
        case_stats, failure = _many_rounds_case(case)
        assert failure is None, failure
        for key, value in case_stats.items():
            stats[key] += value
    elapsed = time.perf_counter() - start
    print(f"\nburaco sim, part {part}: {stats} in {elapsed:.1f} s")
    assert stats["rounds"] >= len(cases)  # the whole run's floor, a round a case
