"""What changed at the Carioca table since a person last acted (pygame-free): the melds laid
down and the cards added since, which the table marks until the person acts, as Buraco's
table does (play/buraco/news.py; ``News`` and the privacy screen's summary: play/news.py).

Carioca's lay-down event names no table index: its melds are appended to the table, so the
first one's index is the count of melds laid down before it in the round."""

from __future__ import annotations

from collections.abc import Sequence

from carioca_desktop.play.news import News, since
from carioca_desktop.rules.carioca.observation import EventView


def _first_meld(events: Sequence[EventView]) -> dict[int, int]:
    """Each lay-down event's (by ``id``) first table index in the round."""
    first: dict[int, int] = {}
    count = 0
    for event in events:
        if event.kind == "deal":
            count = 0
        elif event.kind == "lay_down":
            first[id(event)] = count
            count += len(event.melds)
    return first


def news(events: Sequence[EventView], viewer: int) -> News:
    """The melds laid down and the cards added (as written, ``JK=7H``) since ``viewer`` last
    acted; for a swap, the natural card put in."""
    first = _first_meld(events)
    melds: set[int] = set()
    added: dict[int, list[str]] = {}
    for event in since(events, viewer):
        if event.kind == "lay_down":
            start = first[id(event)]
            melds.update(range(start, start + len(event.melds)))
        elif event.kind in ("add", "swap") and event.meld is not None and event.meld not in melds:
            added.setdefault(event.meld, []).extend(event.cards[:1])
    return News(frozenset(melds), {k: tuple(v) for k, v in added.items()})
