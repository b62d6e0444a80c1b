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


def as_int(v: Any) -> int:
    need(isinstance(v, int) and not isinstance(v, bool), f"expected an integer, got {v!r}")
    return int(v)


def as_str(v: Any) -> str:
    need(isinstance(v, str), f"expected a string, got {v!r}")
    return str(v)


def as_list(v: Any) -> list[Any]:
    need(isinstance(v, list), f"expected a list, got {type(v).__name__}")
    return list(v)


def as_strs(v: Any) -> tuple[str, ...]:
    return tuple(as_str(x) for x in as_list(v))


def as_ints(v: Any) -> list[int]:
    return [as_int(x) for x in as_list(v)]


def rng_to_json(rng: random.Random) -> list[Any]:
    """A generator's whole state as ``[version, [625 ints], gauss]``."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(v: Any) -> random.Random:
    """Inverse of ``rng_to_json``, checked."""
    parts = as_list(v)
    need(len(parts) == 3, "bad random state")
    internal = tuple(as_ints(parts[1]))
    need(len(internal) == 625, "bad random state")
    gauss = parts[2]
    need(gauss is None or isinstance(gauss, float), "bad random state")
    rng = random.Random()
    rng.setstate((as_int(parts[0]), internal, gauss))
    return rng
