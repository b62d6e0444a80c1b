"""The loopback-only guard: once installed, connecting or sending to an address other than
127.0.0.1 / ::1 raises AssertionError before a packet leaves. tests/conftest.py installs it
for the test process; tests/netguard/sitecustomize.py for the processes tests start (the
network tests put that folder on their PYTHONPATH)."""

from __future__ import annotations

import ipaddress
import socket


def _check(address: object) -> None:
    if not isinstance(address, tuple) or not address:
        return  # AF_UNIX paths, or a connected socket's send
    host = str(address[0]).split("%")[0]
    if host == "localhost":
        return
    try:
        if ipaddress.ip_address(host).is_loopback:
            return
    except ValueError:
        pass
    raise AssertionError(f"a test sent to {host!r}: tests use loopback only")


def _wrap(name: str, least: int, where: int) -> None:
    original = getattr(socket.socket, name)
    if getattr(original, "loopback_guard", False):
        return

    def guarded(self: socket.socket, *args: object) -> object:
        if self.family in (socket.AF_INET, socket.AF_INET6) and len(args) >= least:
            _check(args[where])
        return original(self, *args)

    guarded.loopback_guard = True  # type: ignore[attr-defined]
    setattr(socket.socket, name, guarded)


def install_loopback_guard() -> None:
    _wrap("connect", 1, 0)
    _wrap("connect_ex", 1, 0)
    _wrap("sendto", 2, -1)  # sendto(data, address) or sendto(data, flags, address)
    _wrap("sendmsg", 4, 3)  # sendmsg(buffers, ancdata, flags, address)
