"""Rule sets: the keys every game shares, loading and validating a rule-set dict, and the
dispatch on ``"game"`` to the game's own rule set (``CariocaRules``, ``BuracoRules``).

A game's rule set is a frozen dataclass subclass of :class:`RuleSet` that names its game,
its presets, a checker per key and the JSON order of its keys. Which class is a game's comes
from the game registry (``carioca_desktop/games.py``), the one map of the games.
``RuleSet.from_dict(d)`` builds the rule set of ``d.get("game", "carioca")``; every bad key or
value is named in one RuleSetError.
"""

from __future__ import annotations

import reprlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar

from carioca_desktop import games

from .errors import RuleSetError

DEFAULT_GAME = games.DEFAULT

COMMON_KEYS = ("game", "preset", "players", "points", "open_hands", "ace")
"""The keys both games have, each with its own values in each game (BURACO.md §14)."""

Checker = Callable[[Any], Any]
R = TypeVar("R", bound="RuleSet")


@dataclass(frozen=True, eq=True)
class RuleSet:
    """What every game's rule set has. Field names are the JSON keys; ``game`` is the
    class's (a rule set never changes game)."""

    game: ClassVar[str] = ""
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = MappingProxyType({})
    default_preset: ClassVar[str] = ""
    checkers: ClassVar[Mapping[str, Checker]] = MappingProxyType({})
    key_order: ClassVar[tuple[str, ...]] = ()

    preset: str = ""
    players: int = 4
    ace: str = "high_or_low"
    open_hands: bool = False
    points: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))

    def __hash__(self) -> int:
        return rules_hash(self)

    # ----------------------------------------------------------------- JSON form
    @classmethod
    def from_dict(cls: type[R], data: Mapping[str, Any]) -> R:
        """Build from ``{"game": name, "preset": name, key: value, ...}`` (game defaults to
        ``"carioca"``, preset to the game's first); every bad key or value is named."""
        if not isinstance(data, Mapping):
            raise RuleSetError("rules_not_object", "the rules must be a JSON object")
        target = game_rules(data.get("game", DEFAULT_GAME))
        if not issubclass(target, cls):
            raise RuleSetError(
                "wrong_game",
                f'these are {target.game} rules, not {cls.game} rules ("game": "{cls.game}")',
                key="game",
            )
        return target._load(data)

    @classmethod
    def _load(cls: type[R], data: Mapping[str, Any]) -> R:
        preset = data.get("preset", cls.default_preset)
        if not isinstance(preset, str) or preset not in cls.presets:
            raise RuleSetError(
                "unknown_preset",
                f"unknown preset {shown_value(preset)}; presets are: {', '.join(cls.presets)}",
                key="preset",
            )
        values: dict[str, Any] = dict(cls.presets[preset])
        problems: list[str] = []
        for key, value in data.items():
            if key in ("preset", "game"):
                continue
            if key not in cls.checkers:
                problems.append(cls._unknown(key))
                continue
            try:
                values[key] = cls.checkers[key](value)
            except RuleSetError as err:
                problems.append(f"{key}: {err.message}")
        if problems:
            raise RuleSetError("bad_rules", "; ".join(problems))
        rules = cls(preset=preset, **{k: v for k, v in values.items() if k != "preset"})
        rules.validate()
        return rules

    @classmethod
    def _unknown(cls, key: Any) -> str:
        for game in games.GAMES:
            if game != cls.game and key in game_keys(game):
                return f"{key!r} is a {game} rule, not a {cls.game} one"
        return f"unknown key {shown_value(key)}"

    def to_dict(self) -> dict[str, Any]:
        """The preset name plus every key that differs from it (and the game, unless it is
        the default); ``from_dict`` inverts it."""
        base = self.presets[self.preset]
        out: dict[str, Any] = {} if self.game == DEFAULT_GAME else {"game": self.game}
        out["preset"] = self.preset
        for name, value in self.as_dict().items():
            if name != "preset" and jsonable(base[name]) != value:
                out[name] = value
        return out

    def as_dict(self) -> dict[str, Any]:
        """Every key with its value, JSON-safe, in the game's order of keys."""
        names = self.key_order or tuple(f.name for f in fields(self))
        return {name: jsonable(getattr(self, name)) for name in names}

    def with_changes(self: R, **changes: Any) -> R:
        """A validated copy with some keys changed (values checked like ``from_dict``)."""
        data = self.to_dict()
        data.update(changes)
        return type(self).from_dict(data)

    def validate(self) -> None:
        """Check combinations of keys; raise RuleSetError naming the first conflict."""


def game_rules(game: Any) -> type[RuleSet]:
    """The rule-set class of ``game`` (the registry's entry names it; its module is imported
    on first use, so loading needs no import order); RuleSetError for a game this engine does
    not play."""
    entry = games.REGISTRY.get(game) if isinstance(game, str) else None
    if entry is None:
        raise RuleSetError(
            "unknown_game",
            f"unknown game {game!r}; games are: {', '.join(sorted(games.GAMES))}",
            key="game",
        )
    cls: type[RuleSet] = getattr(entry.module("rules"), entry.rules_class)
    return cls


def game_keys(game: str) -> frozenset[str]:
    """The keys only ``game`` has (its rule set's keys less the ones every game has): named
    when they turn up in another game's rule set."""
    return frozenset(game_rules(game).checkers) - frozenset(COMMON_KEYS)


def rules_hash(rules: RuleSet) -> int:
    """A hash of every key (cached: rule sets key the meld caches, so they are hashed often)."""
    cached: int | None = rules.__dict__.get("_hash")
    if cached is None:
        cached = hash((rules.game, *sorted((k, repr(v)) for k, v in rules.as_dict().items())))
        object.__setattr__(rules, "_hash", cached)
    return cached


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxother = 3, 40, 40


def shown_value(value: Any) -> str:
    """A value for a message: short, and safe for 10**400 or lists nested 100,000 deep."""
    return _REPR.repr(value)


def jsonable(value: Any) -> Any:
    """A key's value as JSON writes it (tuples as lists, mappings as dicts)."""
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Mapping):
        return dict(value)
    return value


# --------------------------------------------------------------------------- value checkers
def check_bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise RuleSetError("bad_type", f"must be true or false, not {shown_value(value)}")
    return value


def int_in(lo: int, hi: int | None) -> Callable[[Any], int]:
    """A checker for a whole number from ``lo`` to ``hi`` (None: no upper bound)."""

    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleSetError("bad_type", f"must be a whole number, not {shown_value(value)}")
        if value < lo or (hi is not None and value > hi):
            top = "" if hi is None else f" to {hi}"
            raise RuleSetError("out_of_range", f"{shown_value(value)} is out of range ({lo}{top})")
        return value

    return check


def choice(options: tuple[Any, ...]) -> Checker:
    """A checker for one of ``options``."""

    def check(value: Any) -> Any:
        if isinstance(value, bool) or value not in options:
            shown = ", ".join(repr(o) for o in options)
            raise RuleSetError("bad_value", f"{shown_value(value)} is not one of {shown}")
        return value

    return check
