"""A finished match's record says whether people at other computers sat at it."""

from __future__ import annotations

from carioca_desktop.storage import MatchRecord, PlayerRecord
from carioca_desktop.storage.network_mark import played_on_network


def record(kinds: list[str], mine: list[int]) -> MatchRecord:
    players = [PlayerRecord(f"P{i}", k, None if k == "human" else "normal")
               for i, k in enumerate(kinds)]  # fmt: skip
    n = len(kinds)
    return MatchRecord("2026-01-01T00:00:00+00:00", "clasico", {}, players, [[0] * n], [0] * n,
                       [0], "penalty", mine)  # fmt: skip


def test_a_local_match_and_a_hot_seat_are_not_network_matches() -> None:
    assert not played_on_network(record(["human", "bot", "bot"], [0]))
    assert not played_on_network(record(["human", "bot", "human"], [0, 2]))


def test_a_person_elsewhere_makes_it_a_network_match() -> None:
    assert played_on_network(record(["human", "human", "bot"], [0]))
    assert played_on_network(record(["bot", "human", "human"], [2]))
