"""MatchSession: seats, bots, saving after every move, resuming exactly, recording the end."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.bots.carioca.base import make_bot
from carioca_desktop.bots.carioca.driver import bot_step
from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca.actions import Discard, Draw, LayDown
from carioca_desktop.rules.carioca.position import from_position
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.errors import IllegalAction
from carioca_desktop.storage import Paths, flush_autosaves, load_autosave, load_stats

HUMAN_AND_BOTS = [
    SeatConfig("Tú", "human"),
    SeatConfig("Ana", "bot", "easy"),
    SeatConfig("Beto", "bot", "normal"),
    SeatConfig("Carla", "bot", "hard"),
]
ALL_BOTS = [SeatConfig(s.name, "bot", "normal") for s in HUMAN_AND_BOTS]


def new(tmp_path: Path, seats: list[SeatConfig] = HUMAN_AND_BOTS, **kw: Any) -> MatchSession:
    return MatchSession.new(CariocaRules(), seats, 7, paths=Paths.under(tmp_path), **kw)


def play_bots(session: MatchSession, moves: int) -> int:
    """Apply up to ``moves`` bot moves; returns how many were made."""
    for k in range(moves):
        action = session.pending_bot_action()
        if action is None:
            return k
        session.apply(action)
    return moves


def test_a_new_session_deals_and_saves_at_once(tmp_path: Path) -> None:
    session = new(tmp_path)
    assert session.game.players == 4 and len(session.game.hand(0)) == 12
    assert session.human_seats == [0] and session.is_human(0) and not session.is_human(1)
    assert flush_autosaves(10.0)  # the autosave is written off the frame
    assert Paths.under(tmp_path).autosave_file.exists()


def test_the_rules_follow_the_number_of_seats(tmp_path: Path) -> None:
    session = MatchSession.new(CariocaRules(), ALL_BOTS[:3], 1, autosave=False)
    assert session.game.players == 3


def test_the_viewer_is_the_human_to_act_else_the_first_human(tmp_path: Path) -> None:
    hot_seat = [SeatConfig("A", "human"), SeatConfig("B", "human"), SeatConfig("C", "bot", "easy")]
    session = MatchSession.new(CariocaRules(), hot_seat, 3, autosave=False)
    turn = session.game.current_player
    assert session.viewer() == (turn if turn in (0, 1) else 0)
    assert MatchSession.new(CariocaRules(), ALL_BOTS, 3, autosave=False).viewer() == 0


def test_the_pending_bot_action_is_stable_until_the_game_changes(tmp_path: Path) -> None:
    session = MatchSession.new(CariocaRules(), ALL_BOTS, 5, autosave=False)
    first = session.pending_bot_action()
    state = session.to_dict()
    assert session.pending_bot_action() == first
    assert session.to_dict()["game"] == state["game"]
    assert first is not None
    session.apply(first)
    assert session.pending_bot_action() != first or session.game.current_player is not None


def test_no_bot_acts_for_a_human(tmp_path: Path) -> None:
    session = new(tmp_path)
    made = play_bots(session, 200)
    assert made < 200  # the bots stopped: it is the human's turn
    assert session.game.current_player == 0 and session.pending_bot_action() is None


def test_round_trip_through_a_dict(tmp_path: Path) -> None:
    session = new(tmp_path, autosave=False)
    play_bots(session, 30)
    data = session.to_dict()
    again = MatchSession.from_dict(copy.deepcopy(data))
    assert again.to_dict() == data
    assert again.seats == session.seats and again.seed == 7 and again.preset == "clasico"


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d.update(format="other"),
        lambda d: d.update(version=99),
        lambda d: d.update(seed="x"),
        lambda d: d["seats"].pop(),
        lambda d: d["seats"][0].update(kind="alien"),
        lambda d: d["seats"][1].update(level="godlike"),
        lambda d: d["seats"][0].update(name="Someone else"),
        lambda d: d["bots"].pop("1"),
        lambda d: d["bots"].update({"0": d["bots"]["1"]}),
        lambda d: d["game"].update(turn=99),
        lambda d: d["game"]["hands"][0].append(0),
        lambda d: d.update(game="not a game"),
    ],
)
def test_a_bad_dict_is_a_value_error(spoil: Any) -> None:
    data = MatchSession.new(CariocaRules(), HUMAN_AND_BOTS, 2, autosave=False).to_dict()
    spoil(data)
    with pytest.raises(ValueError):
        MatchSession.from_dict(data)


def test_every_move_is_saved_and_continue_resumes_exactly(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    session = MatchSession.new(CariocaRules(), ALL_BOTS, 11, paths=paths)
    play_bots(session, 25)
    loaded, _, notices = load_autosave(paths, lambda d: MatchSession.from_dict(d, paths))
    assert not notices and isinstance(loaded, MatchSession)
    assert loaded.to_dict() == session.to_dict()
    # Both go on the same way: the bots' memory and random state were saved too.
    made = play_bots(session, 40)
    assert play_bots(loaded, 40) == made
    assert loaded.to_dict() == session.to_dict()


def test_an_illegal_action_raises_and_saves_nothing(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    session = MatchSession.new(CariocaRules(), HUMAN_AND_BOTS, 4, paths=paths)
    assert flush_autosaves(10.0)
    before = paths.autosave_file.read_bytes()
    seat = session.game.current_player
    assert seat is not None
    with pytest.raises(IllegalAction) as err:
        session.apply(Discard(seat, "JK"))
    assert err.value.code == "must_draw_first"
    assert flush_autosaves(10.0)
    assert paths.autosave_file.read_bytes() == before


def one_round_to_the_end(tmp_path: Path, seats: list[SeatConfig]) -> MatchSession:
    """A one-round match where seat 0 lays down two tríos and goes out."""
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 2, "rounds": ["2T"]})
    game = from_position(
        rules,
        [["7H", "7S", "7D", "5C", "5D", "5S"], ["2D", "3D", "4S", "9S", "10S", "JS", "QH"]],
        stock=["KC", "QC", "JC"],
        pozo=["4D"],
        names=[s.name for s in seats],
    )
    bots: dict[int, Any] = {
        i: make_bot(s.level or "easy", i, i) for i, s in enumerate(seats) if s.kind == "bot"
    }
    session = MatchSession(game, seats, 1, "clasico", bots, Paths.under(tmp_path))
    session.apply(Draw(0))
    session.apply(LayDown(0, (("7H", "7S", "7D"), ("5C", "5D", "5S"))))
    assert flush_autosaves(10.0)
    assert Paths.under(tmp_path).autosave_file.exists()
    session.apply(Discard(0, "KC"))
    assert session.game.is_over
    return session


def test_the_end_clears_the_autosave_and_records_the_match(tmp_path: Path) -> None:
    seats = [SeatConfig("Tú", "human"), SeatConfig("Ana", "bot", "hard")]
    session = one_round_to_the_end(tmp_path, seats)
    paths = Paths.under(tmp_path)
    assert not paths.autosave_file.exists()
    stats, _ = load_stats(paths)
    assert len(stats.matches) == 1
    record = stats.matches[0]
    assert record.human_seats == [0] and record.winners == [0]
    assert record.round_points == [[0, record.totals[1]]]
    assert [p.kind for p in record.players] == ["human", "bot"]
    assert session.recorded


def test_an_all_bot_match_is_not_recorded(tmp_path: Path) -> None:
    seats = [SeatConfig("Ana", "bot", "easy"), SeatConfig("Beto", "bot", "hard")]
    one_round_to_the_end(tmp_path, seats)
    stats, _ = load_stats(Paths.under(tmp_path))
    assert stats.matches == ()


def test_without_autosave_nothing_is_written(tmp_path: Path) -> None:
    session = MatchSession.new(
        CariocaRules(), ALL_BOTS, 9, paths=Paths.under(tmp_path), autosave=False
    )
    play_bots(session, 20)
    assert not any(tmp_path.iterdir())


def test_the_autosave_at_a_round_end_loads_again(tmp_path: Path) -> None:
    """Continue from the round summary: the last discard that went out is on the pozo.
    (A real match played to its first round end: a saved game must be one that could have
    been played, so a hand-built position would be refused as a save.)"""
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 2})
    seats = [SeatConfig("Tú", "human"), SeatConfig("Ana", "bot", "easy")]
    paths = Paths.under(tmp_path)
    session = MatchSession.new(rules, seats, 3, paths=paths)
    players = {**session.bots, 0: make_bot("easy", 0, 5)}  # a bot plays the person's seat
    while session.game.phase.value != "round_over":
        action = bot_step(session.game, players)
        assert action is not None
        session.apply(action)
    loaded, _, notices = load_autosave(paths, lambda d: MatchSession.from_dict(d, paths))
    assert not notices, notices
    assert isinstance(loaded, MatchSession) and loaded.to_dict() == session.to_dict()


def test_a_seat_takes_every_bot_level_and_no_other() -> None:
    from carioca_desktop.bots.carioca.base import LEVELS

    for level in LEVELS:
        assert SeatConfig.from_dict({"name": "B", "kind": "bot", "level": level}).level == level
    with pytest.raises(ValueError, match="bad bot level"):
        SeatConfig.from_dict({"name": "B", "kind": "bot", "level": "genius"})


def test_undo_takes_back_a_lay_down_and_saves(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    seats = [SeatConfig("Tú", "human"), SeatConfig("Ana", "bot", "easy")]
    rules = CariocaRules.from_dict({"preset": "clasico", "players": 2, "rounds": ["2T", "2T"]})
    game = from_position(
        rules,
        [["7H", "7S", "7D", "5C", "5D", "5S", "9H"], ["2D", "3D", "4S", "9S", "10S", "JS", "QH"]],
        stock=["KC", "QC", "JC"],
        pozo=["4D"],
        names=[s.name for s in seats],
    )
    session = MatchSession(game, seats, 1, "clasico", {1: make_bot("easy", 1, 1)}, paths)
    assert not session.can_undo() and session.undo() is None
    session.apply(Draw(0))
    drawn = session.game.to_dict()
    assert not session.can_undo()  # a draw is final
    session.apply(LayDown(0, (("7H", "7S", "7D"), ("5C", "5D", "5S"))))
    assert session.can_undo()
    undone = session.undo()
    assert undone is not None and undone.kind == "lay_down"
    _, saved, _ = load_autosave(paths)
    assert saved is not None and saved["game"] == drawn == session.game.to_dict()
    assert session.game.hand(0) == ["7H", "7S", "7D", "5C", "5D", "5S", "9H", "KC"]
    assert not session.can_undo() and session.undo() is None
    session.apply(Discard(0, "KC"))
    assert not session.can_undo()  # a bot's turn: nothing for a person to take back


def test_the_hand_arrangement_is_saved_and_continue_brings_it_back(tmp_path: Path) -> None:
    from carioca_desktop.play.carioca.session import Arrangement
    from carioca_desktop.ui.tablekit.hand import HandModel

    paths = Paths.under(tmp_path)
    session = new(tmp_path)
    hand = list(reversed(session.game.hand(0)))
    session.arrange(0, hand, [hand[:3], []])
    session.arrange(1, hand)  # a bot's seat: nothing to remember
    loaded, _, _ = load_autosave(paths, lambda d: MatchSession.from_dict(d, paths))
    assert isinstance(loaded, MatchSession)
    assert loaded.arrangements == {0: Arrangement(tuple(hand), (tuple(hand[:3]), ()))}
    # the table restores the order, then reconciles with the engine's hand
    model = HandModel()
    model.sync(loaded.arrangements[0].hand)
    model.sync(loaded.game.hand(0))
    assert [c.code for c in model.cards] == hand


@pytest.mark.parametrize(
    "raw",
    [
        None,
        [],
        {"0": {"hand": "7H"}},
        {"0": {"hand": [7]}},
        {"x": {"hand": []}},
        {"1": {"hand": []}},
    ],
)
def test_a_bad_arrangement_is_dropped_not_a_reason_to_refuse_the_save(
    tmp_path: Path, raw: Any
) -> None:
    data = new(tmp_path).to_dict()
    data["arrangements"] = raw
    assert MatchSession.from_dict(data).arrangements == {}
