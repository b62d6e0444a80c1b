"""The statistics file (stats.json): every finished match, oldest first."""

from __future__ import annotations

from dataclasses import dataclass

from carioca_desktop.storage.documents import (
    CAPS,
    Loaded,
    load_document,
    repair,
    set_aside,
    write_encoded,
)
from carioca_desktop.storage.fields import wrong_type
from carioca_desktop.storage.jsonio import dump
from carioca_desktop.storage.migrations import CURRENT
from carioca_desktop.storage.notices import FileProblem, Notice
from carioca_desktop.storage.paths import Paths, default_paths
from carioca_desktop.storage.records import MatchRecord, record_from_dict, record_to_dict

MAX_RECORDS = 10_000


@dataclass(frozen=True)
class Stats:
    """Finished matches in the order they were played (oldest first)."""

    matches: tuple[MatchRecord, ...] = ()


def load_stats(paths: Paths | None = None) -> tuple[Stats, list[Notice]]:
    """The saved statistics, or empty ones when the file is missing or unusable.

    A record that fails validation is dropped and reported while the others are kept; the
    original file is kept aside as ``stats.json.corrupt-<stamp>`` and rewritten without it.
    A file whose overall shape is wrong is set aside whole. Beyond MAX_RECORDS, the oldest
    matches are dropped.
    """
    path = (paths or default_paths()).stats_file
    loaded, notices = load_document("stats", path)
    if loaded is None:
        return Stats(), notices
    try:
        raw_matches = _matches_of(loaded)
    except FileProblem as problem:
        return Stats(), [*notices, set_aside("stats", path, problem)]
    records, problems = _records(raw_matches)
    stats = Stats(tuple(records[-MAX_RECORDS:]))
    if problems:
        notices += repair("stats", path, loaded, _document(stats), problems)
    return stats, notices


def append_match(record: MatchRecord, paths: Paths | None = None) -> tuple[Stats, list[Notice]]:
    """Add a finished match and write the file; returns the new stats and any notices.

    If the file on disk is from a newer version it is not written (the notice says so) and
    the returned stats hold just this match. Raises ValueError for an invalid record and
    OSError when the disk refuses.
    """
    try:
        record = record_from_dict(record_to_dict(record))
    except FileProblem as problem:
        raise ValueError(f"invalid match record: {problem.detail}") from None
    path = (paths or default_paths()).stats_file
    stats, notices = load_stats(paths)
    stats, data = _fitting(Stats((*stats.matches, record)[-MAX_RECORDS:]))
    write_encoded("stats", path, data)
    return stats, notices


def _matches_of(loaded: Loaded) -> list[object]:
    if "matches" not in loaded.data:
        raise FileProblem("corrupt", 'stats file has no "matches"')
    matches = loaded.data["matches"]
    if not isinstance(matches, list):
        raise wrong_type("a list of matches", matches)
    return matches


def _records(raw: list[object]) -> tuple[list[MatchRecord], list[FileProblem]]:
    records: list[MatchRecord] = []
    problems: list[FileProblem] = []
    for index, item in enumerate(raw):
        try:
            records.append(record_from_dict(item))
        except FileProblem as problem:
            problems.append(FileProblem(problem.problem, f"match {index}: {problem.detail}"))
    return records, problems


def _document(stats: Stats) -> dict[str, object]:
    return {"schema": CURRENT["stats"], "matches": [record_to_dict(m) for m in stats.matches]}


def _fitting(stats: Stats) -> tuple[Stats, bytes]:
    """The stats and their bytes, dropping the oldest matches if the file would be too big
    for the loader (possible only with huge rule sets in every record)."""
    matches = stats.matches
    while True:
        data = dump(_document(Stats(matches)))
        if len(data) <= CAPS["stats"]:
            return Stats(matches), data
        if len(matches) <= 1:
            raise ValueError("this match record alone is too large to store")
        matches = matches[len(matches) // 10 or 1 :]
