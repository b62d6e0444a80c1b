"""The Buraco rule set (BURACO.md): every key with its default and valid values, the presets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any

from ..errors import RuleSetError

GAME = "buraco"
DEFAULT_POINTS: Mapping[str, int] = MappingProxyType(
    {
        "JK": 30,
        "2": 20,
        "A": 15,
        **{str(n): 5 for n in range(3, 8)},
        **{k: 10 for k in ("8", "9", "10", "J", "Q", "K")},
    }
)
DEFAULT_BONUSES: Mapping[str, int] = MappingProxyType(
    {"limpo": 200, "sujo": 100, "going_out": 100, "no_morto": 100}
)

FIRST_UPCARD = ("turn", "keep_wild", "none")
SETS = ("any", "none", "A_3_K")
RUN_WILDS = ("any", "long_runs", "none")
ACE = ("high_or_low", "both_ends")
SWAP = ("to_hand", "shift")
PILE_TAKE = ("free", "must_use_top")
PILE_VISIBLE = ("all", "top")
INDIRECT_MORTO = ("next_turn", "continue")
GO_OUT_REQUIRES = ("any_buraco", "clean_buraco")
UNPLAYED_MORTO = ("hand", "not_taken")

CARIOCA_KEYS = frozenset(
    {
        "decks",
        "jokers_per_deck",
        "hand_size",
        "wild_twos",
        "escala_min",
        "max_wilds_per_meld",
        "wilds_adjacent",
        "rounds",
        "distinct_escala_suits",
        "exact_laydown",
        "add_same_turn",
        "extra_melds",
        "swap_requires_laid_down",
        "discard_wild",
        "partial_contract",
        "buy",
        "buy_limit",
        "going_out_points",
        "scoring",
        "tie_break",
    }
)
"""RULES.md keys that do not exist in Buraco (refused by name with ``"game": "buraco"``)."""


@dataclass(frozen=True, eq=True)
class BuracoRules:
    """One immutable Buraco rule set. Field names are exactly the JSON keys of BURACO.md."""

    preset: str = "brasileiro"
    players: int = 4
    mortos: int = 2
    first_upcard: str = "turn"
    open_hands: bool = False
    sets: str = "any"
    sets_of_twos: bool = True
    run_wilds: str = "any"
    ace: str = "high_or_low"
    swap: str = "to_hand"
    pile_take: str = "free"
    pile_visible: str = "all"
    rediscard_single_pile: bool = False
    first_meld_min: int = 0
    indirect_morto: str = "next_turn"
    go_out_requires: str = "any_buraco"
    go_out_needs_discard: bool = False
    go_out_discard_wild: bool = True
    unplayed_morto: str = "hand"
    stock_end_at: int = 0
    target: int = 3000
    points: Mapping[str, int] = field(default_factory=lambda: DEFAULT_POINTS)
    bonuses: Mapping[str, int] = field(default_factory=lambda: DEFAULT_BONUSES)

    game = GAME  # not a field: a Buraco rule set always plays Buraco

    def __hash__(self) -> int:
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = hash(tuple(sorted((k, repr(v)) for k, v in self.as_dict().items())))
            object.__setattr__(self, "_hash", cached)
        return cached

    # ----------------------------------------------------------------- derived values
    @property
    def sides(self) -> int:
        return 2

    @property
    def morto_quota(self) -> int:
        """How many mortos one side may take in a round (BURACO.md §5.1)."""
        return 2 if self.mortos == 3 else 1

    def side_of(self, seat: int) -> int:
        return seat % 2

    def seats_of(self, side: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s % 2 == side)

    def card_points(self, rank_name: str) -> int:
        """Points of a card by its rank name (``JK``, ``2``, ``A``, ``10``...)."""
        return self.points[rank_name]

    # ----------------------------------------------------------------- JSON form
    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BuracoRules:
        """Build from ``{"game": "buraco", "preset": name, key: value, ...}``; every bad key
        or value is named in one message."""
        if not isinstance(data, Mapping):
            raise RuleSetError("rules_not_object", "the rules must be a JSON object")
        game = data.get("game")
        if game != GAME:
            raise RuleSetError(
                "wrong_game",
                f'a Buraco rule set needs "game": "buraco" (got {game!r})',
                key="game",
            )
        preset = data.get("preset", "brasileiro")
        if not isinstance(preset, str) or preset not in PRESETS:
            raise RuleSetError(
                "unknown_preset",
                f"unknown Buraco preset {preset!r}; presets are: {', '.join(PRESETS)}",
                key="preset",
            )
        values: dict[str, Any] = dict(PRESETS[preset])
        problems: list[str] = []
        for key, value in data.items():
            if key in ("preset", "game"):
                continue
            if key in CARIOCA_KEYS:
                problems.append(f"{key!r} is a Carioca rule, not a Buraco one")
                continue
            if key not in _CHECKERS:
                problems.append(f"unknown key {key!r}")
                continue
            try:
                values[key] = _CHECKERS[key](value)
            except RuleSetError as err:
                problems.append(f"{key}: {err.message}")
        if problems:
            raise RuleSetError("bad_rules", "; ".join(problems))
        values["preset"] = preset
        rules = cls(**values)
        rules.validate()
        return rules

    def to_dict(self) -> dict[str, Any]:
        """``game``, the preset name and every key that differs from it."""
        base = PRESETS[self.preset]
        out: dict[str, Any] = {"game": GAME, "preset": self.preset}
        for name, value in self.as_dict().items():
            if name not in ("preset", "game") and _jsonable(base[name]) != value:
                out[name] = value
        return out

    def as_dict(self) -> dict[str, Any]:
        """Every key with its value, JSON-safe (``game`` included)."""
        out: dict[str, Any] = {"game": GAME}
        out.update({f.name: _jsonable(getattr(self, f.name)) for f in fields(self)})
        return out

    def with_changes(self, **changes: Any) -> BuracoRules:
        data = self.to_dict()
        data.update(changes)
        return BuracoRules.from_dict(data)

    def validate(self) -> None:
        """Combinations of keys that cannot be played; raise RuleSetError explaining why."""
        if self.preset not in PRESETS:
            raise RuleSetError("unknown_preset", f"unknown Buraco preset {self.preset!r}")
        dealt = self.players * 11 + self.mortos * 11 + (0 if self.first_upcard == "none" else 1)
        if dealt > 108 - 4:  # pragma: no cover - cannot happen with the allowed values
            raise RuleSetError("too_few_cards", "not enough cards to deal")


def _jsonable(value: Any) -> Any:
    if isinstance(value, Mapping):
        return dict(value)
    return value


# --------------------------------------------------------------------------- value checkers
def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise RuleSetError("bad_type", f"must be true or false, not {value!r}")
    return value


def _choice(options: tuple[Any, ...]) -> Any:
    def check(value: Any) -> Any:
        if isinstance(value, bool) or value not in options:
            shown = ", ".join(repr(o) for o in options)
            raise RuleSetError("bad_value", f"{value!r} is not one of {shown}")
        return value

    return check


def _int_in(lo: int, hi: int) -> Any:
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleSetError("bad_type", f"must be a whole number, not {value!r}")
        if not lo <= value <= hi:
            raise RuleSetError("out_of_range", f"{value} is out of range ({lo} to {hi})")
        return value

    return check


def _table(defaults: Mapping[str, int], example: str) -> Any:
    def check(value: Any) -> Mapping[str, int]:
        if not isinstance(value, Mapping):
            raise RuleSetError("bad_type", f"must be an object such as {example}")
        merged = dict(defaults)
        for key, pts in value.items():
            if key not in defaults:
                raise RuleSetError(
                    "bad_value", f"unknown entry {key!r} (use {', '.join(defaults)})"
                )
            if isinstance(pts, bool) or not isinstance(pts, int) or abs(pts) > 100_000:
                raise RuleSetError("bad_type", f"{key} must be a whole number (at most 100000)")
            merged[key] = pts
        return MappingProxyType(merged)

    return check


_CHECKERS: dict[str, Any] = {
    "players": _choice((2, 4)),
    "mortos": _choice((2, 3)),
    "first_upcard": _choice(FIRST_UPCARD),
    "open_hands": _bool,
    "sets": _choice(SETS),
    "sets_of_twos": _bool,
    "run_wilds": _choice(RUN_WILDS),
    "ace": _choice(ACE),
    "swap": _choice(SWAP),
    "pile_take": _choice(PILE_TAKE),
    "pile_visible": _choice(PILE_VISIBLE),
    "rediscard_single_pile": _bool,
    "first_meld_min": _int_in(0, 100_000),
    "indirect_morto": _choice(INDIRECT_MORTO),
    "go_out_requires": _choice(GO_OUT_REQUIRES),
    "go_out_needs_discard": _bool,
    "go_out_discard_wild": _bool,
    "unplayed_morto": _choice(UNPLAYED_MORTO),
    "stock_end_at": _choice((0, 2)),
    "target": _int_in(1, 1_000_000),
    "points": _table(DEFAULT_POINTS, '{"JK": 20, "2": 10}'),
    "bonuses": _table(DEFAULT_BONUSES, '{"limpo": 200}'),
}


def _preset(**changes: Any) -> Mapping[str, Any]:
    base = {f.name: getattr(BuracoRules(), f.name) for f in fields(BuracoRules)}
    base.update(changes)
    return MappingProxyType(base)


_FECHADO: dict[str, Any] = {
    "go_out_requires": "clean_buraco",
    "pile_take": "must_use_top",
    "pile_visible": "top",
}
PRESETS: Mapping[str, Mapping[str, Any]] = MappingProxyType(
    {
        "brasileiro": _preset(),
        "italiano": _preset(
            sets_of_twos=False,
            swap="shift",
            first_meld_min=50,
            go_out_requires="clean_buraco",
            go_out_needs_discard=True,
            go_out_discard_wild=False,
            stock_end_at=2,
            target=2000,
        ),
        "fechado": _preset(**_FECHADO),
        "stbl": _preset(**_FECHADO, sets="none"),
        "dois_jogadores": _preset(players=2),
        "tres_mortos": _preset(mortos=3),
    }
)
"""BURACO.md §11: a preset names a whole rule set; any key may still be overridden."""

KEYS: tuple[str, ...] = tuple(_CHECKERS)


def preset_rules(name: str, **changes: Any) -> BuracoRules:
    """A preset by name, with some keys changed."""
    return BuracoRules.from_dict({"game": GAME, "preset": name, **changes})
