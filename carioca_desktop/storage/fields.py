"""Checks for single JSON values: each returns the value normalised or raises FileProblem."""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable
from datetime import datetime

from carioca_desktop.storage.jsonio import json_type
from carioca_desktop.storage.notices import FileProblem

Check = Callable[[object], object]


def wrong_type(expected: str, value: object) -> FileProblem:
    return FileProblem("wrong_type", f"expected {expected}, got {json_type(value)}")


def boolean(value: object) -> bool:
    if not isinstance(value, bool):
        raise wrong_type("true or false", value)
    return value


def integer(value: object, low: int, high: int) -> int:
    # bool is an int in Python but not a number in JSON terms.
    if isinstance(value, bool) or not isinstance(value, int):
        raise wrong_type("a whole number", value)
    if not low <= value <= high:
        raise FileProblem("bad_value", f"{_short(value)} is outside {low}..{high}")
    return value


def _short(value: float) -> str:
    """A number for a message: a 400-digit integer is not printed whole."""
    text = repr(value) if abs(value) < 10**30 else f"a {len(str(abs(int(value))))}-digit number"
    return text


def number(low: float, high: float) -> Check:
    def check(value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise wrong_type("a number", value)
        # An int is compared as an int: float(10**400) and math.isfinite(10**400) overflow.
        finite = isinstance(value, int) or math.isfinite(value)
        if not (finite and low <= value <= high):
            raise FileProblem("bad_value", f"{_short(value)} is outside {low}..{high}")
        return float(value)

    return check


def string(value: object, max_len: int) -> str:
    if not isinstance(value, str):
        raise wrong_type("a string", value)
    if len(value) > max_len:
        raise FileProblem("bad_value", f"longer than {max_len} characters")
    # Control characters and lone surrogates cannot be shown and break some file systems.
    if any(unicodedata.category(char) in ("Cc", "Cs") for char in value):
        raise FileProblem("bad_value", "contains control characters")
    return value


def choice(allowed: tuple[str, ...], *, nullable: bool = False) -> Check:
    def check(value: object) -> str | None:
        if value is None and nullable:
            return None
        if not isinstance(value, str):
            raise wrong_type("one of " + ", ".join(allowed), value)
        if value not in allowed:
            raise FileProblem("bad_value", f"{value[:40]!r} is not one of {', '.join(allowed)}")
        return value

    return check


def str_keyed(value: object) -> dict[str, object]:
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise wrong_type("an object", value)
    return dict(value)


def int_list(value: object, low: int, high: int) -> list[int]:
    if not isinstance(value, (list, tuple)):
        raise wrong_type("a list", value)
    return [integer(item, low, high) for item in value]


def timestamp(value: object) -> str:
    """An ISO 8601 date and time, as written by ``datetime.isoformat``."""
    text = string(value, 64)
    try:
        # Python 3.10 does not read a trailing "Z"; other writers may use it.
        datetime.fromisoformat(text[:-1] + "+00:00" if text.endswith("Z") else text)
    except ValueError:
        raise FileProblem("bad_value", f"{text!r} is not an ISO date and time") from None
    return text
