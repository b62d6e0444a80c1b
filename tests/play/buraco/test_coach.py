"""Buraco's coach: each decision judged against hard, a differing one played out both ways on
the same reshuffled continuations. It flags a discard that feeds the other side a buraco;
hard's own decisions, priced against its second best and other levels' moves, are flagged
only where that would flag a known costly move; it says where a weaker player's points went."""

from __future__ import annotations

from pathlib import Path

import pytest

from carioca_desktop.bots.buraco.driver import buraco_step, make_buraco_bot
from carioca_desktop.play.buraco.coach import (
    COACH,
    FINE,
    coach_lines,
    hard_choice,
    judge,
    judge_one,
    lean_legal,
    where_points_went,
)
from carioca_desktop.replay_tool import main as replay_main
from carioca_desktop.replay_tool import record_bot_match
from carioca_desktop.rules.buraco.actions import Discard, Draw
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import BuracoRules, preset_rules
from carioca_desktop.storage.match_file import MatchFile, dump_match

TWO = BuracoRules.from_dict({"game": "buraco", "players": 2, "preset": "dois_jogadores"})


def feeding_position() -> BuracoGame:
    """Seat 0 has drawn; the next opponent's side has a clean run of six hearts (4H-9H) and the
    pile is free to take: a 10H discarded makes their buraco (a clean canasta, 200). The
    mortos are taken and the stock nearly out, so the hand ends soon after."""
    game = BuracoGame.from_position(
        preset_rules("brasileiro"),
        [["10H", "3D", "6C", "QD", "KC"], ["QH", "8S", "5S", "JD"], ["8C", "JS", "6S", "2C"],
         ["KD", "9C", "4D", "7D"]],
        stock=["AD", "7C", "5D", "8D"], pile=["10C", "KS"], took_morto=(1, 1),
        table=[{"side": 1, "meld": ["4H", "5H", "6H", "7H", "8H", "9H"]},
               {"side": 0, "meld": ["5S", "6S", "7S", "8S", "9S", "10S", "JS"]}],
        seed=3,
    )  # fmt: skip
    game.apply(Draw(0))
    return game


def test_a_discard_that_feeds_the_other_side_a_buraco_is_flagged() -> None:
    assert hard_choice(feeding_position(), 0, 5) != Discard(0, "10H")
    fed = judge_one(feeding_position(), 0, Discard(0, "10H"), 1, 5)
    assert fed.verdict != "fine" and fed.cost > 2 * FINE and fed.kind == "discard"
    safe = judge_one(feeding_position(), 0, Discard(0, "3D"), 1, 5)
    assert safe.verdict == "fine" and safe.cost < fed.cost


def _match(level: str, seed: int, rules: BuracoRules = TWO) -> MatchFile:
    _r, match, _g = record_bot_match("buraco", rules, [level, "normal"], seed)
    assert match is not None
    return match


def test_hards_own_decisions_are_fine() -> None:
    judged = judge(_match("hard", 71), 0, {0}, hard_seed=999)
    assert judged and all(j.verdict == "fine" and j.played == j.hard for j in judged)
    assert {j.round_index for j in judged} == {0}


def test_checking_hards_own_decision_can_flag_a_costly_one() -> None:
    """Played in hard's place, the feeding discard is flagged against the other moves."""
    checked = COACH.check_against(feeding_position(), 0, Discard(0, "10H"), 1, 5)
    assert checked.verdict != "fine" and checked.hard != Discard(0, "10H")
    assert checked.cost - checked.spread > 0


def test_where_the_points_went() -> None:
    fed = judge_one(feeding_position(), 0, Discard(0, "10H"), 7, 5)
    judged = [fed, judge_one(feeding_position(), 0, Discard(0, "3D"), 8, 5)]
    assert where_points_went(judged) == {"discard": fed.cost}
    lines = coach_lines(judged)
    assert lines[0].startswith(f"  action 7 (hand 1): {fed.verdict}, about {fed.cost} points")
    assert lines[-1] == f"  hand 1: 2 decisions; points lost: discard {fed.cost}"


@pytest.mark.slow
def test_where_a_weaker_players_points_went_in_a_match() -> None:
    short = BuracoRules.from_dict({**TWO.to_dict(), "target": 300})  # a match of one hand
    judged = judge(_match("easy", 72, short), 0, {0})
    bad = [j for j in judged if j.verdict != "fine"]
    assert bad and all(j.played != j.hard and j.cost > j.spread for j in bad)
    lost = where_points_went(judged)
    assert sum(lost.values()) == sum(j.cost for j in bad)
    assert set(lost) <= {"draw", "meld", "discard"}
    assert any(line.startswith("  hand 1: ") for line in coach_lines(judged))


@pytest.mark.slow
def test_hards_own_decisions_against_its_second_best_are_rarely_flagged() -> None:
    turns = list(COACH.turns(_match("hard", 71), 0, {0}))[:8]
    checked = [COACH.check_against(before, 0, action, n, 999) for n, before, action in turns]
    assert sum(j.hard != j.played for j in checked) >= 6
    assert sum(j.verdict != "fine" for j in checked) <= 1


def _played_out(game: BuracoGame, lean: bool) -> list[object]:
    bots = [make_buraco_bot("hard" if s == 0 else "normal", s, 9 + s) for s in range(2)]
    actions: list[object] = []
    while not game.round_over:
        action = buraco_step(game, bots, legal_of=lean_legal if lean else None)
        if action is None:
            break
        actions.append(action)
        game.apply(action)
    return actions


def test_the_play_outs_lean_legal_list_plays_the_same_hands() -> None:
    """The coach's play-outs offer the bots only the legal discards after the draw (checking
    every add and swap was half their time): from positions of a match, with every unseen
    card dealt again, the bots play the very same actions as with the full list."""
    short = BuracoRules.from_dict({**TWO.to_dict(), "target": 300})  # a match of one hand
    turns = list(COACH.turns(_match("easy", 72, short), 0, {0}))[-24::6]
    assert len(turns) == 4
    for k, (_n, before, _action) in enumerate(turns):
        lean = _played_out(before.what_if_unseen(0, 40 + k), True)
        full = _played_out(before.what_if_unseen(0, 40 + k), False)
        assert len(lean) > 5 and lean == full


def test_the_command_line_judges_a_buraco_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    short = BuracoRules.from_dict({**TWO.to_dict(), "target": 300})
    match = _match("hard", 71, short)  # hard agrees with itself: no playouts, a quick test
    path = tmp_path / "m.json"
    path.write_bytes(dump_match(match))
    before = path.read_bytes()
    assert replay_main([str(path), "--coach"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "judged by hard" in out[1] and any(line.startswith("  hand 1: ") for line in out)
    assert out[-1].startswith("replayed ") and path.read_bytes() == before


def test_what_if_stock_changes_only_the_order_of_the_stock() -> None:
    from carioca_desktop.rules.carioca.game import Game
    from carioca_desktop.rules.carioca.ruleset import CariocaRules

    for game in (BuracoGame.new(TWO, 5), Game.new(CariocaRules.from_dict({"players": 3}), 5)):
        before = game.to_dict()
        other = game.what_if_stock(11)
        assert game.to_dict() == before  # the game itself is untouched
        mine, theirs = dict(before), other.to_dict()
        assert sorted(theirs["stock"]) == sorted(mine["stock"]) and theirs["stock"] != mine["stock"]
        assert {k: v for k, v in theirs.items() if k not in ("stock", "rng")} == {
            k: v for k, v in mine.items() if k not in ("stock", "rng")
        }
        assert other.to_dict() == game.what_if_stock(11).to_dict()  # the seed decides
