"""Candidate melds in a hand (for bots, hints and the random simulation). The engine still
checks every candidate: this only proposes card lists worth trying."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from ..cards import RANK_NAMES, SUITS, parse_card

Meld = tuple[str, ...]


def _code(pos: int, suit: str) -> str:
    return ("A" if pos == 14 else RANK_NAMES[pos - 1]) + suit


def meld_candidates(
    codes: Sequence[str], include: str | None = None, limit: int = 60
) -> list[Meld]:
    """Sets and runs that these cards could form (each at most one wild), longest first;
    with ``include``, only those holding that code."""
    cards = [parse_card(c) for c in codes]
    wilds = sorted({c.code for c in cards if c.is_joker or c.rank == 2})
    by_rank: dict[int, list[str]] = defaultdict(list)
    have: dict[str, set[int]] = defaultdict(set)
    for card in cards:
        if card.is_joker:
            continue
        if card.rank != 2:
            by_rank[card.rank].append(card.code)
        assert card.suit is not None
        have[card.suit.value].add(card.rank)
        if card.rank == 1:
            have[card.suit.value].add(14)
    out: list[Meld] = []
    for group in by_rank.values():
        if len(group) >= 3:
            out.append(tuple(group))
        if len(group) >= 2:
            out += [(*group[:2], w) for w in wilds[:2]]
    twos = [c.code for c in cards if c.rank == 2]
    if len(twos) >= 3:
        out.append(tuple(twos))
    for suit in (s.value for s in SUITS):
        ranks = have[suit]
        spare = sorted((w for w in wilds if w != "2" + suit), key=lambda w: w != "JK")
        for lo in range(1, 13):
            run: list[str] = []
            gap_used = False
            for pos in range(lo, 15):
                if pos in ranks and not (pos == 14 and lo == 1):
                    run.append(_code(pos, suit))
                elif not gap_used and spare:
                    gap_used = True
                    run.append(f"{spare[0]}={_code(pos, suit)}")
                else:
                    break
                if len(run) >= 3:
                    out.append(tuple(run))
    if include is not None:
        out = [m for m in out if any(c.split("=")[0] == include for c in m)]
    seen: set[Meld] = set()
    unique = []
    for meld in sorted(out, key=len, reverse=True):
        if meld not in seen:
            seen.add(meld)
            unique.append(meld)
    return unique[:limit]
