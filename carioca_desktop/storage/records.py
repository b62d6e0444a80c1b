"""What a stored finished match says alike in either game (a statistics record of Carioca or
of Buraco, a match file): who sat at each seat, the match's id, and how large points may be."""

from __future__ import annotations

from dataclasses import dataclass

from carioca_desktop.storage import fields as f
from carioca_desktop.storage.notices import FileProblem

# What a match the rule sets allow can reach: up to 162 cards of up to 10,000 points in a
# hand, over up to 64 rounds (the rule sets refuse more); larger means a broken file.
POINTS_LIMIT = 200_000_000  # 64 rounds x 162 cards x 10,000 points is below
MAX_SEATS = 8
NAME_LIMIT = 64  # names are at most NAME_MAX (24) when written; older files may hold more
_ID_CHARS = frozenset("0123456789abcdefghijklmnopqrstuvwxyz-")
KINDS = ("human", "bot")


@dataclass(frozen=True)
class PlayerRecord:
    """Who sat at one seat."""

    name: str
    kind: str  # "human" or "bot"
    level: str | None = None  # the bot's level; None for humans


def players_from(value: object) -> list[PlayerRecord]:
    """The players of a record, or FileProblem."""
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
