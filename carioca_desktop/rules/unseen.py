"""Positions consistent with one seat's knowledge, for both games: every card the seat could
not see dealt again at random, each zone keeping its size and each known card its place.

A seat knows its own hand, the table, the discard pile and every card another seat took face
up (from the discard pile, a buy, a wild swapped off the table) and has not played since. The
games say which events move known cards (rules/carioca/unseen.py, rules/buraco/unseen.py);
the counting and the dealing are here. What a seat knows of another hand is counted by face:
with two decks two cards may share one, and which of them is the known one cannot matter."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

Moved = Callable[[Any], tuple[Sequence[str], Sequence[str]]]
"""An event (as the seat sees it) -> the faces its seat took face up, and the faces it played."""


def known_held(events: Iterable[Any], players: int, moved: Moved) -> list[Counter[str]]:
    """Per seat, the faces the observer knows are in that hand now. A card played that was
    not known leaves the known ones alone only when none of its face is known (the observer
    cannot tell them apart, and fewer known cards is the safe side)."""
    held: list[Counter[str]] = [Counter() for _ in range(players)]
    for event in events:
        if event.kind == "deal":
            held = [Counter() for _ in range(players)]
            continue
        if not 0 <= event.seat < players:
            continue
        gained, lost = moved(event)
        mine = held[event.seat]
        mine.update(gained)
        for face in lost:
            if mine[face] > 0:
                mine[face] -= 1
    return held


def keep_known(
    hand: Sequence[int], face: Callable[[int], str], known: Counter[str], first: Iterable[int] = ()
) -> set[int]:
    """The card ids of ``hand`` that stay where they are: for each face, as many as are known
    (the ids in ``first`` chosen before the others of their face)."""
    wanted = Counter(known)
    kept: set[int] = set()
    preferred = [c for c in first if c in hand]
    for cid in [*preferred, *(c for c in hand if c not in preferred)]:
        if wanted[face(cid)] > 0:
            wanted[face(cid)] -= 1
            kept.add(cid)
    return kept


def redeal(zones: Sequence[list[int]], kept: Sequence[set[int]], seed: int) -> None:
    """In place: every card of ``zones`` not kept is pooled, shuffled by ``seed`` and dealt
    back into the free places, so each zone keeps its size and each kept card its place."""
    pool = [cid for zone, keep in zip(zones, kept, strict=True) for cid in zone if cid not in keep]
    random.Random(seed).shuffle(pool)
    cards = iter(pool)
    for zone, keep in zip(zones, kept, strict=True):
        for index, cid in enumerate(zone):
            if cid not in keep:
                zone[index] = next(cards)
