"""Carioca's rule set: every option of RULES.md with its default and valid values, and the
presets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, ClassVar

from ..errors import RuleSetError
from ..ruleset import (
    Checker,
    RuleSet,
    check_bool,
    choice,
    int_in,
    rules_hash,
    shown_value,
)
from .contracts import Contract, parse_contract

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
class CariocaRules(RuleSet):
    """Carioca's rule set (RULES.md). Field names are exactly the JSON keys."""

    game: ClassVar[str] = "carioca"
    default_preset: ClassVar[str] = "clasico"

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
        return rules_hash(self)

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

    def twos_wild(self, suit_red: bool) -> bool:
        """Whether a 2 of a suit of this colour is wild under ``wild_twos``."""
        return self.wild_twos == "all" or (self.wild_twos == "red" and suit_red)

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


def _decks(value: Any) -> int | str:
    result: int | str = choice(("auto", 2, 3))(value)
    return result


def _max_wilds(value: Any) -> int | None:
    if value is None:
        return None
    return int_in(0, None)(value)


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
    return int_in(-10_000, 10_000)(value)


_CHECKERS: dict[str, Checker] = {
    "players": int_in(2, 8),
    "decks": _decks,
    "jokers_per_deck": int_in(0, 2),
    "hand_size": int_in(11, 13),
    "wild_twos": choice(WILD_TWOS),
    "escala_min": int_in(3, 13),
    "ace": choice(ACE),
    "max_wilds_per_meld": _max_wilds,
    "wilds_adjacent": check_bool,
    "rounds": _rounds,
    "distinct_escala_suits": check_bool,
    "exact_laydown": check_bool,
    "add_same_turn": check_bool,
    "extra_melds": check_bool,
    "swap_requires_laid_down": check_bool,
    "discard_wild": check_bool,
    "partial_contract": check_bool,
    "buy": check_bool,
    "buy_limit": int_in(0, 1000),
    "open_hands": check_bool,
    "points": _points,
    "going_out_points": _going_out,
    "scoring": choice(SCORING),
    "tie_break": choice(TIE_BREAK),
}


def _preset(**changes: Any) -> Mapping[str, Any]:
    base = {f.name: getattr(CariocaRules(), f.name) for f in fields(CariocaRules)}
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

CariocaRules.presets = PRESETS
CariocaRules.checkers = MappingProxyType(_CHECKERS)
# JSON order is the order of the class body (RULES.md's), not the base class's field order.
CariocaRules.key_order = tuple(
    k for k in CariocaRules.__annotations__ if k in {f.name for f in fields(CariocaRules)}
)
