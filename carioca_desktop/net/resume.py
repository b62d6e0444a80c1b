"""Resuming a network table after the host stopped (or was killed).

A network match is autosaved as a local one is, but in its own slot,
``saves/net-autosave.json`` (``net_paths``): the person's local match in ``autosave.json``
(the menu's Continue) is never overwritten by a table they host, from the window or from
``carioca host``. ``net-table.json`` beside it holds what only the network table knows (its
code, which seats are people and whether local, the SHA-256 of remote tokens, the buy
countdown), so the same people rejoin their own seats with the tokens their computers kept.
``saved_table`` tells the menu whether there is a table to reopen and for whom."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from carioca_desktop.net.buraco import NetBuracoSession
from carioca_desktop.net.carioca import NetMatchSession
from carioca_desktop.net.games import KINDS, Session
from carioca_desktop.net.seats import LOCAL, REMOTE, SeatSpec
from carioca_desktop.storage import Paths
from carioca_desktop.storage.atomic import atomic_write_bytes
from carioca_desktop.storage.paths import default_paths

TABLE_CAP = 64 * 1024
SLOT = "net-autosave.json"


def net_paths(paths: Paths | None) -> Paths:
    """The paths a network match's session is given: the same statistics and folders, but
    its own autosave file, so the local Continue save stays the person's."""
    base = paths or default_paths()
    return dataclasses.replace(base, autosave_file=base.autosave_file.with_name(SLOT))


@dataclass(frozen=True)
class SavedTable:
    """A network table this computer hosted and can reopen: the game, its rule preset, the
    table code, the people's names (seat order) and when the match was last saved."""

    game: str
    preset: str
    code: str
    names: tuple[str, ...]
    when: datetime


def saved_table(paths: Paths | None = None) -> SavedTable | None:
    """The network table ``TableHost.resume`` would reopen, or None (none, or damaged: the
    same checks as the resume)."""
    try:
        table = read_table(paths)
        session = load_session(paths, table)
        stamp = os.stat(net_paths(paths).autosave_file).st_mtime
    except (ValueError, OSError):
        return None
    names = tuple(str(table["remote"][s]["name"]) for s in sorted(table["remote"], key=int))
    when = datetime.fromtimestamp(stamp, timezone.utc)
    return SavedTable(table["game"], str(session.preset), table["code"], names, when)


def table_file(paths: Paths | None) -> Path:
    return (paths or default_paths()).autosave_file.parent / "net-table.json"


def write_table(paths: Paths | None, table: dict[str, Any]) -> None:
    atomic_write_bytes(table_file(paths), json.dumps(table, sort_keys=True).encode("utf-8"))


def clear_table(paths: Paths | None) -> None:
    with contextlib.suppress(FileNotFoundError):
        table_file(paths).unlink()


def read_table(paths: Paths | None) -> dict[str, Any]:
    """The kept table, checked; ValueError with a one-line reason."""
    try:
        raw = table_file(paths).read_bytes()[: TABLE_CAP + 1]
    except FileNotFoundError:
        raise ValueError("no network table was being hosted here") from None
    if len(raw) > TABLE_CAP:
        raise ValueError("the kept network table is too big")
    data = json.loads(raw.decode("utf-8"))
    if not isinstance(data, dict):
        raise ValueError("the kept network table is damaged")
    remote = data.get("remote")
    if not isinstance(remote, dict) or data.get("game") not in KINDS:
        raise ValueError("the kept network table is damaged")
    for seat, info in remote.items():
        if not seat.isdigit() or not isinstance(info, dict):
            raise ValueError("the kept network table is damaged")
        if not isinstance(info.get("token_hash"), str) or not isinstance(info.get("name"), str):
            raise ValueError("the kept network table is damaged")
        if not isinstance(info.get("local", False), bool):
            raise ValueError("the kept network table is damaged")
    if not isinstance(data.get("code"), str) or not isinstance(data.get("grace"), (int, float)):
        raise ValueError("the kept network table is damaged")
    buy = data.get("buy_seconds", 10)
    if buy is not None and (isinstance(buy, bool) or not isinstance(buy, (int, float)) or buy <= 0):
        raise ValueError("the kept network table is damaged")
    return dict(data)


def load_session(paths: Paths | None, table: dict[str, Any]) -> Session:
    """The autosaved match of that table; ValueError when there is none or it is another."""
    from carioca_desktop.play.buraco.session import is_buraco_document
    from carioca_desktop.storage.saves import load_autosave

    slot = net_paths(paths)
    _, raw, _ = load_autosave(slot)
    if raw is None:
        raise ValueError("no saved match to resume")
    cls = NetBuracoSession if is_buraco_document(raw) else NetMatchSession
    session = cls.from_dict(raw, slot)
    game = "buraco" if cls is NetBuracoSession else "carioca"
    if session.match_id != table.get("match_id") or table["game"] != game:
        raise ValueError("the saved match is not the network table's")
    return session  # type: ignore[return-value]


def seat_specs(session: Session, table: dict[str, Any]) -> list[SeatSpec]:
    """The seats as they were: remote where the kept table says so, else the saved bots."""
    remote = {int(s) for s in table["remote"]}
    people = {i for i, seat in enumerate(session.seats) if seat.kind == "human"}
    if remote != people:
        raise ValueError("the kept network table does not match the saved match's seats")
    local = {int(s) for s, info in table["remote"].items() if info.get("local") is True}
    return [
        SeatSpec(LOCAL if i in local else REMOTE) if i in remote else SeatSpec("bot", seat.level)
        for i, seat in enumerate(session.seats)
    ]
