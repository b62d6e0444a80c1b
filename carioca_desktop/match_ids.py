"""Match ids: the statistics know a finished match by its id, so a save of a match already
recorded (killed between recording and clearing the save) is recognised and dropped."""

from __future__ import annotations

import re
import uuid
from collections.abc import Mapping

_ID = re.compile(r"[0-9a-z][0-9a-z-]{0,63}")


def new_match_id() -> str:
    return uuid.uuid4().hex


def valid_match_id(value: object) -> bool:
    return isinstance(value, str) and _ID.fullmatch(value) is not None


def saved_match_id(data: Mapping[str, object], seed: int) -> str:
    """The id in a saved session; saves from before ids get one derived from their seed.
    Raises ValueError for an id that is present but malformed."""
    value = data.get("match_id")
    if value is None:
        return f"seed-{seed & 0xFFFFFFFFFFFF:x}"
    if not valid_match_id(value):
        raise ValueError("bad match_id")
    return str(value)
