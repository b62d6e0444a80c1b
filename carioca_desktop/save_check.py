"""Checks of a saved session, shared by both games' loaders: the fields around the game (seed,
preset, seat names), and a bot's saved state before it is rebuilt, which must be one the bot
could have written (its RNG a real generator state; a Carioca bot's memory card codes real
cards, seats of the match, counts a deck can hold). Raises ValueError naming the problem."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from carioca_desktop.rules.cards import full_deck, parse_marked
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.errors import RulesError
from carioca_desktop.rules.jsonstate import check_rng_state

_MEMORY_KEYS = frozenset({"cursor", "pozo", "holds", "took", "refused", "thrown"})
_BOT_KEYS = frozenset({"level", "seat", "seed", "rng"})  # buy_window and memory optional
_SEED_LIMIT = 2**64


def check_saved_bot(data: Any, seat: int, game: Game) -> None:
    """Raise ValueError if ``data`` is not the saved state of a bot at ``seat`` of ``game``."""
    # Keys beyond these (a newer bot's own state) are left to the bot's loader.
    _need(isinstance(data, Mapping) and set(data) >= _BOT_KEYS, "not a saved bot")
    _need(_is_int(data.get("seat")) and data.get("seat") == seat, "the bot's seat differs")
    seed = data.get("seed")
    _need(_is_int(seed) and abs(seed) < _SEED_LIMIT, "bad bot seed")
    window = data.get("buy_window", -1)
    _need(_is_int(window) and -1 <= window <= game.event_count, "bad bot buy window")
    check_saved_rng(data.get("rng"), f"bot at seat {seat}")
    memory = data.get("memory", {})
    _need(isinstance(memory, Mapping), "bad bot memory")
    if memory:
        _check_memory(memory, game)


def _check_memory(memory: Mapping[str, Any], game: Game) -> None:
    players, events = game.players, game.event_count
    rules = game.rules
    deck = len(full_deck(rules.deck_count, rules.jokers_per_deck))
    _need(set(memory) >= _MEMORY_KEYS, "bot memory lacks a key")
    cursor = memory["cursor"]
    _need(_is_int(cursor) and 0 <= cursor <= events, "bot memory cursor out of range")
    _cards(memory["pozo"], deck)
    for key in ("holds", "took", "refused", "thrown"):
        per_seat = memory[key]
        _need(isinstance(per_seat, Mapping), f"bot memory {key} is not an object")
        for who, value in per_seat.items():
            _need(_seat_key(who, players), f"bot memory {key}: no seat {str(who)[:8]!r}")
            if key == "holds":
                _need(isinstance(value, Mapping), "bot memory holds is not an object")
                _cards(list(value), deck)
                counts = list(value.values())
                _need(all(_is_int(n) and 0 <= n <= deck for n in counts), "bad held count")
            else:
                _cards(value, deck)


def _cards(value: Any, limit: int) -> None:
    _need(isinstance(value, list) and len(value) <= limit, "bot memory: not a list of cards")
    for code in value:
        _need(isinstance(code, str) and len(code) <= 8, "bot memory: not a card")
        try:
            parse_marked(code)
        except RulesError:
            raise ValueError(f"bot memory: {code!r} is not a card") from None


def _seat_key(key: Any, players: int) -> bool:
    return isinstance(key, str) and key.isdigit() and len(key) <= 2 and int(key) < players


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _need(ok: bool, message: str) -> None:
    if not ok:
        raise ValueError(message)


def check_saved_rng(rng: Any, what: str) -> tuple[int, tuple[int, ...], float | None]:
    """A saved generator state ``[version, [625 words], gauss]`` that ``random.Random``
    could have written, as ``setstate`` takes it."""
    _need(isinstance(rng, list) and len(rng) == 3, f"{what}: bad random state")
    words = rng[1]
    _need(isinstance(words, list) and all(_is_int(w) for w in words), f"{what}: bad random state")
    try:
        check_rng_state(rng[0], tuple(words), rng[2])
    except RulesError as err:
        raise ValueError(f"{what}: {err.message}") from None
    return rng[0], tuple(words), rng[2]


def check_session_fields(seed: Any, preset: Any, rules_preset: str) -> int:
    """The seed, if a match could start from it (the app draws 31 bits; ``--seed`` takes any
    integer a person types), and the preset is the one of the match's own rules."""
    _need(_is_int(seed) and abs(seed) < _SEED_LIMIT, "the seed is out of range")
    _need(preset == rules_preset, "the preset differs from the match's rules")
    return int(seed)


def check_seat_names(seat_names: list[str], game_names: tuple[str, ...] | list[str]) -> None:
    """The session's seats are the game's players, in order."""
    _need(list(seat_names) == list(game_names), "the seats do not match the game's players")
