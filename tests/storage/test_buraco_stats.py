"""Buraco's statistics: its records beside Carioca's in stats.json (round trip, old files, a
damaged record set aside), one record per finished match (also after Continue), the figures."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from carioca_desktop.bots.buraco.driver import buraco_step, make_buraco_bot
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.resume import load_resumable
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.buraco.actions import NextRound
from carioca_desktop.rules.buraco.ruleset import preset_rules
from carioca_desktop.storage import (
    BuracoRecord,
    MatchRecord,
    Paths,
    PlayerRecord,
    Stats,
    append_match,
    flush_autosaves,
    load_stats,
    running_scores,
    side_won,
    summarize,
    summarize_buraco,
)
from carioca_desktop.storage.buraco.records import buraco_from_dict, buraco_to_dict
from carioca_desktop.storage.carioca.records import record_to_dict
from carioca_desktop.storage.notices import FileProblem
from tests.fixtures.examples import examples

ANA = PlayerRecord("Ana", "human")
BEA = PlayerRecord("Bea", "human")


def bot(name: str, level: str) -> PlayerRecord:
    return PlayerRecord(name, "bot", level)


def buraco(**changes: Any) -> BuracoRecord:
    base = BuracoRecord(
        finished_at="2026-11-30T21:00:00+00:00",
        preset="brasileiro",
        rules={"game": "buraco", "preset": "brasileiro"},
        players=(ANA, bot("Beto", "hard"), bot("Carla", "normal"), bot("Diego", "hard")),
        sides=((0, 2), (1, 3)),
        hand_points=((1200, 450), (-100, 900), (2050, 300)),
        scores=(3150, 1650),
        target=3000,
        winner=0,
        human_seats=(0,),
        match_id="b1",
    )
    return dataclasses.replace(base, **changes)


def carioca() -> MatchRecord:
    return MatchRecord(
        finished_at="2026-11-29T20:00:00+00:00",
        preset="clasico",
        rules={"preset": "clasico"},
        players=[ANA, bot("Beto", "easy")],
        round_points=[[0, 30], [25, 0]],
        totals=[25, 30],
        winners=[0],
        scoring="penalty",
        human_seats=[0],
        match_id="c1",
    )


@pytest.fixture
def paths(tmp_path: Path) -> Paths:
    return Paths.under(tmp_path)


# ---------------------------------------------------------------------- records
def test_a_buraco_record_round_trips_beside_carioca_ones(paths: Paths) -> None:
    first, second, third = carioca(), buraco(), buraco(match_id="b2", winner=0)
    for record in (first, second, third):
        append_match(record, paths)
    stats, notices = load_stats(paths)
    assert notices == []
    assert stats.records == (first, second, third)  # play order, both games
    assert stats.matches == (first,) and stats.buraco == (second, third)
    assert stats.match_ids() == {"c1", "b1", "b2"}
    document = json.loads(paths.stats_file.read_text())
    assert document["schema"] == 2
    assert [m.get("game") for m in document["matches"]] == [None, "buraco", "buraco"]


@pytest.mark.properties
@settings(max_examples=examples(60), deadline=None)
@given(
    hands=st.lists(
        st.tuples(st.integers(-2000, 4000), st.integers(-2000, 4000)), min_size=1, max_size=30
    ),
    two=st.booleans(),
)
def test_any_valid_buraco_record_survives_its_json(hands: list[tuple[int, int]], two: bool) -> None:
    scores = (sum(h[0] for h in hands), sum(h[1] for h in hands))
    winner = 0 if scores[0] > scores[1] else 1
    assume(scores[0] != scores[1] and scores[winner] >= 1)  # a unique winner at the target
    players = (ANA, bot("Beto", "easy")) if two else (ANA, BEA, bot("C", "easy"), bot("D", "hard"))
    record = buraco(
        players=players,
        sides=((0,), (1,)) if two else ((0, 2), (1, 3)),
        hand_points=tuple(hands),
        scores=scores,
        winner=winner,
        target=scores[winner],
        human_seats=(0,) if two else (0, 1),
    )
    assert buraco_from_dict(json.loads(json.dumps(buraco_to_dict(record)))) == record


def test_an_old_file_without_games_loads_as_carioca_and_is_kept(paths: Paths) -> None:
    old = {"schema": 1, "matches": [record_to_dict(carioca())]}
    paths.stats_file.write_text(json.dumps(old))
    stats, notices = load_stats(paths)
    assert notices == [] and stats.matches == (carioca(),) and stats.buraco == ()
    assert not list(paths.stats_file.parent.glob("stats.json.corrupt-*"))
    stats, _ = append_match(buraco(), paths)
    assert stats.records == (carioca(), buraco())
    assert load_stats(paths) == (stats, [])


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"scores": [3150, 1651]}, "bad_value"),  # not the sum of the hands
        ({"winner": 1}, "bad_value"),  # the losing side named as the winner
        ({"target": 5000}, "bad_value"),  # the winner short of the target
        ({"sides": [[0, 1], [2, 3]], "players": None}, "bad_value"),
        ({"sides": [[0, 2], [1]]}, "bad_value"),  # seat 3 on no side
        ({"hand_points": []}, "bad_value"),
        ({"hand_points": [[1, 2, 3]]}, "bad_value"),
        ({"human_seats": [1]}, "bad_value"),  # seat 1 is a bot
        ({"game": "truco"}, "bad_value"),
        ({"match_id": None}, "bad_value"),
        ({"surprise": 1}, "corrupt"),
        ({"target": "3000"}, "wrong_type"),
    ],
)
def test_a_damaged_buraco_record_is_set_aside_with_a_notice(
    paths: Paths, changes: dict[str, Any], problem: str
) -> None:
    good = buraco_to_dict(buraco())
    bad = {**good, **changes}
    if bad.get("players") is None:
        bad["players"] = good["players"]
    matches = [record_to_dict(carioca()), bad, buraco_to_dict(buraco(match_id="b2"))]
    paths.stats_file.write_text(json.dumps({"schema": 2, "matches": matches}))
    raw = paths.stats_file.read_bytes()
    stats, notices = load_stats(paths)
    assert stats.records == (carioca(), buraco(match_id="b2"))  # the others are kept
    assert [n.problem for n in notices] == [problem]
    assert notices[0].detail.startswith("match 1:")
    [aside] = paths.stats_file.parent.glob("stats.json.corrupt-*")
    assert aside.read_bytes() == raw and notices[0].moved_to == str(aside)  # never lost
    assert load_stats(paths) == (stats, [])


def test_an_invalid_buraco_record_is_refused_before_writing(paths: Paths) -> None:
    with pytest.raises(ValueError):
        append_match(buraco(scores=(1, 2)), paths)
    assert not paths.stats_file.exists()
    with pytest.raises(FileProblem):
        buraco_from_dict({**buraco_to_dict(buraco()), "winner": 2})


# ---------------------------------------------------------------------- figures
def test_buraco_figures_count_from_the_players_side() -> None:
    lost = buraco(
        match_id="b2",
        preset="italiano",
        hand_points=((300, 2100),),
        scores=(300, 2100),
        target=2000,
        winner=1,
    )
    hot_seat_partners = buraco(
        match_id="b3",
        players=(ANA, bot("Beto", "easy"), BEA, bot("Diego", "easy")),
        human_seats=(0, 2),
    )
    two_players = buraco(
        match_id="b4",
        preset="dois_jogadores",
        players=(bot("Beto", "hard"), ANA),
        sides=((0,), (1,)),
        human_seats=(1,),
    )  # the person sits at seat 1, on side 1, which lost
    summary = summarize_buraco(Stats((carioca(), buraco(), lost, hot_seat_partners, two_players)))
    assert (summary.played, summary.won) == (4, 2)
    assert [side_won(m) for m in summary.recent] == [False, True, False, True]
    assert {k: (v.played, v.won) for k, v in summary.by_level.items()} == {
        "hard": (3, 1),  # a bot partner's level is not an opponent's
        "easy": (1, 1),
    }
    assert {k: (v.played, v.won) for k, v in summary.by_preset.items()} == {
        "brasileiro": (2, 2),
        "italiano": (1, 0),
        "dois_jogadores": (1, 0),
    }
    assert summary.mean_score == (3150 + 300 + 3150 + 1650) / 4
    assert summary.best is not None and summary.best.match_id == "b3"  # the latest of the best
    assert summarize(Stats((carioca(), buraco()))).played == 1  # Carioca's figures stay its own
    assert running_scores(buraco()) == [[1200, 1100, 3150], [450, 1350, 1650]]


def test_no_buraco_matches_no_figures() -> None:
    summary = summarize_buraco(Stats((carioca(),)))
    assert summary.played == 0 and summary.mean_score is None and summary.best is None


# ---------------------------------------------------------------------- the session
def short_match(paths: Paths, people: int = 1, autosave: bool = True) -> BuracoSession:
    """A match to 50 points (a hand or two), the first ``people`` seats people's."""
    seats = [SeatConfig(f"P{i}", "human") for i in range(people)]
    seats += [SeatConfig(n, "bot", "easy") for n in ("Ana", "Beto", "Carla", "Diego")][people:]
    return BuracoSession.new(preset_rules("brasileiro", target=50), seats, 5, paths, autosave)


def play(session: BuracoSession, stop: int = 100_000) -> int:
    """Moves until the match is over or ``stop`` moves are made, the people's chosen by bots
    of their own (outside the session, as a person's clicks are); the moves made."""
    people = {seat: make_buraco_bot("easy", seat, 100 + seat) for seat in session.human_seats}
    moves = 0
    while not session.game.is_over and moves < stop:
        action = session.pending_bot_action() or buraco_step(session.game, people)
        if action is None and session.game.round_over:
            action = NextRound()
        assert action is not None
        session.apply(action)
        moves += 1
    return moves


def test_a_finished_match_appends_exactly_one_record(paths: Paths) -> None:
    session = short_match(paths)
    play(session)
    session._finish()  # asked again (a second call must not record twice)
    stats, notices = load_stats(paths)
    assert notices == [] and len(stats.buraco) == 1 and stats.matches == ()
    [record] = stats.buraco
    game = session.game
    assert record.match_id == session.match_id and record.winner == game.winner
    assert record.scores == game.scores and record.target == 50
    assert [list(h) for h in record.hand_points] == [list(h) for h in game.observation(0).history]
    assert record.human_seats == (0,) and record.sides == ((0, 2), (1, 3))
    assert [p.level for p in record.players] == [None, "easy", "easy", "easy"]
    assert record.rules["game"] == "buraco" and record.preset == "brasileiro"
    assert not paths.autosave_file.exists()  # the save is cleared once recorded


def test_a_hot_seat_match_is_recorded_a_bots_only_or_autoplay_one_is_not(paths: Paths) -> None:
    play(short_match(paths, people=2))
    play(short_match(paths, people=0))  # bots alone: a demo, not the player's game
    play(short_match(paths, people=1, autosave=False))  # autoplay runs without autosave
    [record] = load_stats(paths)[0].buraco
    assert record.human_seats == (0, 1)


def test_a_match_resumed_then_finished_is_recorded_once(paths: Paths) -> None:
    session = short_match(paths)
    play(session, stop=20)
    flush_autosaves()
    resumed, notices = load_resumable(paths)
    assert isinstance(resumed, BuracoSession) and notices == []
    assert resumed.match_id == session.match_id
    play(resumed)
    assert [r.match_id for r in load_stats(paths)[0].buraco] == [session.match_id]
    assert load_resumable(paths) == (None, [])


def test_a_save_of_a_finished_match_killed_before_recording_is_recorded_on_continue(
    paths: Paths, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = short_match(paths)
    monkeypatch.setattr(BuracoSession, "_finish", lambda self: None)  # killed at the end
    play(session)
    flush_autosaves()
    monkeypatch.undo()
    assert load_stats(paths)[0].buraco == ()
    resumed, notices = load_resumable(paths)
    assert resumed is None and [n.problem for n in notices] == ["finished"]
    assert [r.match_id for r in load_stats(paths)[0].buraco] == [session.match_id]
    assert not paths.autosave_file.exists()


def test_a_save_of_a_match_already_recorded_is_dropped(
    paths: Paths, monkeypatch: pytest.MonkeyPatch
) -> None:
    import carioca_desktop.play.seated as module  # where the session records and clears

    session = short_match(paths)
    monkeypatch.setattr(module, "clear_autosave", lambda paths: None)  # killed after recording
    play(session)
    flush_autosaves()
    monkeypatch.undo()
    assert paths.autosave_file.exists()
    resumed, notices = load_resumable(paths)
    assert resumed is None and [n.problem for n in notices] == ["finished"]
    assert [r.match_id for r in load_stats(paths)[0].buraco] == [session.match_id]  # once
    assert not paths.autosave_file.exists()
