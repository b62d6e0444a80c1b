"""What storage reports about a file it could not use as it was: notices and problem codes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# Which file a notice is about.
FileKind = Literal["settings", "save", "stats"]

# Stable problem codes: the UI translates these, logs show the English detail.
#   corrupt          not a document of this kind at all (top level not an object, unreadable)
#   too_large        bigger than the size cap for its kind; never read into memory
#   not_utf8         bytes that are not strict UTF-8
#   bad_json         not JSON (truncated, empty, garbage, NaN/Infinity, huge numbers)
#   too_deep         nested deeper than MAX_DEPTH
#   wrong_type       a known key holds the wrong JSON type
#   bad_value        right type, but out of range or not an allowed value
#   unknown_version  "schema" is not a version this program can read or migrate
#   newer_version    written by a newer program: left untouched and never overwritten this run
#   invalid_game     the saved match was refused by the game's own validator
#   not_a_file       a FIFO, device or folder where a file should be: set aside unread
#   finished         a save of a match already in the statistics (finished, then killed)
Problem = Literal[
    "corrupt",
    "too_large",
    "not_utf8",
    "bad_json",
    "too_deep",
    "wrong_type",
    "bad_value",
    "unknown_version",
    "newer_version",
    "invalid_game",
    "not_a_file",
    "finished",
]


@dataclass(frozen=True)
class Notice:
    """One thing the player may want to know about a file: which, what, and where it went."""

    file: FileKind
    problem: Problem
    detail: str
    moved_to: str | None = None


class NewerMatch(ValueError):
    """Raised by a match validator for a save this program cannot read because a newer one
    wrote it (a newer session or game version, a rule or preset it does not know): the file
    is left where it is, untouched, and a new match is saved beside it."""


class FileProblem(Exception):
    """Raised inside storage when a file or a value in it cannot be used; becomes a Notice."""

    def __init__(self, problem: Problem, detail: str) -> None:
        super().__init__(detail)
        self.problem: Problem = problem
        self.detail = detail

    def notice(self, kind: FileKind, moved_to: str | None = None) -> Notice:
        return Notice(kind, self.problem, self.detail, moved_to)
