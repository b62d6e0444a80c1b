"""Buraco bots: every level finishes matches on every preset with 2 and 4 players, only
through its observation; the driver is reproducible; ``simulate --game buraco`` reports
sides and levels."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from carioca_desktop.bots.buraco import LEVELS, make_buraco_bot
from carioca_desktop.bots.buraco_driver import play_buraco_match
from carioca_desktop.rules.buraco.ruleset import PRESETS, preset_rules
from carioca_desktop.simulate_buraco import seating, split_game

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 4])
def test_every_level_finishes_a_match(preset: str, players: int) -> None:
    levels = [LEVELS[(s + players) % len(LEVELS)] for s in range(players)]
    rules = preset_rules(preset, players=players, target=800)
    result = play_buraco_match(rules, levels, seed=len(preset) + players)
    assert result.finished and result.winner in (0, 1)
    assert max(result.totals) >= 800 and result.rounds
    assert result.refusals <= result.actions // 50  # lay-downs the bots misjudged


def test_matches_are_reproducible() -> None:
    rules = preset_rules("brasileiro", target=1000)
    one = play_buraco_match(rules, ["hard", "easy", "normal", "random"], 7)
    two = play_buraco_match(rules, ["hard", "easy", "normal", "random"], 7)
    assert (one.totals, one.actions, one.rounds) == (two.totals, two.actions, two.rounds)


def test_bots_do_not_read_the_game() -> None:
    """The bot module imports no engine internals: only actions, melds and observations."""
    tree = ast.parse((ROOT / "carioca_desktop" / "bots" / "buraco.py").read_text())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not imported & {
        "carioca_desktop.rules.buraco.game",
        "carioca_desktop.rules.buraco.state",
        "carioca_desktop.rules.buraco.play",
    }


def test_unknown_level_and_state() -> None:
    with pytest.raises(ValueError):
        make_buraco_bot("genius", 0, 1)
    assert make_buraco_bot("hard", 2, 5).to_dict()["level"] == "hard"


def test_seating_pairs_deals_from_both_sides() -> None:
    assert seating(["hard", "normal"], 4, 0) == ["hard", "normal", "hard", "normal"]
    assert seating(["hard", "normal"], 4, 1) == ["normal", "hard", "normal", "hard"]
    assert split_game(["--game", "buraco", "--games", "2"]) == ("buraco", ["--games", "2"])
    assert split_game(["--game=carioca"]) == ("carioca", [])


def test_simulate_buraco_cli(tmp_path: Path) -> None:
    out = tmp_path / "fig.json"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "carioca_desktop",
            "simulate",
            "--game",
            "buraco",
            "--players",
            "4",
            "--bots",
            "hard,easy",
            "--games",
            "2",
            "--json",
            str(out),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    assert "side 0" in result.stdout and "hard" in result.stdout
    figures = json.loads(out.read_text())
    assert set(figures["levels"]) == {"hard", "easy"} and len(figures["sides"]) == 2
    assert figures["levels"]["hard"]["matches"] == 2
    assert isinstance(figures["levels"]["hard"]["mean_total"], float)


def test_simulate_unknown_game() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "carioca_desktop", "simulate", "--game", "chess"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=600,
    )
    assert result.returncode == 2 and "chess" in result.stderr


def test_simulate_buraco_bad_arguments() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "carioca_desktop",
            "simulate",
            "--game",
            "buraco",
            "--bots",
            "genius",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=600,
    )
    assert result.returncode == 2 and "genius" in result.stderr
