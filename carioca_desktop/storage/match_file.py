"""The match file (docs/match-file.md): one finished match as versioned JSON, read as hostile.

This module checks the file's shape only (size, depth, types, ranges); whether the actions
are a match the engine accepts is ``storage/replay_check.py``'s question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from carioca_desktop.storage import fields as f
from carioca_desktop.storage.jsonio import check_depth, dump, parse_object, read_capped
from carioca_desktop.storage.notices import FileProblem
from carioca_desktop.storage.records import (
    NAME_LIMIT,
    PlayerRecord,
    match_id_from,
    player_from,
)

FORMAT = "carioca-match-file"
VERSION = 1
FILE_CAP = 4 * 1024 * 1024  # a 2,000-action Carioca match for 8 is about 200 KB
MAX_DEPTH = 8  # document > actions > action > melds > meld: 5; a little room
MAX_ACTIONS = 50_000  # both drivers cut a match long before (turn caps per round)
SEED_LIMIT = 2**64
SCORE_LIMIT = 10**9
GAMES = ("carioca", "buraco")
# How the engine was seeded: "session" is Game.new(rules, random.Random(seed)) (the app's
# matches), "direct" is Game.new(rules, seed) (the bot drivers: simulate, tests). Buraco's
# two forms deal the same; Carioca's do not.
SEEDINGS = ("session", "direct")
_KEYS = frozenset(
    {"format", "version", "game", "rules", "seats", "seed", "seeding", "actions",
     "final_scores", "match_id", "finished_at"}
)  # fmt: skip
# Optional: only a match played at a network table has it (this computer's people's seats).
NETWORK_KEY = "network"
_STAMP = re.compile(r"[^0-9]")


class MatchFileError(ValueError):
    """A match file that cannot be used: ``reason`` is one English line for a log and the
    command line; ``why`` (a stable code) and ``params`` are what a screen translates
    (``replay.why_<why>`` in assets/i18n: ui/refusal_words.py)."""

    def __init__(self, reason: str, why: str = "corrupt", **params: object) -> None:
        self.reason = " ".join(reason.split())[:300]
        self.why = why
        self.params = {key: " ".join(str(value).split())[:40] for key, value in params.items()}
        super().__init__(self.reason)


@dataclass(frozen=True)
class MatchFile:
    """One finished match: enough to deal it again and play every action the same way."""

    game: str
    rules: dict[str, Any]
    seats: tuple[PlayerRecord, ...]
    seed: int
    seeding: str
    actions: tuple[dict[str, Any], ...]
    final_scores: tuple[int, ...]
    match_id: str
    finished_at: str
    # The seats of this computer's people when the match was played at a network table
    # (its other people sat at other computers); None at a local table.
    network: tuple[int, ...] | None = None

    @property
    def human_seats(self) -> list[int]:
        return [i for i, p in enumerate(self.seats) if p.kind == "human"]

    @property
    def people_here(self) -> list[int]:
        """The seats of the people at this computer (at a local table: every person's)."""
        return self.human_seats if self.network is None else list(self.network)

    def stamp(self) -> str:
        """The finish time as digits (``20261201151200``): file names sort by it."""
        return _STAMP.sub("", self.finished_at)[:14]


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def to_document(match: MatchFile) -> dict[str, object]:
    document: dict[str, object] = {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game,
        "rules": dict(match.rules),
        "seats": [{"name": p.name, "kind": p.kind, "level": p.level} for p in match.seats],
        "seed": match.seed,
        "seeding": match.seeding,
        "actions": [dict(a) for a in match.actions],
        "final_scores": list(match.final_scores),
        "match_id": match.match_id,
        "finished_at": match.finished_at,
    }
    if match.network is not None:
        document[NETWORK_KEY] = list(match.network)
    return document


def dump_match(match: MatchFile) -> bytes:
    return dump(to_document(match))


def from_document(data: object) -> MatchFile:
    """The match in a decoded document, its shape checked; MatchFileError naming the first
    thing wrong. The engine's own checks come after (``replay_check.replay``)."""
    try:
        return _from_document(data)
    except FileProblem as problem:
        raise MatchFileError(problem.detail, problem.problem) from None


def _from_document(data: object) -> MatchFile:
    if not isinstance(data, dict):
        raise f.wrong_type("an object", data)
    if data.get("format") != FORMAT:
        raise MatchFileError('not a match file (no "format": "carioca-match-file")', "not_match")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        shown = version if version < 10**6 else "a huge number"
        raise MatchFileError(
            f"a match file of version {shown} from a newer program (this one reads version "
            f"{VERSION})", "newer_version", version=shown if version < 10**6 else "…", ours=VERSION,
        )  # fmt: skip
    if version != VERSION:
        raise FileProblem("unknown_version", "the match file's version is not one this reads")
    if set(data) - {NETWORK_KEY} != _KEYS:
        odd = ", ".join(sorted(str(k)[:20] for k in (set(data) - {NETWORK_KEY}) ^ _KEYS))
        raise FileProblem("corrupt", f"the match file's keys differ from expected: {odd}")
    seats = _seats(data["seats"])
    network = _network(data[NETWORK_KEY], seats) if NETWORK_KEY in data else None
    return MatchFile(
        game=str(f.choice(GAMES)(data["game"])),
        rules=f.str_keyed(data["rules"]),
        seats=seats,
        seed=f.integer(data["seed"], -SEED_LIMIT, SEED_LIMIT),
        seeding=str(f.choice(SEEDINGS)(data["seeding"])),
        actions=_actions(data["actions"]),
        final_scores=tuple(f.int_list(data["final_scores"], -SCORE_LIMIT, SCORE_LIMIT)),
        match_id=_match_id(data["match_id"]),
        finished_at=f.timestamp(data["finished_at"]),
        network=network,
    )


def _network(value: object, seats: tuple[PlayerRecord, ...]) -> tuple[int, ...]:
    """This computer's people's seats at a network match: distinct people's seats."""
    here = tuple(f.int_list(value, 0, len(seats) - 1))
    if len(set(here)) != len(here) or any(seats[i].kind != "human" for i in here):
        raise FileProblem("bad_value", "the network match's own seats are not its people's")
    return here


def _seats(value: object) -> tuple[PlayerRecord, ...]:
    if not isinstance(value, list):
        raise f.wrong_type("a list of seats", value)
    if not 2 <= len(value) <= 8:
        raise FileProblem("bad_value", f"{len(value)} seats, expected 2..8")
    seats = tuple(player_from(item) for item in value)
    for seat in seats:
        if not seat.name.strip() or len(seat.name) > NAME_LIMIT:
            raise FileProblem("bad_value", "a seat has no name")
        if (seat.kind == "bot") != (seat.level is not None):
            raise FileProblem("bad_value", "a bot seat names its level, a person's does not")
    return seats


def _actions(value: object) -> tuple[dict[str, Any], ...]:
    if not isinstance(value, list):
        raise f.wrong_type("a list of actions", value)
    if len(value) > MAX_ACTIONS:
        raise FileProblem("bad_value", f"{len(value)} actions, more than {MAX_ACTIONS}")
    for index, item in enumerate(value):
        if not isinstance(item, dict):
            raise FileProblem("wrong_type", f"action {index + 1} is not an object")
    return tuple(value)


def _match_id(value: object) -> str:
    text = match_id_from(value)
    if text is None:
        raise FileProblem("bad_value", "the match file has no match id")
    return text


def parse_match(data: bytes) -> MatchFile:
    """The match in a file's bytes (strict UTF-8 JSON, bounded depth), or MatchFileError."""
    if len(data) > FILE_CAP:
        raise MatchFileError(f"the file is larger than {FILE_CAP} bytes", "too_large")
    try:
        document = parse_object(data)
        check_depth(document, MAX_DEPTH)
    except FileProblem as problem:
        raise MatchFileError(problem.detail, problem.problem) from None
    return from_document(document)


def read_match_file(path: Path) -> MatchFile:
    """The match in the file at ``path``, read only (never written), or MatchFileError."""
    try:
        data = read_capped(path, FILE_CAP)
    except FileProblem as problem:
        raise MatchFileError(problem.detail, problem.problem) from None
    except OSError as err:
        reason = err.strerror or type(err).__name__
        raise MatchFileError(f"cannot read {path.name}: {reason}", "cannot_read") from None
    return parse_match(data)
