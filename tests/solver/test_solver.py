"""The lay-down solver against a brute-force reference, with the engine as the judge."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import pytest

from carioca_desktop.rules.cards import Suit, full_deck, parse_card, parse_marked
from carioca_desktop.rules.carioca.actions import Draw, LayDown
from carioca_desktop.rules.carioca.laydown import fit_contract
from carioca_desktop.rules.carioca.position import from_position
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.carioca.scoring import card_points
from carioca_desktop.rules.errors import Refusal
from carioca_desktop.rules.melds import Layout, analyse
from carioca_desktop.solver import (
    FACES,
    discard_distances,
    distance,
    find_laydown,
    find_partial_laydown,
    missing_cards,
    outs,
    reach,
    useful_cards,
)

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

# Rule sets the reference covers: every option the solver must respect.
RULE_SETS = [
    {"rounds": ["2T", "1T1E", "2E", "4T|4E"]},
    {"rounds": ["2T", "1T1E", "2E"], "wild_twos": "all"},
    {
        "rounds": ["1T1E", "2E"],
        "wild_twos": "red",
        "max_wilds_per_meld": None,
        "wilds_adjacent": True,
        "escala_min": 3,
    },
    {"rounds": ["1T1E", "2E", "2T"], "exact_laydown": False},
    {
        "rounds": ["1T1E", "2E"],
        "exact_laydown": False,
        "max_wilds_per_meld": None,
        "wild_twos": "all",
    },
    {"rounds": ["2E", "1T1E"], "ace": "wrap", "distinct_escala_suits": True},
    {
        "rounds": ["2E", "1T1E"],
        "ace": "wrap",
        "escala_min": 3,
        "max_wilds_per_meld": 2,
        "exact_laydown": False,
    },
    {
        "rounds": ["1T2E", "2T1E", "3T", "4T|4E"],
        "partial_contract": True,
        "distinct_escala_suits": True,
    },
]


# --------------------------------------------------------------------------- the reference
def legal_melds(
    hand: Sequence[str], rules: CariocaRules, round_index: int
) -> list[tuple[int, ...]]:
    """Every subset of the hand (by index) that the engine reads as one meld of the round."""
    contract = rules.contract(round_index)
    length = contract.escala_length(rules.escala_min)
    out = []
    for size in range(3, len(hand) + 1):
        for idx in combinations(range(len(hand)), size):
            entries = [parse_marked(hand[i]) for i in idx]
            if contract.special:
                lay = analyse(entries, rules, special=contract.special) if size == 13 else None
            else:
                lay = analyse(entries, rules, None, length)
            if not isinstance(lay, Layout):
                continue
            exact = rules.exact_laydown and not contract.special
            if exact and size != (3 if lay.kind == "trio" else length):
                continue
            out.append(idx)
    return out


def brute(
    hand: Sequence[str],
    rules: CariocaRules,
    round_index: int,
    progress: tuple[int, int] = (0, 0),
    prior: frozenset[str] = frozenset(),
    partial: bool = False,
) -> tuple[int, int] | None:
    """Over every set of disjoint legal melds the engine's ``fit_contract`` accepts: the
    best (melds, points laid) for a partial lay-down, or (0, points laid) for a whole one."""
    contract = rules.contract(round_index)
    subsets = legal_melds(hand, rules, round_index)
    layouts = {}
    for idx in subsets:
        lay = (
            analyse([parse_marked(hand[i]) for i in idx], rules, special=contract.special)
            if contract.special
            else analyse([parse_marked(hand[i]) for i in idx], rules, None, 3)
        )
        assert isinstance(lay, Layout)
        layouts[idx] = lay
    most = max(f.trios + f.escalas for f in contract.forms)
    suits = {Suit(s) for s in prior}
    best: tuple[int, int] | None = None

    def walk(start: int, used: frozenset[int], chosen: list[tuple[int, ...]]) -> None:
        nonlocal best
        if chosen:
            lays = [layouts[idx] for idx in chosen]
            verdict = fit_contract(lays, contract, rules, progress, False, suits)
            if not isinstance(verdict, Refusal) and (verdict[2] or partial):
                laid = sum(card_points(parse_card(hand[i]), rules) for idx in chosen for i in idx)
                key = (len(chosen) if partial else 0, laid)
                best = key if best is None or key > best else best
        if len(chosen) == most:
            return
        for j in range(start, len(subsets)):
            if used.isdisjoint(subsets[j]):
                walk(j + 1, used | set(subsets[j]), [*chosen, subsets[j]])

    walk(0, frozenset(), [])
    return best


def dense_hand(rng: random.Random, rules: CariocaRules, n: int) -> list[str]:
    """A hand rich in melds: a few ranks in a few suits, with wilds (topped up from the
    whole deck when those run out)."""
    ranks = rng.sample(RANKS, rng.randint(3, 6))
    suits = rng.sample("SHDC", rng.randint(1, 3))
    deck = [c.code for c in full_deck(rules.deck_count, rules.jokers_per_deck)]
    left = Counter(deck)
    pool = [r + s for r in ranks for s in suits] * 2 + ["JK"] * 4 + ["2H", "2C"]
    hand: list[str] = []
    for _ in range(200):
        card = rng.choice(pool)
        if left[card] and len(hand) < n:
            left[card] -= 1
            hand.append(card)
    while len(hand) < n:
        card = rng.choice(deck)
        if left[card]:
            left[card] -= 1
            hand.append(card)
    return hand


def laid_points(melds: Sequence[Sequence[str]], rules: CariocaRules) -> int:
    return sum(card_points(parse_card(c.split("=")[0]), rules) for m in melds for c in m)


def engine_refusal(
    hand: Sequence[str], melds: list[list[str]], rules: CariocaRules, ri: int
) -> object:
    """Put the hand in seat 0 (its last card drawn from the stock) and ask the engine."""
    hands = [list(hand[:-1])] + [[] for _ in range(rules.players - 1)]
    game = from_position(rules, hands, round_number=ri + 1, stock=[hand[-1]])
    game.apply(Draw(0))
    return game.check(LayDown(0, tuple(tuple(m) for m in melds)))


# --------------------------------------------------------------------------- exactness
@pytest.mark.parametrize("index", range(len(RULE_SETS)))
def test_solver_matches_brute_force(index: int) -> None:
    """Found exactly when one exists, worth the most, accepted by the engine."""
    rules = CariocaRules.from_dict(RULE_SETS[index])
    rng = random.Random(index)
    for _ in range(110):
        ri = rng.randrange(len(rules.rounds))
        hand = dense_hand(rng, rules, rng.randint(6, 9))
        progress, prior = (0, 0), frozenset[str]()
        if rules.partial_contract and rng.random() < 0.5:
            form = rng.choice(rules.contract(ri).forms)
            progress = (rng.randint(0, form.trios), rng.randint(0, form.escalas))
            progress = (0, 0) if progress == (form.trios, form.escalas) else progress
        if rules.distinct_escala_suits and rng.random() < 0.5:
            prior = frozenset(rng.sample("SHDC", rng.randint(1, 2)))
        ref = brute(hand, rules, ri, progress, prior)
        got = find_laydown(hand, rules, ri, progress, prior)
        assert (got is None) == (ref is None), (hand, ri, progress, prior, got, ref)
        assert (distance(hand, rules, ri, progress, prior) == 0) == (ref is not None)
        if got is not None and ref is not None:
            assert laid_points(got, rules) == ref[1], (hand, got, ref)
            if progress == (0, 0) and not prior:
                assert engine_refusal(hand, got, rules, ri) is None, (hand, got)
        if rules.partial_contract:
            pref = brute(hand, rules, ri, progress, prior, partial=True)
            pgot = find_partial_laydown(hand, rules, ri, progress, prior)
            assert (pgot is None) == (pref is None)
            if pgot is not None:
                assert (len(pgot), laid_points(pgot, rules)) == pref, (hand, pgot, pref)


def special_hand(rng: random.Random, special: str) -> list[str]:
    """Mostly one card of each rank in the colours the special wants, plus wilds."""
    hand = []
    for k, rank in enumerate(RANKS):
        if rng.random() < 0.8:
            suits = {"ER": "H", "ES": "SHDC", "EC": "HD", "EP": ("HD", "SC")[k % 2]}[special]
            hand.append(rank + rng.choice(suits if rng.random() < 0.9 else "SHDC"))
    while len(hand) < 14:
        card = rng.choice(["JK", "JK", "2H", "2C", rng.choice(RANKS) + rng.choice("SHDC")])
        if hand.count(card) < (4 if card == "JK" else 2):  # two decks
            hand.append(card)
    return hand


@pytest.mark.parametrize(
    "extra",
    [{}, {"wild_twos": "all", "max_wilds_per_meld": None}, {"wilds_adjacent": True}],
)
def test_thirteen_card_contracts_match_brute_force(extra: dict[str, object]) -> None:
    rules = CariocaRules.from_dict({"rounds": ["ER", "ES", "EC", "EP"], **extra})
    rng = random.Random(len(extra))
    for _ in range(60):
        ri = rng.randrange(4)
        hand = special_hand(rng, rules.rounds[ri])
        ref = brute(hand, rules, ri)
        got = find_laydown(hand, rules, ri)
        assert (got is None) == (ref is None), (hand, rules.rounds[ri], got)
        assert (distance(hand, rules, ri) == 0) == (ref is not None)
        if got is not None and ref is not None:
            assert laid_points(got, rules) == ref[1]
            assert engine_refusal(hand, got, rules, ri) is None, (hand, got)


@pytest.mark.parametrize(
    "preset", ["clasico", "dos_libres", "cuatro_o_cuatro", "familiar", "escala_real", "peruano"]
)
def test_engine_accepts_every_laydown_of_full_hands(preset: str) -> None:
    """Thirteen-card hands (random and dense), every round, several option mixes."""
    rng = random.Random(preset)
    found = 0
    for extra in ({}, {"exact_laydown": False}, {"ace": "wrap", "distinct_escala_suits": True}):
        rules = CariocaRules.from_dict({"preset": preset, **extra})
        deck = [c.code for c in full_deck(rules.deck_count, rules.jokers_per_deck)]
        for i in range(50):
            ri = rng.randrange(len(rules.rounds))
            hand = dense_hand(rng, rules, 13) if i % 2 else rng.sample(deck, 13)
            melds = find_laydown(hand, rules, ri)
            if melds is not None:
                found += 1
                assert engine_refusal(hand, melds, rules, ri) is None, (hand, melds)
    assert found > 20  # the test must exercise lay-downs, not only refusals


# --------------------------------------------------------------------------- distance
@pytest.mark.parametrize("index", range(len(RULE_SETS)))
def test_distance_is_the_fewest_missing_cards(index: int) -> None:
    """The missing cards complete the hand; with distance 1 some single card does, and with
    distance 2 or more no single card does."""
    rules = CariocaRules.from_dict(RULE_SETS[index])
    rng = random.Random(100 + index)
    singles = [*FACES, "JK"]
    for _ in range(40):
        ri = rng.randrange(len(rules.rounds))
        hand = dense_hand(rng, rules, rng.randint(6, 9))
        d = distance(hand, rules, ri)
        if d == 0:
            continue
        missing = missing_cards(hand, rules, ri)
        assert len(missing) == d
        assert find_laydown([*hand, *missing], rules, ri) is not None, (hand, missing)
        one = any(find_laydown([*hand, c], rules, ri) is not None for c in singles)
        assert one == (d == 1), (hand, d)


def test_distance_of_a_far_hand_is_exact_by_two_card_search() -> None:
    rules = CariocaRules()
    rng = random.Random(7)
    deck = [c.code for c in full_deck(2, 2)]
    checked = 0
    while checked < 4:
        ri = rng.choice([1, 2])  # 1T1E, 2E: seven or eight cards
        hand = rng.sample(deck, 7)
        if distance(hand, rules, ri) != 2:
            continue
        checked += 1
        pairs = [(a, b) for i, a in enumerate(FACES) for b in FACES[i:]]
        assert any(find_laydown([*hand, a, b], rules, ri) for a, b in pairs)
        assert not any(find_laydown([*hand, c], rules, ri) for c in [*FACES, "JK"])


def test_outs_lower_the_distance_of_hands_without_wilds() -> None:
    rules = CariocaRules()
    rng = random.Random(3)
    deck = [c.code for c in full_deck(2, 0)]
    for _ in range(60):
        ri = rng.randrange(len(rules.rounds))
        hand = rng.sample(deck, 12)
        d = distance(hand, rules, ri)
        found = outs(hand, rules, ri)
        assert all(distance([*hand, c], rules, ri) == d - 1 for c in found), (hand, ri)
        exact = {c for c in FACES if distance([*hand, c], rules, ri) < d}
        assert found >= exact or d >= 3, (hand, ri, exact - found)


def test_useful_and_discard_distances_agree() -> None:
    rules = CariocaRules()
    for ri, hand in [
        (0, ["7H", "7S", "7D", "KC", "KD", "2S", "9H", "JK", "4C", "4D", "5C", "QS"]),
        (1, ["7H", "8H", "9H", "KC", "KD", "2S", "9C", "4C", "4D", "5C", "QS", "QD"]),
    ]:
        d = distance(hand, rules, ri)
        spare = Counter(hand) - Counter(useful_cards(hand, rules, ri))
        for code, after in discard_distances(hand, rules, ri).items():
            assert after == d if spare[code] else after >= d, (ri, code)


@pytest.mark.parametrize("preset", ["clasico", "dos_libres", "cuatro_o_cuatro"])
def test_discard_distances_are_the_full_searchs_distances(preset: str) -> None:
    """discard_distances searches only between the hand's distance and one more, and stops
    at the hand's: each answer is what the full search says of the hand without the card."""
    from carioca_desktop import solver

    rules = CariocaRules.from_dict({"preset": preset})
    deck = [c.code for c in full_deck(rules.deck_count, rules.jokers_per_deck)]
    rng = random.Random(16)
    checked = 0
    for k in range(60):
        ri = k % 8
        hand = rng.sample(deck, 12 if ri < 6 else 13)
        solver.clear_caches()
        near = discard_distances(hand, rules, ri)
        for code, after in near.items():
            rest = list(hand)
            rest.remove(code)
            solver.clear_caches()  # the full search, not a cached answer
            assert after == distance(rest, rules, ri), (preset, ri, hand, code)
            checked += 1
    assert checked > 500


# --------------------------------------------------------------------------- preferences
def test_prefers_the_dearest_laydown() -> None:
    rules = CariocaRules()
    hand = ["3H", "3S", "3D", "AH", "AS", "AD", "5C", "5D", "5S", "KC"]
    melds = find_laydown(hand, rules, 0)  # 2T: the aces and the fives, not the threes
    assert melds is not None
    laid = sorted(c for m in melds for c in m)
    assert laid == sorted(["AH", "AS", "AD", "5C", "5D", "5S"])


def test_value_can_keep_the_wilds() -> None:
    rules = CariocaRules()
    hand = ["7H", "7S", "7D", "7C", "KC", "KD", "KS", "JK"]
    default = find_laydown(hand, rules, 0)
    keep = find_laydown(hand, rules, 0, value=lambda c: -100 if c == "JK" else 1)
    assert default is not None and keep is not None
    assert any(c.startswith("JK=") for m in default for c in m)
    assert not any(c.startswith("JK") for m in keep for c in m)


def test_wild_markers_and_ace_high() -> None:
    rules = CariocaRules()
    melds = find_laydown(["JH", "QH", "AH", "JK", "5S", "5D", "5C"], rules, 1)  # 1T1E
    assert melds is not None
    escala = next(m for m in melds if "AH" in m)
    assert escala == ["JH", "QH", "JK=KH", "AH"]


def test_twos_stand_in_their_own_place() -> None:
    rules = CariocaRules.from_dict({"preset": "dos_libres"})
    melds = find_laydown(["AH", "2H", "3H", "4H", "9S", "9D", "9C"], rules, 1)
    assert melds is not None and ["AH", "2H", "3H", "4H"] in melds  # the 2 is natural


def test_reach_spells_out_a_plan() -> None:
    rules = CariocaRules()
    plan = reach(["5H", "6H", "8H", "QS", "QD", "3C"], rules, 1)  # 1T1E
    assert plan.distance == 2
    assert sorted(plan.missing) in (["7H", "QC"], ["7H", "QH"], ["7H", "QS"])
    assert ("5H", "6H", "7H", "8H") in plan.melds


def test_already_complete_contract_needs_nothing() -> None:
    rules = CariocaRules.from_dict({"preset": "peruano"})
    assert find_laydown(["7H", "7S", "7D"], rules, 0, progress=(2, 0)) is None
    assert distance(["7H"], rules, 0, progress=(2, 0)) == 0


def test_bad_card_is_refused() -> None:
    with pytest.raises(ValueError):
        distance(["ZZ"], CariocaRules(), 0)


def test_clear_caches_empties_every_solver_cache() -> None:
    import importlib
    import pkgutil

    from carioca_desktop import solver
    from carioca_desktop.solver import distances

    rules = CariocaRules()
    hand_codes = ["7H", "7S", "7D", "9C", "9S", "JK", "KD", "2C", "3C", "4C", "5C", "QH"]
    distance(hand_codes, rules, 0)
    outs(hand_codes, rules, 0)
    find_laydown(hand_codes, rules, 0)
    # Every cache any solver module defines, found rather than listed, so a new one that
    # clear_caches leaves out fails here.
    modules = [
        importlib.import_module(f"{solver.__name__}.{info.name}")
        for info in pkgutil.iter_modules(solver.__path__)
    ]
    caches = [
        obj
        for module in modules
        for obj in vars(module).values()
        if hasattr(obj, "cache_clear") and obj.__module__ == module.__name__
    ]
    assert len(caches) >= 11
    discard_distances(hand_codes, rules, 0)
    assert distances._reach_cached.cache_info().currsize > 0
    assert distances._distance_near.cache_info().currsize > 0
    assert all(c.cache_info().maxsize for c in caches)  # every one is bounded
    solver.clear_caches()
    assert all(c.cache_info().currsize == 0 for c in caches)
