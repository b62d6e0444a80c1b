"""The network match's replay (net/replay.py): the host's ``replay`` parts fit the protocol's
cap and come back whole in order; a joiner keeps a good replay in History with its own seats
as "my view", and refuses every bad one with a reason, keeping nothing and never raising."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from carioca_desktop.net import protocol as p
from carioca_desktop.net.replay import (
    MAX_PARTS,
    PART_CHARS,
    Received,
    ReplayParts,
    keep_replay,
    replay_messages,
)
from carioca_desktop.replay_tool import record_bot_match
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import Paths
from carioca_desktop.storage.match_file import FILE_CAP, MatchFile, dump_match, to_document
from carioca_desktop.storage.records import PlayerRecord
from carioca_desktop.storage.replays import list_kept, open_kept


@lru_cache(maxsize=1)
def _played() -> MatchFile:
    rules = CariocaRules.from_dict({"players": 3, "preset": "chico"})
    _r, match, _g = record_bot_match("carioca", rules, ["easy", "normal", "easy"], 21)
    assert match is not None
    people = (PlayerRecord("Ana", "human"), match.seats[1], PlayerRecord("Beto", "human"))
    return dataclasses.replace(match, seats=people, match_id="net-0123456789ab")


def _session(match: MatchFile, over: bool = True) -> Any:
    return SimpleNamespace(game=SimpleNamespace(is_over=over), match_file=lambda: match)


def _received(match: MatchFile) -> Received | None:
    parts = ReplayParts()
    for message in replay_messages(_session(match)):
        parts.add(json.loads(p.encode(message)))  # as the client reads it
    return parts.take()


def test_the_parts_fit_the_cap_and_come_back_whole() -> None:
    match = _played()
    # A long match with quotes and backslashes in its names: several parts, each under the cap.
    big = dataclasses.replace(
        match, seats=(PlayerRecord('A"\\' * 10, "human"), *match.seats[1:]),
        actions=match.actions * 8,
    )  # fmt: skip
    messages = replay_messages(_session(big))
    assert len(messages) >= 3
    assert all(len(p.encode(m).encode("utf-8")) <= p.MAX_MESSAGE for m in messages)
    received = _received(big)
    assert received is not None and received.data == dump_match(big)


def test_no_replay_before_the_match_is_over() -> None:
    with pytest.raises(ValueError):
        replay_messages(_session(_played(), over=False))


def test_a_replay_that_cannot_be_built_is_not_sent_and_the_end_goes_on() -> None:
    def broken() -> MatchFile:
        raise KeyError("final scores")

    session = SimpleNamespace(game=SimpleNamespace(is_over=True), match_file=broken)
    assert replay_messages(session) == []


def test_a_good_replay_is_kept_with_this_computers_seats(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    match = _played()
    assert keep_replay(_received(match), match.match_id, [2], paths) is None
    kept = list_kept(paths)
    assert [k.match_id for k in kept] == [match.match_id]
    replayed = open_kept(kept[0], paths)
    assert replayed.match.network == (2,) and replayed.match.people_here == [2]
    assert replayed.match.final_scores == match.final_scores
    assert keep_replay(_received(match), match.match_id, [2], paths) is None  # kept once
    assert len(list_kept(paths)) == 1
    assert keep_replay(None, match.match_id, [2], paths) is None  # the host sent none


def _doc(change: Callable[[dict[str, Any]], object]) -> Received:
    doc = json.loads(json.dumps(to_document(_played())))
    change(doc)
    return Received(json.dumps(doc).encode())


def _first_discard(d: dict[str, Any]) -> None:
    next(a for a in d["actions"] if a["do"] == "discard")["card"] = "ZZ"


def _deep(levels: int) -> object:
    value: object = []
    for _ in range(levels):
        value = [value]
    return value


GOOD = bytes(dump_match(_played()))
HOSTILE: dict[str, tuple[Received, list[int], str]] = {
    "a part problem": (Received(None, "the replay's parts came out of order"), [0], "order"),
    "not JSON": (Received(b"{not json"), [0], ""),
    "truncated": (Received(GOOD[: len(GOOD) // 2]), [0], ""),
    "not a match file": (Received(b'{"t": "state"}'), [0], "not a match file"),
    "a newer version": (_doc(lambda d: d.update(version=99)), [0], "newer"),
    "another match": (_doc(lambda d: d.update(match_id="other-1")), [0], "another match"),
    "names its seats": (_doc(lambda d: d.update(network=[0])), [0], "own seats"),
    "a bot's seat as mine": (Received(GOOD), [1], "people"),
    "a seat beyond the table": (Received(GOOD), [7], ""),
    "a refused action": (_doc(_first_discard), [0], "refused"),
    "other final scores": (_doc(lambda d: d.update(final_scores=[1, 2, 3])), [0], "differ"),
    "cut short": (_doc(lambda d: d.update(actions=d["actions"][:-5])), [0], "not over"),
    "another game": (_doc(lambda d: d.update(game="buraco")), [0], ""),
    "wrong types": (_doc(lambda d: d.update(seed="7")), [0], ""),
    "too deep": (_doc(lambda d: d["rules"].update(x=_deep(20))), [0], "deep"),
    "huge": (Received(b" " * (FILE_CAP + 1)), [0], "larger"),
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_bad_replay_is_refused_with_a_reason_and_keeps_nothing(tmp_path: Path,
                                                                 kind: str) -> None:  # fmt: skip
    received, seats, words = HOSTILE[kind]
    paths = Paths.under(tmp_path)
    reason = keep_replay(received, _played().match_id, seats, paths)
    assert reason, kind
    assert words.lower() in reason.lower(), reason
    assert list_kept(paths) == []


def _sent(parts: ReplayParts, *messages: dict[str, Any]) -> Received | None:
    for message in messages:
        parts.add(message)
    return parts.take()


@pytest.mark.parametrize(
    ("messages", "words"),
    [
        ([{"part": 1, "of": 2, "text": "b"}], "order"),
        (
            [
                {"part": 0, "of": 2, "text": "a"},
                {"part": 0, "of": 2, "text": "a"},
                {"part": 2, "of": 2, "text": "b"},
            ],
            "order",
        ),
        ([{"part": 0, "of": 2, "text": "a"}], "1 of its 2"),
        ([{"part": 0, "of": 2, "text": "a"}, {"part": 1, "of": 3, "text": "b"}], "count"),
        ([{"part": 0, "of": MAX_PARTS + 1, "text": "a"}], "count"),
        ([{"part": 0, "of": 0, "text": "a"}], "count"),
        ([{"part": True, "of": 1, "text": "a"}], "not a part"),
        ([{"part": 0, "of": 1, "text": ["a"]}], "not a part"),
        ([{"part": -1, "of": 1, "text": "a"}], "not a part"),
        ([{"part": 0, "of": 1, "text": "é"}], "ascii"),
    ],
)
def test_bad_parts_leave_a_reason_not_a_replay(messages: list[dict[str, Any]],
                                                words: str) -> None:  # fmt: skip
    received = _sent(ReplayParts(), *messages)
    assert received is not None and received.data is None
    assert words.lower() in received.problem.lower(), received.problem


def test_a_new_first_part_starts_afresh_and_take_forgets() -> None:
    parts = ReplayParts()
    parts.add({"part": 0, "of": 3, "text": "x"})
    parts.add({"part": 2, "of": 3, "text": "z"})  # out of order: a problem ...
    received = _sent(parts, {"part": 0, "of": 2, "text": "a"}, {"part": 1, "of": 2, "text": "b"})
    assert received == Received(b"ab")  # ... until a rejoin's replay starts again
    assert parts.take() is None
    assert PART_CHARS * 2 + 100 < p.MAX_MESSAGE
