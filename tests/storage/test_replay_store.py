"""Kept matches: a finished match a person played is kept as a match file with its statistics
record (once, surviving a resume), bounded with the oldest pruned first and starred kept."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.bots.buraco.driver import buraco_step, make_buraco_bot
from carioca_desktop.bots.carioca.base import make_bot
from carioca_desktop.bots.carioca.driver import bot_step
from carioca_desktop.play.buraco.session import BuracoSession
from carioca_desktop.play.carioca.session import MatchSession, SeatConfig
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths, flush_autosaves, load_stats
from carioca_desktop.storage.jsonio import dump
from carioca_desktop.storage.match_file import MatchFile, MatchFileError, dump_match
from carioca_desktop.storage.records import PlayerRecord
from carioca_desktop.storage.replays import (
    delete_kept,
    keep_match,
    list_kept,
    open_kept,
    prune,
    replays_dir,
    set_starred,
    starred,
)

SEATS = [SeatConfig("Tú", "human"), SeatConfig("Ana", "bot", "easy")]


def _play_out(session: Any, stand_in: Any, step: Any, stop_after: int | None = None) -> int:
    """Play the person's seat with ``stand_in`` (a bot), the others with the session's bots;
    up to ``stop_after`` actions. Returns how many were applied."""
    done = 0
    while not session.game.is_over and (stop_after is None or done < stop_after):
        action = session.pending_bot_action()
        if action is None:
            if session.game.round_over:
                session.next_round()
                done += 1
                continue
            action = step(session.game, {0: stand_in})
        session.apply(action)
        done += 1
    return done


def _carioca(tmp_path: Path, seed: int = 3) -> MatchSession:
    rules = CariocaRules.from_dict({"players": 2, "preset": "chico"})
    return MatchSession.new(rules, SEATS, seed, paths=Paths.under(tmp_path))


def test_a_finished_carioca_match_is_kept_once_and_replays_to_the_same_state(
    tmp_path: Path,
) -> None:
    session = _carioca(tmp_path)
    _play_out(session, make_bot("normal", 0, 1), bot_step)
    assert flush_autosaves(20.0)
    kept = list_kept(Paths.under(tmp_path))
    assert len(kept) == 1 and kept[0].match_id == session.match_id
    replayed = open_kept(kept[0], Paths.under(tmp_path))
    assert dump(replayed.game.to_dict()) == dump(session.game.to_dict())
    assert [p.kind for p in replayed.match.seats] == ["human", "bot"]
    stats, _ = load_stats(Paths.under(tmp_path))
    assert len(stats.records) == 1
    session._keep_match_file()  # recorded again (Continue after a kill): still one file
    assert len(list_kept(Paths.under(tmp_path))) == 1


def test_a_match_resumed_from_its_save_is_kept_whole(tmp_path: Path) -> None:
    session = _carioca(tmp_path, seed=11)
    stand_in = make_bot("normal", 0, 1)
    _play_out(session, stand_in, bot_step, stop_after=90)
    saved = session.to_dict()
    assert len(saved["replay_actions"]) == 90
    resumed = MatchSession.from_dict(saved, paths=Paths.under(tmp_path))
    _play_out(resumed, stand_in, bot_step)
    assert flush_autosaves(20.0)
    (kept,) = list_kept(Paths.under(tmp_path))
    replayed = open_kept(kept, Paths.under(tmp_path))
    assert dump(replayed.game.to_dict()) == dump(resumed.game.to_dict())


def test_a_save_from_before_match_files_plays_on_without_one(tmp_path: Path) -> None:
    session = _carioca(tmp_path, seed=12)
    stand_in = make_bot("normal", 0, 1)
    _play_out(session, stand_in, bot_step, stop_after=20)
    saved = session.to_dict()
    del saved["replay_actions"]
    resumed = MatchSession.from_dict(saved, paths=Paths.under(tmp_path))
    _play_out(resumed, stand_in, bot_step)
    assert flush_autosaves(20.0)
    assert list_kept(Paths.under(tmp_path)) == []
    assert len(load_stats(Paths.under(tmp_path))[0].records) == 1  # the record all the same


def test_a_finished_buraco_match_is_kept_and_replays(tmp_path: Path) -> None:
    rules = BuracoRules.from_dict({"game": "buraco", "players": 2, "preset": "dois_jogadores"})
    session = BuracoSession.new(rules, SEATS, 5, paths=Paths.under(tmp_path))
    _play_out(session, make_buraco_bot("normal", 0, 1), buraco_step)
    assert flush_autosaves(20.0)
    (kept,) = list_kept(Paths.under(tmp_path))
    replayed = open_kept(kept, Paths.under(tmp_path))
    assert replayed.match.game == "buraco"
    assert dump(replayed.game.to_dict()) == dump(session.game.to_dict())


def test_an_all_bot_match_is_not_kept(tmp_path: Path) -> None:
    bots = [SeatConfig("A", "bot", "easy"), SeatConfig("B", "bot", "easy")]
    rules = CariocaRules.from_dict({"players": 2, "preset": "chico"})
    session = MatchSession.new(rules, bots, 2, paths=Paths.under(tmp_path))
    _play_out(session, None, bot_step)
    assert flush_autosaves(20.0)
    assert list_kept(Paths.under(tmp_path)) == []


# --------------------------------------------------------------------------- the bounds
def _fake(number: int) -> MatchFile:
    return MatchFile(
        game="carioca",
        rules={"preset": "clasico", "players": 2},
        seats=(PlayerRecord("A", "human"), PlayerRecord("B", "bot", "easy")),
        seed=number,
        seeding="session",
        actions=({"do": "draw", "seat": 0, "from": "stock"},) * 10,
        final_scores=(0, 0),
        match_id=f"m{number:04d}",
        finished_at=f"2026-01-{1 + number // 24:02d}T{number % 24:02d}:00:00+00:00",
    )


def test_the_oldest_unstarred_matches_are_pruned_first(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    for n in range(6):
        keep_match(_fake(n), paths)
    set_starred("m0000", True, paths)
    removed = prune(paths, max_matches=3)
    assert sorted(p.name.split("-")[1] for p in removed) == [f"m000{n}.json" for n in (1, 2, 3)]
    assert [k.match_id for k in list_kept(paths)] == ["m0005", "m0004", "m0000"]
    assert [k.starred for k in list_kept(paths)] == [False, False, True]


def test_the_byte_bound_prunes_too(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    for n in range(5):
        keep_match(_fake(n), paths)
    size = len(dump_match(_fake(0)))
    prune(paths, max_bytes=2 * size + size // 2)
    assert [k.match_id for k in list_kept(paths)] == ["m0004", "m0003"]


def test_keeping_beyond_the_bound_prunes_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import carioca_desktop.storage.replays as replays

    monkeypatch.setattr(replays, "MAX_MATCHES", 2)
    paths = Paths.under(tmp_path)
    for n in range(4):
        keep_match(_fake(n), paths)
    assert [k.match_id for k in list_kept(paths)] == ["m0003", "m0002"]


def test_star_unstar_and_delete(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    keep_match(_fake(1), paths)
    set_starred("m0001", True, paths)
    assert starred(paths) == {"m0001"}
    assert delete_kept("m0001", paths) is True
    assert list_kept(paths) == [] and starred(paths) == set()
    assert delete_kept("m0001", paths) is False


def test_a_broken_stars_file_is_no_stars_and_no_crash(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    replays_dir(paths).mkdir(parents=True)
    (replays_dir(paths) / "stars.json").write_bytes(b'{"starred": [1, "../x", "ok-1"]')
    assert starred(paths) == set()
    (replays_dir(paths) / "stars.json").write_bytes(b'{"starred": [1, "../x", "ok-1"]}')
    assert starred(paths) == {"ok-1"}


def test_a_kept_match_that_fails_its_replay_is_set_aside_with_its_reason(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    bad = replace(_fake(1), final_scores=(1, 2))
    keep_match(bad, paths)
    (kept,) = list_kept(paths)
    with pytest.raises(MatchFileError) as err:
        open_kept(kept, paths)
    assert "action 2 refused" in err.value.reason  # a second draw from the stock
    assert list_kept(paths) == []
    aside = replays_dir(paths) / "aside"
    assert (aside / kept.path.name).exists()
    assert "refused" in (aside / f"{kept.path.name}.reason.txt").read_text()


def test_files_that_are_not_match_files_are_not_listed(tmp_path: Path) -> None:
    folder = replays_dir(Paths.under(tmp_path))
    folder.mkdir(parents=True)
    for name in ("notes.txt", "abc-x.json", "2026-.json", ".2026-x.json.tmp-1", "1-UPPER.json"):
        (folder / name).write_text("{}")
    (folder / "20260101-sub.json").mkdir()
    assert list_kept(Paths.under(tmp_path)) == []


def test_the_index_lists_headers_without_the_actions_and_follows_the_files(
    tmp_path: Path,
) -> None:
    from carioca_desktop.storage.replay_index import INDEX, headers

    paths = Paths.under(tmp_path)
    for n in range(3):
        keep_match(_fake(n), paths)
    listed = headers(paths)
    assert [h.match_id for _k, h in listed] == ["m0002", "m0001", "m0000"]
    assert all(h.actions == () and h.seed == int(h.match_id[1:]) for _k, h in listed)
    listed[0][0].path.unlink()  # a file gone: its entry goes
    (replays_dir(paths) / INDEX).write_text("not json")  # a broken index: rebuilt
    assert [h.match_id for _k, h in headers(paths)] == ["m0001", "m0000"]
    assert '"m0001"' in (replays_dir(paths) / INDEX).read_text()


def test_history_rows_show_place_code_and_filter_by_game(tmp_path: Path) -> None:
    from carioca_desktop.storage.history import rows

    session = _carioca(tmp_path, seed=21)
    _play_out(session, make_bot("normal", 0, 1), bot_step)
    assert flush_autosaves(20.0)
    paths = Paths.under(tmp_path)
    buraco = {"game": "buraco", "preset": "dois_jogadores"}
    keep_match(replace(_fake(1), game="buraco", rules=buraco, final_scores=(100, 3000)), paths)
    (row,) = rows(paths, "carioca")
    totals = session.game.outcome().totals
    assert row.place == 1 + sum(1 for t in totals if t < totals[0])
    assert row.code == session.deal_code() and row.code is not None
    (other,) = rows(paths, "buraco")
    assert other.place == 2 and other.code is not None
    assert [r.match_id for r in rows(paths, newest=False)] == ["m0001", session.match_id]
