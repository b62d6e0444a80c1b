"""Finished Buraco matches as stored in stats.json, beside Carioca's: frozen records and their
strict JSON form. A record says ``"game": "buraco"``; a record without ``game`` is Carioca's
(storage/carioca/records.py), so files written before Buraco read as they did."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from carioca_desktop.storage import fields as f
from carioca_desktop.storage.notices import FileProblem
from carioca_desktop.storage.records import (
    POINTS_LIMIT,
    PlayerRecord,
    match_id_from,
    players_from,
)

GAME = "buraco"
SEATS = (2, 4)  # BURACO.md: two sides of partners, or the two-player game
MAX_HANDS = 1000  # a match to 3000 takes a handful; more means a broken file
TARGET_LIMIT = 1_000_000  # as the rule set's ``target``
_KEYS = frozenset(
    {"game", "finished_at", "preset", "rules", "players", "sides", "hand_points", "scores",
     "target", "winner", "human_seats", "match_id"}
)  # fmt: skip


@dataclass(frozen=True)
class BuracoRecord:
    """One finished Buraco match. ``hand_points[h][side]`` is what the side scored in hand h;
    ``scores`` are the final scores (their sums); ``winner`` is a side, 0 or 1; ``sides``
    lists the seats of each side (partners sit opposite: side = seat % 2)."""

    game: ClassVar[str] = GAME

    finished_at: str  # ISO 8601
    preset: str
    rules: dict[str, object]
    players: tuple[PlayerRecord, ...]  # per seat: name, kind and the bot's level
    sides: tuple[tuple[int, ...], tuple[int, ...]]
    hand_points: tuple[tuple[int, int], ...]
    scores: tuple[int, int]
    target: int
    winner: int
    human_seats: tuple[int, ...]  # empty when bots alone played
    match_id: str


def buraco_to_dict(record: BuracoRecord) -> dict[str, object]:
    return {
        "game": GAME,
        "finished_at": record.finished_at,
        "preset": record.preset,
        "rules": dict(record.rules),
        "players": [{"name": p.name, "kind": p.kind, "level": p.level} for p in record.players],
        "sides": [list(side) for side in record.sides],
        "hand_points": [list(hand) for hand in record.hand_points],
        "scores": list(record.scores),
        "target": record.target,
        "winner": record.winner,
        "human_seats": list(record.human_seats),
        "match_id": record.match_id,
    }


def buraco_from_dict(data: object) -> BuracoRecord:
    """A validated record, or FileProblem naming the first thing wrong."""
    if not isinstance(data, dict):
        raise f.wrong_type("an object", data)
    if set(data) != _KEYS:
        odd = sorted(set(data) ^ _KEYS)
        raise FileProblem("corrupt", f"Buraco record keys differ from expected: {', '.join(odd)}")
    if data["game"] != GAME:
        raise FileProblem("bad_value", f"a Buraco record of game {str(data['game'])[:20]!r}")
    players = tuple(players_from(data["players"]))
    if len(players) not in SEATS:
        raise FileProblem("bad_value", f"{len(players)} players; Buraco is played by 2 or 4")
    match_id = match_id_from(data["match_id"])
    if match_id is None:
        raise FileProblem("bad_value", "a Buraco record has a match id")
    fields: dict[str, Any] = {
        "finished_at": f.timestamp(data["finished_at"]),
        "preset": f.string(data["preset"], 64),
        "rules": f.str_keyed(data["rules"]),
        "players": players,
        "sides": _sides(data["sides"], len(players)),
        "hand_points": _hands(data["hand_points"]),
        "scores": _pair(data["scores"], "scores"),
        "target": f.integer(data["target"], 1, TARGET_LIMIT),
        "winner": f.integer(data["winner"], 0, 1),
        "human_seats": tuple(_seats(data["human_seats"], len(players))),
        "match_id": match_id,
    }
    record = BuracoRecord(**fields)
    _check_consistent(record)
    return record


def _pair(value: object, what: str) -> tuple[int, int]:
    row = f.int_list(value, -POINTS_LIMIT, POINTS_LIMIT)
    if len(row) != 2:
        raise FileProblem("bad_value", f"{what} has {len(row)} entries for 2 sides")
    return row[0], row[1]


def _hands(value: object) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, list):
        raise f.wrong_type("a list of hands", value)
    if not 1 <= len(value) <= MAX_HANDS:
        raise FileProblem("bad_value", f"{len(value)} hands, expected 1..{MAX_HANDS}")
    return tuple(_pair(hand, "a hand's points") for hand in value)


def _seats(value: object, seats: int) -> list[int]:
    row = f.int_list(value, 0, seats - 1)
    if len(set(row)) != len(row):
        raise FileProblem("bad_value", "a seat is named twice")
    return row


def _sides(value: object, seats: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if not isinstance(value, list) or len(value) != 2:
        raise FileProblem("bad_value", "sides is not a list of two sides")
    first, second = (tuple(_seats(side, seats)) for side in value)
    if (first, second) != (tuple(range(0, seats, 2)), tuple(range(1, seats, 2))):
        raise FileProblem("bad_value", "the sides are not partners seated opposite")
    return first, second


def _check_consistent(record: BuracoRecord) -> None:
    sums = tuple(sum(hand[side] for hand in record.hand_points) for side in (0, 1))
    if sums != record.scores:
        raise FileProblem("bad_value", "the scores are not the sums of the hands")
    won, lost = record.scores[record.winner], record.scores[1 - record.winner]
    if won < record.target or won <= lost:
        raise FileProblem("bad_value", "the winning side did not reach the target first")
    for seat in record.human_seats:
        if record.players[seat].kind != "human":
            raise FileProblem("bad_value", f"human seat {seat} holds a bot")
