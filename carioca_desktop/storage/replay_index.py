"""The kept matches' index (``replays/index.json``): each kept match file's header (all but
its actions), so History lists 500 matches without reading 500 files (one takes ~9 ms).

The index is a cache: a file it does not know is read once and added, an entry whose file is
gone is dropped, and an unreadable index is rebuilt from the files."""

from __future__ import annotations

import contextlib
import logging
from dataclasses import replace

from carioca_desktop.storage.atomic import atomic_write_bytes
from carioca_desktop.storage.jsonio import dump, parse_object, read_capped
from carioca_desktop.storage.match_file import (
    MatchFile,
    MatchFileError,
    from_document,
    read_match_file,
    to_document,
)
from carioca_desktop.storage.notices import FileProblem
from carioca_desktop.storage.paths import Paths
from carioca_desktop.storage.replays import Kept, list_kept, replays_dir

log = logging.getLogger(__name__)

INDEX = "index.json"
INDEX_CAP = 8 * 1024 * 1024


def _header(match: MatchFile) -> dict[str, object]:
    document = to_document(match)
    document["actions"] = []
    return document


def _read_index(paths: Paths | None) -> dict[str, MatchFile]:
    try:
        data = parse_object(read_capped(replays_dir(paths) / INDEX, INDEX_CAP))
    except (OSError, FileProblem):
        return {}
    entries = data.get("matches")
    if not isinstance(entries, list):
        return {}
    out: dict[str, MatchFile] = {}
    for entry in entries:
        with contextlib.suppress(MatchFileError):
            header = from_document(entry)
            out[header.match_id] = header
    return out


def _write_index(headers: dict[str, MatchFile], paths: Paths | None) -> None:
    document: dict[str, object] = {"matches": [_header(m) for m in headers.values()]}
    try:
        atomic_write_bytes(replays_dir(paths) / INDEX, dump(document))
    except OSError as err:
        log.warning("could not write the kept matches' index: %s", err)


def headers(paths: Paths | None = None) -> list[tuple[Kept, MatchFile]]:
    """Each kept match (newest first) with its header (``actions`` empty); a file that is
    not a match file is left out (it is found out, and set aside, when it is opened)."""
    known = _read_index(paths)
    out: list[tuple[Kept, MatchFile]] = []
    changed = False
    kept_ids = set()
    for kept in list_kept(paths):
        kept_ids.add(kept.match_id)
        header = known.get(kept.match_id)
        if header is None:
            try:
                header = replace(read_match_file(kept.path), actions=())
            except MatchFileError:
                continue
            known[kept.match_id] = header
            changed = True
        out.append((kept, header))
    gone = set(known) - kept_ids
    for match_id in gone:
        del known[match_id]
    if changed or gone:
        _write_index(known, paths)
    return out


def add_header(match: MatchFile, paths: Paths | None = None) -> None:
    """Add a newly kept match to the index (``keep_match`` calls it)."""
    known = _read_index(paths)
    known[match.match_id] = replace(match, actions=())
    _write_index(known, paths)
