"""The Buraco bots' own meld model and planning (no Game): melds read as BURACO.md §3 says,
adds, the natural 2 going home, the shift, lay-down plans, card keeping, the one-card rule
as a bot judges it, and a ``must_use_top`` take built from the hand."""

from __future__ import annotations

import pytest

from carioca_desktop.bots.buraco.melds import (
    Spec,
    add_text,
    after_add,
    read_meld,
    read_table_meld,
    swap_card,
)
from carioca_desktop.bots.buraco.plan import adds_for, hand_value, keep_scores, plan_melds
from carioca_desktop.bots.buraco.players import melds_with, use_top
from carioca_desktop.bots.buraco.seen import Seen
from carioca_desktop.rules.buraco.ruleset import preset_rules

SPEC = Spec()


@pytest.mark.parametrize(
    ("cards", "kind", "wild_at"),
    [
        (("5H", "6H", "JK"), "run", 7),  # no wild at the low end
        (("5H", "7H", "2C"), "run", 6),
        (("2H", "3H", "4H"), "run", None),  # a 2 in its place is natural
        (("2H", "2H", "3H", "4H"), "run", 5),
        (("QS", "KS", "AS"), "run", None),
        (("AS", "2S", "3S"), "run", None),
        (("7S", "7D", "JK"), "set", 0),
        (("2S", "2D", "2C"), "set", None),
    ],
)
def test_read_meld_places_wilds_as_the_engine_does(
    cards: tuple[str, ...], kind: str, wild_at: int | None
) -> None:
    meld = read_meld(cards, SPEC)
    assert meld is not None and meld.kind == kind and meld.wild_at == wild_at


@pytest.mark.parametrize(
    ("cards", "spec"),
    [
        (("7S", "7D", "JK", "2C"), SPEC),  # two wilds
        (("KS", "AS", "2S", "3S"), SPEC),  # no turning the corner
        (("5H", "6H", "JK"), Spec(run_wilds="long_runs")),
        (("5H", "6H", "JK"), Spec(run_wilds="none")),
        (("7S", "7D", "7H"), Spec(sets="none")),
        (("7S", "7D", "7H"), Spec(sets="A_3_K")),
        (("2S", "2D", "2C"), Spec(sets_of_twos=False)),
    ],
)
def test_read_meld_refuses_what_the_rules_refuse(cards: tuple[str, ...], spec: Spec) -> None:
    assert read_meld(cards, spec) is None


def test_adds_swaps_the_2_going_home_and_the_shift() -> None:
    run = read_table_meld(["JK=3H", "4H", "5H", "6H"], "run", SPEC)
    assert run is not None and run.low == 3 and run.wild_at == 3
    assert swap_card(run) == "3H"
    assert add_text(run, "3H", SPEC) is None  # to_hand: that is a swap
    assert add_text(run, "7H", SPEC) == "7H" and add_text(run, "2H", SPEC) == "2H"
    assert add_text(run, "2C", SPEC) is None  # one wild already
    shift = Spec(swap="shift")
    assert add_text(run, "3H", shift) == "3H"
    moved = after_add(run, "3H", shift)
    assert moved.wild_at == 7 and moved.high == 7
    home = read_table_meld(["2H=3H", "4H", "5H"], "run", SPEC)
    assert home is not None and add_text(home, "3H", SPEC) == "3H"
    assert after_add(home, "3H", SPEC).clean
    clean = read_table_meld(["8S", "9S", "10S"], "run", SPEC)
    assert clean is not None and add_text(clean, "JK", SPEC) == "JK=JS"
    two_to_king = read_table_meld([f"{r}D" for r in (*range(2, 11), "J", "Q", "K")], "run", SPEC)
    assert two_to_king is not None and (two_to_king.low, two_to_king.high) == (2, 13)
    assert add_text(two_to_king, "JK", SPEC) is None  # "JK=AD" could be either ace
    assert add_text(two_to_king, "AD", SPEC) == "AD"


def test_plans_natural_melds_then_wild_ones() -> None:
    hand = ["3H", "4H", "5H", "6H", "7S", "7D", "7C", "KS", "KD", "JK", "2C", "9C", "10C"]
    natural = plan_melds(hand, SPEC, 0)
    assert sorted(map(len, natural.melds)) == [3, 4] and "JK" in natural.rest
    both = plan_melds(hand, SPEC, 2)
    assert len(both.melds) == 4 and not both.rest
    assert all(read_meld(m, SPEC) is not None for m in both.melds)
    runs_only = plan_melds(hand, Spec(sets="none"), 0)
    assert [len(m) for m in runs_only.melds] == [4]


def test_adds_chain_onto_the_side_melds() -> None:
    melds = [read_table_meld(["AS", "2S", "3S"], "run", SPEC)]
    chains = adds_for(["4S", "5S", "6S", "JK", "9H"], melds, SPEC)
    assert chains == [(0, ("4S", "5S", "6S", "JK=7S"))]
    assert adds_for(["4S", "JK"], melds, SPEC, wilds=False) == [(0, ("4S",))]


def test_keeping_wilds_and_partners_first() -> None:
    keep = keep_scores(["JK", "7S", "7D", "KH", "4C"], [], SPEC)
    assert keep["JK"] > keep["7S"] > keep["KH"]
    assert keep["4C"] > keep["KH"]  # a loose king costs more in hand than a loose 4
    assert hand_value(["5H", "6H", "7H", "8H"], [], SPEC, 0) > hand_value(["KS"], [], SPEC, 0)


def _seen(hand: list[str], **kw: object) -> Seen:
    rules = preset_rules(str(kw.pop("preset", "brasileiro")))
    base: dict[str, object] = {
        "seat": 0,
        "players": 4,
        "hand": tuple(hand),
        "hand_sizes": (len(hand), 11, 11, 11),
        "drawn": True,
        "ours": (),
        "theirs": (),
        "pile": (),
        "pile_size": 0,
        "stock": 30,
        "mortos_left": 2,
        "taken": (0, 0),
        "totals": (0, 0),
        "target": rules.target,
        "spec": Spec.of(rules),
        "rules": rules,
        "single_pile_card": None,
    }
    base.update(kw)
    return Seen(**base)  # type: ignore[arg-type]


def test_the_one_card_rule_as_the_bot_judges_it() -> None:
    buraco = read_meld(("3C", "4C", "5C", "6C", "7C", "8C", "9C"), SPEC)
    small = read_meld(("3C", "4C", "5C"), SPEC)
    fresh = _seen(["KS", "QH"])
    assert fresh.may_leave(["KS"], []) and fresh.may_leave([], [])  # the morto is there
    done = _seen(["KS", "QH"], taken=(1, 0), mortos_left=1)
    assert not done.may_leave(["KS"], [small])  # no buraco: cannot go out by that discard
    assert done.may_leave(["KS"], [buraco]) and done.may_leave([], [buraco])
    italian = _seen(["2S", "QH"], taken=(1, 0), mortos_left=1, preset="italiano")
    assert not italian.may_leave([], [buraco])  # the last card must be a discard
    clean = _seen(["KS", "QH"], taken=(1, 0), mortos_left=1, preset="fechado")
    dirty = read_meld(("3C", "4C", "5C", "JK", "7C", "8C", "9C"), SPEC)
    assert not clean.may_leave(["KS"], [dirty]) and clean.may_leave(["KS"], [buraco])


def test_must_use_top_takes_with_the_top_card_on_the_table() -> None:
    seen = _seen(["5S", "5D", "9H", "KC"], preset="fechado", pile=("5H",), pile_size=4)
    take = use_top(seen)
    assert take is not None and take.melds and "5H" in take.melds[0]
    assert ("5H", "5D", "5S") in melds_with("5H", seen.hand, seen.spec)
    assert use_top(_seen(["9H", "KC"], preset="fechado", pile=("5H",), pile_size=1)) is None
