"""The suite-wide guard (tests/conftest.py): a test that connects or sends anywhere but
loopback fails before a packet leaves; loopback and AF_UNIX are untouched."""

from __future__ import annotations

import socket

import pytest

from tests.fixtures.loopback_guard import _check

pytestmark = pytest.mark.timeout(120)  # a hung socket or process fails in minutes, with its stack


@pytest.mark.parametrize(
    "address", [("10.0.0.1", 9), ("8.8.8.8", 53), ("255.255.255.255", 9), ("example.org", 80)]
)
def test_every_other_address_is_refused_without_a_socket(address: tuple[str, int]) -> None:
    # Private, public and broadcast targets are judged without a socket, so that nothing could
    # leave even with a broken guard; the socket tests below use documentation addresses only.
    with pytest.raises(AssertionError, match="loopback only"):
        _check(address)


@pytest.mark.parametrize("address", [("192.0.2.1", 9), ("198.51.100.7", 9)])
def test_udp_to_another_address_is_refused(address: tuple[str, int]) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        with pytest.raises(AssertionError, match="loopback only"):
            sock.sendto(b"x", address)
        with pytest.raises(AssertionError, match="loopback only"):
            sock.sendto(b"x", 0, address)


def test_tcp_to_another_address_is_refused() -> None:
    for family, host in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        with socket.socket(family, socket.SOCK_STREAM) as sock:
            with pytest.raises(AssertionError, match="loopback only"):
                sock.connect((host, 9))
            with pytest.raises(AssertionError, match="loopback only"):
                sock.connect_ex((host, 9))


def test_loopback_and_unix_sockets_still_work() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as server:
        server.bind(("127.0.0.1", 0))
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.sendto(b"ping", server.getsockname())
        assert server.recv(8) == b"ping"
    a, b = socket.socketpair()
    with a, b:
        a.sendall(b"ok")
        assert b.recv(2) == b"ok"


def test_the_processes_network_tests_start_are_guarded_too(tmp_path: object) -> None:
    import subprocess
    import sys
    from pathlib import Path

    from tests.fixtures.netkit import env

    code = (
        "import socket; s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
        "try:\n    s.sendto(b'x', ('192.0.2.1', 9))\nexcept AssertionError as e:\n"
        "    print('refused:', e)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=env(Path(str(tmp_path))), timeout=60)  # fmt: skip
    assert result.stdout.startswith("refused: a test sent to '192.0.2.1'"), result.stderr
