"""Match files replay exactly: seeded bot matches of both games, recorded, written, read back
and replayed, reach byte-identical final states; ``simulate --record`` and ``carioca replay``."""

from __future__ import annotations

import traceback
from pathlib import Path

import pytest

from carioca_desktop.__main__ import main as carioca_main
from carioca_desktop.replay_tool import record_bot_match
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage.jsonio import dump
from carioca_desktop.storage.match_file import dump_match, parse_match
from carioca_desktop.storage.replay_check import replay

CARIOCA_TABLES = [
    ({"players": 3}, ["normal", "easy", "beginner"]),
    ({"players": 2, "preset": "dos_libres"}, ["easy", "normal"]),
    ({"players": 4, "preset": "chico"}, ["beginner", "easy", "normal", "easy"]),
]
BURACO_TABLES = [
    ({"game": "buraco", "players": 4}, ["normal", "easy", "beginner", "easy"]),
    ({"game": "buraco", "players": 2, "preset": "dois_jogadores"}, ["easy", "normal"]),
]


def _round_trip(game_name: str, rules: object, levels: list[str], seed: int) -> None:
    _result, match, game = record_bot_match(game_name, rules, levels, seed)
    assert match is not None and game is not None, f"{game_name} seed {seed} did not finish"
    back = parse_match(dump_match(match))  # through the file's bytes, as a friend reads it
    assert back == match
    replayed = replay(back)
    assert replayed.actions == len(match.actions)
    assert dump(replayed.game.to_dict()) == dump(game.to_dict())


def _cases(count: int) -> list[tuple[str, dict[str, object], list[str], int]]:
    cases = []
    for seed in range(count):
        rules, levels = CARIOCA_TABLES[seed % len(CARIOCA_TABLES)]
        cases.append(("carioca", rules, levels, 100 + seed))
        rules, levels = BURACO_TABLES[seed % len(BURACO_TABLES)]
        cases.append(("buraco", rules, levels, 200 + seed))
    return cases


def _rules(game_name: str, data: dict[str, object]) -> object:
    return BuracoRules.from_dict(data) if game_name == "buraco" else CariocaRules.from_dict(data)


@pytest.mark.parametrize(("game_name", "rules", "levels", "seed"), _cases(5))
def test_recorded_bot_matches_replay_to_the_same_bytes(
    game_name: str, rules: dict[str, object], levels: list[str], seed: int
) -> None:
    _round_trip(game_name, _rules(game_name, rules), levels, seed)


def _checked(case: tuple[str, dict[str, object], list[str], int]) -> str | None:
    """One case's round trip: None, or what failed (the case named)."""
    game_name, rules, levels, seed = case
    try:
        _round_trip(game_name, _rules(game_name, rules), levels, seed)
    except Exception:
        return f"{game_name} seed {seed}: {traceback.format_exc()}"
    return None


REPLAY_PARTS = 5  # the hundred matches' parts for the xdist workers (odd: both games in each)


@pytest.mark.slow
@pytest.mark.timeout(1800)
@pytest.mark.parametrize("part", range(REPLAY_PARTS))
def test_a_hundred_matches_of_each_game_replay_exactly(part: int) -> None:
    """100 of each game: the 5 the default run replays above, and 95 more here, in parts
    (case i in part i % REPLAY_PARTS: both games in each)."""
    cases = _cases(100)[len(_cases(5)) :]
    assert len(cases) == 190 and not set(map(str, cases)) & set(map(str, _cases(5)))
    cases = cases[part::REPLAY_PARTS]
    failures = [f for f in map(_checked, cases) if f is not None]
    assert not failures, f"{len(failures)} of {len(cases)} failed; the first: {failures[0]}"


def test_hard_bots_matches_replay_exactly() -> None:
    _round_trip("carioca", CariocaRules.from_dict({"players": 2}), ["hard", "normal"], 5)
    buraco = BuracoRules.from_dict({"game": "buraco", "players": 2})
    _round_trip("buraco", buraco, ["hard", "normal"], 5)


@pytest.mark.parametrize("game", ["carioca", "buraco"])
def test_simulate_record_writes_one_file_a_match_and_replay_reads_them(
    tmp_path: Path, game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "rec"
    args = ["simulate", "--game", game, "--players", "2", "--bots", "easy,normal"]
    assert carioca_main([*args, "--games", "2", "--seed", "4", "--record", str(folder)]) == 0
    files = sorted(folder.iterdir())
    assert len(files) == 2
    capsys.readouterr()
    for path in files:
        before = path.read_bytes()
        assert carioca_main(["replay", str(path)]) == 0
        last = capsys.readouterr().out.strip().splitlines()[-1]
        match = parse_match(before)
        assert last.startswith(f"replayed {len(match.actions)} actions: final scores [")
        assert last.endswith(f"{list(match.final_scores)}")
        assert path.read_bytes() == before


def test_simulate_figures_do_not_change_with_record(tmp_path: Path) -> None:
    from carioca_desktop.simulate.carioca import run
    from carioca_desktop.simulate.tournament import recorded_play

    rules = CariocaRules.from_dict({"players": 2})
    plain = run(rules, ["easy", "beginner"], 2, 9)
    recorded = run(rules, ["easy", "beginner"], 2, 9, recorded_play("carioca", str(tmp_path)))
    assert [t.totals for t in plain[0].values()] == [t.totals for t in recorded[0].values()]
    assert len(list(tmp_path.iterdir())) == 2
