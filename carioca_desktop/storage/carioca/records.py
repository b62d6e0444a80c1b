"""Finished matches as stored in stats.json: frozen records and their strict JSON form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from carioca_desktop.storage import fields as f
from carioca_desktop.storage.notices import FileProblem

# What a match the rule sets allow can reach: up to 162 cards of up to 10,000 points in a
# hand, over up to MAX_ROUNDS rounds (RuleSet refuses more); larger means a broken file.
POINTS_LIMIT = 200_000_000  # 64 rounds x 162 cards x 10,000 points is below
MAX_SEATS = 8
MAX_ROUNDS = 64  # as carioca_desktop.rules.ruleset.MAX_ROUNDS
NAME_LIMIT = 64  # names are at most NAME_MAX (24) when written; older files may hold more
_ID_CHARS = frozenset("0123456789abcdefghijklmnopqrstuvwxyz-")
KINDS = ("human", "bot")
SCORINGS = ("penalty", "tallies")
_RECORD_KEYS = frozenset(
    {"finished_at", "preset", "rules", "players", "round_points", "totals", "winners",
     "scoring", "human_seats"}
)  # fmt: skip


@dataclass(frozen=True)
class PlayerRecord:
    """Who sat at one seat."""

    name: str
    kind: str  # "human" or "bot"
    level: str | None = None  # the bot's level; None for humans


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


def players_from(value: object) -> list[PlayerRecord]:
    """The players of a record (shared with the Buraco record), or FileProblem."""
    if not isinstance(value, list):
        raise f.wrong_type("a list of players", value)
    if not 2 <= len(value) <= MAX_SEATS:
        raise FileProblem("bad_value", f"{len(value)} players, expected 2..{MAX_SEATS}")
    return [player_from(item) for item in value]


def player_from(value: object) -> PlayerRecord:
    if not isinstance(value, dict) or set(value) != {"name", "kind", "level"}:
        raise FileProblem("corrupt", "a player is not {name, kind, level}")
    level = value["level"]
    return PlayerRecord(
        name=f.string(value["name"], NAME_LIMIT),
        kind=str(f.choice(KINDS)(value["kind"])),
        level=None if level is None else f.string(level, 32),
    )


def match_id_from(value: object) -> str | None:
    if value is None:
        return None
    text = f.string(value, 64)
    if not text or not set(text) <= _ID_CHARS:
        raise FileProblem("bad_value", "a match id is lowercase letters, digits and -")
    return text


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
