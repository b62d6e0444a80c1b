"""The Game's public queries and the observation queries the table reads instead of the raw
state (issue 11): the melds a player still owes, the suits their escalas use, the log's size."""

from __future__ import annotations

from dataclasses import replace

from carioca_desktop.rules.carioca.actions import STOCK, Draw
from carioca_desktop.rules.carioca.contracts import parse_contract
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.observation import OwedMeld, escala_suits, owed_melds
from carioca_desktop.rules.carioca.position import from_position
from carioca_desktop.rules.melds import ESCALA, TRIO
from carioca_desktop.rules.ruleset import RuleSet

TWO = RuleSet.from_dict({"players": 2})
HANDS = [["2C", "2D", "5S", "9S", "KD", "QC", "3H"], ["2H", "3D", "4S", "9D", "10S", "JS", "QD"]]


def owed(rules: RuleSet, round_number: int, **kw: object) -> tuple[OwedMeld, ...]:
    game = from_position(rules, HANDS, round_number=round_number, stock=["4C"], **kw)  # type: ignore[arg-type]
    return owed_melds(game.observation(0))


def test_the_owed_melds_follow_the_contract_and_what_is_laid_down() -> None:
    rules = replace(TWO, rounds=("1T1E", "4T|4E", "ER"))
    assert owed(rules, 1) == (OwedMeld(TRIO, 3), OwedMeld(ESCALA, 4))
    assert owed(rules, 2) == (OwedMeld(None, 3),) * 4  # a choice: four of either, escalas of 3
    assert owed(rules, 3) == (OwedMeld(ESCALA, 13, parse_contract("ER").special),)
    table = [{"owner": 0, "meld": ["5H", "6H", "7H", "8H"]}]
    assert owed(rules, 1, table=table, laid_down=[0]) == ()  # laid down: nothing owed
    extra = replace(rules, extra_melds=True)
    assert owed(extra, 1, table=table, laid_down=[0]) == (OwedMeld(None, 4, extra=True),)


def test_the_escala_suits_are_the_owners_contract_escalas_naturals() -> None:
    rules = replace(TWO, rounds=("2E",) * 8)
    table = [
        {"owner": 0, "meld": ["5H", "6H", "JK", "8H"]},
        {"owner": 1, "meld": ["5S", "6S", "7S", "8S"]},
    ]
    game = from_position(rules, HANDS, stock=["4C"], table=table, laid_down=[0, 1])
    assert escala_suits(game.observation(0)) == frozenset("H")
    assert escala_suits(game.observation(0), 1) == frozenset("S")
    assert escala_suits(game.observation(1), 0) == frozenset("H")


def test_the_game_answers_the_scorers_questions_without_its_state() -> None:
    game = Game.new(TWO, 5, ["Ana", "Beto"])
    assert game.names == ("Ana", "Beto")
    before = game.event_count
    assert before == len(game.observation(0).events)
    game.apply(Draw(game.current_player or 0, STOCK))
    assert game.event_count == before + 1
    assert (game.round_over, game.rounds_scored, game.round_points, game.went_out) == (
        False,
        0,
        (),
        (),
    )
