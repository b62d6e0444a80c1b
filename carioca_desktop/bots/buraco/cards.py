"""Card codes as the Buraco bots read them, and the rule keys they plan with (``Spec``): the
ground the bots' meld model (buraco_reading.py, buraco_melds.py) stands on.

The engine is the judge of every action; this is the bots' own reading of the card codes and
the meld keys of a rule set (BURACO.md §3, §14), from codes only, never the Game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from carioca_desktop.rules.cards import RANK_NAMES, RANK_OF_NAME

DEFAULT_POINTS: dict[str, int] = {
    "JK": 30,
    "2": 20,
    "A": 15,
    "3": 5,
    "4": 5,
    "5": 5,
    "6": 5,
    "7": 5,
    "8": 10,
    "9": 10,
    "10": 10,
    "J": 10,
    "Q": 10,
    "K": 10,
}


@dataclass(frozen=True)
class Spec:
    """The meld keys of a Buraco rule set that the bots plan with."""

    sets: str = "any"  # "any" | "none" | "A_3_K"
    sets_of_twos: bool = True
    run_wilds: str = "any"  # "any" | "long_runs" | "none"
    ace: str = "high_or_low"  # or "both_ends"
    swap: str = "to_hand"  # or "shift"
    points: tuple[tuple[str, int], ...] = tuple(DEFAULT_POINTS.items())

    @classmethod
    def of(cls, rules: Any) -> Spec:
        """Read the keys from a rule set object (or a dict), defaults where absent."""

        def get(key: str, default: Any) -> Any:
            if isinstance(rules, Mapping):
                return rules.get(key, default)
            return getattr(rules, key, default)

        pts = dict(DEFAULT_POINTS)
        given = get("points", None)
        if isinstance(given, Mapping):
            pts.update({str(k): int(v) for k, v in given.items()})
        return cls(
            sets=str(get("sets", "any")),
            sets_of_twos=bool(get("sets_of_twos", True)),
            run_wilds=str(get("run_wilds", "any")),
            ace=str(get("ace", "high_or_low")),
            swap=str(get("swap", "to_hand")),
            points=tuple(pts.items()),
        )

    def value(self, code: str) -> int:
        return _value(code, self.points)


@lru_cache(maxsize=4096)
def _value(code: str, points: tuple[tuple[str, int], ...]) -> int:
    return dict(points)["JK" if code == "JK" else rank_name(code)]


# --------------------------------------------------------------------------- cards
def rank_name(code: str) -> str:
    return code[:-1] if code != "JK" else "JK"


@lru_cache(maxsize=256)
def rank(code: str) -> int:
    """1 (ace) .. 13 (king); 0 for a joker."""
    return 0 if code == "JK" else RANK_OF_NAME[code[:-1]]


def suit(code: str) -> str:
    return "" if code == "JK" else code[-1]


def is_joker(code: str) -> bool:
    return code == "JK"


def maybe_wild(code: str) -> bool:
    """A joker or a 2: wild unless the 2 stands in its own place."""
    return code == "JK" or rank(code) == 2


def code_at(pos: int, st: str) -> str:
    """The card at run position ``pos`` (1..14) of suit ``st``."""
    return RANK_NAMES[(pos - 1) % 13] + st


def split_marked(text: str) -> tuple[str, str | None]:
    """``"JK=7H"`` -> ("JK", "7H"); ``"5H"`` -> ("5H", None)."""
    head, sep, tail = text.partition("=")
    return head, (tail if sep else None)


def set_rank_ok(r: int, spec: Spec) -> bool:
    if spec.sets == "none":
        return False
    if spec.sets == "A_3_K":
        return r in (1, 3, 13)
    return r != 2 or spec.sets_of_twos


def wild_ok_in_run(pos: int, low: int, length: int, spec: Spec) -> bool:
    """Whether a run of ``length`` starting at ``low`` may hold its wild at ``pos``."""
    if spec.run_wilds == "none":
        return False
    if spec.run_wilds == "long_runs":
        return length >= 4 and (pos != low or pos == 1)
    return True


def points_of(cards: Iterable[str], spec: Spec) -> int:
    return sum(spec.value(c) for c in cards)
