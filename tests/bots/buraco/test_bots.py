"""Buraco bots: every level plays legal, finished matches on every preset with 2 and 4
players, only through its observation; the driver is reproducible; ``simulate --game
buraco`` reports sides and levels; the ladder benchmark's paired arithmetic."""

from __future__ import annotations

import ast
import gc
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.bots.buraco.driver import (
    MAX_TURNS_PER_ROUND,
    BuracoMatch,
    make_buraco_bot,
    play_buraco_match,
)
from carioca_desktop.bots.buraco.players import BURACO_LEVELS
from carioca_desktop.rules.buraco.game import BuracoGame
from carioca_desktop.rules.buraco.ruleset import PRESETS, preset_rules
from carioca_desktop.rules.buraco.state import State
from carioca_desktop.simulate import split_game
from carioca_desktop.simulate.buraco import seating
from tests.fixtures.buraco_paired import Paired, interval, round_margins, seats

ROOT = Path(__file__).resolve().parents[3]
BOT_MODULES = sorted((ROOT / "carioca_desktop" / "bots" / "buraco").glob("*.py"))


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 4])
def test_every_level_plays_legal_finished_matches(preset: str, players: int) -> None:
    """Two matches per preset and table size put every level at the table; no bot action
    is refused by the engine, no turn hits the action cap, every round ends."""
    rules = preset_rules(preset, players=players, target=700)
    for shift in (0, players):
        levels = [BURACO_LEVELS[(s + shift) % len(BURACO_LEVELS)] for s in range(players)]
        result = play_buraco_match(rules, levels, seed=len(preset) * 7 + players + shift)
        assert result.finished and result.winner in (0, 1), (levels, result.totals)
        assert result.stats.refused == [] and result.stats.capped == 0
        assert max(result.totals) >= 700 and result.rounds
        assert all(t < MAX_TURNS_PER_ROUND for t in result.turns)


@pytest.mark.parametrize("level", BURACO_LEVELS)
def test_each_level_against_itself_finishes(level: str) -> None:
    rules = preset_rules("brasileiro", target=1000)
    result = play_buraco_match(rules, [level] * 4, seed=11)
    assert result.finished and result.stats.refused == []


def test_three_mortos_and_italian_shift_with_two_players() -> None:
    for preset, extra in (("tres_mortos", {}), ("italiano", {"players": 2})):
        rules = preset_rules(preset, target=900, **extra)
        levels = ["hard", "normal", "hard", "normal"][: rules.players]
        result = play_buraco_match(rules, levels, seed=3)
        assert result.finished and result.stats.refused == []


def test_matches_are_reproducible() -> None:
    rules = preset_rules("brasileiro", target=1000)
    levels = ["hard", "easy", "normal", "beginner"]
    one = play_buraco_match(rules, levels, 7)
    two = play_buraco_match(rules, levels, 7)
    assert (one.totals, one.actions, one.rounds) == (two.totals, two.actions, two.rounds)
    assert one.bots == two.bots


def test_bot_modules_do_not_import_the_game() -> None:
    """The bots import actions, rule sets and the shared card names, never the Game, its
    State or its play (the driver, which runs the Game, and its asking of a partner before
    going out, which tries moves on a copy of the Game, are the exceptions)."""
    assert len(BOT_MODULES) > 5
    for path in BOT_MODULES:
        name = path.stem
        if name in ("driver", "asking"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        assert not imported & {
            "carioca_desktop.rules.buraco.game",
            "carioca_desktop.rules.buraco.state",
            "carioca_desktop.rules.buraco.play",
        }, name


def _reaches(root: object, kinds: tuple[type, ...], limit: int = 50_000) -> bool:
    """Whether any object of ``kinds`` can be reached from ``root`` by references."""
    seen: set[int] = set()
    todo = [root]
    while todo and len(seen) < limit:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        if isinstance(obj, kinds):
            return True
        todo.extend(gc.get_referents(obj))
    return False


def test_a_bot_given_an_observation_cannot_reach_the_game() -> None:
    game = BuracoGame.new(preset_rules("brasileiro"), 5)
    bots = [make_buraco_bot(level, s, 5) for s, level in enumerate(BURACO_LEVELS[1:])]
    for _ in range(120):
        seat = game.current_player
        assert seat is not None
        obs = game.observation(seat)
        assert not _reaches(obs, (BuracoGame, State))
        action = bots[seat].choose(obs, game.legal_actions(seat))
        game.apply(action)
        if game.round_over:
            break
    for bot in bots:
        assert not _reaches(bot, (BuracoGame, State))


def test_unknown_level_and_bot_state() -> None:
    with pytest.raises(ValueError, match="genius"):
        make_buraco_bot("genius", 0, 1)
    data: dict[str, Any] = make_buraco_bot("hard", 2, 5).to_dict()
    assert data["level"] == "hard" and data["seat"] == 2 and data["game"] == "buraco"
    json.dumps(data)


def test_seating_pairs_deals_from_both_sides() -> None:
    assert seating(["hard", "normal"], 4, 0) == ["hard", "normal", "hard", "normal"]
    assert seating(["hard", "normal"], 4, 1) == ["normal", "hard", "normal", "hard"]
    assert split_game(["--game", "buraco", "--games", "2"]) == ("buraco", ["--games", "2"])
    assert split_game(["--game=carioca"]) == ("carioca", [])


def test_paired_arithmetic() -> None:
    """The gain is the changed side's points minus the same side's in the baseline, averaged
    over the two orientations; the interval is mean ± 1.96 sd / sqrt(n)."""
    pair = Paired(base=(1000, 2000), up0=(1600, 1500), up1=(900, 2600), wins=1.0)
    assert pair.gain == ((1600 - 1000) + (2600 - 2000)) / 2 == 600
    assert pair.upper_points == (1600 + 2600) / 2
    assert pair.baseline_points == 1500
    mean, low, high = interval([100.0, 200.0, 300.0])
    assert mean == 200 and low == pytest.approx(200 - 1.96 * 100 / 3**0.5)
    assert high == pytest.approx(200 + 1.96 * 100 / 3**0.5)
    assert interval([5.0]) == (5.0, 5.0, 5.0) and interval([]) == (0.0, 0.0, 0.0)
    base = BuracoMatch(("normal",) * 4, 1, rounds=[(9, 9)])
    up0 = BuracoMatch(("hard", "normal") * 2, 1, rounds=[(300, 100), (50, 80)])
    up1 = BuracoMatch(("normal", "hard") * 2, 1, rounds=[(100, 400)])
    assert round_margins([base, up0, up1]) == [200.0, -30.0, 300.0]
    assert seats("hard", "normal", 1, 4) == ["normal", "hard", "normal", "hard"]
    assert seats("hard", "normal", None, 2) == ["normal", "normal"]


def _simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "carioca_desktop", "simulate", "--game", "buraco", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=600,
    )


def test_simulate_buraco_cli(tmp_path: Path) -> None:
    out = tmp_path / "fig.json"
    result = _simulate(
        "--players", "4", "--bots", "hard,beginner", "--games", "2", "--seed", "4",
        "--json", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "side 0" in result.stdout and "beginner" in result.stdout
    figures = json.loads(out.read_text())
    assert set(figures["levels"]) == {"hard", "beginner"} and len(figures["sides"]) == 2
    hard = figures["levels"]["hard"]
    assert hard["matches"] == 2 and isinstance(hard["mean_total"], float)
    assert {"win_low", "win_high", "total_low", "total_high"} <= set(hard)
    assert figures["refused"] == 0 and figures["unfinished"] == 0


def test_simulate_buraco_two_players_and_preset(tmp_path: Path) -> None:
    out = tmp_path / "two.json"
    result = _simulate(
        "--players", "2", "--bots", "easy,random", "--games", "1", "--preset", "stbl",
        "--json", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    figures = json.loads(out.read_text())
    assert figures["players"] == 2 and figures["rules"]["preset"] == "stbl"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--bots", "genius"], "genius"),
        (["--players", "3"], "players"),
        (["--games", "0"], "games"),
        (["--preset", "clasico"], "preset"),
    ],
)
def test_simulate_buraco_bad_arguments(args: list[str], said: str) -> None:
    result = _simulate(*args)
    assert result.returncode == 2 and said in result.stderr


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
