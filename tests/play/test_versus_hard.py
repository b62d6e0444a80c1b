""" "How would hard have done?": the same deal with one seat played by hard, round by round.
A seat hard played already comes out the same (the bots are seeded as they were), which
checks that the comparison really deals and seeds the match again; another seat's differs."""

from __future__ import annotations

from pathlib import Path

import pytest

from carioca_desktop.play.versus import versus_hard, versus_lines
from carioca_desktop.replay_tool import main as replay_main
from carioca_desktop.replay_tool import record_bot_match
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage.match_file import MatchFile, dump_match


def _carioca(levels: list[str], seed: int) -> MatchFile:
    rules = CariocaRules.from_dict({"players": 2, "preset": "chico"})
    _result, match, _game = record_bot_match("carioca", rules, levels, seed)
    assert match is not None
    return match


def test_a_seat_hard_played_comes_out_the_same_in_both_games() -> None:
    match = _carioca(["hard", "easy"], 31)
    same = versus_hard(match, seat=0)
    assert same.played == same.hard and same.same_deals == len(same.played) > 0
    rules = BuracoRules.from_dict({"game": "buraco", "players": 2})
    _r, buraco, _g = record_bot_match("buraco", rules, ["hard", "easy"], 32)
    assert buraco is not None
    also = versus_hard(buraco, seat=0)
    assert also.played == also.hard and also.same_deals == 1


def test_another_seat_is_played_by_hard_on_the_same_deals() -> None:
    match = _carioca(["beginner", "easy"], 33)
    versus = versus_hard(match, seat=0)
    assert versus.finished and len(versus.hard) == len(versus.played)
    assert versus.played != versus.hard  # a beginner and hard do not play a match alike
    lines = versus_lines(versus)
    assert lines[-1].startswith("  total: played ") and len(lines) == len(versus.played) + 2


def test_replay_hard_prints_the_comparison_before_its_last_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.json"
    path.write_bytes(dump_match(_carioca(["easy", "easy"], 34)))
    assert replay_main([str(path), "--hard"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert any(line.startswith("  round 1: played ") for line in out)
    assert out[-1].startswith("replayed ")
