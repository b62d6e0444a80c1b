"""Statistics: records round trip, append, bad records dropped, caps, summaries."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carioca_desktop.storage import (
    MAX_RECORDS,
    MatchRecord,
    Paths,
    PlayerRecord,
    Stats,
    append_match,
    load_stats,
    running_totals,
    summarize,
)
from carioca_desktop.storage.carioca.records import record_from_dict, record_to_dict
from tests.fixtures.examples import examples

ANA = PlayerRecord("Ana", "human")
BEA = PlayerRecord("Bea", "human")


def bot(level: str) -> PlayerRecord:
    return PlayerRecord(f"Bot {level}", "bot", level)


def record(**changes: Any) -> MatchRecord:
    base = MatchRecord(
        finished_at="2024-05-01T20:00:00+00:00",
        preset="clasico",
        rules={"preset": "clasico"},
        players=[ANA, bot("easy"), bot("hard")],
        round_points=[[0, 30, 12], [25, 0, 40]],
        totals=[25, 30, 52],
        winners=[0],
        scoring="penalty",
        human_seats=[0],
    )
    return dataclasses.replace(base, **changes)


@pytest.fixture
def paths(tmp_path: Path) -> Paths:
    return Paths.under(tmp_path)


def test_append_and_load_round_trip(paths: Paths) -> None:
    first = record()
    second = record(preset="familiar", scoring="tallies", winners=[1, 2], totals=[0, 1, 1])
    stats, notices = append_match(first, paths)
    assert notices == [] and stats == Stats((first,))
    stats, _ = append_match(second, paths)
    assert stats.matches == (first, second)
    assert load_stats(paths) == (stats, [])
    assert json.loads(paths.stats_file.read_text())["schema"] == 2


def test_record_dict_round_trip() -> None:
    r = record(players=[ANA, BEA], round_points=[[1, 2]], totals=[1, 2], human_seats=[0, 1])
    assert record_from_dict(record_to_dict(r)) == r


@pytest.mark.parametrize(
    "changes",
    [
        {"totals": [1, 2]},  # one short
        {"round_points": [[0, 1, 2], [3, 4]]},
        {"round_points": []},
        {"winners": []},
        {"winners": [3]},
        {"winners": [0, 0]},
        {"human_seats": [1]},  # seat 1 is a bot
        {"totals": [200_000_001, 0, 0]},  # beyond what any rule set can score
        {"totals": [True, 0, 0]},
        {"scoring": "golf"},
        {"finished_at": "last tuesday"},
        {"players": [ANA]},
        {"players": [PlayerRecord("x", "alien"), ANA, ANA]},
    ],
)
def test_invalid_records_are_refused(paths: Paths, changes: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        append_match(record(**changes), paths)
    assert not paths.stats_file.exists()


def test_a_bad_record_is_dropped_the_rest_kept_and_the_original_aside(paths: Paths) -> None:
    good = record_to_dict(record())
    bad = {**good, "totals": "lots"}
    odd = {**good, "surprise": 1}
    paths.stats_file.write_text(json.dumps({"schema": 1, "matches": [good, bad, good, odd]}))
    raw = paths.stats_file.read_bytes()
    stats, notices = load_stats(paths)
    assert stats.matches == (record(), record())
    assert [n.problem for n in notices] == ["wrong_type", "corrupt"]
    assert notices[0].detail.startswith("match 1:")
    [aside] = paths.stats_file.parent.glob("stats.json.corrupt-*")
    assert aside.read_bytes() == raw and notices[0].moved_to == str(aside)
    assert load_stats(paths) == (stats, [])


def test_oldest_records_go_beyond_the_cap(paths: Paths) -> None:
    many = [record_to_dict(record(totals=[i % 1000, 30, 52])) for i in range(MAX_RECORDS + 5)]
    paths.stats_file.write_text(json.dumps({"schema": 1, "matches": many}))
    stats, notices = load_stats(paths)
    assert notices == [] and len(stats.matches) == MAX_RECORDS
    assert stats.matches[0].totals[0] == 5
    stats, _ = append_match(record(totals=[999, 0, 0]), paths)
    assert len(stats.matches) == MAX_RECORDS and stats.matches[-1].totals[0] == 999
    assert stats.matches[0].totals[0] == 6


def test_newer_stats_file_is_not_written(paths: Paths) -> None:
    paths.stats_file.write_text('{"schema": 3, "matches": "elsewhere"}')
    raw = paths.stats_file.read_bytes()
    stats, notices = append_match(record(), paths)
    assert [n.problem for n in notices] == ["newer_version"]
    assert stats.matches == (record(),)
    assert paths.stats_file.read_bytes() == raw


def test_summary_counts_from_the_humans_side() -> None:
    vs_easy_won = record()
    vs_hard_lost = record(players=[ANA, bot("hard"), bot("hard")], winners=[1])
    hot_seat = record(
        preset="familiar",
        players=[ANA, BEA, bot("easy")],
        round_points=[[5, 0, 0], [9, 9, 20]],
        totals=[14, 9, 20],
        winners=[1],
        human_seats=[0, 1],
    )
    tallies = record(scoring="tallies", totals=[2, 0, 0], winners=[0])
    summary = summarize(Stats((vs_easy_won, vs_hard_lost, hot_seat, tallies)))
    assert (summary.played, summary.won) == (4, 3)
    assert {k: (v.played, v.won) for k, v in summary.by_level.items()} == {
        "easy": (3, 3),
        "hard": (3, 2),
    }
    assert {k: (v.played, v.won) for k, v in summary.by_preset.items()} == {
        "clasico": (3, 2),
        "familiar": (1, 1),
    }
    human_points = [0, 25] * 2 + [5, 9, 0, 9] + [0, 25]
    assert summary.average_round_points == pytest.approx(sum(human_points) / len(human_points))
    # Penalty totals only: 25, 25, 14, 9; the tallies match's 2 is not a total of points.
    assert (summary.best_total, summary.worst_total) == (9, 25)
    assert summary.rounds_played == 8
    # Seat 0 is lowest in round 1 of each solo match; the hot-seat table wins both rounds
    # (Bea ties for lowest in the first).
    assert summary.rounds_won == 1 + 1 + 2 + 1
    assert summary.recent == (tallies, hot_seat, vs_hard_lost, vs_easy_won)


def test_empty_summary() -> None:
    summary = summarize(Stats())
    assert (summary.played, summary.won, summary.average_round_points) == (0, 0, None)
    assert (summary.best_total, summary.recent, summary.by_level) == (None, (), {})


def test_running_totals() -> None:
    r = record(round_points=[[0, 30, 12], [25, 0, 40], [5, 5, -10]], totals=[30, 35, 42])
    assert running_totals(r) == [[0, 25, 30], [30, 30, 35], [12, 52, 42]]


points = st.integers(-100_000, 100_000)


@st.composite
def records(draw: st.DrawFn) -> MatchRecord:
    seats = draw(st.integers(2, 8))
    kinds = draw(st.lists(st.sampled_from(["human", "bot"]), min_size=seats, max_size=seats))
    players = [
        PlayerRecord(f"p{i}", k, None if k == "human" else draw(st.sampled_from(["a", "b"])))
        for i, k in enumerate(kinds)
    ]
    rows = draw(st.lists(st.lists(points, min_size=seats, max_size=seats), min_size=1))
    seat = st.integers(0, seats - 1)
    return MatchRecord(
        finished_at="2024-01-01T00:00:00",
        preset=draw(st.sampled_from(["clasico", "chico"])),
        rules={},
        players=players,
        round_points=rows,
        totals=draw(st.lists(points, min_size=seats, max_size=seats)),
        winners=draw(st.lists(seat, min_size=1, unique=True)),
        scoring=draw(st.sampled_from(["penalty", "tallies"])),
        human_seats=[i for i, k in enumerate(kinds) if k == "human"],
    )


@pytest.mark.properties
@settings(max_examples=examples(200), deadline=None)
@given(st.lists(records(), max_size=6))
def test_summary_invariants(matches: list[MatchRecord]) -> None:
    for m in matches:
        assert record_from_dict(record_to_dict(m)) == m
    summary = summarize(Stats(tuple(matches)))
    assert 0 <= summary.won <= summary.played == len(matches)
    assert 0 <= summary.rounds_won <= summary.rounds_played
    for count in [*summary.by_level.values(), *summary.by_preset.values()]:
        assert 0 <= count.won <= count.played <= summary.played
    assert sum(c.played for c in summary.by_preset.values()) == summary.played
    for m in matches:
        totals = running_totals(m)
        assert [row[-1] for row in totals] == [sum(col) for col in zip(*m.round_points)]
