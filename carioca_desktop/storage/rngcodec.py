"""Compact random-generator states in the autosave: 625 words as base64, not a JSON list.

``random.Random.getstate()`` is ``(version, 625 ints, gauss)``; the game layer saves it as the
list ``[version, [625 ints], gauss]``, about 6.9 KB of JSON text per generator, and a match
saves one for the deal and one for every bot, after every action. Packed as little-endian
uint32 words and base64-encoded it is 3.3 KB and costs microseconds. Only the places where
the game layer keeps generators are touched (``game.rng`` and ``bots.<seat>.rng``), and only
when they have exactly that shape; saves written before this encoding load unchanged.
"""

from __future__ import annotations

import base64
import binascii
import struct
from collections.abc import Callable, Mapping
from typing import Any

WORDS = 625  # the Mersenne Twister's 624 state words and its position
_PACK = struct.Struct(f"<{WORDS}I")
KEY = "mt19937"  # the compact form is {"mt19937": base64, "version": int, "gauss": float|None}


def compact_match(match: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of the match dict with its generator states compacted (the input is untouched)."""
    return _each_state(match, _is_state, pack_state)


def expand_match(match: Mapping[str, Any]) -> dict[str, Any]:
    """The match dict with compact generator states back in the game layer's list form.

    Raises ValueError for a compact state that does not decode to 625 words.
    """
    return _each_state(match, _is_packed, unpack_state)


def _each_state(
    match: Mapping[str, Any], found: Callable[[Any], bool], convert: Callable[[Any], Any]
) -> dict[str, Any]:
    """A copy of the match dict with the game's and each bot's ``rng`` that is ``found``
    in one form converted to the other."""
    out = dict(match)
    game = out.get("game")
    if isinstance(game, Mapping) and found(game.get("rng")):
        out["game"] = {**game, "rng": convert(game["rng"])}
    bots = out.get("bots")
    if isinstance(bots, Mapping):
        out["bots"] = {
            seat: {**bot, "rng": convert(bot["rng"])}
            if isinstance(bot, Mapping) and found(bot.get("rng"))
            else bot
            for seat, bot in bots.items()
        }
    return out


def pack_state(state: list[Any]) -> dict[str, Any]:
    version, words, gauss = state
    return {
        KEY: base64.b64encode(_PACK.pack(*words)).decode("ascii"),
        "version": version,
        "gauss": gauss,
    }


def unpack_state(packed: Mapping[str, Any]) -> list[Any]:
    text = packed[KEY]
    if not isinstance(text, str):
        raise ValueError("bad random state: not a string")
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError) as err:
        raise ValueError(f"bad random state: {err}") from None
    if len(raw) != _PACK.size:
        raise ValueError(f"bad random state: {len(raw)} bytes, not {_PACK.size}")
    return [packed.get("version"), list(_PACK.unpack(raw)), packed.get("gauss")]


def _is_state(value: Any) -> bool:
    if not isinstance(value, (list, tuple)) or len(value) != 3:
        return False
    words = value[1]
    return (
        isinstance(words, (list, tuple))
        and len(words) == WORDS
        and all(type(w) is int and 0 <= w < 1 << 32 for w in words)
    )


def _is_packed(value: Any) -> bool:
    return isinstance(value, Mapping) and KEY in value
