"""Deal codes: a short typed code for the cards of a match (game, preset, players, house
rules' fingerprint and seed) with a checksum, and the daily deal's code from the UTC date.

A code is 14 letters and digits of Crockford's base 32 shown in groups, ``C4K2-7QMX-P9RT-3A``:
a typo is caught by the checksum, and I, L, O and U are read as 1, 1, 0 and V. The rules
travel as a fingerprint: a code whose rules are the preset's own plays anywhere; one with
house rules plays where those rules are known (the settings, a kept match)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ_AS = {"I": "1", "L": "1", "O": "0", "U": "V"}
GAMES = ("carioca", "buraco")
SEED_BITS = 31  # the app's seeds are below 2**31 (SystemRandom().randrange(2**31))
_FINGER_BITS = 20
_CHECK_BITS = 10
_LENGTH = 14  # 70 bits: 1 game + 4 preset + 3 players + 31 seed + 20 rules + 10 check + 1 spare
DAILY_GAME, DAILY_PRESET, DAILY_PLAYERS = "carioca", "clasico", 4


class DealCodeError(ValueError):
    """A code that cannot be read; the message is one line, ``kind`` a stable word for the
    screens' translations: length, letters, checksum, variant or house_rules."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class Deal:
    """What a code names: the game, its preset and players, the rules' fingerprint, the seed."""

    game: str
    preset: str
    players: int
    fingerprint: int
    seed: int


def presets_of(game: str) -> tuple[str, ...]:
    from carioca_desktop import games

    return tuple(games.entry(game).presets)


def fingerprint(rules: Mapping[str, Any]) -> int:
    """20 bits of the rules as the game writes them (``to_dict``), the same on every
    computer (Python's own ``hash`` of a string is not)."""
    text = json.dumps(dict(rules), sort_keys=True, separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") >> 12


def deal_of(game: str, rules: Any, seed: int) -> Deal:
    """The deal of a match: its game, rule set (``to_dict`` able) and seed."""
    return Deal(game, rules.preset, rules.players, fingerprint(rules.to_dict()), seed)


def _check(payload: int) -> int:
    digest = hashlib.sha256(payload.to_bytes(8, "big")).digest()
    return int.from_bytes(digest[:2], "big") >> (16 - _CHECK_BITS)


def encode(deal: Deal) -> str:
    """The deal's code, grouped by four; ValueError for a deal no code can name."""
    presets = presets_of(deal.game)
    if deal.preset not in presets or not 2 <= deal.players <= 9:
        raise ValueError("no code names this deal")
    if not 0 <= deal.seed < 2**SEED_BITS or not 0 <= deal.fingerprint < 2**_FINGER_BITS:
        raise ValueError("no code names this seed")
    payload = GAMES.index(deal.game)
    payload = (payload << 4) | presets.index(deal.preset)
    payload = (payload << 3) | (deal.players - 2)
    payload = (payload << SEED_BITS) | deal.seed
    payload = (payload << _FINGER_BITS) | deal.fingerprint
    number = (payload << _CHECK_BITS) | _check(payload)
    chars = "".join(ALPHABET[(number >> (5 * i)) & 31] for i in reversed(range(_LENGTH)))
    return "-".join(chars[i : i + 4] for i in range(0, _LENGTH, 4))


def decode(text: str) -> Deal:
    """The deal a typed code names; DealCodeError with a one-line reason otherwise."""
    chars = [_READ_AS.get(c, c) for c in text.upper() if c not in " -_\t"]
    if len(text) > 64 or len(chars) != _LENGTH:
        raise DealCodeError("length", f"a deal code has {_LENGTH} letters and digits")
    if any(c not in ALPHABET for c in chars):
        raise DealCodeError("letters", "a deal code has only letters and digits")
    number = 0
    for char in chars:
        number = (number << 5) | ALPHABET.index(char)
    payload, check = number >> _CHECK_BITS, number & ((1 << _CHECK_BITS) - 1)
    if check != _check(payload) or payload >> (3 + 4 + 1 + SEED_BITS + _FINGER_BITS):
        raise DealCodeError("checksum", "this is not a deal code (a letter may be mistyped)")
    finger = payload & ((1 << _FINGER_BITS) - 1)
    payload >>= _FINGER_BITS
    seed = payload & ((1 << SEED_BITS) - 1)
    payload >>= SEED_BITS
    players, payload = (payload & 7) + 2, payload >> 3
    preset_index, game_index = payload & 15, payload >> 4
    presets = presets_of(GAMES[game_index])
    if preset_index >= len(presets):
        raise DealCodeError("variant", "this code names a variant this version does not know")
    return Deal(GAMES[game_index], presets[preset_index], players, finger, seed)


def rules_for(deal: Deal, known: Iterable[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """The rule set (as a dict) a decoded deal is played with: the preset's own for the
    players, or one of ``known`` rule sets (the settings' house rules, kept matches') with
    the deal's fingerprint; DealCodeError when the house rules are not known here."""
    plain: dict[str, Any] = {"game": deal.game, "preset": deal.preset, "players": deal.players}
    candidates = [plain, *({**dict(k), "players": deal.players} for k in known)]
    for rules in candidates:
        try:
            loaded = load_rules(deal.game, rules)
        except ValueError:
            continue
        if fingerprint(loaded.to_dict()) == deal.fingerprint and loaded.preset == deal.preset:
            return dict(loaded.to_dict())
    raise DealCodeError(
        "house_rules", "this deal is played with house rules this computer does not know"
    )


def load_rules(game: str, rules: Mapping[str, Any]) -> Any:
    """The game's rule set from a dict (the registry's class); RulesError when it is bad."""
    from carioca_desktop import games

    found = games.entry(game)
    return getattr(found.module("rules"), found.rules_class).from_dict(rules)


def daily_deal(day: date) -> Deal:
    """The daily deal of a (UTC) date: Carioca, the classic rules, four seats, a seed from
    the date alone, so every computer deals the same cards that day."""
    digest = hashlib.sha256(f"carioca-daily:{day.isoformat()}".encode()).digest()
    seed = int.from_bytes(digest[:4], "big") >> (32 - SEED_BITS)
    rules = load_rules(DAILY_GAME, {"preset": DAILY_PRESET, "players": DAILY_PLAYERS})
    return deal_of(DAILY_GAME, rules, seed)
