"""Who may sit down: the table code, the slow-down for repeated wrong codes, seat tokens.

The code is six characters from an alphabet without look-alikes (no 0/O, 1/I/L), read aloud
or typed from the host's screen; case does not matter. A wrong code, a wrong version or an
unknown token is a failure for the address it came from: after ``FREE_TRIES`` failures in a
row, that address must wait (1 s, 2 s, 4 s ... up to ``MAX_WAIT``) before it is heard again,
so 36^6 codes cannot be walked. Tokens are 192 random bits; the host keeps only their SHA-256.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
FREE_TRIES = 3
MAX_WAIT = 30.0
_MAX_ADDRESSES = 4096  # the failure table forgets the oldest beyond this (memory is bounded)


def new_code(rng: secrets.SystemRandom | None = None) -> str:
    pick = rng or secrets.SystemRandom()
    return "".join(pick.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str | None:
    """The code as typed, upper-cased and trimmed; None when it cannot be a table code."""
    code = text.strip().upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return None
    return code


def codes_match(typed: str, code: str) -> bool:
    return hmac.compare_digest(typed.strip().upper().encode(), code.encode())


def is_loopback(address: str) -> bool:
    """Whether a peer's address is this computer's own loopback (127.0.0.0/8, ::1, and
    127.x mapped into IPv6): only such a peer may use a local seat's token."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class _Failures:
    count: int = 0
    until: float = 0.0


class Throttle:
    """Failures per address, and how long each must wait before its next attempt."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._seen: dict[str, _Failures] = {}

    def wait(self, address: str) -> float:
        """Seconds ``address`` must still wait (0 when it may try now)."""
        entry = self._seen.get(address)
        return 0.0 if entry is None else max(0.0, entry.until - self.clock())

    def failed(self, address: str) -> None:
        entry = self._seen.pop(address, None) or _Failures()
        entry.count += 1
        if entry.count >= FREE_TRIES:
            entry.until = self.clock() + min(MAX_WAIT, 2.0 ** (entry.count - FREE_TRIES))
        self._seen[address] = entry  # re-inserted: the dict's order is the age order
        while len(self._seen) > _MAX_ADDRESSES:
            del self._seen[next(iter(self._seen))]

    def succeeded(self, address: str) -> None:
        self._seen.pop(address, None)
