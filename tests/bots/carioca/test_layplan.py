"""The ``hard`` bot's lay-down chooser (bots/carioca/layplan.py): of the lay-downs the solver can
make, the one whose kept cards go soonest."""

from __future__ import annotations

from carioca_desktop.bots.carioca.base import laydown_proposal
from carioca_desktop.bots.carioca.hard import HardBot
from carioca_desktop.bots.carioca.layplan import alternatives, best_plan, plan_of
from carioca_desktop.rules.carioca.actions import Draw, LayDown
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.observation import Observation
from carioca_desktop.rules.carioca.position import from_position
from carioca_desktop.rules.carioca.ruleset import CariocaRules

RULES = CariocaRules.from_dict({"preset": "clasico"})


def drawn(game: Game) -> Observation:
    game.apply(Draw(0))
    return game.observation(0)


def position() -> Game:
    """Round 1 (two tríos). Seat 0 can lay the queens and either the eights or the fours,
    each with its joker; seat 1 is down with a trío of eights on the table. The solver lays
    the dearer eights and keeps the fours, which fit nowhere; laying the fours instead keeps
    the eights, which go onto seat 1's trío next turn."""
    return from_position(
        RULES,
        [
            ["QH", "QS", "QD", "8H", "8S", "JK", "4H", "4S", "2C", "6D", "9C", "KC"],
            ["7H", "7S", "AD", "AC", "3H", "3S"],
            ["9H", "9S", "10D", "10C", "JH", "JS", "2H", "2S", "5S", "6S", "7D", "7C"],
            ["AH", "AS", "3D", "3C", "4D", "4C", "5S", "6H", "9D", "10H", "JD", "JC"],
        ],
        stock=["10S", "KD", "KH", "2D"],
        pozo=["6C"],
        table=[
            {"owner": 1, "meld": ["8C", "8D", "8C"]},
            {"owner": 1, "meld": ["5C", "5D", "5H"]},
        ],
        laid_down=[1],
    )


def test_the_chooser_keeps_the_cards_that_fit_the_table() -> None:
    obs = drawn(position())
    solver = laydown_proposal(obs)
    assert solver is not None
    assert any("8H" in m for m in solver.melds)  # the solver lays the dearer pair
    plans = alternatives(obs)
    assert len(plans) >= 2
    default = plan_of(obs, solver.melds)
    best = best_plan(obs, turn_cost=10.0)
    assert best is not None
    assert any("4H" in m for m in best.melds)
    assert {"8H", "8S"} <= set(best.kept)
    assert best.loose == default.loose - 2 and best.fitting == default.fitting + 2
    assert best.cost(10.0) < default.cost(10.0)


def test_hard_lays_down_the_plan_and_normal_the_solvers() -> None:
    game = position()
    obs = drawn(game)
    legal = game.legal_actions(0)
    hard = HardBot(0, 1).choose(obs, legal)
    assert isinstance(hard, LayDown)
    assert game.check(hard) is None
    assert any("4H" in m for m in hard.melds)
    assert not any("8H" in m for m in hard.melds)


def test_a_plan_counts_cards_that_fit_one_after_another() -> None:
    """Kept 5H and 4H both go onto a laid 6H-9H escala: 5H first, then 4H."""
    rules = CariocaRules.from_dict({"preset": "clasico"})
    game = from_position(
        rules,
        [
            ["6H", "7H", "8H", "9H", "KS", "KD", "KC", "5H", "4H", "2C", "3D", "JS"],
            ["7S", "AD", "AC", "3H", "3S", "9S", "9D", "10D", "10C", "JH", "QS", "QD"],
            ["9C", "2H", "2S", "5S", "6S", "7D", "7C", "8C", "8D", "4S", "4C", "5C"],
            ["AH", "AS", "3C", "4D", "5D", "6H", "9H", "10H", "JD", "JC", "QH", "QC"],
        ],
        round_number=2,
        stock=["10S", "KH", "2D"],
        pozo=["6C"],
    )
    obs = drawn(game)
    plan = plan_of(obs, [["KS", "KD", "KC"], ["6H", "7H", "8H", "9H"]])
    assert plan.fitting == 2
    assert plan.loose == 4  # 2C 3D JS 10S
    assert plan.loose_points == 2 + 3 + 10 + 10
    assert plan.dearest_loose == 10
