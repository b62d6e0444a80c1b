"""Helpers for a game's JSON state, shared by every game: typed reads that raise StateError
naming what is wrong ("invalid saved game: …"), and a random generator as JSON."""

from __future__ import annotations

import random
from typing import Any

from .errors import StateError


def need(ok: bool, message: str) -> None:
    """Raise StateError with ``message`` unless ``ok``."""
    if not ok:
        raise StateError("bad_state", f"invalid saved game: {message}")


# The typed reads run millions of times per loaded log (a replay, the engine's round-trip
# checks): the plain type is tested first, and the message is only formatted for a bad value.
def as_int(v: Any) -> int:
    if type(v) is int:
        return v
    if not isinstance(v, int) or isinstance(v, bool):
        need(False, f"expected an integer, got {v!r}")
    return int(v)


def as_str(v: Any) -> str:
    if type(v) is str:
        return v
    if not isinstance(v, str):
        need(False, f"expected a string, got {v!r}")
    return str(v)


def as_list(v: Any) -> list[Any]:
    if not isinstance(v, list):
        need(False, f"expected a list, got {type(v).__name__}")
    return list(v)


def as_strs(v: Any) -> tuple[str, ...]:
    items = as_list(v)
    if all(type(x) is str for x in items):
        return tuple(items)
    return tuple(as_str(x) for x in items)


def as_ints(v: Any) -> list[int]:
    items = as_list(v)
    if all(type(x) is int for x in items):
        return items
    return [as_int(x) for x in items]


def rng_to_json(rng: random.Random) -> list[Any]:
    """A generator's whole state as ``[version, [625 ints], gauss]``."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def check_rng_state(version: object, internal: tuple[int, ...], gauss: object) -> None:
    """A state ``random.Random.getstate`` could return: version 3, 624 32-bit words and an
    index 1..624, not all words zero (a Mersenne Twister with a zero state is stuck)."""
    need(version == 3, "bad random state version")
    need(len(internal) == 625, "bad random state")
    words = internal[:624]
    need(min(words) >= 0 and max(words) <= 0xFFFFFFFF, "random state word out of range")
    need(1 <= internal[624] <= 624, "random state index out of range")
    need(any(internal[:624]), "random state is all zeros")
    need(gauss is None or isinstance(gauss, float), "bad random state")


def rng_from_json(v: Any) -> random.Random:
    """Inverse of ``rng_to_json``, checked."""
    parts = as_list(v)
    need(len(parts) == 3, "bad random state")
    internal = tuple(as_ints(parts[1]))
    need(len(internal) == 625, "bad random state")
    gauss = parts[2]
    check_rng_state(parts[0], internal, gauss)  # words out of range would overflow setstate
    rng = random.Random()
    rng.setstate((as_int(parts[0]), internal, gauss))
    return rng
