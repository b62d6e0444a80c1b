"""Who hosts a ``carioca host`` table, as the join list shows it: the computer's user name by
the names rule, else "Anfitrión", or ``--name``; never the game's name (issue 25)."""

from __future__ import annotations

import getpass
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from carioca_desktop.net import discovery
from carioca_desktop.net.cli import default_host_name, host_parser
from tests.fixtures.netkit import CODE, ROOT, env
from tests.fixtures.waiting import wait_until

pytestmark = pytest.mark.timeout(120)  # a hung socket or process fails in minutes, with its stack


def _no_user() -> str:
    raise OSError("no user name")


@pytest.mark.parametrize(
    ("user", "name"),
    [
        ("ana", "ana"),
        ("  María\tJosé ", "María José"),
        ("\u200b\x00", "Anfitrión"),
        (None, "Anfitrión"),
    ],
)
def test_the_default_is_the_user_name_by_the_names_rule(
    monkeypatch: pytest.MonkeyPatch, user: str | None, name: str
) -> None:
    monkeypatch.setattr(getpass, "getuser", _no_user if user is None else lambda: user)
    assert default_host_name() == name


def _free_udp_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _host_found(extra: list[str], tmp_path: Path, user: str) -> list[discovery.Found]:
    """Start ``carioca host`` answering searches on a loopback port and search for it."""
    where = f"127.0.0.1:{_free_udp_port()}"
    home = env(tmp_path)
    home.update(CARIOCA_DISCOVERY=where, USER=user, LOGNAME=user)
    home.pop("LNAME", None), home.pop("USERNAME", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "carioca_desktop", "host", "--bind", "127.0.0.1", "--port", "0",
         "--code", CODE, "--game", "carioca", "--seats", "remote,easy", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=home, cwd=ROOT,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().startswith("listening on 127.0.0.1:")
        proc.stdout.readline()  # the code line: the responder is up before it
        # The first answer may be a while behind the printed lines on a loaded machine.
        return wait_until(lambda: discovery.search(0.3, where), what="the host's answer")
    finally:
        proc.kill()
        proc.communicate()


def test_a_headless_host_is_listed_by_its_user_name_not_the_game(tmp_path: Path) -> None:
    found = _host_found([], tmp_path, "rosa")
    assert [f.name for f in found] == ["rosa"]


def test_a_typed_host_name_is_cleaned_and_a_bad_one_refused() -> None:
    from carioca_desktop.net.cli import _host_name

    p = host_parser()
    base = ["--game", "carioca", "--seats", "remote"]
    assert p.parse_args(base).name is None
    assert _host_name(p.parse_args([*base, "--name", " Tío\tPepe "]), p) == "Tío Pepe"

    with pytest.raises(SystemExit):
        _host_name(p.parse_args([*base, "--name", "\x00\u200b"]), p)
