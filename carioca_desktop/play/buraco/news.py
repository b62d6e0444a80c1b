"""What changed at the Buraco table since a person last acted (pygame-free): the melds laid
down and the cards added since, which the table marks until the person acts (the one-line
summary for the hot-seat privacy screen and ``News`` are both games': news.py)."""

from __future__ import annotations

from collections.abc import Sequence

from carioca_desktop.play.news import News, since
from carioca_desktop.rules.buraco.observation import EventView


def news(events: Sequence[EventView], viewer: int) -> News:
    """The melds laid down and the cards added since ``viewer`` last acted."""
    melds: set[int] = set()
    added: dict[int, list[str]] = {}
    for event in since(events, viewer):
        if event.kind == "lay_down" and event.meld is not None:
            melds.update(range(event.meld, event.meld + len(event.melds)))
        elif event.kind in ("add", "swap") and event.meld is not None and event.meld not in melds:
            cards = event.cards[:1] if event.kind == "swap" else event.cards  # a swap: the natural
            added.setdefault(event.meld, []).extend(cards)
    return News(frozenset(melds), {k: tuple(v) for k, v in added.items()})


__all__ = ["News", "news"]
