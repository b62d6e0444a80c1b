"""The rule set: every option of RULES.md with its default and valid values, and the presets."""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any

from .contracts import Contract, parse_contract
from .errors import RuleSetError

DEFAULT_ROUNDS: tuple[str, ...] = ("2T", "1T1E", "2E", "3T", "2T1E", "1T2E", "3E", "4T")
DEFAULT_POINTS: Mapping[str, int] = MappingProxyType(
    {
        "A": 20,
        **{str(n): n for n in range(2, 11)},
        "J": 10,
        "Q": 10,
        "K": 10,
        "JK": 50,
        "wild_2": 25,
    }
)
POINT_KEYS = frozenset(DEFAULT_POINTS)

MAX_ROUNDS = 64  # no match is longer; the statistics store at most this many rounds
WILD_TWOS = ("none", "all", "red")
ACE = ("high_or_low", "wrap")
SCORING = ("penalty", "tallies")
TIE_BREAK = ("rounds_won", "shared")


@dataclass(frozen=True, eq=True)
class RuleSet:
    """One immutable rule set. Field names are exactly the JSON keys of RULES.md."""

    preset: str = "clasico"
    players: int = 4
    decks: int | str = "auto"
    jokers_per_deck: int = 2
    hand_size: int = 12
    wild_twos: str = "none"
    escala_min: int = 4
    ace: str = "high_or_low"
    max_wilds_per_meld: int | None = 1
    wilds_adjacent: bool = False
    rounds: tuple[str, ...] = DEFAULT_ROUNDS
    distinct_escala_suits: bool = False
    exact_laydown: bool = True
    add_same_turn: bool = False
    extra_melds: bool = False
    swap_requires_laid_down: bool = True
    discard_wild: bool = False
    partial_contract: bool = False
    buy: bool = False
    buy_limit: int = 3
    open_hands: bool = False
    points: Mapping[str, int] = field(default_factory=lambda: DEFAULT_POINTS)
    going_out_points: int = 0
    scoring: str = "penalty"
    tie_break: str = "rounds_won"

    def __hash__(self) -> int:
        # Cached: rule sets key the meld-analysis cache, so they are hashed very often.
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(tuple(sorted((k, repr(v)) for k, v in self.as_dict().items())))
            object.__setattr__(self, "_hash", cached)
        return cached

    # ----------------------------------------------------------------- derived values
    @property
    def deck_count(self) -> int:
        if self.decks == "auto":
            return 2 if self.players <= 5 else 3
        assert isinstance(self.decks, int)
        return self.decks

    @property
    def contracts(self) -> tuple[Contract, ...]:
        return tuple(parse_contract(code) for code in self.rounds)

    def contract(self, round_index: int) -> Contract:
        return parse_contract(self.rounds[round_index])

    def point_value(self, rank_key: str) -> int:
        return self.points[rank_key]

    def twos_wild(self, suit_red: bool) -> bool:
        """Whether a 2 of a suit of this colour is wild under ``wild_twos``."""
        return self.wild_twos == "all" or (self.wild_twos == "red" and suit_red)

    # ----------------------------------------------------------------- JSON form
    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSet:
        """Build from ``{"preset": name, key: value, ...}``; every bad key or value is named."""
        if not isinstance(data, Mapping):
            raise RuleSetError("rules_not_object", "the rules must be a JSON object")
        preset = data.get("preset", "clasico")
        if not isinstance(preset, str) or preset not in PRESETS:
            raise RuleSetError(
                "unknown_preset",
                f"unknown preset {shown_value(preset)}; presets are: {', '.join(PRESETS)}",
                key="preset",
            )
        values: dict[str, Any] = dict(PRESETS[preset])
        problems: list[str] = []
        for key, value in data.items():
            if key == "preset":
                continue
            if key not in _FIELD_NAMES:
                problems.append(f"unknown key {key!r}")
                continue
            try:
                values[key] = _CHECKERS[key](value)
            except RuleSetError as err:
                problems.append(f"{key}: {err.message}")
        if problems:
            raise RuleSetError("bad_rules", "; ".join(problems))
        rules = cls(preset=preset, **{k: v for k, v in values.items() if k != "preset"})
        rules.validate()
        return rules

    def to_dict(self) -> dict[str, Any]:
        """The preset name plus every key that differs from it; ``from_dict`` inverts it."""
        base = PRESETS[self.preset]
        out: dict[str, Any] = {"preset": self.preset}
        for name, value in self.as_dict().items():
            if name != "preset" and _jsonable(base[name]) != value:
                out[name] = value
        return out

    def as_dict(self) -> dict[str, Any]:
        """Every key with its value, JSON-safe."""
        return {f.name: _jsonable(getattr(self, f.name)) for f in fields(self)}

    def with_changes(self, **changes: Any) -> RuleSet:
        """A validated copy with some keys changed (values checked like ``from_dict``)."""
        data = self.to_dict()
        data.update(changes)
        return RuleSet.from_dict(data)

    # ----------------------------------------------------------------- consistency
    def validate(self) -> None:
        """Check combinations of keys; raise RuleSetError naming the first conflict."""
        if self.players >= 6 and self.deck_count < 3:
            raise RuleSetError(
                "too_few_decks",
                f"{self.players} players need 3 decks (decks is {self.decks})",
                key="decks",
            )
        total = self.deck_count * (52 + self.jokers_per_deck)
        if self.players * self.hand_size + 2 > total:
            raise RuleSetError("too_few_cards", "not enough cards to deal", key="hand_size")
        for i, contract in enumerate(self.contracts):
            need = contract.min_cards(self.escala_min)
            if need > self.hand_size + 1:
                raise RuleSetError(
                    "contract_too_big",
                    f"round {i + 1} ({contract.code}) needs {need} cards but a hand holds at most "
                    f"{self.hand_size + 1} (hand_size + 1)",
                    key="rounds",
                )


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother = 3, 40, 40


def shown_value(value: Any) -> str:
    """A value for a message: short, and safe for 10**400 or lists nested 100,000 deep."""
    return _REPR.repr(value)


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Mapping):
        return dict(value)
    return value


# --------------------------------------------------------------------------- value checkers
def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise RuleSetError("bad_type", f"must be true or false, not {shown_value(value)}")
    return value


def _int_in(lo: int, hi: int | None) -> Any:
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleSetError("bad_type", f"must be a whole number, not {shown_value(value)}")
        if value < lo or (hi is not None and value > hi):
            top = "" if hi is None else f" to {hi}"
            raise RuleSetError("out_of_range", f"{shown_value(value)} is out of range ({lo}{top})")
        return value

    return check


def _choice(options: tuple[Any, ...]) -> Any:
    def check(value: Any) -> Any:
        if isinstance(value, bool) or value not in options:
            shown = ", ".join(repr(o) for o in options)
            raise RuleSetError("bad_value", f"{shown_value(value)} is not one of {shown}")
        return value

    return check


def _decks(value: Any) -> int | str:
    return _choice(("auto", 2, 3))(value)  # type: ignore[no-any-return]


def _max_wilds(value: Any) -> int | None:
    if value is None:
        return None
    return _int_in(0, None)(value)  # type: ignore[no-any-return]


def _rounds(value: Any) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or not value:
        raise RuleSetError("bad_type", "must be a non-empty list of contract codes")
    if len(value) > MAX_ROUNDS:
        raise RuleSetError("out_of_range", f"{len(value)} rounds; at most {MAX_ROUNDS}")
    for code in value:
        if not isinstance(code, str):
            raise RuleSetError(
                "bad_type", f'a contract code is text such as "2T", not {shown_value(code)}'
            )
        parse_contract(code)  # raises RuleSetError with the reason
    return tuple(value)


def _points(value: Any) -> Mapping[str, int]:
    if not isinstance(value, Mapping):
        raise RuleSetError("bad_type", 'must be an object such as {"A": 15}')
    merged = dict(DEFAULT_POINTS)
    for key, pts in value.items():
        if key not in POINT_KEYS:
            raise RuleSetError(
                "bad_value", f"unknown card {shown_value(key)} (use A 2-10 J Q K JK wild_2)"
            )
        if isinstance(pts, bool) or not isinstance(pts, int):
            raise RuleSetError("bad_type", f"points for {key} must be a whole number")
        if abs(pts) > 10_000:
            raise RuleSetError("out_of_range", f"points for {key} are out of range")
        merged[key] = pts
    return MappingProxyType(merged)


def _going_out(value: Any) -> int:
    return _int_in(-10_000, 10_000)(value)  # type: ignore[no-any-return]


_CHECKERS: dict[str, Any] = {
    "players": _int_in(2, 8),
    "decks": _decks,
    "jokers_per_deck": _int_in(0, 2),
    "hand_size": _int_in(11, 13),
    "wild_twos": _choice(WILD_TWOS),
    "escala_min": _int_in(3, 13),
    "ace": _choice(ACE),
    "max_wilds_per_meld": _max_wilds,
    "wilds_adjacent": _bool,
    "rounds": _rounds,
    "distinct_escala_suits": _bool,
    "exact_laydown": _bool,
    "add_same_turn": _bool,
    "extra_melds": _bool,
    "swap_requires_laid_down": _bool,
    "discard_wild": _bool,
    "partial_contract": _bool,
    "buy": _bool,
    "buy_limit": _int_in(0, 1000),
    "open_hands": _bool,
    "points": _points,
    "going_out_points": _going_out,
    "scoring": _choice(SCORING),
    "tie_break": _choice(TIE_BREAK),
}
_FIELD_NAMES = frozenset(f.name for f in fields(RuleSet)) - {"preset"}


def _preset(**changes: Any) -> Mapping[str, Any]:
    base = {f.name: getattr(RuleSet(), f.name) for f in fields(RuleSet)}
    base.update(changes)
    return MappingProxyType(base)


PRESETS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        "clasico": _preset(),
        "dos_libres": _preset(wild_twos="all"),
        "escala_real": _preset(rounds=(*DEFAULT_ROUNDS, "ER")),
        "cuatro_o_cuatro": _preset(rounds=(*DEFAULT_ROUNDS[:7], "4T|4E")),
        "chico": _preset(rounds=("2T", "2E", "2T1E", "3E")),
        "argentino": _preset(rounds=DEFAULT_ROUNDS[:7], wild_twos="none"),
        "peruano": _preset(partial_contract=True),
        "familiar": _preset(
            rounds=("2T", "1T1E", "2E", "3T"),
            escala_min=3,
            max_wilds_per_meld=None,
            wilds_adjacent=True,
            scoring="tallies",
        ),
    }
)
"""RULES.md §4: a preset is a name for a whole rule set; any key may still be overridden."""


def default_rules(players: int = 4) -> RuleSet:
    """The clásico rules for a number of players."""
    return replace(RuleSet(), players=players) if players != 4 else RuleSet()
