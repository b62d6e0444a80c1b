"""A network match's autosave has a slot of its own: hosting a table (from the window or
``carioca host``) never overwrites the person's local Continue save, ``saved_table`` tells
the menu what can be reopened, and ``TableHost.resume`` / ``carioca host --continue`` read
that slot."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from carioca_desktop.net.client import NetClient, Welcomed
from carioca_desktop.net.games import KINDS
from carioca_desktop.net.host import TableHost
from carioca_desktop.net.resume import net_paths, saved_table, table_file
from carioca_desktop.net.seats import SeatSpec
from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.storage import Paths, flush_autosaves, load_autosave
from tests.fixtures.netkit import CODE, ROOT, env
from tests.fixtures.waiting import PATIENCE, wait_until

pytestmark = pytest.mark.timeout(120)  # a hung socket or process fails in minutes, with its stack


def _local_match(paths: Paths) -> bytes:
    """A local match in the Continue slot, as the menu's New game leaves it."""
    rules = KINDS["carioca"].load_rules({"players": 2})
    seats = [SeatConfig("Yo", "human"), SeatConfig("Bot", "bot", "easy")]
    MatchSession.new(rules, seats, 7, paths)
    assert flush_autosaves(PATIENCE)
    return paths.autosave_file.read_bytes()


def _hosted(paths: Path | Any, seats: str = "remote,local,easy",
            **kw: Any) -> tuple[TableHost, NetClient]:  # fmt: skip
    """A table with a joiner (Ana), a local seat that never comes, and a bot: started."""
    specs = [SeatSpec(s) if s in ("remote", "local") else SeatSpec("bot", s)
             for s in seats.split(",")]  # fmt: skip
    rules = KINDS["carioca"].load_rules({"players": len(specs), "preset": "chico"})
    host = TableHost("carioca", rules, specs, 3, code=CODE, paths=paths, **kw)
    client = NetClient(f"127.0.0.1:{host.port}", CODE, "Ana")

    def step() -> None:
        host.poll(0.01)
        if any(isinstance(e, Welcomed) for e in client.poll(0.01)):
            host.start_now()

    wait_until(lambda: host.session is not None, what="the start", step=step)
    for _ in range(20):  # the first moves (what is asserted is on disk after the flush)
        host.poll(0.01)
    assert flush_autosaves(PATIENCE)
    return host, client


def test_hosting_never_overwrites_the_local_continue_save(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    before = _local_match(paths)
    host, client = _hosted(paths, buy_seconds=None)
    try:
        match_id = host.session.match_id
        assert paths.autosave_file.read_bytes() == before  # the person's own match
        assert net_paths(paths).autosave_file.exists()
        saved = saved_table(paths)
        assert saved is not None
        assert (saved.game, saved.preset, saved.code) == ("carioca", "chico", CODE)
        assert saved.names == ("Ana", "Jugador 2")  # the people, in seat order
        assert abs(saved.when.timestamp() - time.time()) < 120
    finally:
        client.close()
        host.close()
    resumed = TableHost.resume(paths)
    try:
        assert resumed.session.match_id == match_id
        assert resumed.remote[1].local and resumed.local_token(1)  # a new local token
        assert resumed.remote[0].name == "Ana" and not resumed.remote[0].local
        assert resumed.buy_seconds is None  # the host's choice is kept with the table
    finally:
        resumed.close()
    _, raw, _ = load_autosave(paths)  # Continue still finds the local match
    assert raw is not None and raw["match_id"] != match_id
    assert paths.autosave_file.read_bytes() == before


def test_nothing_or_a_damaged_table_is_not_offered(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    assert saved_table(paths) is None
    _local_match(paths)
    assert saved_table(paths) is None  # a local match is not a network table
    table_file(paths).write_text('{"game": "carioca"}', encoding="utf-8")
    assert saved_table(paths) is None
    host, client = _hosted(paths)
    client.close()
    host.close()
    assert saved_table(paths) is not None
    net_paths(paths).autosave_file.unlink()
    assert saved_table(paths) is None  # the table without its match


@pytest.mark.timeout(120)
def test_carioca_host_continue_reads_the_network_slot(tmp_path: Path) -> None:
    import subprocess
    import sys

    paths = Paths.under(tmp_path)
    before = _local_match(paths)
    host, client = _hosted(paths, "remote,easy")
    client.close()
    host.close()
    proc = subprocess.Popen(
        [sys.executable, "-m", "carioca_desktop", "host", "--continue", "--bind", "127.0.0.1",
         "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env(tmp_path), cwd=ROOT,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        first, second = proc.stdout.readline(), proc.stdout.readline()
        assert first.startswith("listening on 127.0.0.1:"), first + second
        assert second.startswith(f"table code {CODE}; waiting for 1 remote seat"), second
    finally:
        proc.kill()
        proc.communicate()
    assert paths.autosave_file.read_bytes() == before
