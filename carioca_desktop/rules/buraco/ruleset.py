"""The Buraco rule set (BURACO.md): every key with its default and valid values, the presets."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, ClassVar

from ..errors import RuleSetError
from ..ruleset import RuleSet, check_bool, choice, int_in, rules_hash

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


@dataclass(frozen=True, eq=True)
class BuracoRules(RuleSet):
    """One immutable Buraco rule set. Field names are exactly the JSON keys of BURACO.md;
    loading, the JSON form and the refusal of another game's keys are the shared
    :class:`RuleSet`'s."""

    game: ClassVar[str] = GAME
    default_preset: ClassVar[str] = "brasileiro"

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
    # A house rule of the table (issue 28): before going out, a player asks the partner, who
    # may say no; the table asks, the engine does not judge it.
    ask_partner: bool = False
    stock_end_at: int = 0
    target: int = 3000
    points: Mapping[str, int] = field(default_factory=lambda: DEFAULT_POINTS)
    bonuses: Mapping[str, int] = field(default_factory=lambda: DEFAULT_BONUSES)

    def __hash__(self) -> int:
        return rules_hash(self)

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

    def validate(self) -> None:
        """Combinations of keys that cannot be played; raise RuleSetError explaining why."""
        if self.preset not in PRESETS:
            raise RuleSetError("unknown_preset", f"unknown Buraco preset {self.preset!r}")
        dealt = self.players * 11 + self.mortos * 11 + (0 if self.first_upcard == "none" else 1)
        if dealt > 108 - 4:  # pragma: no cover - cannot happen with the allowed values
            raise RuleSetError("too_few_cards", "not enough cards to deal")
        worth = deck_points(self.points)
        if self.first_meld_min > worth:
            raise RuleSetError(
                "first_meld_unreachable",
                f"first_meld_min is {self.first_meld_min} but all 108 cards together are worth "
                f"{worth} points: no side could ever lay down",
                key="first_meld_min",
                need=self.first_meld_min,
                worth=worth,
            )
        if not can_score(self.points, self.bonuses):
            raise RuleSetError(
                "target_unreachable",
                "no card is worth points and no bonus adds any: no side could ever score, "
                f"so the target of {self.target} could never be reached",
                key="points",
                target=self.target,
            )

    def inert_keys(self) -> tuple[str, ...]:
        """Keys whose value changes nothing with these rules (BURACO.md §3.1, §4.1, §5.3)."""
        inert = []
        if self.sets != "any":
            inert.append("sets_of_twos")  # resolution 30: sets of 2s need sets
        if self.pile_take == "must_use_top":
            inert.append("rediscard_single_pile")  # the taken top card goes down at once
        if self.indirect_morto == "continue":
            inert.append("unplayed_morto")  # the holder acts at once
        if self.players == 2:
            inert.append("ask_partner")  # nobody to ask
        return tuple(inert)

    def matching_preset(self) -> str | None:
        """The preset these rules are exactly (its own first), or None: house rules."""
        mine = {k: v for k, v in self.as_dict().items() if k != "preset"}
        for name in (self.preset, *PRESETS):
            base = BuracoRules.from_dict({"game": GAME, "preset": name}).as_dict()
            if {k: v for k, v in base.items() if k != "preset"} == mine:
                return name
        return None


# --------------------------------------------------------------------------- combinations
COPIES: Mapping[str, int] = MappingProxyType(
    {rank: (4 if rank == "JK" else 8) for rank in DEFAULT_POINTS}
)
"""How many cards of each rank the 108-card game holds (two decks and four jokers)."""


def deck_points(points: Mapping[str, int]) -> int:
    """The most a meld could ever hold: every card of the game that is worth points, together."""
    return sum(COPIES[rank] * max(0, pts) for rank, pts in points.items())


def can_score(points: Mapping[str, int], bonuses: Mapping[str, int]) -> bool:
    """Whether a side could ever end a round above zero: a card worth something (melded if it
    counts for, kept in hand if it counts against), a bonus that adds, or a morto penalty
    that gives."""
    if any(pts != 0 for pts in points.values()):
        return True
    adds = max(bonuses["limpo"], bonuses["sujo"], bonuses["going_out"]) > 0
    return adds or bonuses["no_morto"] < 0


# --------------------------------------------------------------------------- value checkers
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
    "players": choice((2, 4)),
    "mortos": choice((2, 3)),
    "first_upcard": choice(FIRST_UPCARD),
    "open_hands": check_bool,
    "sets": choice(SETS),
    "sets_of_twos": check_bool,
    "run_wilds": choice(RUN_WILDS),
    "ace": choice(ACE),
    "swap": choice(SWAP),
    "pile_take": choice(PILE_TAKE),
    "pile_visible": choice(PILE_VISIBLE),
    "rediscard_single_pile": check_bool,
    "first_meld_min": int_in(0, 100_000),
    "indirect_morto": choice(INDIRECT_MORTO),
    "go_out_requires": choice(GO_OUT_REQUIRES),
    "go_out_needs_discard": check_bool,
    "ask_partner": check_bool,
    "go_out_discard_wild": check_bool,
    "unplayed_morto": choice(UNPLAYED_MORTO),
    "stock_end_at": choice((0, 2)),
    "target": int_in(1, 1_000_000),
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

BuracoRules.presets = PRESETS
BuracoRules.checkers = MappingProxyType(_CHECKERS)
BuracoRules.key_order = tuple(f.name for f in fields(BuracoRules))


def preset_rules(name: str, **changes: Any) -> BuracoRules:
    """A preset by name, with some keys changed."""
    return BuracoRules.from_dict({"game": GAME, "preset": name, **changes})
