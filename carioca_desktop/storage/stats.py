"""The statistics file (stats.json): every finished match of either game, oldest first.

One list holds both games in play order: a Buraco record says ``"game": "buraco"``, a record
without ``game`` is Carioca's (every record written before Buraco). ``Stats.matches`` is
Carioca's share, ``Stats.buraco`` Buraco's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, cast

from carioca_desktop import games
from carioca_desktop.storage.autosaver import flush_pending
from carioca_desktop.storage.buraco.records import BuracoRecord
from carioca_desktop.storage.carioca.records import MatchRecord
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

MAX_RECORDS = 10_000  # of both games together

AnyRecord = MatchRecord | BuracoRecord
R = TypeVar("R")


@dataclass(frozen=True)
class Stats:
    """Finished matches of both games in the order they were played (oldest first)."""

    records: tuple[AnyRecord, ...] = ()

    def of_type(self, kind: type[R]) -> tuple[R, ...]:
        """The matches whose records are of ``kind`` (one game's share), in play order."""
        return tuple(r for r in self.records if isinstance(r, kind))

    @property
    def matches(self) -> tuple[MatchRecord, ...]:
        """The Carioca matches."""
        return self.of_type(MatchRecord)

    @property
    def buraco(self) -> tuple[BuracoRecord, ...]:
        """The Buraco matches."""
        return self.of_type(BuracoRecord)

    def match_ids(self) -> set[str]:
        """The ids of the recorded matches of both games."""
        return {r.match_id for r in self.records if r.match_id is not None}


def any_to_dict(record: AnyRecord) -> dict[str, object]:
    """A record of either game in its JSON form (its game's registry entry writes it)."""
    return games.of_record(record).record_to_dict(record)


def any_from_dict(data: object) -> AnyRecord:
    """A record of whichever game it names (none: Carioca), or FileProblem."""
    if isinstance(data, dict) and "game" in data:
        game = games.REGISTRY.get(data["game"]) if isinstance(data["game"], str) else None
        if game is None or game.name == games.DEFAULT:  # the default game's records say none
            raise FileProblem("bad_value", f"a record of unknown game {str(data['game'])[:20]!r}")
        return cast(AnyRecord, game.record_from_dict(data))
    return cast(AnyRecord, games.entry(games.DEFAULT).record_from_dict(data))


def load_stats(paths: Paths | None = None) -> tuple[Stats, list[Notice]]:
    """The saved statistics, or empty ones when the file is missing or unusable.

    A record that fails validation is dropped and reported while the others are kept; the
    original file is kept aside as ``stats.json.corrupt-<stamp>`` and rewritten without it.
    A file whose overall shape is wrong is set aside whole. Beyond MAX_RECORDS, the oldest
    matches are dropped. A finished match's record handed to the autosave's writer (the
    table's end of a match) is written first.
    """
    flush_pending(paths)
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


def append_match(record: AnyRecord, paths: Paths | None = None) -> tuple[Stats, list[Notice]]:
    """Add a finished match (of either game) and write the file; returns the new stats and
    any notices.

    If the file on disk is from a newer version it is not written (the notice says so) and
    the returned stats hold just this match. Raises ValueError for an invalid record and
    OSError when the disk refuses.
    """
    try:
        record = any_from_dict(any_to_dict(record))
    except FileProblem as problem:
        raise ValueError(f"invalid match record: {problem.detail}") from None
    path = (paths or default_paths()).stats_file
    stats, notices = load_stats(paths)
    stats, data = _fitting(Stats((*stats.records, record)[-MAX_RECORDS:]))
    write_encoded("stats", path, data)
    return stats, notices


def _matches_of(loaded: Loaded) -> list[object]:
    if "matches" not in loaded.data:
        raise FileProblem("corrupt", 'stats file has no "matches"')
    matches = loaded.data["matches"]
    if not isinstance(matches, list):
        raise wrong_type("a list of matches", matches)
    return matches


def _records(raw: list[object]) -> tuple[list[AnyRecord], list[FileProblem]]:
    records: list[AnyRecord] = []
    problems: list[FileProblem] = []
    for index, item in enumerate(raw):
        try:
            records.append(any_from_dict(item))
        except FileProblem as problem:
            problems.append(FileProblem(problem.problem, f"match {index}: {problem.detail}"))
    return records, problems


def _document(stats: Stats) -> dict[str, object]:
    return {"schema": CURRENT["stats"], "matches": [any_to_dict(m) for m in stats.records]}


def _fitting(stats: Stats) -> tuple[Stats, bytes]:
    """The stats and their bytes, dropping the oldest matches if the file would be too big
    for the loader (possible only with huge rule sets in every record)."""
    matches = stats.records
    while True:
        data = dump(_document(Stats(matches)))
        if len(data) <= CAPS["stats"]:
            return Stats(matches), data
        if len(matches) <= 1:
            raise ValueError("this match record alone is too large to store")
        matches = matches[len(matches) // 10 or 1 :]
