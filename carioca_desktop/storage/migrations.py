"""File format versions: the current "schema" of each file kind and the steps up to it."""

from __future__ import annotations

from collections.abc import Callable

from carioca_desktop.storage.notices import FileKind, FileProblem

Document = dict[str, object]
Migration = Callable[[Document], Document]

# The version each kind of file is written with. Bump it together with a new
# ``migrate_vN_to_vN+1`` below whenever a file's shape changes.
CURRENT: dict[FileKind, int] = {"settings": 1, "save": 1, "stats": 2}


def settings_v0_to_v1(doc: Document) -> Document:
    """Settings from before files carried a "schema" (the prototype, version 0).

    Version 0 named two keys differently: "lang" (now "language") and the US spelling
    "four_color" (now "four_colour"). Values kept their meaning. A version-1 key that is
    already present wins over its old name.
    """
    renames = {"lang": "language", "four_color": "four_colour"}
    out: Document = {}
    for key, value in doc.items():
        new_key = renames.get(key, key)
        if new_key != key and new_key in doc:
            continue
        out[new_key] = value
    return out


def stats_v1_to_v2(doc: Document) -> Document:
    """Statistics from before Buraco: every record was a Carioca match, and a record without
    a "game" still is one, so the records are read as they are.

    The version moves on all the same: version 2 may hold Buraco records, which a program
    that reads only version 1 would take for damaged Carioca records and drop from the file;
    it sees a newer file instead and leaves it alone.
    """
    return doc


# kind -> {from_version: step to from_version + 1}
MIGRATIONS: dict[FileKind, dict[int, Migration]] = {
    "settings": {0: settings_v0_to_v1},
    "save": {},
    "stats": {1: stats_v1_to_v2},
}


def schema_version(doc: Document) -> int:
    """The version a document says it has; no "schema" key means version 0."""
    version = doc.get("schema", 0)
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise FileProblem("unknown_version", f'"schema" is {version!r}, not a version number')
    return version


def migrate(kind: FileKind, doc: Document, version: int) -> Document:
    """Bring an older document up to the current version; raise if there is no path."""
    steps = MIGRATIONS[kind]
    while version < CURRENT[kind]:
        step = steps.get(version)
        if step is None:
            raise FileProblem("unknown_version", f"no way to read {kind} version {version}")
        doc = step(doc)
        version += 1
    doc["schema"] = version
    return doc
