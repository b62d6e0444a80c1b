"""Buraco melds as the bots reason about them (BURACO.md §3), from card codes only.

The engine is the judge of every action; this module is the bots' own model of the meld
rules, so that they can plan lay-downs and adds from their hand without asking the Game
(which they cannot reach). It is kept deliberately close to BURACO.md §3: sets of one rank,
runs of one suit on positions 1..14, at most one wild, a 2 natural only in its own place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
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


# --------------------------------------------------------------------------- melds
@dataclass(frozen=True)
class Meld:
    """A legal meld as the bots see it: a set of ``rank`` or a run of ``suit`` on positions
    ``low..high``; ``wild_at`` is the run position (or, in a set, 0) a wild holds."""

    kind: str  # "set" | "run"
    cards: tuple[str, ...]  # physical codes
    rank: int = 0
    suit: str = ""
    low: int = 0
    high: int = 0
    wild_at: int | None = None
    wild_code: str | None = None

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def clean(self) -> bool:
        return self.wild_at is None

    @property
    def buraco(self) -> bool:
        return self.size >= 7

    def room(self, spec: Spec) -> bool:
        """Whether the meld can take one more card (a set always can, in principle)."""
        return self.kind == "set" or bool(run_ends(self, spec.ace == "both_ends"))


def run_ends(m: Meld, both_ends: bool) -> list[int]:
    """The positions a run could grow to."""
    out: list[int] = []
    span = m.high - m.low + 1
    limit = 14 if both_ends else 13
    if span >= limit:
        return out
    if m.low > 1 and (m.low - 1 != 1 or m.high != 14 or both_ends):
        out.append(m.low - 1)
    if m.high < 14 and (m.high + 1 != 14 or m.low != 1 or both_ends):
        out.append(m.high + 1)
    return out


def _wild_ok_in_run(pos: int, low: int, length: int, spec: Spec) -> bool:
    if spec.run_wilds == "none":
        return False
    if spec.run_wilds == "long_runs":
        return length >= 4 and (pos != low or pos == 1)
    return True


@lru_cache(maxsize=65536)
def read_meld(cards: tuple[str, ...], spec: Spec) -> Meld | None:
    """The meld these unmarked cards make when laid down, as the engine would place them
    (most naturals, no wild at the low end, the lowest start), or None if none is legal."""
    if len(cards) < 3:
        return None
    return _as_set(cards, spec) or _as_run(cards, spec)


def _as_set(cards: tuple[str, ...], spec: Spec) -> Meld | None:
    jokers = [c for c in cards if c == "JK"]
    rest = [c for c in cards if c != "JK"]
    if not rest:
        return None
    if all(rank(c) == 2 for c in rest) and set_rank_ok(2, spec):
        if len(jokers) > 1:
            return None
        return Meld(
            "set", cards, rank=2, wild_at=0 if jokers else None, wild_code="JK" if jokers else None
        )
    twos = [c for c in rest if rank(c) == 2]
    naturals = [c for c in rest if rank(c) != 2]
    wilds = jokers + twos
    if len(wilds) > 1 or not naturals:
        return None
    r = rank(naturals[0])
    if any(rank(c) != r for c in naturals) or not set_rank_ok(r, spec):
        return None
    return Meld(
        "set", cards, rank=r, wild_at=0 if wilds else None, wild_code=wilds[0] if wilds else None
    )


def _as_run(cards: tuple[str, ...], spec: Spec) -> Meld | None:
    plain = [c for c in cards if not maybe_wild(c)]
    if not plain:
        return None
    st = suit(plain[0])
    if any(suit(c) != st for c in plain):
        return None
    twos = [c for c in cards if c != "JK" and rank(c) == 2]
    jokers = [c for c in cards if c == "JK"]
    own_twos = [c for c in twos if suit(c) == st]
    options: list[tuple[list[int], list[str]]] = []
    # Either one own-suit 2 is natural at position 2, or every 2 is wild.
    aces = [c for c in plain if rank(c) == 1]
    others = [rank(c) for c in plain if rank(c) != 1]
    if len(aces) > 1 and spec.ace != "both_ends":
        return None
    ace_choices: list[list[int]] = (
        [[]] if not aces else ([[1], [14]] if len(aces) == 1 else [[1, 14]])
    )
    for ace_pos in ace_choices:
        base = sorted(others + ace_pos)
        if own_twos:
            wild = list(jokers) + [c for i, c in enumerate(twos) if i != twos.index(own_twos[0])]
            options.append((sorted([*base, 2]), wild))
        options.append((base, twos + jokers))
    best: Meld | None = None
    for positions, wilds in options:
        meld = _place_run(cards, st, positions, wilds, spec)
        if meld is not None and (best is None or _better(meld, best)):
            best = meld
    return best


def _better(a: Meld, b: Meld) -> bool:
    # most naturals first, then no wild at the low end, then the lowest start
    ka = (a.wild_at is None, a.wild_at != a.low, -a.low)
    kb = (b.wild_at is None, b.wild_at != b.low, -b.low)
    return ka > kb


def _place_run(
    cards: tuple[str, ...], st: str, positions: list[int], wilds: list[str], spec: Spec
) -> Meld | None:
    if len(wilds) > 1 or len(set(positions)) != len(positions) or not positions:
        return None
    low, high = positions[0], positions[-1]
    gaps = [p for p in range(low, high + 1) if p not in positions]
    length = len(positions) + len(wilds)
    if len(gaps) > len(wilds) or length > (14 if spec.ace == "both_ends" else 13):
        return None
    if 1 in positions and 14 in positions and spec.ace != "both_ends":
        return None
    if not wilds:
        return Meld("run", cards, suit=st, low=low, high=high)
    if gaps:
        at = gaps[0]
    elif high < 14 and not (high + 1 == 14 and low == 1 and spec.ace != "both_ends"):
        at = high + 1
    elif low > 1:
        at = low - 1
    else:
        return None
    lo, hi = min(low, at), max(high, at)
    if not _wild_ok_in_run(at, lo, length, spec):
        # under "long_runs" the other end may still do
        alt = low - 1 if at == high + 1 and low > 1 and not gaps else None
        if alt is None or not _wild_ok_in_run(alt, alt, length, spec):
            return None
        at, lo = alt, alt
    return Meld("run", cards, suit=st, low=lo, high=hi, wild_at=at, wild_code=wilds[0])


def read_table_meld(text: Sequence[str], kind: str, spec: Spec) -> Meld | None:
    """A meld on the table from its kind (``set``/``run``) and its marked text, low to high
    for a run (``JK=7H``, ``2C=7``, plain naturals)."""
    cards: list[str] = []
    wild_at: int | None = None
    wild_code: str | None = None
    start: int | None = None
    for i, item in enumerate(text):
        code, mark = split_marked(item)
        cards.append(code)
        if mark is not None:
            wild_code = code
        if start is None:
            shown = mark if mark is not None else code
            if shown != "JK" and shown[-1] in "SHDC" and len(shown) > 1:
                r = rank(shown)
            elif shown != "JK":
                r = RANK_OF_NAME[shown]
            else:
                continue
            start = (1 if i == 0 else 14 - i) if r == 1 else r - i
    if kind != "run":
        plain = [
            c
            for c in cards
            if c != "JK" and (rank(c) != 2 or all(rank(x) == 2 for x in cards if x != "JK"))
        ]
        if not plain:
            return None
        wild = len(plain) < len(cards)
        if wild and wild_code is None:
            wild_code = next(c for c in cards if c not in plain)
        return Meld(
            "set",
            tuple(cards),
            rank=rank(plain[0]),
            wild_at=0 if wild else None,
            wild_code=wild_code,
        )
    if start is None:
        return None
    for i, item in enumerate(text):
        if "=" in item:
            wild_at = start + i
    st = next((suit(c) for c in cards if not maybe_wild(c)), "")
    if not st:
        return None
    return Meld(
        "run",
        tuple(cards),
        suit=st,
        low=start,
        high=start + len(cards) - 1,
        wild_at=wild_at,
        wild_code=wild_code,
    )


# --------------------------------------------------------------------------- adding
def add_text(m: Meld, code: str, spec: Spec) -> str | None:
    """How ``code`` would be added to ``m`` (its text, with a marker where needed), or None.

    Under ``swap: "to_hand"`` a natural whose place a wild holds is not an add (use swap);
    under ``"shift"`` it is, when the wild can move to an end. A same-suit 2 that can stand
    at position 2 goes there, natural.
    """
    both = spec.ace == "both_ends"
    if m.kind == "set":
        if code == "JK" or (rank(code) == 2 and m.rank != 2):
            return None if m.wild_at is not None else code
        return code if rank(code) == m.rank else None
    if m.size >= (14 if both else 13):
        return None
    ends = run_ends(m, both)
    if not maybe_wild(code) or (rank(code) == 2 and suit(code) == m.suit and m.low == 3):
        if suit(code) != m.suit:
            return None
        r = rank(code)
        wanted = [p for p in ends if (p - 1) % 13 + 1 == r]
        if wanted:
            return code
        if m.wild_at is None or (m.wild_at - 1) % 13 + 1 != r:
            return None
        if goes_home(m, code):
            return code
        if spec.swap == "shift" and shift_end(m, spec) is not None:
            return code
        return None
    if m.wild_at is not None:
        return None
    places = [p for p in ends if _wild_ok_in_run(p, min(m.low, p), m.size + 1, spec)]
    if not places or sorted(places) == [1, 14]:
        # Both ends of a 2..K run are an ace: no marker tells them apart and the engine
        # refuses the add as ambiguous (reported to the engine's owner), so do not try it.
        return None
    return f"{code}={code_at(places[-1], m.suit)}"


def after_add(m: Meld, text: str, spec: Spec) -> Meld:
    """The meld once ``text`` (as add_text gave it) is added."""
    code, mark = split_marked(text)
    cards = (*m.cards, code)
    if m.kind == "set":
        wild = m.wild_at is not None or code == "JK" or (rank(code) == 2 and m.rank != 2)
        return Meld(
            "set",
            cards,
            rank=m.rank,
            wild_at=0 if wild else None,
            wild_code=m.wild_code or (code if wild and m.wild_at is None else None),
        )
    if mark is not None:
        p = _pos_of(mark, m)
        return Meld(
            "run",
            cards,
            suit=m.suit,
            low=min(m.low, p),
            high=max(m.high, p),
            wild_at=p,
            wild_code=code,
        )
    r = rank(code)
    ends = run_ends(m, spec.ace == "both_ends")
    for p in ends:
        if (p - 1) % 13 + 1 == r:
            return Meld(
                "run",
                cards,
                suit=m.suit,
                low=min(m.low, p),
                high=max(m.high, p),
                wild_at=m.wild_at,
                wild_code=m.wild_code,
            )
    if goes_home(m, code):
        return Meld("run", cards, suit=m.suit, low=2, high=m.high)
    # shift: the natural takes the wild's place; the wild moves to an end (high first)
    new = shift_end(m, spec)
    assert new is not None, "after_add of a shift that add_text refused"
    return Meld(
        "run",
        cards,
        suit=m.suit,
        low=min(m.low, new),
        high=max(m.high, new),
        wild_at=new,
        wild_code=m.wild_code,
    )


def goes_home(m: Meld, code: str) -> bool:
    """Whether adding ``code`` sends the run's own-suit wild 2 home (BURACO.md §3.5)."""
    return (
        m.kind == "run"
        and m.wild_at == 3
        and m.low == 3
        and m.wild_code is not None
        and m.wild_code == "2" + m.suit
        and code == "3" + m.suit
    )


def shift_end(m: Meld, spec: Spec) -> int | None:
    """Where a shifted wild goes: the high end if legal, else the low end."""
    for p in sorted(run_ends(m, spec.ace == "both_ends"), reverse=True):
        if _wild_ok_in_run(p, min(m.low, p), m.size + 1, spec):
            return p
    return None


def _pos_of(mark: str, m: Meld) -> int:
    r = rank(mark[:-1] + "S")
    if r == 1:
        return 14 if m.high >= 13 else 1
    return r


def swap_card(m: Meld) -> str | None:
    """The natural that would take the place of a run's wild (for ``swap``)."""
    if m.kind != "run" or m.wild_at is None:
        return None
    return code_at(m.wild_at, m.suit)


def points_of(cards: Iterable[str], spec: Spec) -> int:
    return sum(spec.value(c) for c in cards)
