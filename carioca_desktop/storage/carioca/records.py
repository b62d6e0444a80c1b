"""Finished Carioca matches as stored in stats.json: frozen records and their strict JSON form
(the players and the match id are either game's: storage/records.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from carioca_desktop.storage import fields as f
from carioca_desktop.storage.notices import FileProblem
from carioca_desktop.storage.records import (
    POINTS_LIMIT,
    PlayerRecord,
    match_id_from,
    players_from,
)

# A larger round count means a broken file.
MAX_ROUNDS = 64  # as carioca_desktop.rules.ruleset.MAX_ROUNDS
SCORINGS = ("penalty", "tallies")
_RECORD_KEYS = frozenset(
    {"finished_at", "preset", "rules", "players", "round_points", "totals", "winners",
     "scoring", "human_seats"}
)  # fmt: skip


@dataclass(frozen=True)
class MatchRecord:
    """One finished match. ``round_points[r][s]`` is what seat s scored in round r (penalty
    points, in both scoring modes); ``totals`` are the final scores in the match's mode."""

    finished_at: str  # ISO 8601
    preset: str
    rules: dict[str, object]
    players: list[PlayerRecord]
    round_points: list[list[int]]
    totals: list[int]
    winners: list[int]  # seats; several when the win is shared
    scoring: str  # "penalty" or "tallies"
    human_seats: list[int]
    match_id: str | None = None  # absent in records written before match ids


def record_to_dict(record: MatchRecord) -> dict[str, object]:
    out: dict[str, object] = {
        "finished_at": record.finished_at,
        "preset": record.preset,
        "rules": dict(record.rules),
        "players": [{"name": p.name, "kind": p.kind, "level": p.level} for p in record.players],
        "round_points": [list(row) for row in record.round_points],
        "totals": list(record.totals),
        "winners": list(record.winners),
        "scoring": record.scoring,
        "human_seats": list(record.human_seats),
    }
    if record.match_id is not None:
        out["match_id"] = record.match_id
    return out


def record_from_dict(data: object) -> MatchRecord:
    """A validated record, or FileProblem naming the first thing wrong."""
    if not isinstance(data, dict):
        raise f.wrong_type("an object", data)
    keys = set(data) - {"match_id"}
    if keys != _RECORD_KEYS:
        odd = sorted(keys ^ _RECORD_KEYS)
        raise FileProblem("corrupt", f"match record keys differ from expected: {', '.join(odd)}")
    players = players_from(data["players"])
    seats = len(players)
    fields: dict[str, Any] = {
        "finished_at": f.timestamp(data["finished_at"]),
        "preset": f.string(data["preset"], 64),
        "rules": f.str_keyed(data["rules"]),
        "players": players,
        "round_points": _round_points(data["round_points"], seats),
        "totals": _per_seat(data["totals"], seats, "totals"),
        "winners": _seat_list(data["winners"], seats, "winners"),
        "scoring": f.choice(SCORINGS)(data["scoring"]),
        "human_seats": _seat_list(data["human_seats"], seats, "human_seats"),
        "match_id": match_id_from(data.get("match_id")),
    }
    record = MatchRecord(**fields)
    _check_consistent(record)
    return record


def _round_points(value: object, seats: int) -> list[list[int]]:
    if not isinstance(value, list):
        raise f.wrong_type("a list of rounds", value)
    if not 1 <= len(value) <= MAX_ROUNDS:
        raise FileProblem("bad_value", f"{len(value)} rounds, expected 1..{MAX_ROUNDS}")
    return [_per_seat(row, seats, "round_points") for row in value]


def _per_seat(value: object, seats: int, what: str) -> list[int]:
    row = f.int_list(value, -POINTS_LIMIT, POINTS_LIMIT)
    if len(row) != seats:
        raise FileProblem("bad_value", f"{what} has {len(row)} entries for {seats} seats")
    return row


def _seat_list(value: object, seats: int, what: str) -> list[int]:
    row = f.int_list(value, 0, seats - 1)
    if len(set(row)) != len(row):
        raise FileProblem("bad_value", f"{what} names a seat twice")
    return row


def _check_consistent(record: MatchRecord) -> None:
    if not record.winners:
        raise FileProblem("bad_value", "a finished match has at least one winner")
    for seat in record.human_seats:
        if record.players[seat].kind != "human":
            raise FileProblem("bad_value", f"human seat {seat} holds a bot")
