"""A Buraco meld as the bots see it (BURACO.md §3), and reading one: from cards about to be
laid down (placed as the engine would place them), or from a meld's marked text on the table.

Kept deliberately close to BURACO.md §3: sets of one rank, runs of one suit on positions
1..14, at most one wild, a 2 natural only in its own place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from carioca_desktop.rules.cards import RANK_OF_NAME

from .cards import Spec, maybe_wild, rank, set_rank_ok, split_marked, suit, wild_ok_in_run


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
    if not wild_ok_in_run(at, lo, length, spec):
        # under "long_runs" the other end may still do
        alt = low - 1 if at == high + 1 and low > 1 and not gaps else None
        if alt is None or not wild_ok_in_run(alt, alt, length, spec):
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
