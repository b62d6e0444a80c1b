"""Resuming a network table after the host stopped (or was killed): the autosave holds the
match as for a local one; ``net-table.json`` beside it holds what only the network table
knows (its code, which seats are remote, the SHA-256 of their tokens), so the same people
rejoin their own seats with the tokens their computers kept."""

from __future__ import annotations

import contextlib
import json
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

    _, raw, _ = load_autosave(paths)
    if raw is None:
        raise ValueError("no saved match to resume")
    cls = NetBuracoSession if is_buraco_document(raw) else NetMatchSession
    session = cls.from_dict(raw, paths)
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
